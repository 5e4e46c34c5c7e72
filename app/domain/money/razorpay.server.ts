// Money paid online through Razorpay (decision 047; docs/payments.md): a payment link for what a
// request owes or for a package, made with Razorpay's Payment Links API, and the webhook that books
// the payment when the family has paid. Only with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and
// RAZORPAY_WEBHOOK_SECRET set; without them nothing of this is offered.
//
// The API (Razorpay's "Create a Standard Payment Link", razorpay.com/docs/api/payments/
// payment-links/create-standard): POST <RAZORPAY_API_URL>/payment_links, HTTP basic auth with the
// key id and secret, a JSON body with `amount` (paise), `currency` "INR", `reference_id` (ours,
// unique per merchant), `description`, `callback_url`/`callback_method`; the answer's `id`
// ("plink_…") and `short_url`. The link is stored before Razorpay is asked, so a crash between
// the two leaves a row that says so (`creating`), never a link nobody knows of.
//
// The webhook (razorpay.com/docs/webhooks/payment-links, "Payment Link Paid"): a POST whose raw
// body is signed in `X-Razorpay-Signature` (HMAC-SHA256 of the body with the webhook secret, hex)
// and named by `X-Razorpay-Event-Id`. Only `payment_link.paid` of a link of ours, for exactly its
// amount in rupees, is booked: the payment (method "online", Razorpay's payment id as its
// reference), its receipt and, for a package, the package — in one transaction, once per payment
// id whatever Razorpay sends again. Anything else is kept as a refused event for staff to see.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db.server.ts";
import {
  type Actor,
  ErasedError,
  type NotStaff,
  recordChange,
  type Transaction,
} from "#app/domain/appointments/request-changes.server.ts";
import { queueFamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import { familyOnStatusPage, razorpayGateway } from "#app/domain/messages/origins.ts";
import {
  lockRequest,
  MoneyRefused,
  recordPaymentIn,
  sellPackageIn,
} from "#app/domain/money/account.server.ts";
import { moneyTimeline } from "#app/domain/money/money-texts.ts";
import type { MoneySettings } from "#app/domain/money/prices.server.ts";
import type { FamilyMessaging } from "#app/domain/visits/visits.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import {
  gatewayEvents,
  type PaymentLinkPurpose,
  paymentLinks,
  payments,
  requestBalances,
} from "#db/schema.ts";

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
}

/** Razorpay's settings, or null when the clinic has not set it up. */
export function razorpaySettingsOf(env: Env): RazorpaySettings | null {
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET || !env.RAZORPAY_WEBHOOK_SECRET) {
    return null;
  }
  return {
    keyId: env.RAZORPAY_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
    apiUrl: env.RAZORPAY_API_URL,
  };
}

/** Razorpay did not make the link (its answer in `detail`, never the key). */
export class PaymentLinkFailed extends Error {
  readonly detail: string;
  constructor(detail: string) {
    super(`Razorpay did not make the payment link: ${detail}`);
    this.name = "PaymentLinkFailed";
    this.detail = detail;
  }
}

const requestTimeoutMs = 15_000;

/** What a link of `purpose` asks now: the current package's price, or what the request owes. */
async function linkAmount(
  db: Pick<Database, "select">,
  appointmentId: string,
  purpose: PaymentLinkPurpose,
  money: MoneySettings,
): Promise<number> {
  if (purpose === "package") return money.prices.packagePricePaise;
  const [sums] = await db
    .select({ owed: sql<number>`${requestBalances.chargedPaise} - ${requestBalances.paidPaise}` })
    .from(requestBalances)
    .where(eq(requestBalances.appointmentId, appointmentId));
  return Number(sums?.owed ?? 0);
}

/**
 * Makes a payment link for a request: what it owes now (`due`), or the current package
 * (`package`). Stored first (`creating`), then asked of Razorpay; `created` with its address, or
 * `failed` (PaymentLinkFailed). Refused (MoneyRefused) for an erased request or nothing owed.
 */
