// Every change staff make to a request goes through here: its status, a note, a call-back, who
// owns it, a junk mark (`changeRequest`, or `changeRequests` for a request and its repeats in one
// step), and a privacy correction (rights.server.ts, through `recordChange`). Each is one
// transaction: the request's row locked (two staff acting together each see the other's result),
// the change, and its entry in the request's audit trail — the status changes in
// `appointment_status_changes`, everything else in `appointment_activity` — written by
// `recordChange` alone, so that the timeline (front-desk.server.ts) reads one record.
//
// Working a request takes it: the first note, call-back or status change on a request nobody
// owns makes whoever made it the owner, on the timeline like any hand-over. A hand-over to
// someone else queues an e-mail to them (handoverMailKind), in the same transaction. A request
// whose personal data was erased is closed to every change (ErasedError): the law's duties to it
// are done from the privacy screens.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "#app/db.server.ts";
import { statusesBefore } from "#app/domain/appointments/front-desk-form.ts";
import { enqueueMessage } from "#app/domain/outbox/outbox.server.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import {
  type ActivityKind,
  appointmentActivity,
  appointmentStatusChanges,
  appointments,
  userRoles,
  users,
} from "#db/schema.ts";

/** Who is acting: kept by id and by address (the address stays when the account is deleted). */
export interface Actor {
  id: string;
  email: string;
}

/**
 * Who acted when it was not a member of staff (decision 038): the family on the status page or by a
 * WhatsApp reply, or the messages' sender. `email` holds its name (app/domain/messages/origins.ts).
 */
export interface NotStaff {
  id: null;
  email: string;
}

/** What a member of staff changes. */
export type RequestChange =
  | { kind: "status"; status: AppointmentStatus }
  | { kind: "note"; body: string }
  /** A call-back time, or null to clear it. */
  | { kind: "callback"; at: Date | null }
  /** A member of staff (an admin), or null to leave it open to anyone. */
  | { kind: "owner"; ownerId: string | null }
  | { kind: "junk"; junk: boolean };

interface StatusChange {
  from: AppointmentStatus;
  to: AppointmentStatus;
}

/** What a change did: a status change says from what to what; the others, whether anything moved. */
export type ChangeOutcome<C extends RequestChange> = C extends { kind: "status" }
  ? StatusChange
  : { changed: boolean };

/** An entry of the audit trail. */
export type AuditEntry =
  | { kind: "status"; from: AppointmentStatus; to: AppointmentStatus }
  | {
      kind: ActivityKind;
      body?: string;
      callbackAt?: Date;
      ownerEmail?: string | null;
      /** The visit a visit_* entry is about. */
      visitId?: string;
    };

export class NotStaffError extends Error {
  constructor() {
    super("a request can only be handed to a member of staff");
    this.name = "NotStaffError";
  }
}

/** A change to a request whose personal data was erased: nothing more is done on it. */
export class ErasedError extends Error {
  constructor() {
    super("the request's personal data was erased");
    this.name = "ErasedError";
  }
}

/** The e-mail that tells a member of staff a request was handed to them. */
export const handoverMailKind = "handover";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Writes one entry of a request's audit trail: the one way any change is recorded. `before`: an
 * entry made in the same step as another and to be read as coming first (the work that takes a
 * request: the owner, then the work), dated a microsecond earlier than the transaction's time.
 */
export async function recordChange(
  tx: Pick<Database, "insert">,
  appointmentId: string,
  by: Actor | NotStaff,
  entry: AuditEntry,
  options: { before?: boolean } = {},
): Promise<void> {
  if (entry.kind === "status") {
    await tx.insert(appointmentStatusChanges).values({
      appointmentId,
      changedBy: by.id,
      changedByEmail: by.email,
      fromStatus: entry.from,
      toStatus: entry.to,
    });
    return;
  }
  await tx.insert(appointmentActivity).values({
    appointmentId,
    byUserId: by.id,
    byEmail: by.email,
    kind: entry.kind,
    body: entry.body ?? null,
    callbackAt: entry.callbackAt ?? null,
    ownerEmail: entry.ownerEmail ?? null,
    visitId: entry.visitId ?? null,
    ...(options.before ? { createdAt: sql`now() - interval '1 microsecond'` } : {}),
  });
}

interface Current {
  status: AppointmentStatus;
  firstContactAt: Date | null;
  ownerId: string | null;
  callbackAt: Date | null;
  junk: boolean;
  erasedAt: Date | null;
}

/** The changes that are work on a request: made on one nobody owns, they take it. */
const takesIt = (change: RequestChange) =>
  change.kind === "note" ||
  change.kind === "status" ||
  (change.kind === "callback" && change.at !== null);

