// What the front desk reads of one request: the request as the dashboard shows it, where it came
// from, its timeline (notes, call-backs, hand-overs, junk marks, status changes and its staff
// e-mail's delivery, newest first), the other requests from the same number, and whom it can be
// handed to. Changes are request-changes.server.ts's.
import { and, eq, sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { staffMailKind } from "#app/domain/appointments/appointments.server.ts";
import {
  type Found,
  ownerOf,
  shownColumns,
  staffMailOf,
  toRow,
  type Viewer,
} from "#app/domain/appointments/dashboard.server.ts";
import { type AppointmentRow, repeatWindowDays } from "#app/domain/appointments/dashboard.ts";
import type {
  RepeatRequest,
  RequestOrigin,
  TimelineEntry,
} from "#app/domain/appointments/front-desk-form.ts";
import { languageNames, placeTexts } from "#app/domain/appointments/front-desk-texts.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { describeSource } from "#app/domain/attribution/channels.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import { appointmentActivity, appointments, userRoles, users } from "#db/schema.ts";

/** One request as the dashboard shows it, or null. */
export async function appointmentFor(
  db: Database,
  appointmentId: string,
  viewer: Viewer,
): Promise<AppointmentRow | null> {
  const [found] = await queryRows<Found>(
    db,
    sql`SELECT ${shownColumns("a", viewer)}
    FROM ${appointments} a
    ${ownerOf("a")}
    ${staffMailOf(sql`a.id`)}
    WHERE a.id = ${appointmentId}`,
  );
  return found ? toRow(found) : null;
}

export async function originOf(db: Database, appointmentId: string): Promise<RequestOrigin | null> {
  const [row] = await db
    .select({
      reference: appointments.reference,
      pincode: appointments.pincode,
      channel: appointments.channel,
      landingPath: appointments.landingPath,
      sentFromPath: appointments.sentFromPath,
      referrerHost: appointments.referrerHost,
      utmSource: appointments.utmSource,
      utmMedium: appointments.utmMedium,
      utmCampaign: appointments.utmCampaign,
      clickIdParam: appointments.clickIdParam,
      language: appointments.language,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!row) return null;
  const place = districtOf(row.pincode);
  const area = place?.area ? areaNames[place.area] : null;
  return {
    reference: row.reference,
    source: describeSource(row),
    sentFrom: row.sentFromPath,
    language: languageNames[row.language],
    place: !place
      ? null
      : area
        ? area === place.district
          ? area
          : placeTexts.inArea(place.district, area)
        : placeTexts.outside(place.district),
  };
}

interface TimelineRow {
  kind: TimelineEntry["kind"];
  at_ms: number;
  by: string | null;
  body: string | null;
  callback_ms: number | null;
  owner_email: string | null;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus | null;
  attempts: number | null;
}

function toEntry(row: TimelineRow): TimelineEntry {
  const at = new Date(Number(row.at_ms));
  const by = row.by ?? "";
  switch (row.kind) {
    case "status":
      return {
        kind: "status",
        at,
        by,
        from: row.from_status ?? "pending",
        to: row.to_status ?? "pending",
      };
    case "note":
      return { kind: "note", at, by, body: row.body ?? "" };
    case "callback_set":
      return { kind: "callback_set", at, by, callbackAt: new Date(Number(row.callback_ms)) };
    case "owner_changed":
      return { kind: "owner_changed", at, by, ownerEmail: row.owner_email };
    case "visit_booked":
    case "visit_moved":
    case "visit_done":
    case "visit_no_show":
    case "visit_cancelled":
    case "visit_cant_make":
    case "need_recorded":
    case "assessment_recorded":
    case "measure_recorded":
    case "note_signed":
    case "note_amended":
    case "measure_struck":
    case "programme_set":
    case "red_flags_handled":
    case "family_asked":
    case "family_ask_handled":
    case "visit_confirmed":
    case "message_failed":
    case "message_sent_by_hand":
    case "messages_stopped":
    case "messages_started":
      return { kind: row.kind, at, by, body: row.body ?? "" };
    case "callback_cleared":
    case "junk_marked":
    case "junk_cleared":
      return { kind: row.kind, at, by };
    case "mail_failed":
    case "mail_retrying":
      return { kind: row.kind, at, attempts: Number(row.attempts ?? 0) };
    default:
      return { kind: row.kind, at };
  }
}

const ms = (column: string) => sql.raw(`floor(extract(epoch FROM ${column}) * 1000)::float8`);

/**
 * A request's timeline, newest first: notes, call-backs, hand-overs and junk marks; status
 * changes; the staff e-mail's delivery (sent, given up, or retrying after an error); and when
 * the request was received. Empty when there is no such request.
 */
export async function timelineOf(db: Database, appointmentId: string): Promise<TimelineEntry[]> {
  const rows = await queryRows<TimelineRow>(
    db,
    sql`SELECT kind, at_ms, by, body, callback_ms, owner_email, from_status, to_status, attempts FROM (
      SELECT kind, ${ms("created_at")} AS at_ms, by_email AS by, body,
        ${ms("callback_at")} AS callback_ms, owner_email, NULL::text AS from_status,
        NULL::text AS to_status, NULL::int AS attempts, created_at AS sort_at, 1 AS tie
      FROM ${appointmentActivity} WHERE appointment_id = ${appointmentId}
      UNION ALL
      SELECT 'status', ${ms("changed_at")}, changed_by_email, NULL, NULL, NULL, from_status,
        to_status, NULL, changed_at, 1
      FROM appointment_status_changes WHERE appointment_id = ${appointmentId}
      UNION ALL
      SELECT CASE
          WHEN state = 'sent' THEN 'mail_sent'
          WHEN state = 'failed' THEN 'mail_failed'
          ELSE 'mail_retrying'
        END,
        ${ms("coalesce(sent_at, next_attempt_at)")}, NULL, NULL, NULL, NULL, NULL, NULL, attempts,
        coalesce(sent_at, next_attempt_at), 2
      FROM notifications
      WHERE appointment_id = ${appointmentId} AND kind = ${staffMailKind}
        AND (state <> 'queued' OR (attempts >= 1 AND last_error IS NOT NULL))
      UNION ALL
      SELECT 'received', ${ms("created_at")}, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        created_at, 3
      FROM ${appointments} WHERE id = ${appointmentId}
    ) entries
    ORDER BY sort_at DESC, tie`,
  );
  return rows.map(toEntry);
}

/** The other requests from the same number within 30 days either side, newest first (no junk). */
export async function repeatsOf(db: Database, appointmentId: string): Promise<RepeatRequest[]> {
  const rows = await queryRows<{
    id: string;
    created_ms: number;
    status: AppointmentStatus;
    erased: boolean;
  }>(
    db,
    sql`SELECT r.id, ${ms("r.created_at")} AS created_ms, r.status,
      r.erased_at IS NOT NULL AS erased
    FROM ${appointments} a
    JOIN ${appointments} r ON r.phone_key = a.phone_key AND r.id <> a.id AND NOT r.junk
      AND r.created_at BETWEEN a.created_at - make_interval(days => ${repeatWindowDays})
        AND a.created_at + make_interval(days => ${repeatWindowDays})
    WHERE a.id = ${appointmentId}
    ORDER BY r.created_at DESC, r.id DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(Number(row.created_ms)),
    status: row.status,
    erased: Boolean(row.erased),
  }));
}

/** The staff a request can be handed to: every admin, by address. */
export async function staffMembers(db: Database): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .orderBy(users.email);
}
