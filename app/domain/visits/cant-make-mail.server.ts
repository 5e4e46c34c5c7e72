// The desk's e-mail when a therapist can't make a visit: queued in the outbox by the mark itself
// (markVisit in visits.server.ts), in its transaction, so that a mark that commits always has its
// e-mail and one refused or rolled back has none (decision 027's outbox). It goes where the
// request's own staff e-mail went (NOTIFY_EMAIL, as fixed on that e-mail when the request came):
// the desk that was told of the request is told that its visit needs another therapist or time.
// What the therapist said is kept in the row's payload (the therapist, the visit's time as it was,
// the reason), since moving the visit clears it from the visit; erasure empties the payload and
// fails the e-mail if it is still queued (docs/privacy.md). It is composed when sent, from the
// appointment (its reference and PIN code: never the patient's name or number) and that payload.
import { sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { type Database, queryRows } from "#app/db.server.ts";
import { type Appointment, staffMailKind } from "#app/domain/appointments/appointments.server.ts";
import { payloadText } from "#app/domain/mail/mail-kinds.server.ts";
import type { MailContent } from "#app/domain/mail/mail-sender.server.ts";
import { cantMakeMailTexts as texts } from "#app/domain/visits/cant-make-texts.ts";
import { notifications } from "#db/schema.ts";

/** The outbox kind of the desk's e-mail about a visit its therapist can't make. */
export const cantMakeMailKind = "visit-cant-make";

/** What the therapist said, as the e-mail tells it. */
export interface CantMakeMark {
  therapist: string;
  startsAt: Date;
  reason: string;
}

/** The desk's address as the server sends to it now: NOTIFY_EMAIL, else the business's own. */
function deskAddressNow(): string {
  const env = getEnv();
  return env.NOTIFY_EMAIL ?? toSiteConfig(env).email;
}

/**
 * Queues the desk's e-mail in the caller's transaction (the mark's): to the address of the
 * request's own staff e-mail, or, for a request stored without one (a seeded or imported row),
 * of the newest staff e-mail, or, when none was ever queued, to the desk's address now: a mark
 * always has its e-mail. Its outbox id.
 */
export async function queueCantMakeMail(
  tx: Pick<Database, "execute">,
  visit: { id: string; appointmentId: string; therapist: string; startsAt: Date },
  reason: string,
  fallback: string = deskAddressNow(),
): Promise<string | null> {
  const payload = { therapist: visit.therapist, startsAt: visit.startsAt.toISOString(), reason };
  const desk = (where: ReturnType<typeof sql>) =>
    sql`(SELECT recipient FROM ${notifications} WHERE ${where} AND kind = ${staffMailKind}
      ORDER BY created_at DESC LIMIT 1)`;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO ${notifications} (kind, recipient, appointment_id, visit_id, payload)
      SELECT ${cantMakeMailKind}, desk.recipient, ${visit.appointmentId}::uuid, ${visit.id}::uuid,
        ${JSON.stringify(payload)}::jsonb
      FROM (SELECT coalesce(${desk(sql`appointment_id = ${visit.appointmentId}::uuid`)},
        ${desk(sql`true`)}, ${fallback}) AS recipient) AS desk
      WHERE desk.recipient IS NOT NULL
      RETURNING id`,
  );
  return row?.id ?? null;
}

/** The mark a queued e-mail carries, or a failed attempt (its payload erased or missing). */
export function cantMakeMarkOf(payload: unknown): CantMakeMark {
  const startsAt = new Date(payloadText(payload, "startsAt"));
  if (Number.isNaN(startsAt.getTime())) throw new Error("the e-mail has no visit time");
  return {
    therapist: payloadText(payload, "therapist"),
    startsAt,
    reason: payloadText(payload, "reason"),
  };
}

/**
 * The desk's e-mail: who can't make which visit and why, the request's reference and PIN code,
 * and the link to the request's visits, where it is moved or cancelled.
 */
export function composeCantMakeMail(
  siteUrl: string,
  appointment: Pick<Appointment, "id" | "reference" | "pincode">,
  mark: CantMakeMark,
): MailContent {
  const reference = appointment.reference ?? texts.noReference;
  const link = `${siteUrl}/admin/appointments/${appointment.id}#visits`;
  const text = [
    texts.lead(mark.therapist),
    "",
    `${texts.reference}: ${reference}`,
    `${texts.visit}: ${texts.when(mark.startsAt)}`,
    `${texts.therapist}: ${mark.therapist}`,
    `${texts.reason}: ${mark.reason}`,
    `${texts.pincode}: ${appointment.pincode}`,
    "",
    texts.open(link),
    texts.until,
  ].join("\n");
  return { subject: texts.subject(reference, mark.startsAt), text };
}
