// What each kind of e-mail in the outbox says. A message row names its kind and what it is about
// (an appointment, or a payload); it is composed when it is sent, from those rows, so that a
// patient's details are stored once, in their appointment, and a message about an appointment
// that was removed goes with it.
import { eq } from "drizzle-orm";
import { appointments } from "../../db/schema.ts";
import { type StaffMail, staffMailKind } from "./appointments.server.ts";
import type { Database } from "./db.server.ts";
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

/** The composers of the site's e-mails. */
export function siteMailKinds(staffMail: StaffMail): Record<string, ComposeKind> {
  return {
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
