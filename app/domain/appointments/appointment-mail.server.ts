// The e-mail staff receive for each request: everything they need to call the patient back
// from a phone, with one tap.

import { eq } from "drizzle-orm";
import validator from "validator";
import { defaultWhatsappGreeting, defaultWhatsappGreetingHi } from "#app/config/env.server.ts";
import type { SiteConfig } from "#app/config/site-config.ts";
import { greetingFor, type StaffSettings } from "#app/config/staff-settings.server.ts";
import type { Database } from "#app/db.server.ts";
import {
  type Appointment,
  type StaffMail,
  staffMailKind,
} from "#app/domain/appointments/appointments.server.ts";
import { handoverMailKind } from "#app/domain/appointments/request-changes.server.ts";
import { describeSource } from "#app/domain/attribution/channels.ts";
import { type MailKind, payloadText } from "#app/domain/mail/mail-kinds.server.ts";
import type { MailContent } from "#app/domain/mail/mail-sender.server.ts";
import type { ClaimedMessage } from "#app/domain/outbox/outbox.server.ts";
import {
  type CantMakeMark,
  cantMakeMailKind,
  cantMakeMarkOf,
  composeCantMakeMail,
} from "#app/domain/visits/cant-make-mail.server.ts";
import { formatDate, indiaTimeZone } from "#app/lib/dates.ts";
import { telHref, whatsappGreeting, whatsappHref } from "#app/lib/indian-phone.ts";
import { appointments } from "#db/schema.ts";

/** Text as HTML, by a kept encoder (validator's: & < > " ' / \\ ` become entities). */
const escapeHtml = (text: string) => validator.escape(text);

const indiaTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: indiaTimeZone,
  hour: "2-digit",
  minute: "2-digit",
});

/** "Nov 23, 2026 06:30 pm IST": formatted once a minute (the formatters are slow, requests many). */
function receivedAt(): (date: Date) => string {
  let minute = Number.NaN;
  let text = "";
  return (date) => {
    const thisMinute = Math.floor(date.getTime() / 60_000);
    if (thisMinute !== minute) {
      minute = thisMinute;
      text = `${formatDate(date)} ${indiaTime.format(date)} IST`;
    }
    return text;
  };
}

/** The desk's e-mail of a visit its therapist can't make, linked to the request's page. */
interface DeskMail {
  cantMake(appointment: Appointment, mark: CantMakeMark): MailContent;
}

/**
 * The staff e-mail of each request. Its call and WhatsApp links are the dashboard's
 * (app/lib/indian-phone.ts); a number that module cannot read is shown without them. With it,
 * the desk's e-mail of a visit its therapist can't make (app/domain/visits/cant-make-mail.server.ts).
 */
export function staffMailFor(
  site: SiteConfig,
  recipient: string,
  settings: StaffSettings = {
    clinic: site.name,
    whatsappGreeting: defaultWhatsappGreeting,
    whatsappGreetingHi: defaultWhatsappGreetingHi,
  },
): StaffMail & DeskMail {
  const received = receivedAt();
  return {
    to: recipient,
    compose(appointment: Appointment) {
      const call = telHref(appointment.phone);
      const chat = whatsappHref(
        appointment.phone,
        whatsappGreeting(greetingFor(settings, appointment.language), {
          clinic: settings.clinic,
          patient: appointment.name,
        }),
      );
      const when = received(appointment.createdAt);
      const rows: [string, string][] = [
        ["Reference", appointment.reference ?? "(none)"],
        ["Name", appointment.name],
        ["Phone", appointment.phone],
        ["Address", appointment.address],
        ["Pin code", appointment.pincode],
        ["Message", appointment.message ?? "(none)"],
        ["Received", when],
        ["Came from", describeSource(appointment) ?? "Not recorded"],
        // Staff call back in the language the family wrote in.
        [
          "Language",
          appointment.language === "hi" ? "Hindi (sent from the Hindi site)" : "English",
        ],
      ];
      // The page the form was sent from, when the request said (it always does since 0009).
      const through = `${site.siteUrl}${appointment.sentFromPath ?? "/contact"}`;
      const subject = `New appointment request: ${appointment.name}, ${appointment.pincode}`;
      const text = [
        `A new home-visit request came in through ${through}.`,
        "",
        ...rows.map(([label, value]) => `${label}: ${value}`),
        "",
        ...(call && chat ? [`Call: ${call}`, `WhatsApp: ${chat}`, ""] : []),
        "We promise patients a reply within 24 hours.",
      ].join("\n");
      const html = `<p>A new home-visit request came in through ${escapeHtml(through)}.</p>
<table cellpadding="4">${rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top">${label}</th><td>${escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>
${call && chat ? `<p><a href="${call}">Call ${escapeHtml(appointment.name)}</a> · <a href="${escapeHtml(chat)}">WhatsApp ${escapeHtml(appointment.name)}</a></p>\n` : ""}<p>We promise patients a reply within 24 hours.</p>`;
      return { subject, text, html };
    },
    handover(appointment, by) {
      // What the new owner needs to find it and start: who handed it over, the reference, when
      // it came and from which PIN code, and the link to its page (behind the sign-in). The
      // patient's details are on that page, where reading them is logged.
      const link = `${site.siteUrl}/admin/appointments/${appointment.id}`;
      const reference = appointment.reference ?? "(none)";
      const subject = `Request ${reference} was handed to you`;
      const text = [
        `${by} handed you a home-visit request on the ${settings.clinic} dashboard.`,
        "",
        `Reference: ${reference}`,
        `Received: ${received(appointment.createdAt)}`,
        `Pin code: ${appointment.pincode}`,
        `Language: ${appointment.language === "hi" ? "Hindi" : "English"}`,
        "",
        `Open it: ${link}`,
        'It is in your "Mine" list, marked "Handed to you" until you work on it.',
      ].join("\n");
      return { subject, text };
    },
    cantMake: (appointment, mark) => composeCantMakeMail(site.siteUrl, appointment, mark),
  };
}

/** The appointment a message names, or a failed attempt. */
async function appointmentOf(db: Database, message: ClaimedMessage): Promise<Appointment> {
  if (!message.appointmentId) throw new Error("the e-mail names no appointment");
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.id, message.appointmentId));
  if (!appointment) throw new Error("the appointment is no longer stored");
  return appointment;
}

/**
 * The staff e-mail, the hand-over e-mail and the desk's can't-make e-mail as kinds of the outbox:
 * composed from the appointment their row names (and its payload). The wiring hands over what
 * `staffMailFor` made, typed as the staff e-mail alone: the can't-make kind is registered
 * whenever the object has its composer, as `staffMailFor`'s always has.
 */
export function appointmentMailKinds(staffMail: StaffMail & Partial<DeskMail>): MailKind[] {
  const desk = staffMail.cantMake?.bind(staffMail);
  return [
    {
      kind: staffMailKind,
      compose: async (db, message) => staffMail.compose(await appointmentOf(db, message)),
    },
    {
      kind: handoverMailKind,
      compose: async (db, message) =>
        staffMail.handover(await appointmentOf(db, message), payloadText(message.payload, "by")),
    },
    ...(desk
      ? [
          {
            kind: cantMakeMailKind,
            compose: async (db: Database, message: ClaimedMessage) =>
              desk(await appointmentOf(db, message), cantMakeMarkOf(message.payload)),
          },
        ]
      : []),
  ];
}
