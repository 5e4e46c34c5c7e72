// A password link waits in the outbox sealed (decision 024): the stored row holds no link, only the
// site's key opens it (for its recipient only), the e-mail that reaches the SMTP server holds the
// link, and once sent the row forgets it. Another key cannot send it: it fails, saying why.
import { eq } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { deliverDue } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { payloadSealer } from "#app/domain/mail/sealed-payload.server.ts";
import { enqueueMessage } from "#app/domain/outbox/outbox.server.ts";
import { notifications } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { captureLog, compose, site, testSecret } from "#tests/integration/fixtures.ts";
import { startSmtpServer } from "#tests/integration/smtp.ts";

const link = "http://localhost:3000/auth/set-password?token=Zq7LinkTokenThatOpensAnAccount0";
const recipient = "nurse@clinic.test";

describeEachDatabase("sealed links in the outbox", (database) => {
  it("stores the link sealed, sends it, then forgets it", async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: site.email, mailDir: "unused" });
    onTestFinished(async () => {
      mailer.close();
      await smtp.close();
    });
    const sealer = payloadSealer(testSecret);
    const id = await enqueueMessage(database.db, {
      kind: "password-reset",
      recipient,
      payload: sealer.seal({ url: link }, recipient),
    });
    const stored = async () =>
      (await database.db.select().from(notifications).where(eq(notifications.id, id)))[0];
    const queued = await stored();
    expect(JSON.stringify(queued?.payload)).toMatch(/^\{"sealed":"v1\.[\w-]+"\}$/);
    expect(JSON.stringify(queued)).not.toContain("set-password");
    expect(JSON.stringify(queued)).not.toContain("Zq7LinkToken");
    // Bound to its recipient: moved to another address, it does not open.
    expect(() => sealer.open(queued?.payload as { sealed: string }, "other@clinic.test")).toThrow();

    // Another key (a copy's thief, or a key rotated since): the attempt fails, saying why.
    const { log } = captureLog();
    const options = { compose, maxAttempts: 3, retryBaseSeconds: 30 };
    const failed = await deliverDue(database.db, mailer, log, {
      ...options,
      sealer: payloadSealer("another-key-entirely-0123456789abcdef"),
    });
    expect(failed).toEqual({ sent: [], failed: [id] });
    expect((await stored())?.lastError).toMatch(/does not open with this key/);
    expect(smtp.received).toHaveLength(0);

    // The site's key: sent, with the link; the row keeps the delivery, not the link.
    await database.db
      .update(notifications)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(notifications.id, id));
    const sent = await deliverDue(database.db, mailer, log, { ...options, sealer });
    expect(sent).toEqual({ sent: [id], failed: [] });
    expect(smtp.received[0]?.text).toContain(link);
    expect(smtp.received[0]?.envelope.to).toEqual([recipient]);
    expect(await stored()).toMatchObject({ state: "sent", payload: null });
  });

  it("keeps an unsealed payload (a weekly summary's week) after sending, as before", async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: site.email, mailDir: "unused" });
    onTestFinished(async () => {
      mailer.close();
      await smtp.close();
    });
    const payload = { subject: "Hello", text: "A plain message" };
    const id = await enqueueMessage(database.db, { kind: "test", recipient, payload });
    const { log } = captureLog();
    await deliverDue(database.db, mailer, log, { compose, maxAttempts: 3, retryBaseSeconds: 30 });
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ state: "sent", payload });
  });
});
