// A data principal's rights on what the clinic holds about them (DPDP Act 2023 s. 11 access,
// s. 12 correction and erasure): for one request, or every request with the same phone number.
// Each export, correction and erasure is written in the access log (DPDP Rules 2025, r. 6) in
// the same transaction, with the requests' ids and never their contents.

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import {
  type AppointmentErrors,
  type AppointmentField,
  appointmentFields,
  appointmentSchema,
} from "#app/domain/appointments/appointment-form.ts";
import { recordChange } from "#app/domain/appointments/request-changes.server.ts";
import { describeSource } from "#app/domain/attribution/channels.ts";
import { careRecordOf } from "#app/domain/care/care.server.ts";
import { careFileLines } from "#app/domain/care/care-file.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { correctionNote, type RightsScope } from "#app/domain/privacy/rights-form.ts";
import { needTexts } from "#app/domain/visits/visit-texts.ts";
import { visitRecordColumns } from "#app/domain/visits/visits.server.ts";
import { formatDateTime, indiaDay } from "#app/lib/dates.ts";
import { formatPhone, phoneKey } from "#app/lib/indian-phone.ts";
import { requestReading } from "#app/lib/loose-reading.server.ts";
import {
  appointmentActivity,
  appointments,
  familyAsks,
  notifications,
  therapists,
  visits,
} from "#db/schema.ts";

/** The member of staff acting, and the address their request came from (for the access log). */
export interface RightsActor {
  id: string;
  email: string;
  address?: string | null;
}

/** Thrown for a request that does not exist, or whose personal data is already erased. */
export class RightsError extends Error {
  readonly reason: "not-found" | "erased";
  constructor(reason: "not-found" | "erased") {
    super(reason === "not-found" ? "no such request" : "the request is already erased");
    this.name = "RightsError";
    this.reason = reason;
  }
}

/**
 * The requests an action covers, oldest first: this one alone, or every request with its phone
 * number (the same `phone_key`, however the number was typed; an erased request has none). Empty
 * when there is no such request.
 */
export async function requestsInScope(
  db: Database,
  appointmentId: string,
  scope: RightsScope,
): Promise<string[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      scope === "one"
        ? eq(appointments.id, appointmentId)
        : sql`${appointments.id} = ${appointmentId} OR ${appointments.phoneKey} = (
            SELECT phone_key FROM ${appointments} WHERE id = ${appointmentId})`,
    )
    .orderBy(asc(appointments.createdAt), asc(appointments.id));
  return rows.map((row) => row.id);
}

/** How many requests share this request's phone number, itself included (0: no such request). */
export async function sameNumberCount(db: Database, appointmentId: string): Promise<number> {
  return (await requestsInScope(db, appointmentId, "number")).length;
}

// --- Export ----------------------------------------------------------------------------------

export interface PersonalDataFile {
  filename: string;
  /** Plain text (UTF-8): it opens on any phone or computer, prints, and can be e-mailed. */
  text: string;
}

const mailKinds: Record<string, string> = {
  "appointment-staff": "to the clinic's staff, telling them of the request",
};

/** The WhatsApp messages to a family (decision 038), by kind (family-message-texts.ts). */
const whatsappKinds: Record<string, string> = {
  family_visit_booked: "that a visit was booked",
  family_visit_moved: "that a visit was moved",
  family_visit_cancelled: "that a visit was cancelled",
  family_visit_reminder: "reminding you of the next day's visit",
};

const indiaTime = (date: Date) => `${formatDateTime(date)} (India time)`;

/** What became of a WhatsApp message to the family, in a sentence's end. */
function whatsappState(message: {
  state: string;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  sentBy: string | null;
}): string {
  switch (message.state) {
    case "sent": {
      const by = message.sentBy ? " by our staff, from our WhatsApp number" : "";
      const sent = message.sentAt ? `sent${by} on ${indiaTime(message.sentAt)}` : `sent${by}`;
      const delivered = message.deliveredAt
        ? `, delivered on ${indiaTime(message.deliveredAt)}`
        : "";
      const read = message.readAt ? `, read on ${indiaTime(message.readAt)}` : "";
      return `${sent}${delivered}${read}`;
    }
    case "failed":
      return "could not be delivered";
    case "skipped":
      return "not sent (the updates had stopped, or the request was erased)";
    case "by_hand":
      return "waiting for our staff to send it";
    default:
      return "waiting to be sent";
  }
}

