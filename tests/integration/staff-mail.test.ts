// The staff e-mail through a real SMTP server: what staff receive, what happens while the mail
// server is down, and when the attempts run out. The log never carries the patient's details.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import type { Database } from "#app/db.server.ts";
import {
  createAppointment,
  openAppointmentDesk,
} from "#app/domain/appointments/appointments.server.ts";
import { deliverDue, startMailSender } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { appointments, notifications } from "#db/schema.ts";
import { describeEachDatabase, eventually, queryRows } from "#tests/integration/databases.ts";
import {
  appointmentInput,
  captureLog,
  compose,
  site,
  staffAddress,
  staffMail,
} from "#tests/integration/fixtures.ts";
import { freePort, readMail, startSmtpServer } from "#tests/integration/smtp.ts";

const from = `"${site.name}" <${site.email}>`;

/** A patient whose every field a mistake could lose or mangle: non-ASCII, HTML, two lines. */
const patient = appointmentInput({
  name: "Asha Rani शर्मा",
  phone: "98765 43210",
  address: "H-12, Sector 43 & Golf Course Road",
  pincode: "122002",
  message: "Knee pain after surgery <2 weeks ago>.\nPlease call after 5 pm.",
});

/** Details of the patient that must never reach the log. */
const personal = ["Asha", "शर्मा", "98765", "9876543210", "Sector 43", "Knee pain"];

function expectNoPersonalData(lines: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) for (const detail of personal) expect(line).not.toContain(detail);
}

