// The desk's e-mail when a therapist can't make a visit (cant-make-mail.server.ts), in English,
// the staff's one language. Like the hand-over e-mail it names the request by its reference and
// PIN code, never the patient: the page it links to shows the rest, behind the sign-in and the
// access log (docs/email.md).
import { visitMoment } from "#app/domain/visits/visit-time.ts";

export const cantMakeMailTexts = {
  subject: (reference: string, when: Date) =>
    `Can't make it: request ${reference}, ${visitMoment(when)}`,
  lead: (therapist: string) =>
    `${therapist} can't make a home visit: it needs another therapist or time.`,
  reference: "Reference",
  visit: "Visit",
  /** "Tue 1 Dec 2:30 PM (India time)". */
  when: (when: Date) => `${visitMoment(when)} (India time)`,
  therapist: "Therapist",
  reason: "Reason",
  pincode: "Pin code",
  open: (link: string) => `Move or cancel it: ${link}`,
  until: "Until then the request is in Needs attention on the dashboard.",
  noReference: "(none)",
} as const;
