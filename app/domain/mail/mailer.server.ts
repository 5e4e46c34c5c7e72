// Sends one e-mail, composed by mime.server.ts (Nodemailer's composer). Over SMTP (Nodemailer, a small pool of
// connections) when SMTP_URL is set; otherwise each message is written as an .eml file under the
// data folder, where a person can open it, so that the embedded default loses nothing and needs
// no mail server.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { composeMessage, parseAddress } from "./mime.server.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** Where messages go, for the start-up log (no credentials). */
  readonly destination: string;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Used without SMTP: messages are written to <dataDir>/mail. */
  dataDir: string;
}

export function createMailer(options: MailerOptions): Mailer {
  // Checked once, at start-up: a sender that is not an address stops the server.
  const from = parseAddress(options.from);
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
      secure: url.protocol === "smtps:",
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A few connections kept open and reused: a burst of requests does not open one each.
      pool: true,
      maxConnections: 3,
      // A mail server that is down must fail fast: the patient's request waits for one attempt.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
    return {
      destination: `smtp://${url.host}`,
      async send(mail) {
        const { raw, envelope } = composeMessage(from, mail);
        await transport.sendMail({ envelope, raw });
      },
      close: () => transport.close(),
    };
  }

  const folder = join(options.dataDir, "mail");
  let folderMade = false;
  return {
    destination: folder,
    async send(mail) {
      const { raw, messageId } = composeMessage(from, mail);
      if (!folderMade) {
        mkdirSync(folder, { recursive: true });
        folderMade = true;
      }
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${messageId.replace(/[^\w.-]/g, "")}.eml`;
      // Written at once, on this thread: a few kilobytes into the page cache. Through Node's
      // thread pool (open, write, close: three hand-overs) or a thread of our own, the request
      // waited longer and cost more (bench:appointments, docs/email.md). PGlite, the default
      // with this mailer, writes its own files the same way.
      writeFileSync(join(folder, name), raw);
    },
    close: () => {},
  };
}