async function outboxRow(db: Database, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Seconds until the message is due again, by the database's clock. */
async function secondsUntilDue(db: Database, id: string): Promise<number> {
  const [row] = await queryRows<{ wait: number }>(
    db,
    sql`SELECT extract(epoch FROM next_attempt_at - now())::float8 AS wait FROM notifications WHERE id = ${id}`,
  );
  return Number(row?.wait);
}

describeEachDatabase("the staff e-mail", (database) => {
  it("reaches the SMTP server with every field, a call link and a WhatsApp link", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const mailer = createMailer({ smtpUrl: smtp.url, from, mailDir: "unused" });
    onTestFinished(() => mailer.close());
    const { log, lines } = captureLog();

    const {
      notification: { id: notificationId },
    } = await createAppointment(database.db, patient, staffMail);
    const report = await deliverDue(
      database.db,
      mailer,
      log,
      { compose, maxAttempts: 3, retryBaseSeconds: 30 },
      { onlyId: notificationId },
    );
    expect(report).toEqual({ sent: [notificationId], failed: [] });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    if (!mail) throw new Error("no message received");
    expect(mail.envelope).toEqual({ from: site.email, to: [staffAddress] });
    expect(mail.headers.get("to")).toBe(staffAddress);
    expect(mail.subject).toBe("New appointment request: Asha Rani शर्मा, 122002");

    expect(mail.text).toContain("Name: Asha Rani शर्मा\n");
    expect(mail.text).toContain("Phone: 98765 43210\n");
    expect(mail.text).toContain("Address: H-12, Sector 43 & Golf Course Road\n");
    expect(mail.text).toContain("Pin code: 122002\n");
    expect(mail.text).toContain(
      "Message: Knee pain after surgery <2 weeks ago>.\nPlease call after 5 pm.\n",
    );
    expect(mail.text).toContain("Call: tel:+919876543210\n");
    expect(mail.text).toMatch(/WhatsApp: https:\/\/wa\.me\/919876543210\?text=\S*Asha/);

    // The HTML part: the same fields, escaped, and the links as links.
    expect(mail.html).toContain("Asha Rani शर्मा");
    expect(mail.html).toContain("98765 43210");
    expect(mail.html).toContain("H-12, Sector 43 &amp; Golf Course Road");
    expect(mail.html).toContain("122002");
    expect(mail.html).toContain(
      "Knee pain after surgery &lt;2 weeks ago&gt;.<br>Please call after 5 pm.",
    );
    expect(mail.html).not.toContain("<2 weeks ago>");
    expect(mail.html).toContain('href="tel:+919876543210"');
    // The attribute's "/" are entities (the encoder escapes them); a mail client reads the URL.
    expect(mail.html).toMatch(/href="https:&#x2F;&#x2F;wa\.me&#x2F;919876543210\?text=[^"]+"/);

    expect(await outboxRow(database.db, notificationId)).toMatchObject({
      state: "sent",
      attempts: 1,
      lastError: null,
      sentAt: expect.any(Date),
    });
    expect(lines().join("")).toContain("e-mail sent");
    expectNoPersonalData(lines());
  });

  it("is written as an .eml file a person can read when there is no SMTP server", async () => {
    const mailDir = mkdtempSync(join(tmpdir(), "physio-it-mail-"));
    onTestFinished(() => rmSync(mailDir, { recursive: true, force: true }));
    const mailer = createMailer({ from, mailDir });
    const { log, lines } = captureLog();

    const {
      notification: { id: notificationId },
    } = await createAppointment(database.db, patient, staffMail);
    const report = await deliverDue(database.db, mailer, log, {
      compose,
      maxAttempts: 3,
      retryBaseSeconds: 30,
    });
    expect(report).toEqual({ sent: [notificationId], failed: [] });

    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    // Named by its outbox row, so that an erasure can find the copies about the person.
    expect(files[0]).toMatch(new RegExp(`^[\\dT-]+Z-${notificationId}\\.eml$`));
    expect(statSync(join(mailDir, files[0] ?? "")).mode & 0o777).toBe(0o600);
    const mail = await readMail(readFileSync(join(mailDir, files[0] ?? ""), "utf8"), {
      from: "",
      to: [],
    });
    expect(mail.headers.get("to")).toBe(staffAddress);
    expect(mail.subject).toBe("New appointment request: Asha Rani शर्मा, 122002");
    expect(mail.text).toContain("Address: H-12, Sector 43 & Golf Course Road\n");
    expect(mail.text).toContain("Call: tel:+919876543210\n");
    expect((await outboxRow(database.db, notificationId)).state).toBe("sent");
    expectNoPersonalData(lines());
    // Forgotten by its id (an erasure), and only it.
    expect(mailer.forget(["another-id", notificationId])).toBe(1);
    expect(readdirSync(mailDir)).toEqual([]);
  });

  it("with the SMTP server down: the request is saved, and the e-mail sent once it is back", async () => {
    const port = await freePort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, mailDir: "unused" });
    onTestFinished(() => mailer.close());
    const { log, lines } = captureLog();
    const sender = startMailSender(database.db, mailer, log, {
      compose,
      maxAttempts: 5,
      retryBaseSeconds: 1,
      pollSeconds: 0.2,
    });
    onTestFinished(() => sender.stop());

    const started = Date.now();
    const outcome = await openAppointmentDesk(database.db, staffMail, sender).request(
      patient,
      3_000,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(outcome.notified).toBe(false);
    expect(await database.db.select().from(appointments)).toMatchObject([outcome.appointment]);

    const [queued] = await database.db.select().from(notifications);
    if (!queued) throw new Error("the outbox row is missing");
    // The attempt may have been the sender's own sweep: wait until its failure is recorded.
    const failed = await eventually("the failed attempt recorded", async () => {
      const row = await outboxRow(database.db, queued.id);
      return row.lastError ? row : undefined;
    });
    expect(failed).toMatchObject({ appointmentId: outcome.appointment.id, state: "queued" });
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.sentAt).toBeNull();
    const wait = await secondsUntilDue(database.db, queued.id);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1);

    const smtp = await startSmtpServer(port);
    onTestFinished(() => smtp.close());
    const sent = await eventually("the e-mail sent after the server came back", async () => {
      const row = await outboxRow(database.db, queued.id);
      return row.state === "sent" ? row : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.lastError).toBeNull();
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      "New appointment request: Asha Rani शर्मा, 122002",
    ]);
    expect(smtp.received[0]?.text).toContain("Pin code: 122002\n");

    const log_ = lines().join("");
    expect(log_).toContain("e-mail failed; will retry");
    expect(log_).toContain("e-mail sent");
    expectNoPersonalData(lines());
  });

  it("is marked failed, its last error kept, once the attempts are used up", async () => {
    const port = await freePort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, mailDir: "unused" });
    onTestFinished(() => mailer.close());
    const { log, lines } = captureLog();
    const options = { compose, maxAttempts: 4, retryBaseSeconds: 60 };
    const {
      notification: { id: notificationId },
    } = await createAppointment(database.db, patient, staffMail);
    const attempt = () => deliverDue(database.db, mailer, log, options, { onlyId: notificationId });
    // As if the wait had passed: the database's own rows, moved, not a mocked clock.
    const makeDue = () =>
      database.db
        .update(notifications)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(notifications.id, notificationId));

    expect(await attempt()).toEqual({ sent: [], failed: [notificationId] });
    expect(await outboxRow(database.db, notificationId)).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    // Backs off: not due for retryBaseSeconds, so an attempt now finds nothing to send.
    expect(await secondsUntilDue(database.db, notificationId)).toBeGreaterThan(58);
    expect(await secondsUntilDue(database.db, notificationId)).toBeLessThanOrEqual(60);
    expect(await attempt()).toEqual({ sent: [], failed: [] });
    expect((await outboxRow(database.db, notificationId)).attempts).toBe(1);

    // Each later wait twice the one before.
    for (const wait of [120, 240]) {
      await makeDue();
      expect(await attempt()).toEqual({ sent: [], failed: [notificationId] });
      expect((await outboxRow(database.db, notificationId)).state).toBe("queued");
      expect(await secondsUntilDue(database.db, notificationId)).toBeGreaterThan(wait - 2);
      expect(await secondsUntilDue(database.db, notificationId)).toBeLessThanOrEqual(wait);
    }

    await makeDue();
    expect(await attempt()).toEqual({ sent: [], failed: [notificationId] });
    const exhausted = await outboxRow(database.db, notificationId);
    expect(exhausted).toMatchObject({ state: "failed", attempts: 4, sentAt: null });
    expect(exhausted.lastError).toMatch(/ECONNREFUSED/);

    // A failed message is not tried again, even once due and with the server back.
    const smtp = await startSmtpServer(port);
    onTestFinished(() => smtp.close());
    await makeDue();
    expect(await attempt()).toEqual({ sent: [], failed: [] });
    expect(await deliverDue(database.db, mailer, log, options)).toEqual({ sent: [], failed: [] });
    expect(smtp.received).toEqual([]);
    expect(await outboxRow(database.db, notificationId)).toMatchObject({
      state: "failed",
      attempts: 4,
      lastError: exhausted.lastError,
    });
    // The appointment itself is kept: staff see it, and that its e-mail failed.
    expect(await database.db.$count(appointments)).toBe(1);
    expect(lines().join("")).toContain("e-mail failed; no attempts left");
    expectNoPersonalData(lines());
  });

  it("is stored as a reference to the appointment: the outbox holds no second copy of the patient's details", async () => {
    await createAppointment(database.db, patient, staffMail, { claimForSeconds: 60 });
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT * FROM notifications`,
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    for (const detail of personal) expect(stored).not.toContain(detail);
  });

  it("fails, and retries later, a message no composer knows, saying why", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const mailer = createMailer({ smtpUrl: smtp.url, from, mailDir: "unused" });
    onTestFinished(() => mailer.close());
    const { log } = captureLog();
    const [row] = await database.db
      .insert(notifications)
      .values({ kind: "no-such-kind", recipient: staffAddress })
      .returning({ id: notifications.id });
    if (!row) throw new Error("not stored");

    const report = await deliverDue(database.db, mailer, log, {
      compose,
      maxAttempts: 3,
      retryBaseSeconds: 30,
    });
    expect(report).toEqual({ sent: [], failed: [row.id] });
    expect(await outboxRow(database.db, row.id)).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: "no composer for e-mails of kind no-such-kind",
    });
    expect(smtp.received).toEqual([]);
  });
});