export async function sendPaymentLink(
  db: Database,
  settings: RazorpaySettings,
  by: Actor | NotStaff,
  appointmentId: string,
  purpose: PaymentLinkPurpose,
  money: MoneySettings,
  site: { siteUrl: string },
  messaging: FamilyMessaging = {},
): Promise<{ id: string; shortUrl: string; amountPaise: number }> {
  const link = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, appointmentId);
    const amountPaise = await linkAmount(tx, appointmentId, purpose, money);
    if (amountPaise < 100) throw new MoneyRefused({ kind: "nothing_due" });
    const [made] = await tx
      .select({ n: count() })
      .from(paymentLinks)
      .where(eq(paymentLinks.appointmentId, appointmentId));
    const referenceId = `${request.reference ?? appointmentId.slice(0, 8)}-${Number(made?.n ?? 0) + 1}`;
    const [stored] = await tx
      .insert(paymentLinks)
      .values({ appointmentId, purpose, amountPaise, referenceId, createdBy: by.id })
      .returning({ id: paymentLinks.id });
    if (!stored) throw new Error("the payment link was not stored");
    return {
      id: stored.id,
      amountPaise,
      referenceId,
      reference: request.reference ?? "",
      lang: request.language,
    };
  });
  const answer = await createGatewayLink(settings, {
    amount: link.amountPaise,
    currency: "INR",
    accept_partial: false,
    reference_id: link.referenceId,
    description:
      purpose === "package"
        ? `Home physiotherapy: a package of ${money.prices.packageSessions} sessions (${link.reference})`
        : `Home physiotherapy: what is due (${link.reference})`,
    // Nothing of the family is sent: Razorpay's page asks for what it needs.
    notify: { sms: false, email: false },
    reminder_enable: false,
    // Back to the family's page, in their language, once paid.
    callback_url: `${site.siteUrl.replace(/\/$/, "")}${link.lang === "hi" ? "/hi/status" : "/status"}`,
    callback_method: "get",
  });
  if (!answer.ok) {
    await db.update(paymentLinks).set({ status: "failed" }).where(eq(paymentLinks.id, link.id));
    throw new PaymentLinkFailed(answer.detail);
  }
  const queued = await db.transaction(async (tx) => {
    await tx
      .update(paymentLinks)
      .set({ status: "created", gatewayId: answer.id, shortUrl: answer.shortUrl })
      .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, "creating")));
    await recordChange(tx, appointmentId, by, {
      kind: "payment_link_sent",
      body: moneyTimeline.paymentLink(link.amountPaise, purpose, answer.shortUrl),
    });
    // Made by staff: the link goes to the family on WhatsApp, with their consent (the family's
    // own press opens it at once).
    return by.id === null
      ? null
      : queueFamilyMessage(
          tx,
          { appointmentId, paymentLinkId: link.id, kind: "family_payment_link" },
          messaging.messages ?? "by_hand",
        );
  });
  if (queued !== null) messaging.messageQueued?.();
  return { id: link.id, shortUrl: answer.shortUrl, amountPaise: link.amountPaise };
}

/**
 * The family's press of "Pay online" or "Buy a package online" on the status page: the link of
 * that purpose and amount still waiting for payment, or a new one. Its address.
 */
export async function familyPaymentLink(
  db: Database,
  settings: RazorpaySettings,
  appointmentId: string,
  purpose: PaymentLinkPurpose,
  money: MoneySettings,
  site: { siteUrl: string },
): Promise<string> {
  const amountPaise = await linkAmount(db, appointmentId, purpose, money);
  const [open] = await db
    .select({ shortUrl: paymentLinks.shortUrl })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.appointmentId, appointmentId),
        eq(paymentLinks.purpose, purpose),
        eq(paymentLinks.amountPaise, amountPaise),
        eq(paymentLinks.status, "created"),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1);
  if (open?.shortUrl) return open.shortUrl;
  const made = await sendPaymentLink(
    db,
    settings,
    familyOnStatusPage,
    appointmentId,
    purpose,
    money,
    site,
  );
  return made.shortUrl;
}

type GatewayAnswer = { ok: true; id: string; shortUrl: string } | { ok: false; detail: string };

/** POST /payment_links; never throws for Razorpay's refusal or silence. */
async function createGatewayLink(
  settings: RazorpaySettings,
  body: Record<string, unknown>,
): Promise<GatewayAnswer> {
  const url = `${settings.apiUrl.replace(/\/$/, "")}/payment_links`;
  const auth = Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64");
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Basic ${auth}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      id?: unknown;
      short_url?: unknown;
      error?: { code?: unknown; description?: unknown };
    };
    if (response.ok && typeof answer.id === "string" && typeof answer.short_url === "string") {
      return { ok: true, id: answer.id, shortUrl: answer.short_url };
    }
    const code = typeof answer.error?.code === "string" ? `, ${answer.error.code}` : "";
    return { ok: false, detail: `HTTP ${response.status}${code}` };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.name : "no answer" };
  }
}

