// The raw form (RFC 5322, MIME) of the site's e-mails, composed by Nodemailer's own composer
// (MailComposer): every header value is encoded by its encoders, which turn a line break into a
// space and anything outside ASCII into encoded words, so no byte a visitor typed can end a
// header or start one (decision 012). Nodemailer then sends the result over SMTP as `raw`.
//
// The composer builds the message tree (headers, boundary, transfer encodings); the tree is then
// written out with the library's own pieces at once (`buildHeaders`, its base64 and
// quoted-printable encoders, its boundary) rather than through its streams, whose dozen turns of
// the event loop a message made each request wait several times longer (decision 012). The two
// are the same bytes: the tests compare them on every generated message.

import addressparser from "nodemailer/lib/addressparser";
import * as base64 from "nodemailer/lib/base64";
import MailComposer from "nodemailer/lib/mail-composer";
import type MimeNode from "nodemailer/lib/mime-node";
import * as qp from "nodemailer/lib/qp";
import validator from "validator";

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

/**
 * A recipient exactly as given: one plain address (validator.js's isEmail, no display name, no
 * quoted or non-ASCII local part), which the library's own address parser reads back as itself.
 * A list, a name, a group or a control character is refused, so a message can never go to more
 * (or other) mailboxes than the one its row names.
 */
function bareRecipient(value: string): string {
  const parsed = addressparser(value, { flatten: true });
  if (
    parsed.length !== 1 ||
    parsed[0]?.name ||
    parsed[0]?.address !== value ||
    !validator.isEmail(value, {
      allow_display_name: false,
      allow_utf8_local_part: false,
      allow_ip_domain: false,
    })
  ) {
    throw new Error("not one bare e-mail address");
  }
  return value;
}

/**
 * Every line end as CRLF, the only one a message may hold (RFC 5322): a body sent as it is
 * (7bit) keeps its bytes, and a bare CR or LF would reach an .eml file, or a mail server that
 * reads it differently from ours, as it came.
 */
const crlf = (text: string) => text.replace(/\r\n|\r|\n/g, "\r\n");

/** The message tree of Nodemailer's composer: headers, parts, boundary, transfer encodings. */
export function composeTree(from: Address, content: MessageContent, date = new Date()): MimeNode {
  return new MailComposer({
    from,
    to: { name: "", address: bareRecipient(content.to) },
    subject: content.subject,
    text: crlf(content.text),
    ...(content.html ? { html: crlf(content.html) } : {}),
    date,
    // Nothing of ours is a file or a URL to fetch: a value that looked like one stays text.
    disableFileAccess: true,
    disableUrlAccess: true,
  }).compile();
}

/**
 * A node of the tree written out as `MimeNode.build()` writes it: its headers (built by the
 * library), its content in the transfer encoding the library chose, encoded by the library's
 * encoders, and for a multipart node its children between the library's boundary lines.
 */
function written(node: MimeNode): string {
  let out = `${node.buildHeaders()}\r\n\r\n`;
  const content = node.content;
  if (content !== undefined && content !== "") {
    if (typeof content !== "string") throw new Error("only text parts are written at once");
    const encoding = node.getTransferEncoding();
    out +=
      encoding === "base64"
        ? base64.wrap(base64.encode(Buffer.from(content)), 76)
        : encoding === "quoted-printable"
          ? qp.wrap(qp.encode(Buffer.from(content)), 76)
          : content;
  }
  if (node.multipart) {
    node.childNodes.forEach((child, index) => {
      out += `${index > 0 ? "\r\n" : ""}--${node.boundary}\r\n${written(child)}`;
    });
    out += `\r\n--${node.boundary}--\r\n`;
  }
  return out;
}

/** The tree written out: what `tree.build()` gives, without its streams. */
export function writeMessage(tree: MimeNode): Buffer {
  let raw = written(tree);
  // As the library's stream ends a message: with a line break.
  if (!raw.endsWith("\n")) raw += raw.endsWith("\r") ? "\n" : "\r\n";
  return Buffer.from(raw);
}

/** The whole message, CRLF line ends, ready for SMTP or an .eml file. */
export function composeMessage(
  from: Address,
  content: MessageContent,
  date = new Date(),
): { raw: Buffer; messageId: string; envelope: { from: string; to: string[] } } {
  const tree = composeTree(from, content, date);
  return {
    raw: writeMessage(tree),
    messageId: tree.messageId(),
    envelope: { from: from.address, to: [content.to] },
  };
}
