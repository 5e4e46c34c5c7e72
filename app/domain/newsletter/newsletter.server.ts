// The newsletter, with double opt-in: a sign-up stores the address as `pending` and queues one
// confirmation e-mail in the same transaction; only the link in that e-mail makes it `confirmed`.
// The links carry random tokens that are stored only as SHA-256 hashes. Every answer to a sign-up
// is the same, so the form never tells anyone whether an address is subscribed, and a mailbox
// that has not confirmed gets nothing but that one e-mail (again only after `resendAfterSeconds`),
// whatever plus or dot variant of its address is typed (mailbox.server.ts). The limits per client,
// per mailbox and for the whole site are the route's (docs/abuse.md).
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { csvRows } from "#app/domain/appointments/csv.server.ts";
import { mailboxOf } from "#app/domain/mail/mailbox.server.ts";
import {
  type NewsletterLinks,
  newsletterConfirmDays,
  newsletterConfirmKind,
} from "#app/domain/newsletter/newsletter-mail.server.ts";
import { enqueueMessage } from "#app/domain/outbox/outbox.server.ts";
import { newsletterSubscriptions } from "#db/schema.ts";

export interface SubscribeOptions {
  /** The site's public address, for the links in the e-mail. */
  siteUrl: string;
  /** A confirmation e-mail is not sent again to an address sooner than this. */
  resendAfterSeconds?: number;
}

const defaultResendAfterSeconds = 600;

/**
 * What a sign-up did: for the caller's logs and tests only. A person is shown the same answer
 * whatever it is.
 */
export type SubscribeOutcome = "queued" | "already-confirmed" | "recently-sent";

/** A link's token: 256 random bits, URL-safe. */
const newToken = () => randomBytes(32).toString("base64url");

/** What is stored of a token. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Addresses are kept lower-cased, so one address is one row however it is typed. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** No token we make is this long; a longer one is not looked up at all. */
const maxTokenLength = 200;

/**
 * Signs `email` up: a new mailbox, or one that unsubscribed, or one still pending whose last
 * confirmation e-mail is older than the resend interval, gets fresh tokens and one confirmation
 * e-mail (queued in the same transaction; kick the outbox afterwards). A confirmed mailbox, or a
 * pending one e-mailed recently, is left as it is and gets nothing.
 */
export async function subscribe(
  db: Database,
  email: string,
  options: SubscribeOptions,
): Promise<SubscribeOutcome> {
  const address = normalizeEmail(email);
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  const tokens = {
    confirmTokenHash: hashToken(confirmToken),
    unsubscribeTokenHash: hashToken(unsubscribeToken),
  };
  const links: NewsletterLinks = {
    confirmUrl: `${options.siteUrl}/newsletter/confirm?token=${confirmToken}`,
    unsubscribeUrl: `${options.siteUrl}/newsletter/unsubscribe?token=${unsubscribeToken}`,
  };
  const resendAfter = options.resendAfterSeconds ?? defaultResendAfterSeconds;
  const mailbox = mailboxOf(address);
  const t = newsletterSubscriptions;
  return db.transaction(async (tx) => {
    // One sign-up per mailbox at a time, whatever variant of it was typed: two at once send one
    // e-mail between them (the second waits for the first, then finds it just sent).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`newsletter:${mailbox}`}))`);
    // The mailbox's subscription (or this very address's, stored before mailboxes were kept).
    const [known] = await tx
      .select({
        id: t.id,
        email: t.email,
        state: t.state,
        resendable: sql<boolean>`${t.confirmationSentAt} <= now() - make_interval(secs => ${resendAfter})`,
      })
      .from(t)
      .where(or(eq(t.mailbox, mailbox), eq(t.email, address)))
      .orderBy(sql`${t.state} = 'confirmed' desc`, desc(t.createdAt))
      .limit(1)
      .for("update");
    if (!known) {
      await tx.insert(t).values({ email: address, mailbox, ...tokens });
    } else {
      if (known.state === "confirmed") return "already-confirmed";
      if (!known.resendable) return "recently-sent";
      // New tokens: the mailbox's one pending confirmation is the latest e-mail's, to the
      // address first stored (it reaches the same mailbox).
      await tx
        .update(t)
        .set({
          ...tokens,
          state: "pending",
          confirmationSentAt: sql`now()`,
          confirmedAt: null,
          unsubscribedAt: null,
        })
        .where(eq(t.id, known.id));
    }
    await enqueueMessage(tx, {
      kind: newsletterConfirmKind,
      recipient: known?.email ?? address,
      payload: links,
    });
    return "queued";
  });
}

