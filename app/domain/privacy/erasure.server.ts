// Erasing a request's personal data (DPDP Act s. 8(7) and s. 12): on a data principal's request,
// or when its time is up (retention). What is personal goes — name, phone, address, message, the
// number's key, the ad click's id, the notes' text, the e-mails' stored content — and what is not
// stays (dates, status, PIN code and so its area, source, who worked it), so that the owner's
// figures stay true. Each erasure is entered in the ledger by id, which a restore re-applies.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db.server.ts";

/** What a note reads once erased: the note was there, its words are not. */
export const erasedNote = "(erased)";

export interface Eraser {
  reason: "request" | "retention";
  /** The member of staff's address, or "retention". */
  by: string;
}

/**
 * Erases the personal data of these requests, all or none (one transaction); requests already
 * erased are left as they are. Returns the ids erased now.
 */
export async function eraseAppointments(
  db: Database,
  ids: readonly string[],
  eraser: Eraser,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const list = sql.param([...ids]);
  return db.transaction(async (tx) => {
    const erased = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE appointments SET name = '', phone = '', address = '', message = NULL,
          phone_key = NULL, click_id = NULL, erased_at = now()
        WHERE id = ANY(${list}::uuid[]) AND erased_at IS NULL
        RETURNING id`,
    );
    const erasedIds = sql.param(erased.map((row) => row.id));
    await tx.execute(
      sql`UPDATE appointment_activity SET body = ${erasedNote}
        WHERE appointment_id = ANY(${erasedIds}::uuid[]) AND body IS NOT NULL`,
    );
    // The staff e-mails keep their delivery record (the timeline), not their content; one still
    // waiting is not sent with the person's details gone.
    await tx.execute(
      sql`UPDATE notifications SET payload = NULL,
          state = CASE WHEN state = 'queued' THEN 'failed' ELSE state END,
          last_error = CASE WHEN state = 'queued' THEN 'erased before it was sent' ELSE last_error END
        WHERE appointment_id = ANY(${erasedIds}::uuid[])`,
    );
    await tx.execute(
      sql`INSERT INTO erasures (appointment_id, reason, erased_by)
        SELECT unnest(${erasedIds}::uuid[]), ${eraser.reason}, ${eraser.by}
        ON CONFLICT (appointment_id) DO NOTHING`,
    );
    return erased.map((row) => row.id);
  });
}
