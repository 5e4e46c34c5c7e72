// What the appointment form (appointment-form.tsx) hands its island on the contact page
// (app/islands/appointment-form.ts), and the one rule both show under the PIN code: the markup is
// the component's alone, the behaviour the island's alone (decision 042). No React here: the
// island's chunk imports it.
import type { AppointmentFormText } from "#app/domain/appointments/appointment-texts.ts";
import type { AreaSlug } from "#app/domain/areas/areas.ts";
import { servedAreaOf } from "#app/domain/areas/served-area.ts";
import { fillText } from "#app/lib/fill-text.ts";
import type { Lang } from "#app/lib/lang.ts";
import { asciiDigits } from "#app/lib/typed-text.ts";

/** The words of the hint under the PIN code, in the page's language. */
export interface AreaHintText {
  areaServed: string;
  /** Filled in with the clinic's number already. */
  areaNotServed: string;
  areaNames: Record<AreaSlug, string>;
}

/** Under the PIN code, once it has six digits: whether it is in one of our areas; else nothing. */
export function areaHint(typed: string, text: AreaHintText): string {
  const pincode = asciiDigits(typed.trim());
  if (!/^\d{6}$/.test(pincode)) return "";
  const area = servedAreaOf(pincode);
  return area ? fillText(text.areaServed, { area: text.areaNames[area] }) : text.areaNotServed;
}

/**
 * What the island reads from its form's `data-form` (JSON, escaped by React): the words in the
 * page's language and where to send. The rest it finds in the form itself, the pieces it adds
 * included (its `<template data-parts>`).
 */
export interface AppointmentIslandData {
  lang: Lang;
  /** The form's JSON address (app/routes/contact-send.ts) in the page's language. */
  sendTo: string;
  text: Pick<AppointmentFormText, "fields" | "send" | "sending" | "toasts"> & {
    /** The confirmation's chat message, {reference} still to fill. */
    chatMessage: string;
  };
  hint: AreaHintText;
  /** The business's WhatsApp key, for the confirmation's chat link. */
  whatsapp: string;
}
