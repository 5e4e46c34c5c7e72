// What each kind of e-mail in the outbox says. A message row names its kind and what it is about
// (an appointment, or a payload); it is composed when it is sent, from those rows, so that a
// patient's details are stored once, in their appointment, and a message about an appointment
// that was removed goes with it.
import { eq } from "drizzle-orm";
import { appointments } from "../../../db/schema.ts";
import type { Database } from "../../db.server.ts";
import { type StaffMail, staffMailKind } from "../appointments/appointments.server.ts";
import {
  composeWeeklySummary,
  type WeeklySummaryMailOptions,
  weeklySummaryKind,
} from "../insights/weekly-summary-mail.server.ts";
import { accountLinkHours } from "../staff/auth.server.ts";
import type { ClaimedMessage, ComposeMail, MailContent } from "./outbox.server.ts";

export type ComposeKind = (db: Database, message: ClaimedMessage) => Promise<MailContent>;

/** One composer for every kind the outbox holds; a message of another kind fails its attempt. */
export function mailComposer(kinds: Record<string, ComposeKind>): ComposeMail {
  return (db, message) => {
    const compose = Object.hasOwn(kinds, message.kind) ? kinds[message.kind] : undefined;
    if (!compose)
      return Promise.reject(new Error(`no composer for e-mails of kind ${message.kind}`));
    return compose(db, message);
  };
}

/**
 * The e-mail that confirms a new staff account's address: its link is where the address's owner
 * chooses the password. Its payload holds the link.
 */
export const accountConfirmationKind = "account-confirmation";

/** The e-mail with a link to choose a new password (a forgotten one); its payload holds it. */
export const passwordResetKind = "password-reset";

/**
 * The newsletter's double opt-in e-mail: the one message an address gets before it is
 * confirmed. Its payload holds the links (`NewsletterLinks`), whose raw tokens exist nowhere else.
 */
export const newsletterConfirmKind = "newsletter-confirm";

export interface NewsletterLinks {
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** How long a newsletter confirmation link works. */
export const newsletterConfirmDays = 7;

/** The link of an account e-mail (confirmation or reset). */
function urlOf(payload: unknown): string {
  const url = (payload as { url?: unknown } | null)?.url;
  if (typeof url !== "string" || !url) throw new Error("the e-mail has no link");
  return url;
}

function linkOf(payload: unknown, name: keyof NewsletterLinks): string {
  const url = (payload as Partial<Record<keyof NewsletterLinks, unknown>> | null)?.[name];
  if (typeof url !== "string" || !url) throw new Error(`the e-mail has no ${name}`);
  return url;
}

/**
 * A newsletter message: whatever it says ends with the way out. A newsletter message without an
 * unsubscribe link in its payload fails its attempt rather than go out without one.
 */
function newsletterMail(
  payload: unknown,
  siteName: string,
  content: { subject: string; lines: string[] },
): MailContent {
  const unsubscribeUrl = linkOf(payload, "unsubscribeUrl");
  return {
    subject: content.subject,
    text: [
      ...content.lines,
      "",
      "--",
      `To stop receiving e-mails from the ${siteName} newsletter, unsubscribe here:`,
      unsubscribeUrl,
    ].join("\n"),
  };
}

/**
 * The composers of the site's e-mails. The owner's weekly summary needs the site's address and
 * where each PIN code is; every instance composes it (whichever sweeps first sends it), whether
 * or not its own WEEKLY_SUMMARY_TO is set.
 */
export function siteMailKinds(
  staffMail: StaffMail,
  siteName: string,
  summary?: Omit<WeeklySummaryMailOptions, "siteName">,
): Record<string, ComposeKind> {
  return {
    ...(summary && {
      [weeklySummaryKind]: (db: Database, message: ClaimedMessage) =>
        composeWeeklySummary(db, message.payload, { ...summary, siteName }),
    }),
    [accountConfirmationKind]: async (_db, message) => ({
      subject: `Confirm your ${siteName} staff account`,
      text: [
        `An account for the ${siteName} appointment dashboard was created with this address.`,
        "",
        `Confirm the address and choose your password by opening this link (it works for ${accountLinkHours.confirm} hours, once):`,
        urlOf(message.payload),
        "",
        "Until you do, nobody can sign in to the account. An administrator still has to give it access.",
        "If you did not ask for this account, ignore this e-mail: nothing more will happen.",
      ].join("\n"),
    }),
    [passwordResetKind]: async (_db, message) => ({
      subject: `Reset your ${siteName} staff password`,
      text: [
        `Someone, probably you, asked to reset the password of your ${siteName} staff account.`,
        "",
        `Choose a new password by opening this link (it works for ${accountLinkHours.reset} hour, once):`,
        urlOf(message.payload),
        "",
        "Setting it signs the account out everywhere.",
        "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ].join("\n"),
    }),
    [newsletterConfirmKind]: async (_db, message) =>
      newsletterMail(message.payload, siteName, {
        subject: `Confirm your subscription to the ${siteName} newsletter`,
        lines: [
          `Someone, probably you, asked for the ${siteName} newsletter to be sent to this address.`,
          "",
          `Confirm the subscription by opening this link (it works for ${newsletterConfirmDays} days):`,
          linkOf(message.payload, "confirmUrl"),
          "",
          "If you did not ask for it, ignore this e-mail: nothing more will be sent to you.",
        ],
      }),
    [staffMailKind]: async (db, message) => {
      if (!message.appointmentId) throw new Error("the e-mail names no appointment");
      const [appointment] = await db
        .select()
        .from(appointments)
        .where(eq(appointments.id, message.appointmentId));
      if (!appointment) throw new Error("the appointment is no longer stored");
      return staffMail.compose(appointment);
    },
  };
}
