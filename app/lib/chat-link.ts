/** A WhatsApp chat link to the business number, bare or with a prefilled message. */
export function chatLink(whatsappDigits: string, message?: string): string {
  const base = `https://wa.me/${whatsappDigits.replace(/\D/g, "")}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