/** Each line of a value after the first, indented under its label. */
const indented = (value: string) => value.replace(/\r?\n/g, "\n                 ");
const line = (label: string, value: string) => `  ${`${label}:`.padEnd(15)}${indented(value)}`;

/**
 * What is held about the person in these requests, as a file a family can read: each request's
 * reference, date (India time), name, phone, address, PIN code, message, status, where it came
 * from, the notes' text, the e-mails about it with when they were sent, the WhatsApp updates (when
 * asked for and stopped, each message's kind and what became of it, not its words) and the
 * family's asks to change a visit in their words. Written in the access log as a
 * "rights-export".
 */
export async function personalDataOf(
  db: Database,
  ids: readonly string[],
  actor: RightsActor,
  options: { clinic: string; now?: Date },
): Promise<PersonalDataFile> {
  const now = options.now ?? new Date();
  // The care record of each (decision 051), read before the file's transaction (its queries run
  // side by side, which a transaction's one connection would not take).
  const care = new Map(
    await Promise.all(ids.map(async (id) => [id, await careRecordOf(db, id)] as const)),
  );
  return db.transaction(async (tx) => {
    const list = [...ids];
    // One after the other: a transaction is one connection, which runs one query at a time
    // (pg queues the rest, and pg 9 refuses them).
    const rows = await tx
      .select()
      .from(appointments)
      .where(inArray(appointments.id, list))
      .orderBy(asc(appointments.createdAt), asc(appointments.id));
    const notes = await tx
      .select({
        appointmentId: appointmentActivity.appointmentId,
        body: appointmentActivity.body,
        at: appointmentActivity.createdAt,
      })
      .from(appointmentActivity)
      .where(
        and(inArray(appointmentActivity.appointmentId, list), eq(appointmentActivity.kind, "note")),
      )
      .orderBy(asc(appointmentActivity.createdAt));
    const homeVisits = await tx
      .select({
        appointmentId: visits.appointmentId,
        ...visitRecordColumns,
        registration: therapists.registrationNumber,
      })
      .from(visits)
      .innerJoin(therapists, eq(therapists.userId, visits.therapistId))
      .where(inArray(visits.appointmentId, list))
      .orderBy(asc(visits.startsAt));
    const mails = await tx
      .select({
        appointmentId: notifications.appointmentId,
        channel: notifications.channel,
        kind: notifications.kind,
        state: notifications.state,
        sentAt: notifications.sentAt,
        deliveredAt: notifications.deliveredAt,
        readAt: notifications.readAt,
        sentBy: notifications.sentBy,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(inArray(notifications.appointmentId, list))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    const asks = await tx
      .select({
        appointmentId: familyAsks.appointmentId,
        kind: familyAsks.kind,
        reason: familyAsks.reason,
        preferredTime: familyAsks.preferredTime,
        via: familyAsks.via,
        createdAt: familyAsks.createdAt,
        handledAt: familyAsks.handledAt,
        visitStartsAt: visits.startsAt,
      })
      .from(familyAsks)
      .innerJoin(visits, eq(visits.id, familyAsks.visitId))
      .where(inArray(familyAsks.appointmentId, list))
      .orderBy(asc(familyAsks.createdAt), asc(familyAsks.id));
    await recordAccess(tx, {
      ...accessBy({ user: actor }, actor.address),
      action: "rights-export",
      appointmentIds: rows.map((row) => row.id),
      detail: { requests: rows.length },
    });
    const out: string[] = [
      `What ${options.clinic} holds about you`,
      `Prepared on ${indiaTime(now)}`,
      `${rows.length === 1 ? "1 request" : `${rows.length} requests`} sent through our website.`,
      "",
      "We keep these details to arrange your home visit and follow it up. You may ask us to",
      "correct them or to erase them at any time.",
    ];
    rows.forEach((row, index) => {
      out.push("", `Request ${index + 1} of ${rows.length}`, "-".repeat(40));
      out.push(line("Reference", row.reference ?? "(none)"));
      out.push(line("Sent on", indiaTime(row.createdAt)));
      if (row.erasedAt) {
        out.push(line("Status", row.status));
        out.push(`  Your personal data in this request was erased on ${indiaTime(row.erasedAt)}.`);
        out.push(line("PIN code", row.pincode));
        return;
      }
      out.push(line("Name", row.name));
      out.push(line("Phone", formatPhone(row.phone)));
      out.push(line("Address", row.address));
      out.push(line("PIN code", row.pincode));
      out.push(line("Message", row.message ?? "(none)"));
      out.push(line("Status", row.status));
      out.push(line("Language", row.language === "hi" ? "Hindi" : "English"));
      // The need the desk matches therapists on (decision 050), when anything of it is recorded.
      if (row.condition || row.preferredTimes.length > 0 || row.requiredLanguage) {
        out.push(
          line(
            "Your need",
            needTexts.line(row.condition, row.preferredTimes, row.requiredLanguage),
          ),
        );
      }
      const source = describeSource(row);
      if (source) out.push(line("Came from", source));
      if (row.clickId) out.push(line("Ad click id", `${row.clickIdParam}: ${row.clickId}`));
      if (row.noticeVersion) out.push(line("Notice shown", `version ${row.noticeVersion}`));
      const own = notes.filter((note) => note.appointmentId === row.id);
      out.push(`  Notes by our staff: ${own.length === 0 ? "none" : ""}`);
      for (const note of own) {
        out.push(
          `    ${indiaTime(note.at)}:`,
          `      ${(note.body ?? "").replace(/\n/g, "\n      ")}`,
        );
      }
      const booked = homeVisits.filter((visit) => visit.appointmentId === row.id);
      out.push(`  Home visits: ${booked.length === 0 ? "none" : ""}`);
      for (const visit of booked) out.push(...visitLines(visit));
      const record = care.get(row.id);
      if (record) out.push(...careFileLines(record));
      const sent = mails.filter(
        (mail) => mail.appointmentId === row.id && mail.channel === "email",
      );
      out.push(`  E-mails about this request: ${sent.length === 0 ? "none" : ""}`);
      for (const mail of sent) {
        const what = mailKinds[mail.kind] ?? mail.kind;
        const when =
          mail.state === "sent" && mail.sentAt
            ? `sent on ${indiaTime(mail.sentAt)}`
            : mail.state === "failed"
              ? "not sent"
              : "waiting to be sent";
        out.push(`    An e-mail ${what}: ${when}.`);
      }
      out.push(...whatsappLines(row, mails, asks));
    });
    out.push("");
    return {
      filename: `personal-data-${indiaDay(now)}.txt`,
      text: out.join("\n"),
    };
  });
}

/**
 * The WhatsApp updates of a request (decision 038): whether they were asked for on the form (and
 * stopped), each message's kind and what became of it, and the family's asks to change a visit.
 */
function whatsappLines(
  row: { id: string; whatsappConsentAt: Date | null; whatsappStoppedAt: Date | null },
  messages: Array<{
    appointmentId: string | null;
    channel: string;
    kind: string;
    state: string;
    sentAt: Date | null;
    deliveredAt: Date | null;
    readAt: Date | null;
    sentBy: string | null;
  }>,
  asks: Array<{
    appointmentId: string;
    kind: string;
    reason: string;
    preferredTime: string;
    via: string;
    createdAt: Date;
    handledAt: Date | null;
    visitStartsAt: Date;
  }>,
): string[] {
  const out: string[] = [];
  const consent = row.whatsappConsentAt
    ? `asked for on the form on ${indiaTime(row.whatsappConsentAt)}`
    : "not asked for";
  const stopped = row.whatsappStoppedAt ? `; stopped on ${indiaTime(row.whatsappStoppedAt)}` : "";
  out.push(`  WhatsApp updates: ${consent}${stopped}`);
  const sent = messages.filter(
    (message) => message.appointmentId === row.id && message.channel === "whatsapp",
  );
  out.push(`  WhatsApp messages about your visits: ${sent.length === 0 ? "none" : ""}`);
  for (const message of sent) {
    const what = whatsappKinds[message.kind] ?? message.kind;
    out.push(`    A message ${what}: ${whatsappState(message)}.`);
  }
  const own = asks.filter((ask) => ask.appointmentId === row.id);
  out.push(`  Your asks to change a visit: ${own.length === 0 ? "none" : ""}`);
  for (const ask of own) {
    const via = ask.via === "whatsapp" ? "a WhatsApp reply" : "your request's page";
    const what = ask.kind === "cancel" ? "cancel" : "move";
    out.push(
      `    ${indiaTime(ask.createdAt)}, from ${via}: to ${what} the visit of ${indiaTime(ask.visitStartsAt)}.`,
    );
    if (ask.reason) out.push(`      Why: ${ask.reason.replace(/\n/g, "\n      ")}`);
    if (ask.preferredTime) out.push(`      When you would rather: ${ask.preferredTime}`);
    out.push(
      ask.handledAt
        ? `      Settled by our staff on ${indiaTime(ask.handledAt)}.`
        : "      Waiting for our staff.",
    );
  }
  return out;
}

/** What a family reads of one home visit: when, who, what was done, and why it did not happen. */
function visitLines(visit: {
  startsAt: Date;
  endsAt: Date;
  kind: string;
  status: string;
  courseIndex: number | null;
  courseSize: number | null;
  cancelledBy: string | null;
  reason: string | null;
  note: string | null;
  painBefore: number | null;
  painAfter: number | null;
  therapist: string;
  registration: string;
}): string[] {
  const minutes = Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000);
  const course = visit.courseSize ? `, session ${visit.courseIndex} of ${visit.courseSize}` : "";
  const state =
    visit.status === "done"
      ? "done"
      : visit.status === "no_show"
        ? "nobody was at home"
        : visit.status === "cancelled"
          ? `cancelled by ${visit.cancelledBy === "patient" ? "you" : "us"}`
          : "booked";
  const who = visit.registration
    ? `${visit.therapist} (registration ${visit.registration})`
    : visit.therapist;
  const lines = [
    `    ${indiaTime(visit.startsAt)}, ${minutes} minutes: ${visit.kind}${course}, with ${who}: ${state}.`,
  ];
  if (visit.reason) lines.push(`      Why: ${visit.reason.replace(/\n/g, "\n      ")}`);
  if (visit.note) lines.push(`      What was done: ${visit.note.replace(/\n/g, "\n      ")}`);
  if (visit.painBefore !== null || visit.painAfter !== null) {
    lines.push(
      `      Pain (0 to 10): ${visit.painBefore ?? "?"} before, ${visit.painAfter ?? "?"} after.`,
    );
  }
  return lines;
}

// --- Correction ------------------------------------------------------------------------------

export type CorrectionFields = Partial<Record<AppointmentField, string>>;

export type CorrectionResult =
  | { ok: true; changed: AppointmentField[] }
  | { ok: false; errors: AppointmentErrors };

/**
 * Corrects the named fields of these requests (all or none), checked with the appointment form's
 * own schema and messages. On each request, only a field whose value differs is changed, and an
 * activity note names the fields changed, never their old values. The phone's key follows the
 * phone, and the reading search matches (decision 031) the name, address and message. `changed` is every field changed on any of them. Throws RightsError for a missing or an
 * erased request.
 */
export async function correctAppointments(
  db: Database,
  ids: readonly string[],
  fields: CorrectionFields,
  actor: RightsActor,
): Promise<CorrectionResult> {
  const named = appointmentFields.filter((field) => fields[field] !== undefined);
  const mask = Object.fromEntries(named.map((field) => [field, true])) as {
    [field in AppointmentField]?: true;
  };
  const parsed = appointmentSchema.pick(mask).safeParse(fields);
  if (!parsed.success) {
    const errors: AppointmentErrors = {};
    for (const issue of parsed.error.issues) {
      errors[issue.path[0] as AppointmentField] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const values = parsed.data as Partial<Record<AppointmentField, string | null>>;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(appointments)
      .where(inArray(appointments.id, [...ids]))
      .for("update");
    if (rows.length !== new Set(ids).size) throw new RightsError("not-found");
    if (rows.some((row) => row.erasedAt)) throw new RightsError("erased");
    const changed = new Set<AppointmentField>();
    for (const row of rows) {
      const own = named.filter((field) => values[field] !== row[field]);
      if (own.length === 0) continue;
      const set: Partial<typeof appointments.$inferInsert> = {};
      for (const field of own) {
        changed.add(field);
        if (field === "message") set.message = values.message ?? null;
        else set[field] = values[field] ?? "";
      }
      if (set.phone !== undefined) set.phoneKey = phoneKey(set.phone);
      if (set.name !== undefined || set.address !== undefined || set.message !== undefined) {
        set.searchReading = requestReading({
          name: set.name ?? row.name,
          address: set.address ?? row.address,
          message: set.message === undefined ? row.message : set.message,
        });
      }
      await tx.update(appointments).set(set).where(eq(appointments.id, row.id));
      await recordChange(tx, row.id, actor, { kind: "note", body: correctionNote(own) });
    }
    const list = appointmentFields.filter((field) => changed.has(field));
    if (list.length > 0) {
      await recordAccess(tx, {
        ...accessBy({ user: actor }, actor.address),
        action: "correction",
        appointmentIds: rows.map((row) => row.id),
        detail: { fields: list },
      });
    }
    return { ok: true, changed: list };
  });
}

/** Corrects one request (see correctAppointments). */
export function correctAppointment(
  db: Database,
  appointmentId: string,
  fields: CorrectionFields,
  actor: RightsActor,
): Promise<CorrectionResult> {
  return correctAppointments(db, [appointmentId], fields, actor);
}

// --- Erasure ---------------------------------------------------------------------------------

/**
 * Erases the personal data of these requests at the person's request (eraseAppointments), and
 * writes it in the access log, in one transaction. Returns the ids erased now.
 */
export async function eraseForPerson(
  db: Database,
  ids: readonly string[],
  actor: RightsActor,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const erased = await eraseAppointments(tx, ids, { reason: "request", by: actor.email });
    await recordAccess(tx, {
      ...accessBy({ user: actor }, actor.address),
      action: "erasure",
      appointmentIds: erased,
      detail: { requests: erased.length },
    });
    return erased;
  });
}

