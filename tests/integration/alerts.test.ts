// The owner is told (decision 039) on the real databases, through a real SMTP server: each
// kind of alert sent once by two instances checking at the same moment, then its end once; the
// alert of a mail server that is down shown at once (the dashboard's list) and e-mailed when the
// server is back; an incident over before it could be told, told once; nobody to tell: the log
// at error level. Each instance's clock is the test's; the disk's share is the test's to set (its
// reading from the file system: operations-reading.server.test.ts).
import { eq } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import type { Database } from "#app/db.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import {
  type AlertCheckReport,
  type AlertScheduler,
  openIncidents,
  startAlerts,
} from "#app/domain/operations/alerts.server.ts";
import { readOperations } from "#app/domain/operations/operations-reading.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import {
  type AlertKind,
  alertIncidents,
  backupRuns,
  notifications,
  retentionRuns,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { captureLog, site } from "#tests/integration/fixtures.ts";
import {
  freePort,
  type ReceivedMail,
  startSmtpServer,
  type TestSmtpServer,
} from "#tests/integration/smtp.ts";

const owner = "owner@clinic.test";
const siteUrl = "https://homephysio.example";
const hourMs = 3_600_000;

/** The world the instances watch: their clock, and how full the embedded database's disk is. */
interface World {
  now: Date;
  disk: number | null;
}

interface Instance {
  alerts: AlertScheduler;
  logLines(): string[];
}

/** An app instance's alert checks on `db`, with its own SMTP connection and log. */
function startInstance(
  db: Database,
  world: World,
  options: { smtpUrl: string; recipient?: string | null },
): Instance {
  const mailer = createMailer({ smtpUrl: options.smtpUrl, from: site.email, mailDir: "unused" });
  const { log, lines } = captureLog();
  const since = world.now;
  const alerts = startAlerts(db, {
    recipient: options.recipient === undefined ? owner : options.recipient,
    mailer,
    mail: { siteName: site.name, siteUrl },
    backupsConfigured: true,
    since,
    read: async (now) => ({
      ...(await readOperations(db, { dataDir: null, now })),
      diskUsed: world.disk,
    }),
    log,
    // Only the start's check and the test's run: nothing waits for a timer.
    checkMs: hourMs,
    now: () => world.now,
  });
  onTestFinished(async () => {
    await alerts.stop();
    mailer.close();
  });
  return { alerts, logLines: lines };
}

/** Both instances check at the same moment. */
const checkBoth = (a: Instance, b: Instance) =>
  Promise.all([a.alerts.check(), b.alerts.check()]) as Promise<AlertCheckReport[]>;

const later = (world: World, ms: number) => {
  world.now = new Date(world.now.getTime() + ms);
};

/** What each kind's trouble is made of here, and how it clears. */
const trouble: Record<
  AlertKind,
  {
    make(db: Database, world: World): Promise<void>;
    clear(db: Database, world: World): Promise<void>;
  }
> = {
  staff_email: {
    async make(db, world) {
      await db.insert(notifications).values({
        kind: "test",
        recipient: "frontdesk@clinic.test",
        state: "failed",
        failedAt: new Date(world.now.getTime() - 5 * 60_000),
      });
    },
    // An hour with nothing given up.
    clear: async (_db, world) => later(world, hourMs),
  },
  patient_messages: {
    async make(db, world) {
      await db.insert(notifications).values({
        kind: "family_visit_booked",
        recipient: "",
        channel: "whatsapp",
        state: "failed",
        failedAt: new Date(world.now.getTime() - 60_000),
      });
    },
    clear: async (_db, world) => later(world, hourMs),
  },
  backup: {
    async make(db, world) {
      later(world, 27 * hourMs);
      await db
        .insert(retentionRuns)
        .values({ day: indiaDay(world.now), ranAt: world.now, result: {} });
    },
    async clear(db, world) {
      await db
        .insert(backupRuns)
        .values({ kind: "manual", finishedAt: world.now, file: "x.jsonl.gz", rows: 1 });
    },
  },
  retention: {
    async make(db, world) {
      later(world, 27 * hourMs);
      await db
        .insert(backupRuns)
        .values({ kind: "manual", finishedAt: world.now, file: "x.jsonl.gz", rows: 1 });
    },
    async clear(db, world) {
      await db
        .insert(retentionRuns)
        .values({ day: indiaDay(world.now), ranAt: world.now, result: {} });
    },
  },
  disk: {
    async make(_db, world) {
      world.disk = 0.95;
    },
    async clear(_db, world) {
      world.disk = 0.5;
    },
  },
};

