// The e-mail staff receive for each request: everything they need to call the patient back
// from a phone, with one tap.
import type { SiteConfig } from "../../config/site-config.ts";
import { chatLink } from "../../lib/chat-link.ts";
import { formatDate } from "../../lib/dates.ts";
import type { Appointment, StaffMail } from "./appointments.server.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** The patient's number as a tel: link: a 10-digit Indian mobile gets +91. */
function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `91${digits}` : digits}`;
}

const indiaTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
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

export function staffMailFor(site: SiteConfig, recipient: string): StaffMail {
  const received = receivedAt();
  return {
    to: recipient,
    compose(appointment: Appointment) {
      const digits = appointment.phone.replace(/\D/g, "");
      const chat = chatLink(
        digits.length === 10 ? `91${digits}` : digits,
        `Hello ${appointment.name}, this is ${site.name} about your home physiotherapy request.`,
      );
      const when = received(appointment.createdAt);
      const rows: [string, string][] = [
        ["Name", appointment.name],
        ["Phone", appointment.phone],
        ["Address", appointment.address],
        ["Pin code", appointment.pincode],
        ["Message", appointment.message ?? "(none)"],
        ["Received", when],
      ];
      const subject = `New appointment request: ${appointment.name}, ${appointment.pincode}`;
      const text = [
        `A new home-visit request came in through ${site.siteUrl}/contact.`,
        "",
        ...rows.map(([label, value]) => `${label}: ${value}`),
        "",
        `Call: ${telHref(appointment.phone)}`,
        `WhatsApp: ${chat}`,
        "",
        "We promise patients a reply within 24 hours.",
      ].join("\n");
      const html = `<p>A new home-visit request came in through ${escapeHtml(site.siteUrl)}/contact.</p>
<table cellpadding="4">${rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top">${label}</th><td>${escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>
<p><a href="${telHref(appointment.phone)}">Call ${escapeHtml(appointment.name)}</a> · <a href="${escapeHtml(chat)}">WhatsApp ${escapeHtml(appointment.name)}</a></p>
<p>We promise patients a reply within 24 hours.</p>`;
      return { subject, text, html };
    },
  };
}