/**
 * Whether `header` is Razorpay's signature of exactly these bytes: HMAC-SHA256 with the webhook
 * secret, hex, compared in constant time. (The `razorpay` package's validateWebhookSignature
 * computes the same HMAC but compares with `===`; the tests check the two agree.)
 */
export function razorpaySignatureMatches(
  rawBody: Uint8Array,
  header: string | null,
  secret: string,
): boolean {
  if (!header || !/^[0-9a-fA-F]{64}$/.test(header.trim())) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header.trim(), "hex"));
}

/** What the webhook did with a delivery. */
export type WebhookOutcome = { outcome: "booked" | "repeated" | "refused"; reason: string };

interface PaidEvent {
  event: string;
  linkId: string | undefined;
  linkAmount: number | undefined;
  paymentId: string | undefined;
  paymentAmount: number | undefined;
  currency: string | undefined;
  status: string | undefined;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const integer = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : undefined);

/** The parts of a delivery the webhook reads, as Razorpay's sample payload has them. */
function readEvent(payload: unknown): PaidEvent {
  const root = (payload ?? {}) as {
    event?: unknown;
    payload?: {
      payment_link?: { entity?: { id?: unknown; amount?: unknown } };
      payment?: {
        entity?: { id?: unknown; amount?: unknown; currency?: unknown; status?: unknown };
      };
    };
  };
  const link = root.payload?.payment_link?.entity;
  const payment = root.payload?.payment?.entity;
  return {
    event: text(root.event) ?? "",
    linkId: text(link?.id),
    linkAmount: integer(link?.amount),
    paymentId: text(payment?.id),
    paymentAmount: integer(payment?.amount),
    currency: text(payment?.currency),
    status: text(payment?.status),
  };
}

/**
 * Books a signed delivery, or keeps it refused for staff. Idempotent: a delivery whose event id
 * was seen, or a payment id already booked, is `repeated` and changes nothing.
 */
