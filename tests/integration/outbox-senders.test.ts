// Several app instances run the outbox sender at once: every message goes out exactly once.
// On PostgreSQL each instance has its own pool, as separate processes would; PGlite allows one
// process per folder, so there the two senders share the one handle.
import { eq } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import type { Database } from "#app/db.server.ts";
import {
  type AppointmentDesk,
  openAppointmentDesk,
} from "#app/domain/appointments/appointments.server.ts";
import { type MailSender, startMailSender } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { notifications } from "#db/schema.ts";
import { describeEachDatabase, eventually } from "#tests/integration/databases.ts";
import {
  appointmentInput,
  captureLog,
  compose,
  site,
  staffAddress,
  staffMail,
} from "#tests/integration/fixtures.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/integration/smtp.ts";

interface Instance {
  db: Database;
  sender: MailSender;
  /** Where this instance takes patients' requests (as its contact page does). */
  desk: AppointmentDesk;
  /** How many messages this instance's sender reported sent. */
  sentCount(): number;
}

/** An app instance's sender on `db`, with its own SMTP connection and log. */
function startInstance(db: Database, smtp: TestSmtpServer, pollSeconds: number): Instance {
  const mailer = createMailer({ smtpUrl: smtp.url, from: site.email, mailDir: "unused" });
  const { log, lines } = captureLog();
  const sender = startMailSender(db, mailer, log, {
    compose,
    maxAttempts: 3,
    retryBaseSeconds: 30,
    pollSeconds,
  });
  onTestFinished(async () => {
    await sender.stop();
    mailer.close();
  });
  return {
    db,
    sender,
    desk: openAppointmentDesk(db, staffMail, sender),
    sentCount: () => lines().filter((line) => line.includes('"msg":"e-mail sent"')).length,
  };
}

/** Each subject received, with how many times. */
function receivedCounts(smtp: TestSmtpServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) counts.set(mail.subject, (counts.get(mail.subject) ?? 0) + 1);
  return counts;
}

describeEachDatabase("two senders at once", (database) => {
  it("deliver each of 40 queued messages exactly once", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const subjects = Array.from({ length: 40 }, (_, i) => `Outbox message ${i}`);
    await database.db.insert(notifications).values(
      subjects.map((subject) => ({
        kind: "test",
        recipient: staffAddress,
        payload: { subject, text: subject },
      })),
    );

    const second = await database.openInstance();
    const instances = [startInstance(database.db, smtp, 0.1), startInstance(second.db, smtp, 0.1)];
    await eventually("every message sent", async () =>
      (await database.db.$count(notifications, eq(notifications.state, "sent"))) === 40
        ? true
        : undefined,
    );
    await Promise.all(instances.map((instance) => instance.sender.stop()));

    expect(receivedCounts(smtp)).toEqual(new Map(subjects.map((subject) => [subject, 1])));
    const rows = await database.db.select().from(notifications);
    expect(rows.map((row) => [row.state, row.attempts, row.lastError])).toEqual(
      subjects.map(() => ["sent", 1, null]),
    );
    // Both took part: a sweep claims at most 20, so neither sender can have sent all 40 alone
    // before the other's first sweep.
    const [first, other] = instances.map((instance) => instance.sentCount());
    expect(first).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);
    expect((first ?? 0) + (other ?? 0)).toBe(40);
  });

  it("send a request's e-mail once while one instance delivers it at once and both sweep", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const second = await database.openInstance();
    // Sweeping as often as possible, so that sweeps race the requests' own deliveries.
    const instances = [
      startInstance(database.db, smtp, 0.02),
      startInstance(second.db, smtp, 0.02),
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const instance = instances[i % 2] as Instance;
        const input = appointmentInput({
          name: `Patient ${i}`,
          pincode: `1100${String(i).padStart(2, "0")}`,
        });
        return instance.desk.request(input, 5_000);
      }),
    );
    await eventually("every message sent", async () =>
      (await database.db.$count(notifications, eq(notifications.state, "sent"))) === 20
        ? true
        : undefined,
    );
    await Promise.all(instances.map((instance) => instance.sender.stop()));

    const expected = outcomes.map(
      ({ appointment }) => `New appointment request: ${appointment.name}, ${appointment.pincode}`,
    );
    expect(receivedCounts(smtp)).toEqual(new Map(expected.map((subject) => [subject, 1])));
    const rows = await database.db.select().from(notifications);
    expect(rows.every((row) => row.state === "sent" && row.attempts === 1)).toBe(true);
  });
});
