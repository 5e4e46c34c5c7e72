// What staff read of the family's messages and asks (decision 038), in English like every staff
// screen: the timeline's lines of the new entries and who made them when it was not a member of
// staff, a visit's messages on the request's page, and the list of WhatsApp messages to send by
// hand (/admin/messages). Ours, not the spec's. The family's own words are in
// family-message-texts.ts.
import type { FamilyMessageKind } from "#app/domain/messages/family-message-texts.ts";
import type { NotificationState } from "#db/schema.ts";

/** Who acted, when it was not a member of staff (origins.ts's `by_email`), in words. */
const notStaffNames: Record<string, string> = {
  "family:status-page": "The family, on the status page",
  "family:whatsapp": "The family, on WhatsApp",
  "system:whatsapp": "WhatsApp",
  "system:razorpay": "Razorpay (paid online)",
};

/** A timeline entry's author: a member of staff's address, or the words for the family or WhatsApp. */
export const actorName = (byEmail: string) => notStaffNames[byEmail] ?? byEmail;

/** The entries' bodies written when a family's ask is settled (family_ask_handled). */
export const familyAskTimeline = {
  handled: (kind: "move" | "cancel", how: "moved" | "cancelled" | "marked") =>
    `The family's ask to ${kind} this visit is settled: ${
      how === "moved"
        ? "the visit was moved."
        : how === "cancelled"
          ? "the visit was cancelled."
          : "marked handled."
    }`,
  sentByHand: (kind: FamilyMessageKind) =>
    `WhatsApp message sent by hand: ${familyMessageKindNames[kind].toLowerCase()}.`,
  /** Beside the webhook's "Confirmed by the family on WhatsApp": a YES to a reminder sent by hand. */
  confirmedByHand:
    "Confirmed by the family on WhatsApp: they replied YES to the reminder sent by hand, recorded by the desk.",
} as const;

/** The timeline's line above each new entry's body. */
export const familyTimelineTexts = {
  family_asked: (by: string) => `Ask to change a visit, by ${actorName(by)}`,
  family_ask_handled: (by: string) => `Family's ask settled, by ${actorName(by)}`,
  visit_confirmed: (by: string) => `Visit confirmed, by ${actorName(by)}`,
  message_failed: (by: string) => `WhatsApp message not delivered, by ${actorName(by)}`,
  message_sent_by_hand: (by: string) => `WhatsApp message sent, by ${actorName(by)}`,
  messages_stopped: (by: string) => `WhatsApp updates stopped, by ${actorName(by)}`,
  messages_started: (by: string) => `WhatsApp updates started again, by ${actorName(by)}`,
} as const;

export type FamilyTimelineKind = keyof typeof familyTimelineTexts;

export const isFamilyTimelineKind = (kind: string): kind is FamilyTimelineKind =>
  kind in familyTimelineTexts;

export const familyMessageKindNames: Record<FamilyMessageKind, string> = {
  family_visit_booked: "Visit booked",
  family_visit_moved: "Visit moved",
  family_visit_cancelled: "Visit cancelled",
  family_visit_reminder: "Reminder",
  family_receipt: "Receipt",
  family_payment_link: "Payment link",
};

/** A WhatsApp message's state as staff read it. */
export type FamilyMessageShownState = NotificationState | "delivered" | "read" | "retrying";

export const familyMessageStateNames: Record<FamilyMessageShownState, string> = {
  queued: "queued",
  retrying: "queued (retrying)",
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
  by_hand: "to send by hand",
  skipped: "skipped",
};

/** Under each visit on a request's page. */
export const visitMessagesTexts = {
  messagesLabel: "Messages to the family",
  message: (kind: string, state: string, when: string) => `${kind}: ${state}, ${when}`,
  confirmed: "Confirmed by the family",
  confirmedAt: (when: string) => `Confirmed by the family, ${when}`,
  askMove: "The family asks to move this visit",
  /** An ask about a visit marked not home: the family wants another time. */
  askNewTime: "The family asks for a new time (this visit was missed)",
  askCancel: "The family asks to cancel this visit",
  askReason: (reason: string) => `Reason: ${reason}`,
  askPreferred: (preferred: string) => `Would rather: ${preferred}`,
  askWhen: (when: string, via: "status_page" | "whatsapp") =>
    `Asked ${when}, ${via === "whatsapp" ? "by a WhatsApp reply" : "on the status page"}`,
  markHandled: "Mark handled",
  updatesOn: (since: string) => `WhatsApp updates: on (asked on the form, ${since}).`,
  updatesStopped: (since: string) => `WhatsApp updates: stopped, ${since}.`,
  updatesNotAsked: "WhatsApp updates: not asked for on the form; nothing is sent.",
  stopUpdates: "Stop WhatsApp updates",
  stopUpdatesHint: "When the family replied STOP to a message sent by hand, or asked on the phone.",
  handled: "The family's ask is marked handled.",
  askNotOpen: "That ask is already settled, or no longer there.",
  failed: "That did not work. Please try again.",
} as const;

/** The list of WhatsApp messages to send by hand (/admin/messages). */
export const byHandTexts = {
  title: "WhatsApp messages to send",
  back: "Back to requests",
  intro:
    "The clinic sends these from its own WhatsApp: Send on WhatsApp opens the family's chat with the message written and marks it sent; press send in WhatsApp, then take the next.",
  introWithoutScript:
    "Without JavaScript in this browser, press Mark sent after sending each message.",
  dueNow: "Due now",
  dueNowLabel: "Booked, moved and cancelled visits to tell",
  reminders: "Tomorrow's reminders",
  remindersLabel: "Reminders of tomorrow's visits",
  noneDue: "Nothing to send.",
  noReminders: "No reminder to send.",
  family: "Family",
  visit: "Visit",
  therapist: "Therapist",
  language: "Language",
  message: "Message",
  reply: "Their reply",
  send: "Send on WhatsApp",
  sendLabel: (name: string) =>
    `Send on WhatsApp to ${name} (opens in a new tab, and marks the message sent)`,
  markSent: "Mark sent",
  markSentLabel: (name: string) => `Mark the message to ${name} sent`,
  marked: "Marked sent.",
  /** The reminders sent by hand whose family has not confirmed yet. */
  awaiting: "Waiting for the family's YES",
  awaitingLabel: "Reminders sent by hand, not confirmed yet",
  awaitingIntro:
    "When a family replies YES on the clinic's WhatsApp, record it here; a family that asks for another time is moved from the request's page.",
  noneAwaiting: "No reminder waiting for a reply.",
  confirmYes: "Confirmed (YES)",
  confirmYesLabel: (name: string) => `Confirmed (YES) for ${name}: the visit is confirmed`,
  confirmed: "Visit confirmed.",
  count: (count: number) => (count === 1 ? "1 message" : `${count} messages`),
  visitCount: (count: number) => (count === 1 ? "1 visit" : `${count} visits`),
  notWaiting: "That message is no longer waiting to be sent.",
  failed: "That did not work. Please try again.",
  noNumber: "No number",
  openRequest: "Open the request",
} as const;

/** The dashboard's link to the list, with how many wait. */
export const byHandLinkText = (count: number) =>
  count > 0 ? `WhatsApp to send (${count})` : "WhatsApp to send";
