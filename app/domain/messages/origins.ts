// Who wrote an entry of a request's timeline when it was not a member of staff (issue 29): kept
// in the entry's `by_email` in place of a staff address, and named in words by the timeline.
import type { NotStaff } from "#app/domain/appointments/request-changes.server.ts";

export const familyOnStatusPage: NotStaff = { id: null, email: "family:status-page" };
export const familyOnWhatsapp: NotStaff = { id: null, email: "family:whatsapp" };
export const whatsappSender: NotStaff = { id: null, email: "system:whatsapp" };

/** Whether a timeline entry's `by_email` names one of these rather than a member of staff. */
export const isNotStaff = (byEmail: string) =>
  byEmail.startsWith("family:") || byEmail.startsWith("system:");
