// Erasing a request's personal data (DPDP Act s. 8(7) and s. 12): on a data principal's request,
// or when its time is up (retention). What is personal goes — name, phone, address, message, the
// number's key, their reading for search (decision 031), the ad click's id, the campaign's labels
// (a visitor's free text), the notes' text (the home visits' notes, reasons and pain scores too),
// the e-mails' stored content, the family's words when they asked to move or cancel a visit,
// WhatsApp's id of each message to them (it spells out their number) — and what is not stays
// (dates, status, PIN code and so its area, the channel and pages it came through, who worked
// it, when the family ticked the WhatsApp box or stopped the updates), so that the owner's figures
// stay true.
// Each erasure is entered in the ledger by id, which a restore re-applies.
//
// An UPDATE leaves the old values in the table's and the indexes' files until their space is
// reused; `scrubErasure` then takes them off the disk (docs/privacy.md says what still remains).
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, queryRows } from "#app/db.server.ts";

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
          phone_key = NULL, search_reading = '', click_id = NULL, utm_source = NULL, utm_medium = NULL,
          utm_campaign = NULL, condition = NULL, preferred_times = '{}', required_language = NULL,
          erased_at = now()
        WHERE id = ANY(${list}::uuid[]) AND erased_at IS NULL
        RETURNING id`,
    );
    const erasedIds = sql.param(erased.map((row) => row.id));
    await tx.execute(
      sql`UPDATE appointment_activity SET body = ${erasedNote}
        WHERE appointment_id = ANY(${erasedIds}::uuid[]) AND body IS NOT NULL`,
    );
    // The home visits keep their times, therapist, kind and state (the schedule's and the
    // figures' rows); what was written about the person goes, as a note's words do
    // (docs/privacy.md).
    await tx.execute(
      sql`UPDATE visits SET
          note = CASE WHEN note IS NULL THEN NULL ELSE ${erasedNote} END,
          reason = CASE WHEN reason IS NULL THEN NULL ELSE ${erasedNote} END,
          cant_make_reason = CASE WHEN cant_make_reason IS NULL THEN NULL ELSE ${erasedNote} END,
          pain_before = NULL, pain_after = NULL
        WHERE appointment_id = ANY(${erasedIds}::uuid[])`,
    );
    // The staff e-mails keep their delivery record (the timeline), not their content; one still
    // waiting is not sent with the person's details gone. A WhatsApp message to the family still
    // waiting (for the sender, or for staff to send by hand) is skipped, as a stop skips it; each
    // keeps its kind, times and state (the figures') but not WhatsApp's id, which holds the
    // family's number (a "wamid" is their number and a counter, encoded).
    await tx.execute(
      sql`UPDATE notifications SET payload = NULL, external_id = NULL,
          state = CASE
            WHEN channel = 'whatsapp' AND state IN ('queued', 'by_hand') THEN 'skipped'
            WHEN state = 'queued' THEN 'failed'
            ELSE state END,
          last_error = CASE
            WHEN state = 'queued' OR (channel = 'whatsapp' AND state = 'by_hand')
              THEN 'erased before it was sent'
            ELSE last_error END
        WHERE appointment_id = ANY(${erasedIds}::uuid[])`,
    );
    // What the family wrote when they asked to move or cancel a visit: the ask stays (its kind,
    // where it came from, its times, who handled it), its words are emptied.
    await tx.execute(
      sql`UPDATE family_asks SET reason = '', preferred_time = ''
        WHERE appointment_id = ANY(${erasedIds}::uuid[])`,
    );
    // The money stays as the tax law keeps it (docs/privacy.md): each receipt's number, date,
    // amount, method and the name it was made out to; a refund's reason, written about the
    // person, goes as a note's words do.
    await tx.execute(
      sql`UPDATE payments SET reason = CASE WHEN reason IS NULL THEN NULL ELSE ${erasedNote} END
        WHERE appointment_id = ANY(${erasedIds}::uuid[])`,
    );
    // A credit note stays as its receipt does (number, date, amount, the receipt it corrects, the
    // name it was made out to); its reason goes as a refund's does.
    await tx.execute(
      sql`UPDATE credit_notes SET reason = ${erasedNote}
        WHERE appointment_id = ANY(${erasedIds}::uuid[])`,
    );
    // The care record (decision 051) is health data about the person and nothing else: it goes
    // whole — the assessment, the measures, the notes and their amendments, the home programme and
    // the family's ticks — and the timeline keeps only that each was written.
    for (const table of [
      "exercise_ticks",
      "programmes",
      "visit_notes",
      "measure_results",
      "assessments",
    ]) {
      await tx.execute(
        table === "exercise_ticks"
          ? sql`DELETE FROM exercise_ticks WHERE programme_id IN
              (SELECT id FROM programmes WHERE appointment_id = ANY(${erasedIds}::uuid[]))`
          : sql`DELETE FROM ${sql.identifier(table)} WHERE appointment_id = ANY(${erasedIds}::uuid[])`,
      );
    }
    await tx.execute(
      sql`INSERT INTO erasures (appointment_id, reason, erased_by)
        SELECT unnest(${erasedIds}::uuid[]), ${eraser.reason}, ${eraser.by}
        ON CONFLICT (appointment_id) DO NOTHING`,
    );
    return erased.map((row) => row.id);
  });
}

/** The tables an erasure changes: where the old values are left behind. */
const erasedTables = sql.raw(
  "appointments, appointment_activity, notifications, visits, family_asks, payments, credit_notes, assessments, measure_results, visit_notes, programmes, exercise_ticks",
);

/**
 * After an erasure has committed, takes what it left behind off the disk: the site's own copies
 * of the e-mails about those requests (the .eml files written without SMTP: `forget`), and the old
 * values in the tables' files. On PGlite, whose folder is the database a copy of the data folder
 * holds, VACUUM FULL writes the twelve tables and their indexes anew and removes the old files
 * (measured: 3.5 s at 100,000 requests, during which PGlite answers nothing else). On PostgreSQL
 * a plain VACUUM marks the old versions' space free at once; no dump or backup shows them, and
 * the server reuses the space.
 */
export async function scrubErasure(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  ids: readonly string[],
  mailCopies?: { forget(ids: readonly string[]): number },
): Promise<void> {
  if (ids.length === 0) return;
  if (mailCopies) {
    const messages = await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT id FROM notifications WHERE appointment_id = ANY(${sql.param([...ids])}::uuid[])`,
    );
    mailCopies.forget(messages.map((message) => message.id));
  }
  await handle.db.execute(
    handle.kind === "pglite" ? sql`VACUUM FULL ${erasedTables}` : sql`VACUUM ${erasedTables}`,
  );
}
