// What the integration tests share: the site's settings, a valid request, the staff e-mail,
// and a logger whose lines a test can read.
import { parseEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { privacyNoticeVersion } from "#app/content/privacy-notice.ts";
import {
  type AppointmentValues,
  parseAppointment,
} from "#app/domain/appointments/appointment-form.ts";
import { staffMailFor } from "#app/domain/appointments/appointment-mail.server.ts";
import { mailComposer } from "#app/domain/mail/mail-kinds.server.ts";
import type { MailContent } from "#app/domain/mail/mail-sender.server.ts";
import { toMoneySettings } from "#app/domain/money/prices.server.ts";
import { createLogger, type Logger } from "#app/lib/logger.server.ts";
import { siteMailKinds } from "#app/services.server.ts";

export const site = toSiteConfig(parseEnv({}));

/** The money of a server with no settings of its own: the sample prices, not-home visits free. */
export const defaultMoney = toMoneySettings(parseEnv({}));

/** The secret key of the tests' staff accounts (AUTH_SECRET's place). */
export const testSecret = "integration-tests-secret-key-0123456789abcdef";

export const staffAddress = "staff@clinic.test";
export const staffMail = staffMailFor(site, staffAddress);

/**
 * The outbox's composer: the site's e-mails, and messages of kind "test", which carry what they
 * say as their payload.
 */
export const compose = mailComposer([
  ...siteMailKinds(staffMail, "HomePhysio NCR"),
  { kind: "test", compose: async (_db, message) => message.payload as MailContent },
]);

/** A request as the form sends it: values with surrounding spaces, as people type them. */
const typedValues: AppointmentValues = {
  name: "  Asha Rani  ",
  phone: "98765 43210",
  address: "H-12, Sector 43, Gurugram",
  pincode: "122002",
  message: "",
};

/**
 * Every field the contact form posts, filled in rightly, as a browser without JavaScript sends
 * them (the island adds `js=1`): the values, the empty honeypot and start time, the page and the
 * notice shown.
 */
export const formFields = {
  ...typedValues,
  name: "Asha Rani",
  website: "",
  startedAt: "",
  page: "/contact",
  notice: privacyNoticeVersion,
};

/** The values through the shared schema, as the route would store them. */
export function appointmentInput(values: Partial<AppointmentValues> = {}) {
  const parsed = parseAppointment({ ...typedValues, ...values });
  if (!parsed.ok) throw new Error(`invalid test input: ${JSON.stringify(parsed.errors)}`);
  return parsed.appointment;
}

export interface CapturedLog {
  log: Logger;
  /** The JSON lines written so far. */
  lines(): string[];
}

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const log = createLogger("debug", { write: (line: string) => void lines.push(line) });
  return { log, lines: () => lines };
}
