// The phone's queue under a long, unkind day (decision 049): 1,000 offline/online cycles of three
// therapists' phones against two server instances on one PostgreSQL. Each cycle one phone, out of
// signal, makes 0–3 random changes (Done, Patient not home, money at the door) that wait in its
// queue; back online, it sends its queue by the app's own rules (app/therapist-app/send-waiting.ts)
// to either instance at random, while the network loses some requests before they arrive and some
// answers after the change was applied, and a second tab now and then sends a change already
// answered. At the end every queue is drained, and the database is read: each change must be
// applied exactly once. Printed as counts; exits 1 when a change was lost or doubled.
//
// Usage: npm run soak:offline [-- --cycles 1000 --postgres URL]
import { rmSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "#app/db.server.ts";
import { createStaffAuth } from "#app/domain/staff/auth.server.ts";
import { grantRole } from "#app/domain/staff/roles.server.ts";
import {
  type Answer,
  sendWaiting,
  type WaitingChange,
  type WaitingStore,
} from "#app/therapist-app/send-waiting.ts";
import { appointments, payments, therapistChanges, visits } from "#db/schema.ts";
import { buildInto, freePort, startProductionServer } from "#scripts/production-server.ts";

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const cycles = Number(option("--cycles", "1000"));
const adminUrl = option(
  "--postgres",
  process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
);
const buildDir = "build-soak";
const secret = "soak-instances-share-this-secret-key-0123456789";
/** Each phone's visits: one a slot over the last 13 days, each marked at most once. */
const visitsEach = 120;

// A seeded generator: the same run for the same seed (SOAK_SEED), a different one otherwise.
let seed = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);
const firstSeed = seed;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  const name = `soak_offline_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Phone {
  email: string;
  password: string;
  id: string;
  cookie: string;
  visits: { id: string; startsAt: Date }[];
  /** Visits not yet given a mark, oldest first. */
  unmarked: { id: string; startsAt: Date }[];
  queue: WaitingChange[];
}

/** What a phone meant: each change's key with what it should leave in the database. */
interface Intended {
  key: string;
  therapistId: string;
  intent: "done" | "no_show" | "collect";
  visitId: string;
  amountPaise: number;
}

const { url: databaseUrl, drop } = await createDatabase();
const phones: Phone[] = [1, 2, 3].map((n) => ({
  email: `soak-therapist-${n}@clinic.test`,
  password: `soak-therapist-pass-${n}`,
  id: "",
  cookie: "",
  visits: [],
  unmarked: [],
  queue: [],
}));
const intended: Intended[] = [];
const tally = { sends: 0, lostRequests: 0, lostAnswers: 0, secondTab: 0, replays: 0, refused: 0 };
let servers: Awaited<ReturnType<typeof startProductionServer>>[] = [];

try {
  // The database, its three therapists and their visits, before the servers start.
  const database = await openDatabase({ dataDir: "", databaseUrl, poolSize: 2 });
  try {
    const auth = createStaffAuth(database.db, {
      siteUrl: "http://localhost",
      secret,
      signUp: "open",
      sessionIdleHours: 12,
      sendAccountLink: async () => {},
    });
    const day = 24 * 3_600_000;
    const today = Math.floor(Date.now() / day) * day;
    for (const phone of phones) {
      const made = await auth.createConfirmedAccount(phone.email, phone.password);
      phone.id = made.id;
      await grantRole(database.db, made.email, "therapist");
      const [request] = await database.db
        .insert(appointments)
        .values({
          name: "Soak Family",
          phone: "9811100000",
          phoneKey: "919811100000",
          address: "House 1, Sector 18, Noida",
          pincode: "201301",
          status: "contacted",
        })
        .returning({ id: appointments.id });
      const rows = await database.db
        .insert(visits)
        .values(
          Array.from({ length: visitsEach }, (_, n) => {
            // Nine slots a day, 90 minutes apart, from 13 days ago: all before now.
            const startsAt = new Date(
              today - 13 * day + Math.floor(n / 9) * day + 2 * 3_600_000 + (n % 9) * 5_400_000,
            );
            return {
              appointmentId: request?.id ?? "",
              therapistId: phone.id,
              startsAt,
              endsAt: new Date(startsAt.getTime() + 3_600_000),
              blockedUntil: new Date(startsAt.getTime() + 5_400_000),
              kind: "treatment" as const,
            };
          }),
        )
        .returning({ id: visits.id, startsAt: visits.startsAt });
      phone.visits = rows.filter((row) => row.startsAt.getTime() < Date.now());
      phone.unmarked = [...phone.visits];
    }
  } finally {
    await database.close();
  }

  const siteUrl = "http://127.0.0.1";
  console.log(`soak: building ${buildDir}…`);
  buildInto(buildDir, { SITE_URL: siteUrl });
  const settings = {
    BUILD_DIR: buildDir,
    SITE_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: secret,
    LOG_LEVEL: "warn",
  };
  servers = await Promise.all([
    startProductionServer(settings, await freePort(), { discardOutput: true }),
    startProductionServer(settings, await freePort(), { discardOutput: true }),
  ]);
  for (const phone of phones) {
    const signIn = await fetch(`${servers[0]?.url}/auth`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email: phone.email, password: phone.password }),
      headers: { origin: servers[0]?.url ?? "" },
      redirect: "manual",
    });
    if (signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);
    phone.cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  }

  /** What the phone's fetch does, through a network that loses things. */
  const sendFor =
    (phone: Phone, faults: boolean) =>
    async (change: WaitingChange): Promise<Answer> => {
      const roll = faults ? random() : 1;
      if (roll < 0.1) {
        tally.lostRequests++;
        throw new TypeError("no signal");
      }
      const base = pick(servers).url;
      tally.sends++;
      const response = await fetch(`${base}/visits/changes`, {
        method: "POST",
        body: new URLSearchParams({ ...change.fields, key: change.key }),
        headers: { cookie: phone.cookie, origin: base, accept: "application/json" },
      });
      const body = await response.json().catch(() => null);
      if (roll < 0.25) {
        // Applied, and the answer lost on the way back: the phone sends it again later.
        tally.lostAnswers++;
        throw new TypeError("answer lost");
      }
      return { status: response.status, body };
    };
  const storeOf = (phone: Phone): WaitingStore => ({
    list: async () => [...phone.queue],
    remove: async (seq) => {
      phone.queue = phone.queue.filter((change) => change.seq !== seq);
    },
  });

  let seq = 0;
  const answered: { phone: Phone; change: WaitingChange; answer: Answer }[] = [];
  const started = performance.now();
  /** Offline: 0–3 changes made on the phone, waiting in its queue. */
  const makeChanges = (phone: Phone) => {
    const count = Math.floor(random() * 4);
    for (let n = 0; n < count; n++) {
      const mark = phone.unmarked.length > 0 && random() < 0.5;
      const visit = mark ? phone.unmarked.shift() : pick(phone.visits);
      if (!visit) continue;
      const intent = mark ? pick(["done", "no_show"] as const) : "collect";
      const amountPaise = intent === "collect" ? (1 + Math.floor(random() * 20)) * 10_000 : 0;
      const key = crypto.randomUUID();
      const fields: Record<string, string> = { intent, visitId: visit.id };
      if (intent === "collect") {
        Object.assign(fields, { amount: String(amountPaise / 100), method: "cash" });
      } else {
        fields.seen = String(visit.startsAt.getTime());
      }
      phone.queue.push({ seq: ++seq, key, account: phone.id, fields, madeAt: Date.now() });
      intended.push({ key, therapistId: phone.id, intent, visitId: visit.id, amountPaise });
    }
  };
  for (let cycle = 0; cycle < cycles; cycle++) {
    // The three phones at once, each through its own unkind network; now and then a second tab
    // of a phone sends the same queue at the same moment, to either instance.
    await Promise.all(
      phones.map(async (phone) => {
        makeChanges(phone);
        const tabs = random() < 0.1 ? 2 : 1;
        if (tabs === 2) tally.secondTab++;
        const reports = await Promise.all(
          Array.from({ length: tabs }, () =>
            sendWaiting(storeOf(phone), phone.id, sendFor(phone, true)),
          ),
        );
        for (const report of reports) {
          for (const { change, answer } of report.answered)
            answered.push({ phone, change, answer });
        }
      }),
    );
    // Now and then a change already answered is sent again: the same answer, nothing applied.
    if (answered.length > 0 && random() < 0.05) {
      const again = pick(answered);
      tally.replays++;
      const replay = await sendFor(again.phone, false)(again.change);
      if (
        replay.status !== again.answer.status ||
        !isDeepStrictEqual(replay.body, again.answer.body)
      ) {
        throw new Error(
          `a replayed key was answered differently: ${JSON.stringify([again.answer, replay])}`,
        );
      }
    }
  }
  // The end of the day, with a good signal: every queue drained.
  for (const phone of phones) {
    const report = await sendWaiting(storeOf(phone), phone.id, sendFor(phone, false));
    for (const { change, answer } of report.answered) answered.push({ phone, change, answer });
    if (phone.queue.length > 0) throw new Error(`${phone.email}'s queue did not drain`);
  }
  const seconds = (performance.now() - started) / 1000;
  for (const { answer } of answered) {
    if (answer.status >= 400) tally.refused++;
  }

  // What the database holds, against what the phones meant.
  const check = await openDatabase({ dataDir: "", databaseUrl, poolSize: 1 });
  try {
    const keys = await check.db
      .select({ key: therapistChanges.key, status: therapistChanges.status })
      .from(therapistChanges);
    const statusOf = new Map(keys.map((row) => [row.key, row.status]));
    const marks = intended.filter((change) => change.intent !== "collect");
    const collects = intended.filter((change) => change.intent === "collect");
    const lost = intended.filter((change) => statusOf.get(change.key) !== 200).length;
    const marked = await check.db
      .select({ status: visits.status, n: sql<number>`count(*)::int` })
      .from(visits)
      .groupBy(visits.status);
    const markedCount = marked
      .filter((row) => row.status !== "scheduled")
      .reduce((sum, row) => sum + row.n, 0);
    const timeline = await check.db.execute(
      sql`select count(*)::int as n, count(distinct visit_id)::int as visits from appointment_activity where kind in ('visit_done', 'visit_no_show')`,
    );
    const [entries] = (timeline as unknown as { rows: { n: number; visits: number }[] }).rows;
    const paid = await check.db
      .select({
        n: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${payments.amountPaise}), 0)::bigint`,
      })
      .from(payments)
      .where(eq(payments.method, "cash"));
    const paidCount = paid[0]?.n ?? 0;
    const paidTotal = Number(paid[0]?.total ?? 0);
    const meantTotal = collects.reduce((sum, change) => sum + change.amountPaise, 0);
    const doubled =
      markedCount -
      marks.length +
      (entries?.n ?? 0) -
      (entries?.visits ?? 0) +
      paidCount -
      collects.length;
    console.log(
      `soak: ${cycles} offline/online cycles, 3 therapists, 2 instances on PostgreSQL, seed ${firstSeed}, ${seconds.toFixed(0)} s`,
    );
    console.log(
      `  changes made on the phones: ${intended.length} (${marks.length} marks, ${collects.length} payments at the door)`,
    );
    console.log(
      `  requests that reached a server: ${tally.sends}; lost before arriving: ${tally.lostRequests}; answers lost after applying: ${tally.lostAnswers}; queues sent by two tabs at once: ${tally.secondTab}; answered changes sent again: ${tally.replays}`,
    );
    console.log(
      `  keys stored: ${keys.length}; applied (200): ${[...statusOf.values()].filter((s) => s === 200).length}; refused: ${tally.refused}`,
    );
    console.log(
      `  visits marked: ${markedCount} of ${marks.length} marks meant; timeline entries: ${entries?.n ?? 0} for ${entries?.visits ?? 0} visits`,
    );
    console.log(
      `  payments: ${paidCount} of ${collects.length} meant; ₹${paidTotal / 100} of ₹${meantTotal / 100}`,
    );
    console.log(`  lost: ${lost}; doubled: ${doubled}`);
    if (lost > 0 || doubled !== 0 || paidTotal !== meantTotal || keys.length !== intended.length) {
      process.exitCode = 1;
    }
  } finally {
    await check.close();
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await drop();
  rmSync(buildDir, { recursive: true, force: true });
}
