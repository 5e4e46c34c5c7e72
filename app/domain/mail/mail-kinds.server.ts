// The kinds of e-mail the outbox can send. An outbox row names its kind and what it is about (an
// appointment, or a payload); it is composed when it is sent, from those rows, so that a
// patient's details are stored once, in their appointment, and a message about an appointment
// that was removed goes with it. Each capability registers its own kinds (its name for them and
// its composer, beside the rest of it: staff/account-mail.server.ts, newsletter/
// newsletter-mail.server.ts, appointments/appointment-mail.server.ts, insights/
// weekly-summary-mail.server.ts); the wiring (app/services.server.ts) hands them all to the
// outbox. This folder knows none of them by name.
import type { Database } from "#app/db.server.ts";
import type { ComposeMail, MailContent } from "#app/domain/mail/mail-sender.server.ts";
import type { ClaimedMessage } from "#app/domain/outbox/outbox.server.ts";

/** A kind of e-mail: its name, as stored in `notifications.kind`, and how it is composed. */
export interface MailKind {
  kind: string;
  compose(db: Database, message: ClaimedMessage): Promise<MailContent>;
}

/** One composer for every kind registered; a message of another kind fails its attempt. */
export function mailComposer(kinds: readonly MailKind[]): ComposeMail {
  const byName = new Map<string, MailKind>();
  for (const kind of kinds) {
    if (byName.has(kind.kind)) throw new Error(`two kinds of e-mail are named ${kind.kind}`);
    byName.set(kind.kind, kind);
  }
  return (db, message) => {
    const kind = byName.get(message.kind);
    if (!kind) return Promise.reject(new Error(`no composer for e-mails of kind ${message.kind}`));
    return kind.compose(db, message);
  };
}

/** A payload's string field, or a failed attempt: a message missing what it is composed from. */
export function payloadText(payload: unknown, name: string): string {
  const value = (payload as Record<string, unknown> | null)?.[name];
  if (typeof value !== "string" || !value) throw new Error(`the e-mail has no ${name}`);
  return value;
}
