// What the appointment tests share: a valid request, servers whose data a test can read while they
// run, a real SMTP server, a fresh PostgreSQL database, and the checks on the server's log.
import { asc } from "drizzle-orm";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { appointments, notifications } from "#db/schema.ts";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { testSite } from "#tests/e2e/sites.ts";

/** A request the spec's validation table accepts. */
export const validAppointment = {
  name: "Asha Rani",
  phone: "9876543210",
  address: "H-12, Sector 43, Gurugram",
  pincode: "122002",
  message: "",
} as const;

/** For servers that take many requests from one test at once: no fill time, no rate limit. */
export const fastSubmissions = {
  APPOINTMENT_MIN_FILL_SECONDS: "0",
  APPOINTMENT_RATE_LIMIT: "off",
} as const;

/** The texts of the error catalogue (spec section 8), written out here, not imported. */
export const catalogue = {
  sent: ["Appointment Request Received!", "We'll contact you shortly to confirm your appointment."],
  notifyLater: ["Note", "Appointment saved but email notification failed. We'll contact you soon!"],
  unexpected: ["Error", "An unexpected error occurred. Please try again."],
} as const;

/**
 * The form as a browser without JavaScript sends it: urlencoded, from our own page. The answer
 * is not followed, so a test sees the 303 itself.
 */
export function postAppointment(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${url}/contact`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: url },
    redirect: "manual",
  });
}

type StoredAppointment = typeof appointments.$inferSelect;

export interface StoredData {
  appointments: StoredAppointment[];
  /** The outbox: each stored appointment's staff e-mail. */
  notifications: (typeof notifications.$inferSelect)[];
}

/** What a stopped server left in its PGlite folder, or what a PostgreSQL database holds. */
export async function readStoredData(where: {
  dataDir?: string;
  databaseUrl?: string;
}): Promise<StoredData> {
  const database = await openDatabase({
    dataDir: where.dataDir ?? "",
    databaseUrl: where.databaseUrl,
    poolSize: 1,
  });
  try {
    return {
      appointments: await database.db
        .select()
        .from(appointments)
        .orderBy(asc(appointments.createdAt)),
      notifications: await database.db.select().from(notifications),
    };
  } finally {
    await database.close();
  }
}

export interface AppointmentServer {
  url(): string;
  /** Everything the server wrote so far. */
  output(): string;
  /** The stored appointments, oldest first, read while the server runs. */
  storedAppointments(): Promise<StoredAppointment[]>;
}

/**
 * A production server of the test site for the enclosing describe block, on a PostgreSQL database
 * of its own (dropped when the block ends), which a test reads while the server runs. `settings`
 * is read when the server starts (in beforeAll), so it may name things other hooks made first,
 * such as an SMTP server's address. (On a PGlite folder, which one process at a time may open,
 * each read stopped the server and the next test started it again: five more starts in
 * appointment-form.test.ts alone. The form's storage on PGlite is the integration tests' and
 * durability.test.ts's.)
 */
export function useAppointmentServer(settings: () => Record<string, string>): AppointmentServer {
  let server: RunningServer | undefined;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startProductionServer({
      ...testSite.settings,
      ...settings(),
      DATABASE_URL: database.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  const running = () => {
    if (!server || !database) throw new Error("the server is started in beforeAll");
    return { server, database };
  };
  return {
    url: () => running().server.url,
    output: () => running().server.output(),
    async storedAppointments() {
      return (await readStoredData({ databaseUrl: running().database.url })).appointments;
    },
  };
}

/**
 * Stops a server with SIGTERM, and kills it if it has not exited 1 s later (a stuck server must
 * not hold a test; shutdown.test.ts checks that it exits promptly by itself).
 */
export async function stopPromptly(server: RunningServer): Promise<void> {
  const kill = setTimeout(() => server.process.kill("SIGKILL"), 1_000);
  try {
    await server.stop();
  } finally {
    clearTimeout(kill);
  }
}

export interface SmtpServer {
  url: string;
  /** Every message the server accepted, as sent (headers and body). */
  messages: string[];
  /**
   * Holds every message that comes in from now on unanswered, as a slow mail server would (the
   * sender waits for its reply), until `release` is called: a request that waits for its e-mail
   * is then in flight for as long as the test needs. `arrived()` says whether a message has come
   * in full since.
   */
  hold(): SmtpHold;
}

interface SmtpHold {
  arrived(): boolean;
  release(): void;
}

/** A real SMTP server on a free port for the enclosing describe block (the smtp-server package). */
export function useSmtpServer(): () => SmtpServer {
  let smtp: SMTPServer | undefined;
  let state: SmtpServer | undefined;
  beforeAll(async () => {
    const messages: string[] = [];
    // While a hold is on: whether a message came, and what a message waits for to be accepted.
    let holding: { arrived: boolean; released: Promise<void> } | undefined;
    const current: SmtpServer = {
      url: "",
      messages,
      hold() {
        const { promise: released, resolve: release } = Promise.withResolvers<void>();
        const hold = { arrived: false, released };
        holding = hold;
        return {
          arrived: () => hold.arrived,
          release() {
            if (holding === hold) holding = undefined;
            release();
          },
        };
      },
    };
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const accept = () => {
            messages.push(Buffer.concat(chunks).toString("utf8"));
            callback();
          };
          if (!holding) return accept();
          holding.arrived = true;
          void holding.released.then(accept);
        });
      },
    });
    const server = smtp;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.server.address();
    if (!address || typeof address === "string") throw new Error("the SMTP server has no port");
    current.url = `smtp://127.0.0.1:${address.port}`;
    state = current;
  });
  afterAll(async () => {
    const server = smtp;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return () => {
    if (!state) throw new Error("the SMTP server is started in beforeAll");
    return state;
  };
}

/**
 * A new, empty PostgreSQL database on the run's server (tests/postgres-server.ts); `drop` removes
 * it (and ends any session still on it).
 */
export async function createTestDatabase(
  baseUrl = inject("postgresUrl"),
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `physio_e2e_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The server's JSON log lines (other lines, such as a refusal to start, are left out). */
export function logLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
}

/** A JavaScript stack trace's frame line ("    at fn (file.js:1:2)"). */
export const stackFrame = /^\s*at .+:\d+:\d+\)?$/m;

/** The log's faults: error lines, and any stack trace, whether logged as JSON or printed. */
export function faultsInLog(output: string): string[] {
  const errors = logLines(output)
    .filter((line) => line.level === "error" || line.level === "fatal" || "stack" in line)
    .map((line) => JSON.stringify(line).slice(0, 2_000));
  const stacks = output.includes('"stack"') || stackFrame.test(output);
  return stacks && errors.length === 0 ? [output.slice(0, 2_000)] : errors;
}
