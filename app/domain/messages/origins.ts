// Who wrote an entry of a request's timeline when it was not a member of staff (decision 038): kept
// in the entry's `by_email` in place of a staff address, and named in words by the timeline.
import type { NotStaff } from "#app/domain/appointments/request-changes.server.ts";

export const familyOnStatusPage: NotStaff = { id: null, email: "family:status-page" };
export const familyOnWhatsapp: NotStaff = { id: null, email: "family:whatsapp" };
export const whatsappSender: NotStaff = { id: null, email: "system:whatsapp" };
/** Razorpay's webhook, booking money paid online (decision 047). */
export const razorpayGateway: NotStaff = { id: null, email: "system:razorpay" };
