// The WhatsApp messages staff send by hand (decision 038): without the Cloud API, each
// message to a family waits in state `by_hand` until a member of staff opens its chat link (the
// family's number, the text prefilled in their language), sends it from the clinic's WhatsApp and
// marks it sent here: state `sent`, who and when, and an entry on the request's timeline, in one
// transaction. A message whose family stopped the updates (skipped by stopUpdates) or whose
// request was erased is not listed. A receipt's message (decision 046) is about a payment, not a
// visit: it shows the moment the payment was recorded, and no therapist. A chat has no reply
// buttons: the link prefills the words for sending by hand (byHandBody), so the reminder asks for
// a YES in words, which the desk records (replies-by-hand.server.ts).
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { type Actor, recordChange } from "#app/domain/appointments/request-changes.server.ts";
import { familyAskTimeline } from "#app/domain/messages/family-desk-texts.ts";
import {
  byHandBody,
  type FamilyMessageKind,
  isFamilyMessageKind,
} from "#app/domain/messages/family-message-texts.ts";
import {
  type FamilyMessage,
  type FamilyMessageSite,
  familyMessageFrom,
  paymentLinkMessageFrom,
  receiptMessageFrom,
} from "#app/domain/messages/family-messages.server.ts";
import { chatLink } from "#app/lib/chat-link.ts";
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

/** One message to send, as the list shows it. */
interface ByHandMessage {
  id: string;
  appointmentId: string;
  kind: FamilyMessageKind;
  /** The patient's name as the family gave it. */
  name: string;
  /** The visit's start; for a receipt's message, when the payment was recorded. */
  startsAt: Date;
  /** The visit's therapist; empty for a receipt's message. */
  therapist: string;
  language: Lang;
  /** The wa.me link with the message prefilled; null when the number cannot be read. */
  link: string | null;
  createdAt: Date;
}

export interface MessagesToSend {
  /** Booked, moved and cancelled visits to tell the family of, oldest first. */
  dueNow: ByHandMessage[];
  /** Evening reminders of the visits to come, by their start. */
  reminders: ByHandMessage[];
}

/** At most this many of each group on the page (a day's work is far fewer). */
const listLimit = 300;

const waiting = and(
  eq(notifications.channel, "whatsapp"),
  eq(notifications.state, "by_hand"),
  isNull(appointments.erasedAt),
  isNull(appointments.whatsappStoppedAt),
);

/** A message's chat link, its text in the words for sending by hand. */
function byHandChatLink(message: FamilyMessage): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.parameters)) {
    if (value !== undefined) values[name] = value;
  }
  return chatLink(message.to, fillText(byHandBody(message.lang, message.kind), values));
}

/** The messages waiting to be sent by hand, each with its chat link. */
export async function messagesToSend(
  db: Database,
  site: FamilyMessageSite,
): Promise<MessagesToSend> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      name: appointments.name,
      appointmentId: appointments.id,
      phoneKey: appointments.phoneKey,
      language: appointments.language,
      reference: appointments.reference,
      startsAt: visits.startsAt,
      therapist: therapists.displayName,
      familyCode: visits.familyCode,
      paymentId: payments.id,
      amountPaise: payments.amountPaise,
      receiptNumber: payments.receiptNumber,
      recordedAt: payments.recordedAt,
      linkAmountPaise: paymentLinks.amountPaise,
      shortUrl: paymentLinks.shortUrl,
      linkStatus: paymentLinks.status,
      linkCreatedAt: paymentLinks.createdAt,
    })
    .from(notifications)
    .innerJoin(appointments, eq(appointments.id, notifications.appointmentId))
    .leftJoin(visits, eq(visits.id, notifications.visitId))
    .leftJoin(therapists, eq(therapists.userId, visits.therapistId))
    .leftJoin(payments, eq(payments.id, notifications.paymentId))
    .leftJoin(paymentLinks, eq(paymentLinks.id, notifications.paymentLinkId))
    .where(waiting)
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(listLimit * 2);
  const shown: ByHandMessage[] = [];
  for (const row of rows) {
    if (!isFamilyMessageKind(row.kind)) continue;
    let message: ReturnType<typeof familyMessageFrom>;
    let startsAt: Date;
    if (row.kind === "family_payment_link") {
      if (!row.linkCreatedAt || row.linkAmountPaise === null || !row.linkStatus) continue;
      startsAt = row.linkCreatedAt;
      message = paymentLinkMessageFrom({
        ...row,
        amountPaise: row.linkAmountPaise,
        status: row.linkStatus,
      });
    } else if (row.kind === "family_receipt") {
      if (!row.paymentId || !row.recordedAt || row.amountPaise === null) continue;
      startsAt = row.recordedAt;
      message = receiptMessageFrom(
        { ...row, paymentId: row.paymentId, amountPaise: row.amountPaise },
        site,
      );
    } else {
      if (!row.startsAt || row.therapist === null || row.familyCode === null) continue;
      startsAt = row.startsAt;
      message = familyMessageFrom(
        { ...row, startsAt: row.startsAt, therapist: row.therapist, familyCode: row.familyCode },
        row.kind,
        site,
      );
    }
    shown.push({
      id: row.id,
      appointmentId: row.appointmentId,
      kind: row.kind,
      name: row.name,
      startsAt,
      therapist: row.therapist ?? "",
      language: row.language,
      link: message ? byHandChatLink(message) : null,
      createdAt: row.createdAt,
    });
  }
  return {
    dueNow: shown.filter((row) => row.kind !== "family_visit_reminder").slice(0, listLimit),
    reminders: shown
      .filter((row) => row.kind === "family_visit_reminder")
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .slice(0, listLimit),
  };
}

/** How many messages wait to be sent by hand (the dashboard's link says it). */
export async function countToSend(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .innerJoin(appointments, eq(appointments.id, notifications.appointmentId))
    .where(waiting);
  return Number(row?.n ?? 0);
}

/** The message is not (or no longer) waiting to be sent by hand: sent by someone else, skipped. */
export class NotWaiting extends Error {
  constructor() {
    super("the message is not waiting to be sent by hand");
    this.name = "NotWaiting";
  }
}

/**
 * Marks a message sent by hand: `sent`, when and by whom, and the entry on the request's
 * timeline, in one transaction. Two members of staff marking it together: one does, the other is
 * told it is no longer waiting (NotWaiting).
 */
export async function markSentByHand(db: Database, actor: Actor, messageId: string) {
  await db.transaction(async (tx) => {
    const [sent] = await tx
      .update(notifications)
      .set({ state: "sent", sentAt: sql`now()`, sentBy: actor.id })
      .where(
        and(
          eq(notifications.id, messageId),
          eq(notifications.channel, "whatsapp"),
          eq(notifications.state, "by_hand"),
          sql`EXISTS (SELECT 1 FROM ${appointments} a WHERE a.id = ${notifications.appointmentId}
            AND a.erased_at IS NULL AND a.whatsapp_stopped_at IS NULL)`,
        ),
      )
      .returning({
        appointmentId: notifications.appointmentId,
        visitId: notifications.visitId,
        kind: notifications.kind,
      });
    if (!sent?.appointmentId || !isFamilyMessageKind(sent.kind)) throw new NotWaiting();
    await recordChange(tx, sent.appointmentId, actor, {
      kind: "message_sent_by_hand",
      ...(sent.visitId ? { visitId: sent.visitId } : {}),
      body: familyAskTimeline.sentByHand(sent.kind),
    });
  });
}
