// A real SMTP server (the smtp-server package) for the e-mail tests, and a reader for the
// messages it receives: headers, and the text and HTML parts decoded from their transfer
// encodings (no mail parser is installed, and the reading needed here is small).
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The message as sent, headers and body. */
  raw: string;
  envelope: { from: string; to: string[] };
  /** Header values by lower-case name, encoded words decoded. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A port nothing listens on (it was free a moment ago). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

/**
 * A mail server that accepts connections and never answers, then drops each one after `dropMs`:
 * a send to it fails, slowly.
 */
export async function startSilentServer(
  dropMs: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((socket) => {
    socket.on("error", () => {});
    setTimeout(() => socket.destroy(), dropMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts an SMTP server on 127.0.0.1 (on `port`, else a free one) that accepts every message. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Nothing to learn from the reverse DNS name of 127.0.0.1; spare each connection the lookup.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push(
          readMail(Buffer.concat(chunks).toString("utf8"), {
            from: mailFrom ? mailFrom.address : "",
            to: rcptTo.map((recipient) => recipient.address),
          }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("the SMTP server has no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as in a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
    }
  }
  return { headers, body };
}

/** The leaf parts of a message: multipart bodies split at their boundary, recursively. */
function leafParts(part: Part): Part[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\r?\n/, ""))));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body, "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

export function readMail(raw: string, envelope: ReceivedMail["envelope"]): ReceivedMail {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const ofType = (type: string) =>
    parts
      .filter((part) => (part.headers.get("content-type") ?? "text/plain").startsWith(type))
      .map(decodeBody)
      .join("\n")
      .replace(/\r\n/g, "\n")
      .trimEnd();
  return {
    raw,
    envelope,
    headers: message.headers,
    subject: message.headers.get("subject") ?? "",
    text: ofType("text/plain"),
    html: ofType("text/html"),
  };
}
