// The privacy-requests list (DPDP Act s. 11-14, Rules 2025 r. 14: answered within a published
// time, at most 90 days): each request a data principal makes, when it came, when it is due
// (PRIVACY_DUE_DAYS after), who answered it, when and how. The requests it concerns are kept by
// id, so that the record outlives an erasure it answers; the list shows their references and,
// until they are erased, the person's name. An erasure request is carried out from here in one
// step: the requests erased (the ledger, the access log) and the privacy request answered.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type {
  PrivacyChannel,
  PrivacyRequestRow,
} from "#app/domain/privacy/privacy-requests-form.ts";
import {
  eraseForPerson,
  type RightsActor,
  requestsInScope,
} from "#app/domain/privacy/rights.server.ts";
import { indiaDay, parseIndiaDay } from "#app/lib/dates.ts";
import type { PrivacyRequestKind } from "#db/enums.ts";
import { appointments, privacyRequests } from "#db/schema.ts";

const dayMs = 86_400_000;

/** Some of the references name no request. */
export class UnknownReferenceError extends Error {
  readonly references: string[];
  constructor(references: string[]) {
    super(`unknown references: ${references.join(", ")}`);
    this.name = "UnknownReferenceError";
    this.references = references;
  }
}

/** The received day is not a date, or is after today (India). */
export class ReceivedDateError extends Error {
  constructor() {
    super("the received date is not a day up to today");
    this.name = "ReceivedDateError";
  }
}

export interface NewPrivacyRequest {
  kind: PrivacyRequestKind;
  channel: PrivacyChannel;
  references: readonly string[];
  /** The India day it was received, yyyy-mm-dd. */
  received: string;
}

/**
 * Records a data principal's request, due `dueDays` days after the day it was received. Throws
 * UnknownReferenceError or ReceivedDateError. Returns its id.
 */
export async function recordPrivacyRequest(
  db: Database,
  request: NewPrivacyRequest,
  by: { id: string; email: string },
  options: { dueDays: number; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const receivedAt = parseIndiaDay(request.received);
  if (!receivedAt || request.received > indiaDay(now)) throw new ReceivedDateError();
  const found = request.references.length
    ? await db
        .select({ id: appointments.id, reference: appointments.reference })
        .from(appointments)
        .where(inArray(appointments.reference, [...request.references]))
    : [];
  const unknown = request.references.filter((ref) => !found.some((row) => row.reference === ref));
  if (unknown.length > 0) throw new UnknownReferenceError(unknown);
  const [row] = await db
    .insert(privacyRequests)
    .values({
      kind: request.kind,
      channel: request.channel,
      receivedAt,
      dueAt: new Date(receivedAt.getTime() + options.dueDays * dayMs),
      // In the order the references were given (the database returns the rows in any order).
      appointmentIds: request.references.flatMap(
        (ref) => found.find((row) => row.reference === ref)?.id ?? [],
      ),
      recordedBy: by.id,
      recordedByEmail: by.email,
    })
    .returning({ id: privacyRequests.id });
  if (!row) throw new Error("the privacy request was not stored");
  return row.id;
}

/** Marks an open request answered. False when there is no such open request. */
export async function markPrivacyRequestDone(
  db: Database,
  id: string,
  answer: string,
  by: { id: string; email: string },
  now = new Date(),
): Promise<boolean> {
  const done = await db
    .update(privacyRequests)
    .set({ doneAt: now, doneBy: by.id, doneByEmail: by.email, answer })
    .where(and(eq(privacyRequests.id, id), isNull(privacyRequests.doneAt)))
    .returning({ id: privacyRequests.id });
  return done.length === 1;
}

/** Requests by id, with what a privacy request shows of each: reference, name, when erased. */
function requestsById(db: Database, ids: string[]) {
  return db
    .select({
      id: appointments.id,
      reference: appointments.reference,
      name: appointments.name,
      erasedAt: appointments.erasedAt,
    })
    .from(appointments)
    .where(inArray(appointments.id, ids));
}

/**
 * The list: every open request, the soonest due first (overdue ones are the soonest), then the
 * latest `doneLimit` answered, the most recent first.
 */
export async function listPrivacyRequests(
  db: Database,
  now = new Date(),
  doneLimit = 100,
): Promise<{ open: PrivacyRequestRow[]; done: PrivacyRequestRow[] }> {
  const [open, done] = await Promise.all([
    db
      .select()
      .from(privacyRequests)
      .where(isNull(privacyRequests.doneAt))
      .orderBy(privacyRequests.dueAt, privacyRequests.receivedAt),
    db
      .select()
      .from(privacyRequests)
      .where(sql`${privacyRequests.doneAt} IS NOT NULL`)
      .orderBy(sql`${privacyRequests.doneAt} DESC`)
      .limit(doneLimit),
  ]);
  const ids = [...new Set([...open, ...done].flatMap((row) => row.appointmentIds))];
  const found = new Map(
    (ids.length ? await requestsById(db, ids) : []).map((row) => [row.id, row]),
  );
  const today = indiaDay(now);
  const toRow = (row: typeof privacyRequests.$inferSelect): PrivacyRequestRow => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    receivedAt: row.receivedAt,
    dueAt: row.dueAt,
    requests: row.appointmentIds.map((id) => {
      const request = found.get(id);
      return {
        id,
        reference: request?.reference ?? null,
        // The name while there is one: none once erased (or if the request is gone).
        name: request && !request.erasedAt && request.name !== "" ? request.name : null,
        erased: request ? request.erasedAt !== null : true,
      };
    }),
    recordedByEmail: row.recordedByEmail,
    doneAt: row.doneAt,
    doneByEmail: row.doneByEmail,
    answer: row.answer,
    overdue: row.doneAt === null && indiaDay(row.dueAt) < today,
  });
  return { open: open.map(toRow), done: done.map(toRow) };
}

