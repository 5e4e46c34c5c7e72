// A request's reference, as the family quotes it on the phone ("7K3Q2M"): six characters of an
// alphabet without look-alikes (no 0, 1, I, L, O), made by the database (migration 0010).
// Browser-safe: the confirmation shows it, the dashboard's search reads it.
import { type Lang, localePath } from "#app/lib/lang.ts";

const referenceShape = /^[2-9ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/** A reference as typed or spoken back ("7k3-q2m", "7K3 Q2M"), or undefined if it is not one. */
export function readReference(typed: string): string | undefined {
  const reference = typed.replace(/[\s-]/g, "").toUpperCase();
  return referenceShape.test(reference) ? reference : undefined;
}

/**
 * The address of a request's confirmation (/contact/received, /hi/contact/received): where a
 * form sent without JavaScript is redirected, and what the address bar reads after a send with
 * it, so that a reload, a back and a shared link show the confirmation. It carries the reference
 * (which names the request and shows nothing of it) and `mail=later` when the staff's e-mail is
 * still to go: never the person's details.
 */
export function receivedAddress(lang: Lang, reference: string, notified: boolean): string {
  const received = new URLSearchParams({ ref: reference });
  if (!notified) received.set("mail", "later");
  return `${localePath(lang, "/contact/received")}?${received}`;
}