/**
 * Confirms the subscription whose confirmation link holds `token`. Opening the link again (or a
 * mail scanner having opened it first) still answers "confirmed". "invalid": no such link, a
 * link older than `newsletterConfirmDays` or replaced by a newer e-mail, or an address that has
 * unsubscribed since.
 */
export async function confirm(db: Database, token: string): Promise<"confirmed" | "invalid"> {
  if (!token || token.length > maxTokenLength) return "invalid";
  const t = newsletterSubscriptions;
  const [row] = await db
    .update(t)
    .set({
      state: "confirmed",
      confirmedAt: sql`coalesce(${t.confirmedAt}, now())`,
    })
    .where(
      and(
        eq(t.confirmTokenHash, hashToken(token)),
        sql`(${t.state} = 'confirmed' or (${t.state} = 'pending' and ${t.confirmationSentAt} > now() - make_interval(days => ${newsletterConfirmDays})))`,
      ),
    )
    .returning({ id: t.id });
  return row ? "confirmed" : "invalid";
}

/** What the link of an unsubscribe e-mail would do, without doing it (for the page it opens). */
export async function unsubscribeLinkState(
  db: Database,
  token: string,
): Promise<"subscribed" | "unsubscribed" | "invalid"> {
  if (!token || token.length > maxTokenLength) return "invalid";
  const [row] = await db
    .select({ state: newsletterSubscriptions.state })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hashToken(token)));
  if (!row) return "invalid";
  return row.state === "unsubscribed" ? "unsubscribed" : "subscribed";
}

/**
 * Unsubscribes the address whose unsubscribe link holds `token` (pending or confirmed; doing it
 * again changes nothing and answers the same). The row stays, as `unsubscribed`.
 */
export async function unsubscribe(
  db: Database,
  token: string,
): Promise<"unsubscribed" | "invalid"> {
  if (!token || token.length > maxTokenLength) return "invalid";
  const t = newsletterSubscriptions;
  const [row] = await db
    .update(t)
    .set({
      state: "unsubscribed",
      unsubscribedAt: sql`coalesce(${t.unsubscribedAt}, now())`,
    })
    .where(eq(t.unsubscribeTokenHash, hashToken(token)))
    .returning({ id: t.id });
  return row ? "unsubscribed" : "invalid";
}

export interface Subscriber {
  email: string;
  confirmedAt: Date;
}

/** The confirmed addresses, first confirmed first. */
export async function confirmedSubscribers(db: Database): Promise<Subscriber[]> {
  const rows = await db
    .select({
      email: newsletterSubscriptions.email,
      confirmedAt: newsletterSubscriptions.confirmedAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.state, "confirmed"))
    .orderBy(asc(newsletterSubscriptions.confirmedAt), asc(newsletterSubscriptions.email));
  // Never null here: newsletter_subscriptions_confirmed_at_check. The type cannot know it.
  return rows.map((row) => ({ email: row.email, confirmedAt: row.confirmedAt ?? new Date(0) }));
}

/** The subscribers as CSV (csv.server.ts: an address may start with `=` or `+`). */
export function subscribersCsv(subscribers: Subscriber[]): string {
  return csvRows(
    subscribers.map((row) => [row.email, row.confirmedAt.toISOString()]),
    ["Email", "Confirmed at"],
  );
}