export async function receiveRazorpayEvent(
  db: Database,
  payload: unknown,
  eventId: string | null,
  money: MoneySettings,
  messaging: FamilyMessaging = {},
  now = new Date(),
): Promise<WebhookOutcome> {
  const event = readEvent(payload);
  const keep = async (tx: Transaction | Database, outcome: WebhookOutcome, linkId?: string) => {
    await tx
      .insert(gatewayEvents)
      .values({
        eventId,
        event: event.event.slice(0, 100) || "(none)",
        outcome: outcome.outcome,
        reason: outcome.reason.slice(0, 500),
        paymentLinkId: linkId ?? null,
        gatewayPaymentId: event.paymentId?.slice(0, 100) ?? null,
        amountPaise: event.paymentAmount ?? event.linkAmount ?? null,
      })
      .onConflictDoNothing({ target: gatewayEvents.eventId });
    return outcome;
  };
  if (eventId) {
    const [seen] = await db
      .select({ id: gatewayEvents.id })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventId, eventId));
    if (seen) return { outcome: "repeated", reason: "this delivery was received before" };
  }
  if (event.event !== "payment_link.paid") {
    return keep(db, {
      outcome: "refused",
      reason: `not a payment of a link: ${event.event || "no event named"}`,
    });
  }
  if (!event.linkId || !event.paymentId) {
    return keep(db, { outcome: "refused", reason: "the link or the payment is not named" });
  }
  let queued: string | null = null;
  const outcome = await db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.gatewayId, event.linkId ?? ""))
      .for("update");
    if (!link) return keep(tx, { outcome: "refused", reason: "a link that is not ours" });
    const [booked] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.gatewayPaymentId, event.paymentId ?? ""));
    if (booked) {
      return keep(tx, { outcome: "repeated", reason: "this payment is booked already" }, link.id);
    }
    if (link.status === "paid") {
      return keep(
        tx,
        { outcome: "refused", reason: "a second payment of a link already paid" },
        link.id,
      );
    }
    if (
      event.paymentAmount !== link.amountPaise ||
      event.linkAmount !== link.amountPaise ||
      event.currency !== "INR"
    ) {
      return keep(
        tx,
        {
          outcome: "refused",
          reason: `the amount paid is not the link's (${event.paymentAmount ?? "none"} ${event.currency ?? ""} for ${link.amountPaise} INR paise)`,
        },
        link.id,
      );
    }
    if (event.status !== "captured") {
      return keep(
        tx,
        { outcome: "refused", reason: `the payment is ${event.status ?? "of no status"}` },
        link.id,
      );
    }
    const request = await lockRequest(tx, link.appointmentId).catch((error: unknown) => {
      if (error instanceof ErasedError || error instanceof MoneyRefused) return null;
      throw error;
    });
    if (!request) {
      return keep(tx, { outcome: "refused", reason: "the request was erased" }, link.id);
    }
    // A package at the price the link asked; had the prices changed since, the money is booked
    // all the same and staff are told to sell the package by hand.
    const packageSold =
      link.purpose === "package" && money.prices.packagePricePaise === link.amountPaise;
    if (packageSold) {
      await sellPackageIn(tx, razorpayGateway, link.appointmentId, money, now);
    }
    const paid = await recordPaymentIn(
      tx,
      razorpayGateway,
      link.appointmentId,
      {
        method: "online",
        amountPaise: link.amountPaise,
        paidOn: indiaDay(now),
        reference: event.paymentId ?? "",
        gatewayPaymentId: event.paymentId,
      },
      money,
      now,
      messaging,
    );
    queued = paid.queued;
    await tx
      .update(paymentLinks)
      .set({ status: "paid", paymentId: paid.id, paidAt: now })
      .where(eq(paymentLinks.id, link.id));
    if (link.purpose === "package" && !packageSold) {
      return keep(
        tx,
        {
          outcome: "refused",
          reason: `booked as receipt ${paid.receiptNumber}, but the package's price changed since the link was made: sell the package by hand`,
        },
        link.id,
      );
    }
    return keep(tx, { outcome: "booked", reason: paid.receiptNumber }, link.id);
  });
  if (queued !== null) messaging.messageQueued?.();
  return outcome;
}

/** A request's payment links, newest first, as its Account shows them. */
export async function paymentLinksOf(db: Pick<Database, "select">, appointmentId: string) {
  return db
    .select({
      id: paymentLinks.id,
      purpose: paymentLinks.purpose,
      amountPaise: paymentLinks.amountPaise,
      status: paymentLinks.status,
      shortUrl: paymentLinks.shortUrl,
      createdAt: paymentLinks.createdAt,
    })
    .from(paymentLinks)
    .where(eq(paymentLinks.appointmentId, appointmentId))
    .orderBy(desc(paymentLinks.createdAt))
    .limit(20);
}

/** The webhook deliveries refused and not yet seen by staff, oldest first. */
export async function refusedGatewayEvents(db: Pick<Database, "select">) {
  return db
    .select({
      id: gatewayEvents.id,
      event: gatewayEvents.event,
      reason: gatewayEvents.reason,
      amountPaise: gatewayEvents.amountPaise,
      gatewayPaymentId: gatewayEvents.gatewayPaymentId,
      receivedAt: gatewayEvents.receivedAt,
      appointmentId: paymentLinks.appointmentId,
    })
    .from(gatewayEvents)
    .leftJoin(paymentLinks, eq(paymentLinks.id, gatewayEvents.paymentLinkId))
    .where(and(eq(gatewayEvents.outcome, "refused"), isNull(gatewayEvents.seenAt)))
    .orderBy(asc(gatewayEvents.receivedAt))
    .limit(200);
}

/** A member of staff has seen a refused delivery (and acted on it). Whether it was still open. */
export async function markGatewayEventSeen(db: Database, actor: Actor, eventId: string) {
  const marked = await db
    .update(gatewayEvents)
    .set({ seenAt: sql`now()`, seenBy: actor.id })
    .where(
      and(
        eq(gatewayEvents.id, eventId),
        eq(gatewayEvents.outcome, "refused"),
        isNull(gatewayEvents.seenAt),
      ),
    )
    .returning({ id: gatewayEvents.id });
  return marked.length > 0;
}
