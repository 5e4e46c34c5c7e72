// The newsletter's double opt-in on both databases: a sign-up stores a pending address with its
// one confirmation e-mail, a repeat does not send another, the links confirm and unsubscribe,
// and only hashes of their tokens are stored.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import {
  confirm,
  confirmedSubscribers,
  hashToken,
  subscribe,
  subscribersCsv,
  unsubscribe,
  unsubscribeLinkState,
} from "#app/domain/newsletter/newsletter.server.ts";
import type { ClaimedMessage } from "#app/domain/outbox/outbox.server.ts";
import { newsletterSubscriptions, notifications } from "#db/schema.ts";
import { databaseError, describeEachDatabase } from "#tests/integration/databases.ts";
import { compose } from "#tests/integration/fixtures.ts";

const siteUrl = "https://physio.example";

async function confirmationMails(db: Database, recipient?: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(recipient ? eq(notifications.recipient, recipient) : undefined);
  return rows.map((row) => {
    const links = row.payload as { confirmUrl: string; unsubscribeUrl: string };
    return { ...row, ...links };
  });
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

async function subscription(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return row;
}

/** Makes the last confirmation e-mail to `email` look `minutes` old. */
async function age(db: Database, email: string, minutes: number) {
  await db
    .update(newsletterSubscriptions)
    .set({ confirmationSentAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(newsletterSubscriptions.email, email));
}

describeEachDatabase("the newsletter", (database) => {
  it("stores a sign-up as pending, lower-cased, and queues one confirmation e-mail with both links", async () => {
    const { db } = database;
    expect(await subscribe(db, "  Reader@Example.COM ", { siteUrl })).toBe("queued");
    const row = await subscription(db, "reader@example.com");
    expect(row).toMatchObject({ state: "pending", confirmedAt: null, unsubscribedAt: null });
    const mails = await confirmationMails(db);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error("no e-mail");
    expect(mail).toMatchObject({
      kind: "newsletter-confirm",
      recipient: "reader@example.com",
      state: "queued",
    });
    expect(mail.confirmUrl).toMatch(/^https:\/\/physio\.example\/newsletter\/confirm\?token=/);
    expect(mail.unsubscribeUrl).toMatch(
      /^https:\/\/physio\.example\/newsletter\/unsubscribe\?token=/,
    );
    // The composed message: the confirmation link and, as in every newsletter e-mail, the way out.
    const content = await compose(db, mail as ClaimedMessage);
    expect(content.subject).toBe("Confirm your subscription to the HomePhysio NCR newsletter");
    expect(content.text).toContain(mail.confirmUrl);
    expect(content.text).toContain(mail.unsubscribeUrl);
  });

  it("stores only SHA-256 hashes of the tokens", async () => {
    const { db } = database;
    await subscribe(db, "reader@example.com", { siteUrl });
    const [mail] = await confirmationMails(db);
    const row = await subscription(db, "reader@example.com");
    if (!mail || !row) throw new Error("nothing stored");
    const confirmToken = tokenOf(mail.confirmUrl);
    const unsubscribeToken = tokenOf(mail.unsubscribeUrl);
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.confirmTokenHash).toBe(hashToken(confirmToken));
    expect(row.unsubscribeTokenHash).toBe(hashToken(unsubscribeToken));
    expect(row.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(confirmToken);
    expect(stored).not.toContain(unsubscribeToken);
  });

  it("sends no second e-mail to a pending address within 10 minutes, a new one after", async () => {
    const { db } = database;
    await subscribe(db, "reader@example.com", { siteUrl });
    expect(await subscribe(db, "READER@example.com", { siteUrl })).toBe("recently-sent");
    await age(db, "reader@example.com", 9);
    expect(await subscribe(db, "reader@example.com", { siteUrl })).toBe("recently-sent");
    expect(await confirmationMails(db)).toHaveLength(1);
    expect(await db.select().from(newsletterSubscriptions)).toHaveLength(1);

    await age(db, "reader@example.com", 11);
    expect(await subscribe(db, "reader@example.com", { siteUrl })).toBe("queued");
    const mails = await confirmationMails(db);
    expect(mails).toHaveLength(2);
    // The new e-mail's links replace the old ones.
    const [first, second] = mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (!first || !second) throw new Error("two e-mails expected");
    expect(await confirm(db, tokenOf(first.confirmUrl))).toBe("invalid");
    expect(await confirm(db, tokenOf(second.confirmUrl))).toBe("confirmed");
  });

  it("treats the plus and dot variants of one mailbox as that mailbox: one pending confirmation", async () => {
    const { db } = database;
    expect(await subscribe(db, "Jane.Doe@gmail.com", { siteUrl })).toBe("queued");
    const variants = [
      "janedoe@gmail.com",
      "jane.doe+news@gmail.com",
      "J.A.N.E.D.O.E@googlemail.com",
      ...Array.from({ length: 30 }, (_, i) => `jane.doe+${i}@gmail.com`),
    ];
    for (const variant of variants) {
      expect(await subscribe(db, variant, { siteUrl })).toBe("recently-sent");
    }
    expect(await confirmationMails(db)).toHaveLength(1);
    expect(await db.$count(newsletterSubscriptions)).toBe(1);
    // Any domain's +tag: a@clinic.example and a+x@clinic.example are one mailbox.
    expect(await subscribe(db, "a+x@clinic.example", { siteUrl })).toBe("queued");
    expect(await subscribe(db, "a@clinic.example", { siteUrl })).toBe("recently-sent");
    // A resend after the interval goes to the address first stored, with new links.
    await age(db, "jane.doe@gmail.com", 11);
    expect(await subscribe(db, "jane.doe+again@gmail.com", { siteUrl })).toBe("queued");
    const mails = await confirmationMails(db, "jane.doe@gmail.com");
    expect(mails).toHaveLength(2);
    // Confirmed, the mailbox is subscribed whatever variant signs up again.
    const latest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(await confirm(db, tokenOf(latest?.confirmUrl ?? ""))).toBe("confirmed");
    expect(await subscribe(db, "janedoe+later@gmail.com", { siteUrl })).toBe("already-confirmed");
    expect(await db.$count(newsletterSubscriptions)).toBe(2);
  });

  it("sends one e-mail between sign-ups of variants of one mailbox at once", async () => {
    const { db } = database;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => subscribe(db, `reader+${i}@example.com`, { siteUrl })),
    );
    expect(outcomes.filter((outcome) => outcome === "queued")).toHaveLength(1);
    expect(await confirmationMails(db)).toHaveLength(1);
  });

  it("sends one e-mail between sign-ups of the same address at once", async () => {
    const { db } = database;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => subscribe(db, "reader@example.com", { siteUrl })),
    );
    expect(outcomes.filter((outcome) => outcome === "queued")).toHaveLength(1);
    expect(await confirmationMails(db)).toHaveLength(1);
  });

  it("confirms with the right token only, and again without harm", async () => {
    const { db } = database;
    await subscribe(db, "reader@example.com", { siteUrl });
    const [mail] = await confirmationMails(db);
    if (!mail) throw new Error("no e-mail");
    expect(await confirm(db, "not-the-token")).toBe("invalid");
    expect(await confirm(db, "")).toBe("invalid");
    expect(await confirm(db, tokenOf(mail.unsubscribeUrl))).toBe("invalid");
    expect((await subscription(db, "reader@example.com"))?.state).toBe("pending");

    expect(await confirm(db, tokenOf(mail.confirmUrl))).toBe("confirmed");
    const confirmed = await subscription(db, "reader@example.com");
    expect(confirmed?.state).toBe("confirmed");
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
    expect(await confirm(db, tokenOf(mail.confirmUrl))).toBe("confirmed");
    expect((await subscription(db, "reader@example.com"))?.confirmedAt).toEqual(
      confirmed?.confirmedAt,
    );
  });

  it("refuses a confirmation link older than 7 days", async () => {
    const { db } = database;
    await subscribe(db, "reader@example.com", { siteUrl });
    const [mail] = await confirmationMails(db);
    if (!mail) throw new Error("no e-mail");
    await age(db, "reader@example.com", 7 * 24 * 60 + 1);
    expect(await confirm(db, tokenOf(mail.confirmUrl))).toBe("invalid");
    expect((await subscription(db, "reader@example.com"))?.state).toBe("pending");
  });

  it("gives a confirmed address no new e-mail and keeps its links", async () => {
    const { db } = database;
    await subscribe(db, "reader@example.com", { siteUrl });
    const [mail] = await confirmationMails(db);
    if (!mail) throw new Error("no e-mail");
    await confirm(db, tokenOf(mail.confirmUrl));
    await age(db, "reader@example.com", 60);
    expect(await subscribe(db, "reader@example.com", { siteUrl })).toBe("already-confirmed");
    expect(await confirmationMails(db)).toHaveLength(1);
    expect(await unsubscribeLinkState(db, tokenOf(mail.unsubscribeUrl))).toBe("subscribed");
  });

  it("unsubscribes by the link's token, once, and a later confirmation link does nothing", async () => {
    const { db } = database;
    await subscribe(db, "reader@example.com", { siteUrl });
    const [mail] = await confirmationMails(db);
    if (!mail) throw new Error("no e-mail");
    const token = tokenOf(mail.unsubscribeUrl);
    await confirm(db, tokenOf(mail.confirmUrl));

    expect(await unsubscribeLinkState(db, "wrong")).toBe("invalid");
    expect(await unsubscribe(db, "wrong")).toBe("invalid");
    expect(await unsubscribeLinkState(db, token)).toBe("subscribed");
    expect((await subscription(db, "reader@example.com"))?.state).toBe("confirmed");

    expect(await unsubscribe(db, token)).toBe("unsubscribed");
    const row = await subscription(db, "reader@example.com");
    expect(row?.state).toBe("unsubscribed");
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await unsubscribe(db, token)).toBe("unsubscribed");
    expect(await unsubscribeLinkState(db, token)).toBe("unsubscribed");
    expect(await confirm(db, tokenOf(mail.confirmUrl))).toBe("invalid");
    expect(await confirmedSubscribers(db)).toEqual([]);
  });

  it("lets an unsubscribed address sign up again, with a new confirmation e-mail", async () => {
    const { db } = database;
    await subscribe(db, "reader@example.com", { siteUrl });
    const [first] = await confirmationMails(db);
    if (!first) throw new Error("no e-mail");
    await unsubscribe(db, tokenOf(first.unsubscribeUrl));
    await age(db, "reader@example.com", 11);
    expect(await subscribe(db, "reader@example.com", { siteUrl })).toBe("queued");
    expect(await subscription(db, "reader@example.com")).toMatchObject({
      state: "pending",
      unsubscribedAt: null,
    });
    expect(await unsubscribeLinkState(db, tokenOf(first.unsubscribeUrl))).toBe("invalid");
  });

  it("lists exactly the confirmed addresses, as CSV with formulas neutralised", async () => {
    const { db } = database;
    for (const email of ["one@example.com", "+two@example.com", "pending@example.com"]) {
      await subscribe(db, email, { siteUrl });
    }
    for (const mail of await confirmationMails(db)) {
      if (mail.recipient !== "pending@example.com") await confirm(db, tokenOf(mail.confirmUrl));
    }
    const list = await confirmedSubscribers(db);
    expect(list.map((row) => row.email).sort()).toEqual(["+two@example.com", "one@example.com"]);
    const csv = subscribersCsv(list);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("Email,Confirmed at");
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[0])
        .sort(),
    ).toEqual(["'+two@example.com", "one@example.com"]);
    for (const line of lines.slice(1)) {
      expect(line.split(",")[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it("refuses an upper-case address or a confirmed row without its time, whatever code writes it", async () => {
    const { db } = database;
    const row = {
      confirmTokenHash: hashToken("a"),
      unsubscribeTokenHash: hashToken("b"),
      mailbox: "reader@example.com",
    };
    const upperCase = await db
      .insert(newsletterSubscriptions)
      .values({ ...row, email: "Reader@example.com" })
      .catch((error: unknown) => error);
    expect(databaseError(upperCase)).toEqual({
      code: "23514",
      constraint: "newsletter_subscriptions_email_check",
    });
    const untimed = await db
      .insert(newsletterSubscriptions)
      .values({ ...row, email: "reader@example.com", state: "confirmed" })
      .catch((error: unknown) => error);
    expect(databaseError(untimed)).toEqual({
      code: "23514",
      constraint: "newsletter_subscriptions_confirmed_at_check",
    });
    expect(await db.$count(newsletterSubscriptions)).toBe(0);
  });
});
