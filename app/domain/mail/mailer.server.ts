// Sends one e-mail, composed by mime.server.ts (Nodemailer's composer). Over SMTP (Nodemailer, a small pool of
// connections) when SMTP_URL is set; otherwise each message is written as an .eml file in the mail
// folder (MAIL_DIR), where a person can open it, so that the embedded default loses nothing and
// needs no mail server. That folder is the stand-in for an inbox: it is kept apart from the
// database's folder, whose copies must open nothing (its e-mails hold password links), and an
// erasure removes the copies about the person erased (`forget`).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { composeMessage, parseAddress } from "#app/domain/mail/mime.server.ts";

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The outbox's id of the message: its file copy is named by it, for `forget`. */
  id?: string;
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** Where messages go, for the start-up log (no credentials). */
  readonly destination: string;
  /**
   * Removes this site's own copies of the messages with these outbox ids (the .eml files written
   * without SMTP); how many it removed. A message delivered over SMTP is in the recipient's
   * inbox, out of the site's reach.
   */
  forget(ids: readonly string[]): number;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Used without SMTP: messages are written to this folder. */
  mailDir: string;
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
      forget: () => 0,
      close: () => transport.close(),
    };
  }

  const folder = options.mailDir;
  let folderMade = false;
  return {
    destination: folder,
    async send(mail) {
      const { raw, messageId } = composeMessage(from, mail);
      if (!folderMade) {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        folderMade = true;
      }
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${fileTag(mail.id ?? messageId)}.eml`;
      // Written at once, on this thread: a few kilobytes into the page cache. Through Node's
      // thread pool (open, write, close: three hand-overs) or a thread of our own, the request
      // waited longer and cost more (bench:appointments, docs/email.md). PGlite, the default
      // with this mailer, writes its own files the same way.
      writeFileSync(join(folder, name), raw, { mode: 0o600 });
    },
    forget(ids) {
      const tags = new Set(ids.map(fileTag));
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const tag = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-([\w.-]+)\.eml$/.exec(name)?.[1];
        if (tag && tags.has(tag)) {
          rmSync(join(folder, name), { force: true });
          removed++;
        }
      }
      return removed;
    },
    close: () => {},
  };
}

/** What of an id goes into a file name: letters, digits, dots and dashes. */
const fileTag = (id: string) => id.replace(/[^\w.-]/g, "");
