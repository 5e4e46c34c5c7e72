// The owner's alerts in words (staff read English only): each kind's name, what was seen, what it
// means and what to do, for the alert e-mails (alert-mail.server.ts) and the dashboard's banner.
// docs/operations.md says the same at more length.
import type { AlertDetail } from "#app/domain/operations/alert-conditions.ts";
import type { AlertKind } from "#db/schema.ts";

/** Each kind's name, as the e-mail's subject and the banner's heading say it. */
export const alertNames: Record<AlertKind, string> = {
  staff_email: "The site's e-mails are not going out",
  patient_messages: "WhatsApp messages to families are failing",
  backup: "No backup has been written for over a day",
  retention: "The daily retention job has not run for over a day",
  disk: "The database's disk is nearly full",
};

/** What each kind's end is called in the e-mail that says so. */
export const alertOverNames: Record<AlertKind, string> = {
  staff_email: "The site's e-mails are going out again",
  patient_messages: "No WhatsApp message to a family has failed for an hour",
  backup: "A backup has been written again",
  retention: "The daily retention job has run again",
  disk: "The database's disk has room again",
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** What the check saw, in one sentence. */
export function alertSeen(detail: AlertDetail): string {
  switch (detail.kind) {
    case "staff_email": {
      const parts: string[] = [];
      if (detail.failedLastHour > 0) {
        parts.push(
          `${detail.failedLastHour} ${plural(detail.failedLastHour, "e-mail was", "e-mails were")} given up in the last hour`,
        );
      }
      if (detail.queued > 0) {
        parts.push(
          `${detail.queued} ${plural(detail.queued, "e-mail is", "e-mails are")} waiting to be sent${detail.oldestMinutes === null ? "" : `, the oldest for ${detail.oldestMinutes} minutes`}`,
        );
      }
      return `${parts.join("; ")}.`;
    }
    case "patient_messages":
      return `${detail.failedLastHour} WhatsApp ${plural(detail.failedLastHour, "message", "messages")} to families ${plural(detail.failedLastHour, "was", "were")} given up in the last hour.`;
    case "backup":
      return detail.lastAt === null
        ? `No scheduled backup has been recorded in the ${detail.hours} hours this server has been watching.`
        : `The last backup was written ${detail.hours} hours ago.`;
    case "retention":
      return detail.lastAt === null
        ? `The retention job has not run in the ${detail.hours} hours this server has been watching.`
        : `The retention job last ran ${detail.hours} hours ago.`;
    case "disk":
      return `The disk holding the embedded database is ${detail.usedPercent} % full.`;
  }
}

/** What it means and what to do, a few lines each (the e-mail, and the banner's body). */
export const alertAdvice: Record<AlertKind, readonly string[]> = {
  staff_email: [
    "New requests are still stored and shown on the staff dashboard, but the e-mails about them may not arrive: watch the dashboard until this is over.",
    "Usually the mail account's password was changed or its sending limit was reached. Check SMTP_URL against the mail provider, and the server log's \"e-mail failed\" lines for what the mail server answered.",
    "E-mails waiting are sent on their own once the mail server accepts them again; a request's page says which of its e-mails were given up.",
  ],
  patient_messages: [
    "Each request whose message was given up says so on its timeline: call those families, as they have not been told.",
    "Check in Meta's WhatsApp Manager that the access token (WHATSAPP_TOKEN) is still valid, the templates are approved, and the number is not limited; the server log's WhatsApp lines say what Meta answered.",
  ],
  backup: [
    'Check the server log for "scheduled backup failed": the folder in BACKUP_DIR must exist, be writable by the server and have free space.',
    "The server tries again every ten minutes from BACKUP_AT; until a backup is written, the data has no fresh copy.",
  ],
  retention: [
    "Personal data whose time is up is being kept longer than the privacy policy says.",
    'Check the server log for "retention run failed". The job runs when a server starts, so restarting one tries it at once.',
  ],
  disk: [
    "When the disk is full, new requests cannot be stored.",
    "Make room on the disk that holds DATA_DIR (old backups and logs kept on the same disk), give the machine a larger disk, or move the database to PostgreSQL (DATABASE_URL).",
  ],
};

/** The alert e-mails' fixed words. */
export const alertMailTexts = {
  openedSubject: (site: string, kind: AlertKind) => `${site} alert: ${alertNames[kind]}`,
  resolvedSubject: (site: string, kind: AlertKind) => `${site}: ${alertOverNames[kind]}`,
  since: (time: string) => `Since ${time} (India time).`,
  lasted: (from: string, to: string) => `It began at ${from} and was over by ${to} (India time).`,
  whatToDo: "What to do:",
  followUp: "You will get one more e-mail when it is over.",
  dashboard: (url: string) => `Open problems are also shown on the staff dashboard: ${url}`,
  why: "This e-mail comes from the site's own checks, sent to the address in ALERT_TO (else WEEKLY_SUMMARY_TO).",
} as const;

/** The staff dashboard's banner of open problems. */
export const alertBannerTexts = {
  label: "Problems with the site",
  since: (time: string) => `Since ${time}.`,
} as const;

/**
 * The e-mails saying the database has been unreachable for a while, and that it is back (issue
 * 40; outage-alert.server.ts). Decided and sent without the database, so not an incident of the
 * dashboard's, which is read from it.
 */
export const outageMailTexts = {
  openedSubject: (site: string) => `${site} alert: The database cannot be reached`,
  resolvedSubject: (site: string) => `${site}: The database can be reached again`,
  opened: (since: string, siteUrl: string) =>
    [
      `The site's servers have not been able to reach the database since ${since} (India time).`,
      "",
      "What it means:",
      `- The public pages (${siteUrl}) are still served. A request sent with the form is not stored: the family is told so, and given the clinic's phone number. Staff screens say the database cannot be reached.`,
      "- Requests, visits and messages stored before are safe; nothing is lost, and everything works again by itself once the database is back.",
      "What to do:",
      '- Check that the database server is running and has free disk space: with the compose file, `docker compose -f deploy/compose.yaml ps` and `… logs db` (docs/operations.md, "The database is unreachable").',
      "- Keep the phone line staffed until it is back.",
      "",
      "You will get one more e-mail when it is back.",
      "This e-mail comes from the site's own checks, sent to the address in ALERT_TO (else WEEKLY_SUMMARY_TO).",
    ].join("\n"),
  resolved: (from: string, to: string) =>
    [
      "The database can be reached again, and requests are stored again.",
      `It could not be reached from ${from} until ${to} (India time). Families who sent the form meanwhile were told to call.`,
      "",
      "This e-mail comes from the site's own checks, sent to the address in ALERT_TO (else WEEKLY_SUMMARY_TO).",
    ].join("\n"),
} as const;
