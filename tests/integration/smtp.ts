// A real SMTP server (the smtp-server package) for the e-mail tests, and a reader for the
// messages it receives: a real mail parser's reading, so that what the site composes is
// checked by code that is not ours.
import { createServer } from "node:net";
import { simpleParser } from "mailparser";
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
        readMail(Buffer.concat(chunks).toString("utf8"), {
          from: mailFrom ? mailFrom.address : "",
          to: rcptTo.map((recipient) => recipient.address),
        }).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
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

/** A message as a mail client reads it (mailparser, the parser of Nodemailer's authors). */
export async function readMail(
  raw: string,
  envelope: ReceivedMail["envelope"],
): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const headers = new Map<string, string>();
  for (const line of parsed.headerLines) {
    const value = parsed.headers.get(line.key);
    // Text as read: an address header's addresses, else the decoded value, else the raw one.
    const text =
      typeof value === "string"
        ? value
        : value && typeof value === "object" && "text" in value
          ? String(value.text)
          : line.line.slice(line.line.indexOf(":") + 1).trim();
    headers.set(line.key, text);
  }
  return {
    raw,
    envelope,
    headers,
    subject: parsed.subject ?? "",
    text: (parsed.text ?? "").trimEnd(),
    html: typeof parsed.html === "string" ? parsed.html.trimEnd() : "",
  };
}
