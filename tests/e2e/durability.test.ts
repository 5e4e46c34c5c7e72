// Never lose a patient's request: a client streams submissions at the production server, the
// server is killed with SIGKILL mid-stream and started again on the same data, and every request
// that had been answered 303 is in the database, with its staff e-mail in the outbox. On PGlite
// and on PostgreSQL (the run's server: tests/postgres-server.ts). And PGlite's folder belongs to
// one process: a second server on it refuses to start while the first keeps serving.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  freePort,
  freshDataDir,
  pinnedEnv,
  startProductionServer,
} from "#scripts/production-server.ts";
import {
  createTestDatabase,
  fastSubmissions,
  postAppointment,
  readStoredData,
  type StoredData,
  stopPromptly,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";

/** Requests answered before the kill: enough to be a stream, few enough to stay quick. */
const killAfter = 30;
const clients = 4;

interface Store {
  /** What points a server at this store. */
  settings: Record<string, string>;
  read(): Promise<StoredData>;
  remove(): Promise<void>;
}

const stores: { name: string; open(): Promise<Store> }[] = [
  {
    name: "PGlite",
    async open() {
      const dataDir = freshDataDir(dataTemplate);
      return {
        settings: { DATA_DIR: dataDir },
        read: () => readStoredData({ dataDir }),
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      const database = await createTestDatabase();
      return {
        settings: { DATABASE_URL: database.url },
        read: () => readStoredData({ databaseUrl: database.url }),
        remove: database.drop,
      };
    },
  },
];

describe.each(stores)("on $name", ({ open }) => {
  it("keeps every request it answered 303 when killed with SIGKILL mid-stream", async () => {
    const store = await open();
    try {
      const settings = { ...testSite.settings, ...fastSubmissions, ...store.settings };
      const first = await startProductionServer(settings);
      const sent: string[] = [];
      const answered: string[] = [];
      const unexpected: string[] = [];
      let killed = false;
      const client = async () => {
        while (!killed) {
          const name = `Durable ${sent.length + 1}`;
          sent.push(name);
          try {
            const response = await postAppointment(first.url, { ...validAppointment, name });
            await response.arrayBuffer();
            if (response.status === 303) answered.push(name);
            else unexpected.push(`${name}: ${response.status}`);
          } catch (error) {
            // Refused or cut off: the server is gone. Before the kill, that is a fault.
            if (!killed) unexpected.push(`${name}: ${String(error)}`);
            return;
          }
          if (answered.length >= killAfter && !killed) {
            killed = true;
            first.process.kill("SIGKILL");
          }
        }
      };
      await Promise.all(Array.from({ length: clients }, client));
      await first.stop();
      expect(first.process.signalCode).toBe("SIGKILL");
      expect(unexpected).toEqual([]);
      expect(answered.length).toBeGreaterThanOrEqual(killAfter);

      // Started again on the same data, it recovers and serves.
      const second = await startProductionServer(settings);
      const after = await postAppointment(second.url, { ...validAppointment, name: "After" });
      expect(after.status).toBe(303);
      await stopPromptly(second);

      const stored = await store.read();
      const names = stored.appointments.map(({ name }) => name);
      expect(answered.filter((name) => !names.includes(name))).toEqual([]);
      // Nothing else: what was stored was sent (some sent were cut off before an answer).
      expect(names.filter((name) => name !== "After" && !sent.includes(name))).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain("After");
      // Each with its staff e-mail: both were written in one transaction.
      const notified = new Set(stored.notifications.map(({ appointmentId }) => appointmentId));
      expect(stored.appointments.filter(({ id }) => !notified.has(id))).toEqual([]);
    } finally {
      await store.remove();
    }
  });
});

describe("the PGlite folder", () => {
  it("refuses a second server on it, naming the folder and the other process, while the first keeps serving", async () => {
    const dataDir = freshDataDir(dataTemplate);
    const settings = { ...testSite.settings, ...fastSubmissions, DATA_DIR: dataDir };
    const first = await startProductionServer(settings);
    try {
      const port = await freePort();
      const second = spawn(process.execPath, ["server/main.ts"], {
        env: pinnedEnv({ HOST: "127.0.0.1", ...settings, PORT: String(port) }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      second.stdout.on("data", (chunk) => {
        output += chunk;
      });
      second.stderr.on("data", (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => second.on("exit", resolve));
      expect(code, output).not.toBe(0);
      expect(code, output).not.toBeNull();
      expect(output).toContain(
        `The database in ${dataDir} is in use by another process (pid ${first.process.pid}).`,
      );
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      const response = await postAppointment(first.url, {
        ...validAppointment,
        name: "Still Served",
      });
      expect(response.status).toBe(303);
      await stopPromptly(first);
      const stored = await readStoredData({ dataDir });
      expect(stored.appointments.map(({ name }) => name)).toEqual(["Still Served"]);
    } finally {
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
