// What staff read of the WhatsApp sender and webhook (decision 038): why a message was not
// delivered, as its entry on the request's timeline says it, and the webhook's short plain-text
// answers (read by Meta, and by a person testing the set-up). English: the timeline is staff's.
import type { FamilyMessageKind } from "#app/domain/messages/family-message-texts.ts";

/** Why a message did not go, after "WhatsApp message not delivered (…): ". */
export const whatsappFailureText = {
  noWhatsapp: "the number has no WhatsApp",
  rateLimited: "WhatsApp kept refusing for too many messages",
  serverTrouble: "WhatsApp's service did not answer",
  template: "WhatsApp refused the template (check its name and approval in WhatsApp Manager)",
  token: "WhatsApp refused the access token (check WHATSAPP_TOKEN)",
  refused: "WhatsApp refused the message",
  /** A status report of "failed" from the webhook, after WhatsApp had accepted the message. */
  failedLater: "WhatsApp could not deliver it",
} as const;

/** A message's kind as the timeline names it. */
const familyMessageKindLabel: Record<FamilyMessageKind, string> = {
  family_visit_booked: "visit booked",
  family_visit_moved: "visit moved",
  family_visit_cancelled: "visit cancelled",
  family_visit_reminder: "reminder",
  family_receipt: "receipt",
  family_payment_link: "payment link",
};

/** The timeline's entry for a message given up: staff call the family instead. */
export const messageFailedBody = (kind: FamilyMessageKind, day: string | null, reason: string) =>
  `WhatsApp message not delivered (${familyMessageKindLabel[kind]}${day ? `, ${day}` : ""}): ${reason}. Call the family instead.`;

/** The webhook's answers. */
export const whatsappWebhookText = {
  notConfigured: "Not Found",
  handshakeRefused: "The verify token is not this site's.",
  unsigned: "The request is not signed (X-Hub-Signature-256).",
  badSignature: "The signature does not match the body.",
  notJson: "The body is not JSON.",
  methodNotAllowed: "Method Not Allowed",
  received: "EVENT_RECEIVED",
} as const;
