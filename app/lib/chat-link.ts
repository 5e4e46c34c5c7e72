// The shape of a WhatsApp chat link, apart from the reading of the number (indian-phone.ts), so
// that public pages, whose business number is read on the server, can build links in the browser
// without the phone library.

/** A chat with the number whose key (phoneKey: "919810012345") is given, bare or with a message. */
export function chatLink(key: string, message?: string): string {
  const base = `https://wa.me/${key}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
