// Sends one e-mail. Over SMTP (Nodemailer) when SMTP_URL is set; otherwise each message is
// written as an .eml file under the data folder, where a person can open it, so that the
// embedded default loses nothing and needs no mail server.
import { writeFile } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import nodemailer from "nodemailer";

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

const writeFileCallback = promisify(writeFile);

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
      secure: url.protocol === "smtps:",
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A mail server that is down must fail fast: the patient's request waits for one attempt.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
    return {
      destination: `smtp://${url.host}`,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail, html: mail.html ?? undefined });
      },
      close: () => transport.close(),
    };
  }

  const folder = join(options.dataDir, "mail");
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  let folderMade: Promise<unknown> | undefined;
  return {
    destination: folder,
    async send(mail) {
      const info = await writer.sendMail({
        from: options.from,
        ...mail,
        html: mail.html ?? undefined,
      });
      folderMade ??= mkdir(folder, { recursive: true }).catch((error: unknown) => {
        folderMade = undefined; // tried again with the next message
        throw error;
      });
      await folderMade;
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`;
      // The callback form: lighter than fs/promises' file handles, one file per request.
      await writeFileCallback(join(folder, name), info.message as Buffer);
    },
    close: () => {},
  };
}
