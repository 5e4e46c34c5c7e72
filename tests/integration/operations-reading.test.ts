// The operations reading (docs/operations.md) on the real databases, against rows written here:
// what waits and what was given up in the last hour on each channel, the last retention run and
// backup; the moment a message is given up stamped by the database whichever code marks it; the
// embedded database's disk read on PGlite only. Its time is the real one: the trigger stamps the
// database's clock.

import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { deliverDue } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { readOperations } from "#app/domain/operations/operations-reading.server.ts";
import { enqueueMessage } from "#app/domain/outbox/outbox.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { backupRuns, notifications, retentionRuns } from "#db/schema.ts";
import { describeEachDatabase, freshPgliteFolder } from "#tests/integration/databases.ts";
import {
  appointmentInput,
  captureLog,
  compose,
  site,
  staffMail,
} from "#tests/integration/fixtures.ts";
import { freePort } from "#tests/integration/smtp.ts";

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);
const mail = { kind: "test", recipient: "frontdesk@clinic.test" };

describeEachDatabase("the operations reading", (database) => {
  it("is empty on an empty database", async () => {
    const now = new Date();
    expect(await readOperations(database.db, { dataDir: null, now })).toEqual({
      at: now,
      outbox: {
        email: { queued: 0, oldestSeconds: null, failedLastHour: 0 },
        whatsapp: { queued: 0, oldestSeconds: null, failedLastHour: 0 },
      },
      lastRetentionAt: null,
      lastBackupAt: null,
      diskUsed: null,
    });
  });

  it("counts what waits and what was given up in the last hour, per channel, and the last runs", async () => {
    const { db } = database;
    const now = new Date("2026-11-27T10:00:00.000Z");
    const ago = (minutes: number) => minutesBefore(now, minutes);
    await db.insert(notifications).values([
      { ...mail, state: "queued", createdAt: ago(45) },
      { ...mail, state: "queued", createdAt: ago(5), attempts: 3 },
      { ...mail, state: "failed", createdAt: ago(80), failedAt: ago(20) },
      // Given up over an hour ago, and given up before failed_at was kept: not "in the last hour".
      { ...mail, state: "failed", createdAt: ago(200), failedAt: ago(61) },
      { ...mail, state: "failed", createdAt: ago(30) },
      { ...mail, state: "sent", createdAt: ago(2), sentAt: ago(1) },
      { ...mail, channel: "whatsapp", state: "queued", createdAt: ago(3) },
      // Staff's to send by hand: not the outbox's waiting.
      { ...mail, channel: "whatsapp", state: "by_hand", createdAt: ago(300) },
      { ...mail, channel: "whatsapp", state: "failed", createdAt: ago(70), failedAt: ago(59) },
      { ...mail, channel: "whatsapp", state: "failed", createdAt: ago(70), failedAt: ago(58) },
      { ...mail, channel: "whatsapp", state: "skipped", createdAt: ago(4) },
    ]);
    await db.insert(retentionRuns).values([
      { day: "2026-11-26", ranAt: ago(24 * 60 + 30), result: {} },
      { day: "2026-11-27", ranAt: ago(30), result: {} },
    ]);
    await db.insert(backupRuns).values([
      { kind: "manual", startedAt: ago(300), finishedAt: ago(299), file: "a.jsonl.gz", rows: 9 },
      { kind: "scheduled", day: "2026-11-26", finishedAt: ago(90), file: "b.jsonl.gz", rows: 9 },
      // Under way: not a backup yet.
      { kind: "scheduled", day: "2026-11-27", startedAt: ago(1), heldUntil: ago(-59) },
    ]);

    expect(await readOperations(db, { dataDir: null, now })).toEqual({
      at: now,
      outbox: {
        email: { queued: 2, oldestSeconds: 45 * 60, failedLastHour: 1 },
        whatsapp: { queued: 1, oldestSeconds: 3 * 60, failedLastHour: 2 },
      },
      lastRetentionAt: ago(30),
      lastBackupAt: ago(90),
      diskUsed: null,
    });
  });

  it("stamps the moment a message is given up, whatever marks it, and clears it if it is queued again", async () => {
    const { db } = database;
    // The outbox's own sender, with a mail server that is not there, and one attempt.
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: site.email,
      mailDir: "unused",
    });
    onTestFinished(() => mailer.close());
    const id = await enqueueMessage(db, { ...mail, payload: { subject: "Hi", text: "Hi" } });
    const before = new Date();
    const report = await deliverDue(db, mailer, captureLog().log, {
      compose,
      maxAttempts: 1,
      retryBaseSeconds: 30,
    });
    expect(report.failed).toEqual([id]);
    const [failed] = await db.select().from(notifications).where(eq(notifications.id, id));
    expect(failed?.state).toBe("failed");
    // The database's clock, not this process's: a second either way.
    expect(Math.abs((failed?.failedAt?.getTime() ?? 0) - before.getTime())).toBeLessThan(60_000);
    const reading = await readOperations(db, { dataDir: null });
    expect(reading.outbox.email).toEqual({ queued: 0, oldestSeconds: null, failedLastHour: 1 });

    // Code that knows nothing of failed_at (the release before this one) is stamped the same.
    const [other] = await db
      .insert(notifications)
      .values({ ...mail, channel: "whatsapp" })
      .returning({ id: notifications.id });
    await db.execute(sql`UPDATE notifications SET state = 'failed' WHERE id = ${other?.id}`);
    await db.execute(sql`UPDATE notifications SET state = 'queued' WHERE id = ${id}`);
    const rows = await db
      .select({ id: notifications.id, failedAt: notifications.failedAt })
      .from(notifications);
    expect(rows.find((row) => row.id === id)?.failedAt).toBeNull();
    expect(rows.find((row) => row.id === other?.id)?.failedAt).toBeInstanceOf(Date);
    const again = await readOperations(db, { dataDir: null });
    expect(again.outbox.whatsapp.failedLastHour).toBe(1);
    expect(again.outbox.email).toMatchObject({ queued: 1, failedLastHour: 0 });
  });

  it("does not count an e-mail an erasure stopped before it went: nothing failed to deliver", async () => {
    const { db } = database;
    const { appointment } = await createAppointment(db, appointmentInput(), staffMail);
    await eraseAppointments(db, [appointment.id], { reason: "request", by: "admin@clinic.test" });
    const [stopped] = await db
      .select({ state: notifications.state, failedAt: notifications.failedAt })
      .from(notifications)
      .where(eq(notifications.appointmentId, appointment.id));
    expect(stopped).toEqual({ state: "failed", failedAt: null });
    const reading = await readOperations(db, { dataDir: null });
    expect(reading.outbox.email).toEqual({ queued: 0, oldestSeconds: null, failedLastHour: 0 });
  });

  if (database.kind === "pglite") {
    it("reads the disk of the embedded database's folder", async () => {
      const dir = freshPgliteFolder();
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const { diskUsed } = await readOperations(database.db, { dataDir: dir });
      expect(diskUsed).toBeGreaterThan(0);
      expect(diskUsed).toBeLessThan(1);
    });
  }
});