/** What the list shows: the requests whose names it shows (for the access log). */
export function namedRequests(list: { open: PrivacyRequestRow[]; done: PrivacyRequestRow[] }) {
  return [
    ...new Set(
      [...list.open, ...list.done].flatMap((row) =>
        row.requests.filter((request) => request.name !== null).map((request) => request.id),
      ),
    ),
  ];
}

/**
 * The record form's starting point when it is opened from a request's page: the references of
 * that request and of every other one from its number (the person's requests), oldest first, and
 * the person's name while there is one. Null for no such request.
 */
export async function prefillFor(
  db: Database,
  appointmentId: string,
): Promise<{ references: string[]; name: string | null; ids: string[] } | null> {
  const ids = await requestsInScope(db, appointmentId, "number");
  if (ids.length === 0) return null;
  const rows = await requestsById(db, ids);
  const ordered = ids.flatMap((id) => rows.filter((row) => row.id === id));
  const own = ordered.find((row) => row.id === appointmentId);
  return {
    references: ordered.flatMap((row) => (row.reference ? [row.reference] : [])),
    name: own && !own.erasedAt && own.name !== "" ? own.name : null,
    ids,
  };
}

/** Why an erasure cannot be carried out from a privacy request. */
export class PrivacyEraseError extends Error {
  readonly reason: "not-open" | "not-erasure" | "no-requests";
  constructor(reason: PrivacyEraseError["reason"]) {
    super(`cannot erase from this privacy request: ${reason}`);
    this.name = "PrivacyEraseError";
    this.reason = reason;
  }
}

/**
 * Carries out an open erasure request in one transaction: erases the personal data of every
 * request it names (eraseForPerson: the erasure ledger and the access log; those already erased
 * are left as they are) and marks it answered by `by`, with `answer(references)` as how (the
 * references of the requests it names, all erased by then). Throws PrivacyEraseError. Returns
 * the ids erased now, for `scrubErasure`.
 */
export async function eraseForPrivacyRequest(
  db: Database,
  id: string,
  by: RightsActor,
  answer: (references: string[]) => string,
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.id, id), isNull(privacyRequests.doneAt)))
      .for("update");
    if (!request) throw new PrivacyEraseError("not-open");
    if (request.kind !== "erasure") throw new PrivacyEraseError("not-erasure");
    if (request.appointmentIds.length === 0) throw new PrivacyEraseError("no-requests");
    const named = await tx
      .select({ id: appointments.id, reference: appointments.reference })
      .from(appointments)
      .where(inArray(appointments.id, request.appointmentIds));
    const erased = await eraseForPerson(tx, request.appointmentIds, by);
    const references = request.appointmentIds.map(
      (appointmentId) =>
        named.find((row) => row.id === appointmentId)?.reference ?? appointmentId.slice(0, 8),
    );
    await tx
      .update(privacyRequests)
      .set({ doneAt: now, doneBy: by.id, doneByEmail: by.email, answer: answer(references) })
      .where(eq(privacyRequests.id, id));
    return erased;
  });
}