/** Applies `change` to the locked row; the entry to record, or null when nothing changed. */
async function apply(
  tx: Transaction,
  appointmentId: string,
  by: Actor,
  change: RequestChange,
  current: Current,
): Promise<AuditEntry | null> {
  const set = (values: PgUpdateSetSource<typeof appointments>) =>
    tx.update(appointments).set(values).where(eq(appointments.id, appointmentId));
  switch (change.kind) {
    case "status": {
      if (current.status === change.status) return null;
      // The first move away from pending is the first contact (the owner's 24-hour promise).
      const firstContact =
        current.status === "pending" && current.firstContactAt === null
          ? { firstContactAt: sql`now()`, firstContactBy: by.id }
          : {};
      await set({ status: change.status, ...firstContact });
      return { kind: "status", from: current.status, to: change.status };
    }
    case "note":
      return { kind: "note", body: change.body };
    case "callback":
      if ((current.callbackAt?.getTime() ?? null) === (change.at?.getTime() ?? null)) return null;
      await set({ callbackAt: change.at });
      return change.at
        ? { kind: "callback_set", callbackAt: change.at }
        : { kind: "callback_cleared" };
    case "owner": {
      if (current.ownerId === change.ownerId) return null;
      let ownerEmail: string | null = null;
      // Only an admin can open the dashboard: a request is handed to one, or to nobody.
      if (change.ownerId !== null) {
        const [owner] = await tx
          .select({ email: users.email })
          .from(users)
          .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
          .where(eq(users.id, change.ownerId));
        if (!owner) throw new NotStaffError();
        ownerEmail = owner.email;
      }
      await set({ ownerId: change.ownerId });
      // Handed to someone else: they are told, by e-mail through the outbox (never lost).
      if (change.ownerId !== null && change.ownerId !== by.id && ownerEmail !== null) {
        await enqueueMessage(tx, {
          kind: handoverMailKind,
          recipient: ownerEmail,
          appointmentId,
          payload: { by: by.email },
        });
      }
      return { kind: "owner_changed", ownerEmail };
    }
    case "junk":
      if (current.junk === change.junk) return null;
      await set({ junk: change.junk });
      return { kind: change.junk ? "junk_marked" : "junk_cleared" };
  }
}

/** Locks the request's row and makes the change; null when there is no such request. */
async function changeLocked<C extends RequestChange>(
  tx: Transaction,
  appointmentId: string,
  by: Actor,
  change: C,
): Promise<ChangeOutcome<C> | null> {
  const [current] = await tx
    .select({
      status: appointments.status,
      firstContactAt: appointments.firstContactAt,
      ownerId: appointments.ownerId,
      callbackAt: appointments.callbackAt,
      junk: appointments.junk,
      erasedAt: appointments.erasedAt,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for("update");
  if (!current) return null;
  if (current.erasedAt !== null) throw new ErasedError();
  const entry = await apply(tx, appointmentId, by, change, current);
  // The work took it: recorded before the work itself (the owner at that moment is who did it).
  if (entry && current.ownerId === null && takesIt(change)) {
    await tx.update(appointments).set({ ownerId: by.id }).where(eq(appointments.id, appointmentId));
    await recordChange(
      tx,
      appointmentId,
      by,
      { kind: "owner_changed", ownerEmail: by.email },
      { before: true },
    );
  }
  if (entry) await recordChange(tx, appointmentId, by, entry);
  const outcome =
    change.kind === "status"
      ? { from: current.status, to: change.status }
      : { changed: entry !== null };
  return outcome as ChangeOutcome<C>;
}

/**
 * Makes one change to a request and records it, both or neither. Setting what is already set
 * (the same status, the same owner…) is no error and records nothing. Null when there is no such
 * request; NotStaffError when it is handed to someone who is not staff; ErasedError when its
 * personal data was erased.
 */
export async function changeRequest<C extends RequestChange>(
  db: Database,
  request: { appointmentId: string; by: Actor; change: C },
): Promise<ChangeOutcome<C> | null> {
  const { appointmentId, by, change } = request;
  return db.transaction((tx) => changeLocked(tx, appointmentId, by, change));
}

/**
 * `changeRequest` inside a transaction the caller holds, so that the change is one step with
 * theirs (a visit's booking makes a pending request contacted: visits.server.ts).
 */
export function changeRequestIn<C extends RequestChange>(
  tx: Transaction,
  request: { appointmentId: string; by: Actor; change: C },
): Promise<ChangeOutcome<C> | null> {
  return changeLocked(tx, request.appointmentId, request.by, request.change);
}

/**
 * The same change to a request and to some of its repeats, in one transaction: each entered on
 * its own timeline. Only `alsoIds` that are still open to it are changed (not junk, not erased,
 * and, for a status, one before it: pending before contacted before completed); the ids changed
 * besides the request are returned. Null when the request itself is not there.
 */
export async function changeRequests<C extends RequestChange>(
  db: Database,
  request: { appointmentId: string; alsoIds: readonly string[]; by: Actor; change: C },
): Promise<{ outcome: ChangeOutcome<C>; also: string[] } | null> {
  const { appointmentId, alsoIds, by, change } = request;
  return db.transaction(async (tx) => {
    const outcome = await changeLocked(tx, appointmentId, by, change);
    if (!outcome) return null;
    const others = alsoIds.filter((id) => id !== appointmentId);
    if (others.length === 0) return { outcome, also: [] };
    // Locked in one order (by id), so that two such steps at once never wait on each other.
    const open = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          inArray(appointments.id, others),
          sql`${appointments.erasedAt} IS NULL AND NOT ${appointments.junk}`,
          change.kind === "status"
            ? inArray(appointments.status, statusesBefore(change.status))
            : undefined,
        ),
      )
      .orderBy(appointments.id)
      .for("update");
    const also: string[] = [];
    for (const { id } of open) {
      const changed = await changeLocked(tx, id, by, change);
      if (changed) also.push(id);
    }
    return { outcome, also };
  });
}
