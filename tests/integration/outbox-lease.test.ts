// A claim on an outbox message is a lease: a sender that hangs (or dies) mid-send leaves the
// message to another sender once the lease runs out, and when its own attempt finally ends it
// must not undo what the other sender did.
import { expect, it, onTestFinished } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { deliverDue } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { notifications } from "#db/schema.ts";
import { describeEachDatabase, eventually } from "#tests/integration/databases.ts";
import {
  appointmentInput,
  captureLog,
  compose,
  site,
  staffMail,
} from "#tests/integration/fixtures.ts";
import { startSilentServer, startSmtpServer } from "#tests/integration/smtp.ts";

describeEachDatabase("a sender that outlives its claim", (database) => {
  it("leaves the message to another sender, and does not undo its delivery", async () => {
    const options = { compose, maxAttempts: 5, retryBaseSeconds: 30, leaseSeconds: 1 };
    const {
      notification: { id: notificationId },
    } = await createAppointment(database.db, appointmentInput(), staffMail);
    // The first sender is stuck on a mail server that never answers (as if it had hung, or
    // died): its claim runs out after leaseSeconds.
    const silent = await startSilentServer(2_500);
    onTestFinished(() => silent.close());
    const stuckMailer = createMailer({ smtpUrl: silent.url, from: site.email, mailDir: "unused" });
    onTestFinished(() => stuckMailer.close());
    const stuck = deliverDue(database.db, stuckMailer, captureLog().log, options);
    await eventually("the first sender's claim", async () => {
      const [row] = await database.db.select().from(notifications);
      return row?.attempts === 1;
    });

    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const mailer = createMailer({ smtpUrl: smtp.url, from: site.email, mailDir: "unused" });
    onTestFinished(() => mailer.close());
    const other = await database.openInstance();
    // Claimed: not due for the other sender while the claim lasts.
    expect(await deliverDue(other.db, mailer, captureLog().log, options)).toEqual({
      sent: [],
      failed: [],
    });
    const taken = await eventually(
      "the other sender delivers it once the claim ran out",
      async () => {
        const report = await deliverDue(other.db, mailer, captureLog().log, options);
        return report.sent.length > 0 ? report : undefined;
      },
    );
    expect(taken).toEqual({ sent: [notificationId], failed: [] });

    // The stuck sender's attempt fails at last; the message was delivered all the same.
    expect(await stuck).toEqual({ sent: [], failed: [notificationId] });
    const [row] = await database.db.select().from(notifications);
    expect(row).toMatchObject({ state: "sent", attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });
});
