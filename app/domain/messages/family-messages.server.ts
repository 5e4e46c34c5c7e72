// The WhatsApp messages to a family about their visits (decision 038) and their receipts
// (decision 046): queued in the
// outbox (`notifications`, channel whatsapp) in the same transaction as the change that causes
// them, only for a request whose family asked for them and has not stopped them, and composed
// when sent from the rows as they are then (so a request erased meanwhile sends nothing). With
// Meta's Cloud API configured a message is `queued` for the WhatsApp sender
// (whatsapp-sender.server.ts); without it, it waits `by_hand` in the front desk's Needs attention
// for staff to send from a chat link.
import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { Transaction } from "#app/domain/appointments/request-changes.server.ts";
import {
  type FamilyMessageKind,
  type FamilyMessageParameter,
  familyMessageText,
  type VisitMessageKind,
} from "#app/domain/messages/family-message-texts.ts";
import { familyDay, familyTime } from "#app/domain/messages/family-time.ts";
import {
  receiptLinkUrl,
  statusLinkKey,
  statusPageUrl,
} from "#app/domain/messages/status-link.server.ts";
import { updatesState } from "#app/domain/messages/updates-state.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import { fillText } from "#app/lib/fill-text.ts";
import type { Lang } from "#app/lib/lang.ts";
import {
  appointments,
  notifications,
  paymentLinks,
  payments,
  therapists,
  visits,
} from "#db/schema.ts";

/** How messages to families go: Meta's Cloud API, or by hand from a chat link. */
export type FamilyMessageMode = "api" | "by_hand";

type Handle = Database | Transaction;

/** Whether the family of a request wants WhatsApp updates now: asked on the form, not stopped. */
const wantsUpdates = (request: {
  whatsappConsentAt: Date | null;
  whatsappStoppedAt: Date | null;
  erasedAt: Date | null;
}) => updatesState(request) === "on" && request.erasedAt === null;

/** What a message is about: a visit, or (the receipt's) a payment. */
type MessageAbout =
  | { appointmentId: string; visitId: string; kind: VisitMessageKind }
  | { appointmentId: string; paymentId: string; kind: "family_receipt" }
  | { appointmentId: string; paymentLinkId: string; kind: "family_payment_link" };

/**
 * Queues a message to the family about a visit or a payment, when they want updates; its id, or
 * null when nothing was queued. Call it inside the transaction of the change.
 */
export async function queueFamilyMessage(
  tx: Handle,
  message: MessageAbout,
  mode: FamilyMessageMode,
): Promise<string | null> {
  const [request] = await tx
    .select({
      whatsappConsentAt: appointments.whatsappConsentAt,
      whatsappStoppedAt: appointments.whatsappStoppedAt,
      erasedAt: appointments.erasedAt,
      junk: appointments.junk,
    })
    .from(appointments)
    .where(eq(appointments.id, message.appointmentId));
  if (!request || request.junk || !wantsUpdates(request)) return null;
  const [row] = await tx
    .insert(notifications)
    .values({
      channel: "whatsapp",
      kind: message.kind,
      // The number is read from the request when the message is sent: stored once, erased once.
      recipient: "",
      appointmentId: message.appointmentId,
      visitId: "visitId" in message ? message.visitId : null,
      paymentId: "paymentId" in message ? message.paymentId : null,
      paymentLinkId: "paymentLinkId" in message ? message.paymentLinkId : null,
      state: mode === "api" ? "queued" : "by_hand",
    })
    .returning({ id: notifications.id });
  return row?.id ?? null;
}

/** A message to a family, composed from the rows as they are now. */
export interface FamilyMessage {
  kind: FamilyMessageKind;
  /** The family's number as WhatsApp takes it: country code and number, digits only. */
  to: string;
  lang: Lang;
  /** The template's parameters (its kind's: parametersOf). */
  parameters: Partial<Record<FamilyMessageParameter, string>>;
  /** The whole text, as a chat link prefills it. */
  text: string;
}

/** What a message's link is made with: the site's address, and its secret that seals the link. */
export interface FamilyMessageSite {
  siteUrl: string;
  secret: string;
}

/**
 * Composes a message to a family; null when it must not go (the family stopped the updates, the
 * request was erased or its number cannot be read).
 */
export async function composeFamilyMessage(
  db: Handle,
  message: {
    appointmentId: string | null;
    visitId: string | null;
    paymentId: string | null;
    paymentLinkId?: string | null;
    kind: FamilyMessageKind;
  },
  site: FamilyMessageSite,
): Promise<FamilyMessage | null> {
  if (message.kind === "family_payment_link") {
    if (!message.appointmentId || !message.paymentLinkId) return null;
    const [row] = await db
      .select({
        ...paymentLinkMessageSourceColumns,
        whatsappConsentAt: appointments.whatsappConsentAt,
        whatsappStoppedAt: appointments.whatsappStoppedAt,
        erasedAt: appointments.erasedAt,
      })
      .from(paymentLinks)
      .innerJoin(appointments, eq(appointments.id, paymentLinks.appointmentId))
      .where(
        and(
          eq(paymentLinks.id, message.paymentLinkId),
          eq(paymentLinks.appointmentId, message.appointmentId),
        ),
      );
    if (!row || !wantsUpdates(row)) return null;
    return paymentLinkMessageFrom(row);
  }
  if (message.kind === "family_receipt") {
    if (!message.appointmentId || !message.paymentId) return null;
    const [row] = await db
      .select({
        ...receiptMessageSourceColumns,
        whatsappConsentAt: appointments.whatsappConsentAt,
        whatsappStoppedAt: appointments.whatsappStoppedAt,
        erasedAt: appointments.erasedAt,
      })
      .from(payments)
      .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
      .where(
        and(eq(payments.id, message.paymentId), eq(payments.appointmentId, message.appointmentId)),
      );
    if (!row || !wantsUpdates(row)) return null;
    return receiptMessageFrom(row, site);
  }
  if (!message.appointmentId || !message.visitId) return null;
  const [row] = await db
    .select({
      ...familyMessageSourceColumns,
      whatsappConsentAt: appointments.whatsappConsentAt,
      whatsappStoppedAt: appointments.whatsappStoppedAt,
      erasedAt: appointments.erasedAt,
    })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .innerJoin(therapists, eq(therapists.userId, visits.therapistId))
    .where(and(eq(visits.id, message.visitId), eq(visits.appointmentId, message.appointmentId)));
  if (!row || !wantsUpdates(row)) return null;
  return familyMessageFrom(row, message.kind, site);
}

