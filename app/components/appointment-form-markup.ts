// What the React appointment form (appointment-form.tsx) and its island on the contact page
// (app/islands/appointment-form.ts) both write into the page, so that the two keep the same
// markup: the classes of what appears after a send, and what the island is told by the page.
// No React here: the island's chunk imports it.
import type { AppointmentFormText } from "#app/domain/appointments/appointment-texts.ts";
import type { AreaSlug } from "#app/domain/areas/areas.ts";
import type { Lang } from "#app/lib/lang.ts";

/** A field's error, under it. */
export const fieldErrorClass = "mt-1 text-sm font-medium text-red-700";

/** A refusal's words, at the top of the form. */
export const refusalClass = "rounded-lg bg-red-50 p-3 font-medium text-red-800";

/** The confirmation above the cleared form, once a request is sent. */
export const confirmedClass = "mt-6 space-y-6";

/**
 * What the island reads from its form's `data-form` (JSON, escaped by React): the words in the
 * page's language and where to send. The rest it finds in the form itself.
 */
export interface AppointmentIslandData {
  lang: Lang;
  /** The form's JSON address (app/routes/contact-send.ts) in the page's language. */
  sendTo: string;
  text: Pick<AppointmentFormText, "fields" | "areaServed" | "send" | "sending" | "toasts"> & {
    /** Filled in with the clinic's number already. */
    areaNotServed: string;
    /** The confirmation's chat message, {reference} still to fill. */
    chatMessage: string;
  };
  areaNames: Record<AreaSlug, string>;
  /** The business's WhatsApp key, for the confirmation's chat link. */
  whatsapp: string;
}
