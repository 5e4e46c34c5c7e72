// The owner's alert e-mails: one when an incident begins, one when it is over. They are sent
// straight through the mailer (alerts.server.ts), not queued in the outbox, whose being stuck may
// be the very thing they tell; the mailer composes them as it does every e-mail (decision 012).

import type { MailContent } from "#app/domain/mail/mail-sender.server.ts";
import type { AlertDetail } from "#app/domain/operations/alert-conditions.ts";
import {
  alertAdvice,
  alertMailTexts,
  alertOverNames,
  alertSeen,
} from "#app/domain/operations/alert-texts.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import type { AlertKind } from "#db/schema.ts";

export interface IncidentToTell {
  kind: AlertKind;
  detail: AlertDetail;
  openedAt: Date;
  resolvedAt: Date | null;
}

export interface AlertMailOptions {
  siteName: string;
  /** The site's address: the e-mail links to the staff dashboard, where open problems show. */
  siteUrl: string;
}

/** The e-mail saying the incident began, or (once it is resolved) that it is over. */
export function composeAlertMail(incident: IncidentToTell, options: AlertMailOptions): MailContent {
  const texts = alertMailTexts;
  const dashboard = texts.dashboard(new URL("/admin", options.siteUrl).toString());
  const seen = alertSeen(incident.detail);
  if (incident.resolvedAt) {
    return {
      subject: texts.resolvedSubject(options.siteName, incident.kind),
      text: [
        `${alertOverNames[incident.kind]}.`,
        texts.lasted(formatDateTime(incident.openedAt), formatDateTime(incident.resolvedAt)),
        seen,
        "",
        texts.why,
      ].join("\n"),
    };
  }
  return {
    subject: texts.openedSubject(options.siteName, incident.kind),
    text: [
      seen,
      texts.since(formatDateTime(incident.openedAt)),
      "",
      texts.whatToDo,
      ...alertAdvice[incident.kind].map((line) => `- ${line}`),
      "",
      texts.followUp,
      dashboard,
      texts.why,
    ].join("\n"),
  };
}