/** What composing a message reads of its request, visit and therapist. */
export interface FamilyMessageSource {
  appointmentId: string;
  phoneKey: string | null;
  language: Lang;
  reference: string | null;
  startsAt: Date;
  therapist: string;
  /** The visit's code (decision 048), which the reminder carries. */
  familyCode: string;
}

/** Those columns, for a query that joins the visit to its request and its therapist. */
const familyMessageSourceColumns = {
  appointmentId: appointments.id,
  phoneKey: appointments.phoneKey,
  language: appointments.language,
  reference: appointments.reference,
  startsAt: visits.startsAt,
  therapist: therapists.displayName,
  familyCode: visits.familyCode,
};

/** What composing a receipt's message reads of its payment and request. */
export interface ReceiptMessageSource {
  appointmentId: string;
  paymentId: string;
  phoneKey: string | null;
  language: Lang;
  reference: string | null;
  amountPaise: number;
  receiptNumber: string | null;
}

/** Those columns, for a query that joins the payment to its request. */
const receiptMessageSourceColumns = {
  appointmentId: appointments.id,
  paymentId: payments.id,
  phoneKey: appointments.phoneKey,
  language: appointments.language,
  reference: appointments.reference,
  amountPaise: payments.amountPaise,
  receiptNumber: payments.receiptNumber,
};

/**
 * A receipt's message, from rows already read: the amount, the receipt's number, the request's
 * reference and a link that opens the receipt's PDF without typing (status-link.server.ts).
 */
export function receiptMessageFrom(
  row: ReceiptMessageSource,
  site: FamilyMessageSite,
): FamilyMessage | null {
  if (!row.phoneKey || !row.reference || !row.receiptNumber) return null;
  const lang = row.language;
  const parameters = {
    amount: formatPaise(row.amountPaise),
    number: row.receiptNumber,
    reference: row.reference,
    link: receiptLinkUrl(
      site.siteUrl,
      row.paymentId,
      statusLinkKey(site.secret, row.appointmentId),
    ),
  };
  return {
    kind: "family_receipt",
    to: row.phoneKey,
    lang,
    parameters,
    text: fillText(familyMessageText[lang].bodies.family_receipt, parameters),
  };
}

/** What composing a payment link's message reads of the link and its request. */
export interface PaymentLinkMessageSource {
  phoneKey: string | null;
  language: Lang;
  reference: string | null;
  amountPaise: number;
  shortUrl: string | null;
  status: string;
}

const paymentLinkMessageSourceColumns = {
  phoneKey: appointments.phoneKey,
  language: appointments.language,
  reference: appointments.reference,
  amountPaise: paymentLinks.amountPaise,
  shortUrl: paymentLinks.shortUrl,
  status: paymentLinks.status,
};

/** A payment link's message (decision 047): the amount, the reference and Razorpay's address. */
export function paymentLinkMessageFrom(row: PaymentLinkMessageSource): FamilyMessage | null {
  // A link paid meanwhile, or never made, is not sent.
  if (!row.phoneKey || !row.reference || !row.shortUrl || row.status !== "created") return null;
  const lang = row.language;
  const parameters = {
    amount: formatPaise(row.amountPaise),
    reference: row.reference,
    link: row.shortUrl,
  };
  return {
    kind: "family_payment_link",
    to: row.phoneKey,
    lang,
    parameters,
    text: fillText(familyMessageText[lang].bodies.family_payment_link, parameters),
  };
}

/** A message composed from rows already read (a list of them composes without a query each). */
export function familyMessageFrom(
  row: FamilyMessageSource,
  kind: FamilyMessageKind,
  site: FamilyMessageSite,
): FamilyMessage | null {
  if (!row.phoneKey || !row.reference) return null;
  const lang = row.language;
  const parameters = {
    day: familyDay(row.startsAt, lang),
    time: familyTime(row.startsAt, lang),
    therapist: row.therapist,
    reference: row.reference,
    // Only the reminder names it (its template's parameters: parametersOf).
    ...(kind === "family_visit_reminder" ? { code: row.familyCode } : {}),
    // A link that opens the family's page without typing (status-link.server.ts).
    link: statusPageUrl(site.siteUrl, lang, statusLinkKey(site.secret, row.appointmentId)),
  };
  return {
    kind,
    to: row.phoneKey,
    lang,
    parameters,
    text: fillText(familyMessageText[lang].bodies[kind], parameters),
  };
}
