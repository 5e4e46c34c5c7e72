// The raw form (RFC 5322, MIME) of the site's e-mails: a plain-text part and an HTML part as
// alternatives, UTF-8, base64 bodies. Built directly, with Nodemailer's own header encoders,
// because its general composer (streams, attachments, embedded images) cost about 300 µs a
// message, more than the rest of an appointment request together; this costs about 15 µs
// (docs/email.md). Nodemailer still sends it over SMTP, as `raw`.
import { randomUUID } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import { encodeWord, encodeWords, foldLines } from "nodemailer/lib/mime-funcs";

export interface Address {
  name: string;
  address: string;
}

export interface MessageContent {
  /** One bare address. */
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** "Name <address>" or "address" → its parts; throws for anything else. */
export function parseAddress(value: string): Address {
  const [first] = addressparser(value, { flatten: true });
  if (!first?.address?.includes("@")) {
    throw new Error(`not an e-mail address: ${value}`);
  }
  return { name: first.name ?? "", address: first.address };
}

function formatAddress({ name, address }: Address): string {
  if (!name) return `<${address}>`;
  // Quoted unless it is made of atoms; encoded words when it is not ASCII.
  const plain = /^[\x20-\x7e]*$/.test(name);
  const display = plain ? `"${name.replace(/["\\]/g, "\\$&")}"` : encodeWord(name, "B", 52);
  return `${display} <${address}>`;
}

/** A recipient as given (one address, nothing around it); anything else is refused. */
function bareAddress(value: string): string {
  if (!/^[^\s<>@",;]+@[^\s<>@",;]+$/.test(value)) throw new Error("not one bare e-mail address");
  return value;
}

function header(name: string, value: string): string {
  return foldLines(`${name}: ${value}`, 76);
}

/** base64, in lines of 76 characters. */
function base64Body(text: string): string {
  const encoded = Buffer.from(text.replace(/\r?\n/g, "\r\n"), "utf8").toString("base64");
  const lines: string[] = [];
  for (let start = 0; start < encoded.length; start += 76)
    lines.push(encoded.slice(start, start + 76));
  return lines.join("\r\n");
}

function part(type: string, text: string): string {
  return [
    `Content-Type: ${type}; charset=utf-8`,
    "Content-Transfer-Encoding: base64",
    "",
    base64Body(text),
  ].join("\r\n");
}

/** RFC 5322 date: "Mon, 23 Nov 2026 12:35:44 +0000". */
function mailDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/** The whole message, CRLF line ends, ready for SMTP or an .eml file. */
export function composeMessage(
  from: Address,
  content: MessageContent,
  date = new Date(),
): { raw: string; messageId: string } {
  const domain = from.address.slice(from.address.lastIndexOf("@") + 1);
  const messageId = `<${randomUUID()}@${domain}>`;
  const boundary = `----=_${randomUUID()}`;
  const head = [
    header("From", formatAddress(from)),
    header("To", `<${bareAddress(content.to)}>`),
    header("Subject", encodeWords(content.subject, "B", 52)),
    header("Date", mailDate(date)),
    header("Message-ID", messageId),
    "MIME-Version: 1.0",
  ];
  const body = content.html
    ? [
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        part("text/plain", content.text),
        `--${boundary}`,
        part("text/html", content.html),
        `--${boundary}--`,
        "",
      ]
    : [part("text/plain", content.text), ""];
  return { raw: [...head, ...body].join("\r\n"), messageId };
}
