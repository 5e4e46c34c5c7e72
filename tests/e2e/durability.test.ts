// Never lose a patient's request: a client streams submissions at the production server, the
// server is killed with SIGKILL mid-stream and started again on the same data, and every request
// that had been answered 303 is in the database, with its staff e-mail in the outbox. On PGlite
// and on PostgreSQL (the run's server: tests/postgres-server.ts). And PGlite's folder belongs to
// one process: a second server on it refuses to start while the first keeps serving.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { appointments, paymentLinks, payments } from "#db/schema.ts";
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
import { paidEvent, razorpaySignature, razorpayTest } from "#tests/integration/razorpay-api.ts";

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

describe("Razorpay's webhook", () => {
  // Razorpay sends each payment's webhook until it is answered 200 (razorpay.com/docs/webhooks):
  // a server killed while booking them, then started again and sent all of them again, books
  // each payment once — its payment, receipt and link together or not at all.
  it("books each payment once when killed with SIGKILL mid-stream and sent everything again", async () => {
    const links = 24;
    const database = await createTestDatabase();
    const handle = await openDatabase({ dataDir: "", databaseUrl: database.url, poolSize: 2 });
    try {
      const settings = {
        ...testSite.settings,
        DATABASE_URL: database.url,
        RAZORPAY_KEY_ID: razorpayTest.keyId,
        RAZORPAY_KEY_SECRET: razorpayTest.keySecret,
        RAZORPAY_WEBHOOK_SECRET: razorpayTest.webhookSecret,
        RAZORPAY_API_URL: "http://127.0.0.1:9/v1",
      };
      // Requests, each with a link Razorpay made (as sendPaymentLink leaves it).
      const events: { raw: string; eventId: string }[] = [];
      for (let n = 0; n < links; n++) {
        const [request] = await handle.db
          .insert(appointments)
          .values({
            name: `Payer ${n}`,
            phone: `99110${String(n).padStart(5, "0")}`,
            phoneKey: `9199110${String(n).padStart(5, "0")}`,
            address: "House 1, Sector 50, Noida",
            pincode: "201301",
            status: "contacted",
            reference: sql`next_appointment_reference()`,
          })
          .returning({ id: appointments.id });
        if (!request) throw new Error("not stored");
        const link = { id: `plink_durable${n}`, amount: 120_000, reference_id: `D-${n}` };
        await handle.db.insert(paymentLinks).values({
          appointmentId: request.id,
          purpose: "due",
          amountPaise: link.amount,
          referenceId: link.reference_id,
          gatewayId: link.id,
          shortUrl: `https://rzp.io/i/durable${n}`,
          status: "created",
        });
        const raw = JSON.stringify(paidEvent(link, { paymentId: `pay_durable${n}` }));
        events.push({ raw, eventId: `evt_durable${n}` });
      }
      const deliver = (url: string, event: (typeof events)[number]) =>
        fetch(`${url}/webhooks/razorpay`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Razorpay-Signature": razorpaySignature(event.raw),
            "X-Razorpay-Event-Id": event.eventId,
          },
          body: event.raw,
        });

      const first = await startProductionServer(settings);
      let answered = 0;
      let killed = false;
      const queue = [...events];
      const client = async () => {
        for (let event = queue.shift(); event && !killed; event = queue.shift()) {
          try {
            const response = await deliver(first.url, event);
            await response.arrayBuffer();
            if (response.status === 200) answered++;
          } catch {
            return;
          }
          if (answered >= links / 3 && !killed) {
            killed = true;
            first.process.kill("SIGKILL");
          }
        }
      };
      await Promise.all(Array.from({ length: 4 }, client));
      await first.stop();
      expect(first.process.signalCode).toBe("SIGKILL");

      // Razorpay sends them all again (the answered ones too: it may), to the server restarted.
      const second = await startProductionServer(settings);
      const statuses = await Promise.all(
        events.map(async (event) => {
          const response = await deliver(second.url, event);
          await response.arrayBuffer();
          return response.status;
        }),
      );
      await stopPromptly(second);
      expect(statuses).toEqual(Array.from({ length: links }, () => 200));

      const booked = await handle.db
        .select({ gatewayPaymentId: payments.gatewayPaymentId, seq: payments.receiptSeq })
        .from(payments);
      expect(booked.map((row) => row.gatewayPaymentId).sort()).toEqual(
        Array.from({ length: links }, (_, n) => `pay_durable${n}`).sort(),
      );
      // Receipts 1 to 24: none lost to the kill, none doubled by the retries.
      expect(booked.map((row) => row.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: links }, (_, n) => n + 1),
      );
      const paid = await handle.db
        .select({ status: paymentLinks.status })
        .from(paymentLinks)
        .where(eq(paymentLinks.status, "paid"));
      expect(paid).toHaveLength(links);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