// --- As the request's page asks -----------------------------------------------------------------

/**
 * A correction typed on one request's page (its five fields, as the form shows them), for that
 * request or every request with its number. Only the fields whose value differs from that
 * request's are applied, so that another request's own address or message is never overwritten
 * by this one's. Throws RightsError for a missing or erased request.
 */
export async function correctFromRequest(
  db: Database,
  appointmentId: string,
  scope: RightsScope,
  typed: Record<AppointmentField, string>,
  actor: RightsActor,
): Promise<CorrectionResult> {
  const parsed = appointmentSchema.safeParse(typed);
  // Refused with the form's messages (correctAppointments checks before it touches a row).
  if (!parsed.success) return correctAppointments(db, [appointmentId], typed, actor);
  const [current] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  if (!current) throw new RightsError("not-found");
  if (current.erasedAt) throw new RightsError("erased");
  const fields: CorrectionFields = {};
  for (const field of appointmentFields) {
    if (parsed.data[field] !== current[field]) fields[field] = typed[field];
  }
  if (Object.keys(fields).length === 0) return { ok: true, changed: [] };
  return correctAppointments(db, await requestsInScope(db, appointmentId, scope), fields, actor);
}

/** The confirmation named another number of requests than the scope now holds. */
export class ScopeChangedError extends Error {
  readonly count: number;
  constructor(count: number) {
    super(`the scope now holds ${count} requests`);
    this.name = "ScopeChangedError";
    this.count = count;
  }
}

/**
 * Erases this request, or every request with its number, once confirmed for exactly that many
 * (a request that arrived meanwhile is not erased unseen: ScopeChangedError). Throws RightsError
 * when there is no such request. Returns the ids erased now.
 */
export async function eraseFromRequest(
  db: Database,
  appointmentId: string,
  scope: RightsScope,
  confirmed: number,
  actor: RightsActor,
): Promise<string[]> {
  const ids = await requestsInScope(db, appointmentId, scope);
  if (ids.length === 0) throw new RightsError("not-found");
  if (ids.length !== confirmed) throw new ScopeChangedError(ids.length);
  return eraseForPerson(db, ids, actor);
}