const subjects = (smtp: TestSmtpServer) => smtp.received.map((mail) => mail.subject);

async function incidentsOf(db: Database) {
  return db
    .select({
      kind: alertIncidents.kind,
      resolved: alertIncidents.resolvedAt,
      openedMail: alertIncidents.openedMailAt,
      resolvedMail: alertIncidents.resolvedMailAt,
    })
    .from(alertIncidents);
}

describeEachDatabase("the owner's alerts", (database) => {
  it.each([
    ["staff_email", "HomePhysio NCR alert: The site's e-mails are not going out"],
    ["patient_messages", "HomePhysio NCR alert: WhatsApp messages to families are failing"],
    ["backup", "HomePhysio NCR alert: No backup has been written for over a day"],
    ["retention", "HomePhysio NCR alert: The daily retention job has not run for over a day"],
    ["disk", "HomePhysio NCR alert: The database's disk is nearly full"],
  ] as const)("%s: sent once by two instances, then its end once", async (kind, subject) => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const world: World = { now: new Date("2026-11-27T04:00:00.000Z"), disk: 0.4 };
    const second = await database.openInstance();
    const a = startInstance(database.db, world, { smtpUrl: smtp.url });
    const b = startInstance(second.db, world, { smtpUrl: smtp.url });
    // All is well: the start's checks and two more find nothing.
    await checkBoth(a, b);
    expect(await incidentsOf(database.db)).toEqual([]);

    await trouble[kind].make(database.db, world);
    const reports = await checkBoth(a, b);
    expect(reports.flatMap((report) => report.opened)).toEqual([kind]);
    expect(reports.flatMap((report) => report.mailed)).toEqual([{ kind, over: false }]);
    expect(subjects(smtp)).toEqual([subject]);
    const [mail] = smtp.received as [ReceivedMail];
    expect(mail.envelope.to).toEqual([owner]);
    expect(mail.text).toContain("What to do:");
    expect(mail.text).toContain(`${siteUrl}/admin`);
    expect((await openIncidents(database.db)).map((incident) => incident.kind)).toEqual([kind]);

    // Still so, a minute later, and again: nothing more.
    later(world, 60_000);
    await checkBoth(a, b);
    await checkBoth(a, b);
    expect(smtp.received).toHaveLength(1);

    await trouble[kind].clear(database.db, world);
    const over = await checkBoth(a, b);
    expect(over.flatMap((report) => report.resolved)).toEqual([kind]);
    expect(over.flatMap((report) => report.mailed)).toEqual([{ kind, over: true }]);
    await checkBoth(a, b);
    expect(subjects(smtp)).toHaveLength(2);
    const ended = smtp.received[1] as ReceivedMail;
    expect(ended.subject).toMatch(/^HomePhysio NCR: /);
    expect(ended.text).toMatch(/^It began at .* and was over by .* \(India time\)\.$/m);
    expect(await openIncidents(database.db)).toEqual([]);
    expect(await incidentsOf(database.db)).toEqual([
      {
        kind,
        resolved: expect.any(Date),
        openedMail: expect.any(Date),
        resolvedMail: expect.any(Date),
      },
    ]);

    // The same trouble again is a new incident, told again.
    await trouble[kind].make(database.db, world);
    await checkBoth(a, b);
    expect(smtp.received).toHaveLength(3);
  });

  it("tells of a mail server that is down on the dashboard at once, and by e-mail once it is back", async () => {
    const port = await freePort();
    // Closed after the instances' mailers (hooks run last first): it waits for their connections.
    let smtp: TestSmtpServer | undefined;
    onTestFinished(() => smtp?.close());
    const world: World = { now: new Date("2026-11-27T04:00:00.000Z"), disk: null };
    const second = await database.openInstance();
    const a = startInstance(database.db, world, { smtpUrl: `smtp://127.0.0.1:${port}` });
    const b = startInstance(second.db, world, { smtpUrl: `smtp://127.0.0.1:${port}` });
    await trouble.staff_email.make(database.db, world);
    const reports = await checkBoth(a, b);
    expect(reports.flatMap((report) => report.mailed)).toEqual([]);
    expect(await openIncidents(database.db)).toEqual([
      {
        kind: "staff_email",
        openedAt: world.now,
        detail: { kind: "staff_email", failedLastHour: 1, queued: 0, oldestMinutes: null },
      },
    ]);
    const logged = [...a.logLines(), ...b.logLines()].map((line) => JSON.parse(line));
    // Each check that held it tried (the instances' first checks may have come after the trouble).
    expect(
      logged.filter((line) => line.msg.startsWith("alert e-mail failed")).length,
    ).toBeGreaterThan(0);
    expect(logged.filter((line) => line.level === "error")).toEqual([
      expect.objectContaining({ alert: "staff_email", failedLastHour: 1 }),
    ]);

    // The mail server is back: the next check sends it, once.
    smtp = await startSmtpServer(port);
    later(world, 60_000);
    await checkBoth(a, b);
    await checkBoth(a, b);
    expect(subjects(smtp)).toEqual(["HomePhysio NCR alert: The site's e-mails are not going out"]);
    expect(smtp.received[0]?.text).toContain(
      "1 e-mail was given up in the last hour.\nSince Nov 27, 2026, 9:30 AM (India time).",
    );
  });

  it("tells an incident over before it could be told once, by the e-mail saying it is over", async () => {
    const port = await freePort();
    // Closed after the instances' mailers (hooks run last first): it waits for their connections.
    let smtp: TestSmtpServer | undefined;
    onTestFinished(() => smtp?.close());
    const world: World = { now: new Date("2026-11-27T04:00:00.000Z"), disk: null };
    const a = startInstance(database.db, world, { smtpUrl: `smtp://127.0.0.1:${port}` });
    const b = startInstance((await database.openInstance()).db, world, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
    });
    await trouble.staff_email.make(database.db, world);
    await checkBoth(a, b);
    await trouble.staff_email.clear(database.db, world);
    expect((await checkBoth(a, b)).flatMap((report) => report.resolved)).toEqual(["staff_email"]);

    smtp = await startSmtpServer(port);
    await checkBoth(a, b);
    await checkBoth(a, b);
    expect(subjects(smtp)).toEqual(["HomePhysio NCR: The site's e-mails are going out again"]);
    expect(smtp.received[0]?.text).toContain(
      "It began at Nov 27, 2026, 9:30 AM and was over by Nov 27, 2026, 10:30 AM (India time).",
    );
    const [incident] = await database.db.select().from(alertIncidents);
    expect(incident).toMatchObject({ openedMailAt: null, resolvedMailAt: expect.any(Date) });
  });

  it("with nobody to tell, logs the alert at error level once and shows it", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const world: World = { now: new Date("2026-11-27T04:00:00.000Z"), disk: null };
    const a = startInstance(database.db, world, { smtpUrl: smtp.url, recipient: null });
    const b = startInstance((await database.openInstance()).db, world, {
      smtpUrl: smtp.url,
      recipient: null,
    });
    await trouble.patient_messages.make(database.db, world);
    await checkBoth(a, b);
    await checkBoth(a, b);
    const errors = [...a.logLines(), ...b.logLines()]
      .map((line) => JSON.parse(line))
      .filter((line) => line.level === "error");
    expect(errors).toEqual([
      expect.objectContaining({
        alert: "patient_messages",
        failedLastHour: 1,
        msg: "alert: WhatsApp messages to families are failing",
      }),
    ]);
    expect((await openIncidents(database.db)).map((incident) => incident.kind)).toEqual([
      "patient_messages",
    ]);
    expect(smtp.received).toEqual([]);
    // Set later, a recipient is told of what is open now, not of what is long over.
    const [row] = await database.db.select().from(alertIncidents);
    await database.db
      .update(alertIncidents)
      .set({
        openedAt: new Date(world.now.getTime() - 3 * 24 * hourMs),
        resolvedAt: new Date(world.now.getTime() - 2 * 24 * hourMs),
      })
      .where(eq(alertIncidents.id, row?.id ?? ""));
    const told = startInstance(database.db, world, { smtpUrl: smtp.url });
    await told.alerts.check();
    expect(subjects(smtp)).toEqual([
      "HomePhysio NCR alert: WhatsApp messages to families are failing",
    ]);
  });
});
