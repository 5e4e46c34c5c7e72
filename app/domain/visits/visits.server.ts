// Home visits, booked and lived (decision 036): a visit or a course booked for a request,
// all or nothing; each visit done, not home, cancelled, moved (alone, or with the later sessions of
// its course in one step: cancelCourse, moveCourse), or one its therapist can't make.
// The checks of schedule.ts word a refusal before it happens (the clash named by its day, time
// and patient's first name); the database's exclusion constraint `visits_no_double_booking`
// (migration 0016) is the guarantee when two people book at the same moment on two instances:
// its refusal (23P01) rolls the whole step back and is answered with the same words, after the
// clashing visit is read. Every change is one transaction with its entry on the request's
// timeline (`recordChange`), and the first visit booked makes a pending request contacted.
import { randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, ne, notInArray, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import {
  type Actor,
  changeRequestIn,
  recordChange,
  type Transaction,
} from "#app/domain/appointments/request-changes.server.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { familyAskTimeline } from "#app/domain/messages/family-desk-texts.ts";
import {
  type FamilyMessageMode,
  queueFamilyMessage,
} from "#app/domain/messages/family-messages.server.ts";
import { familyOnWhatsapp } from "#app/domain/messages/origins.ts";
import { settleVisit } from "#app/domain/money/account.server.ts";
import type { MoneySettings } from "#app/domain/money/prices.server.ts";
import { queueCantMakeMail } from "#app/domain/visits/cant-make-mail.server.ts";
import {
  blockedUntil,
  courseStarts,
  type HeldTime,
  type RosterTherapist,
  slotProblem,
} from "#app/domain/visits/schedule.ts";
import { firstNameOf } from "#app/domain/visits/schedule-view.server.ts";
import { placeOfPincode, travelRule } from "#app/domain/visits/travel.server.ts";
import type { Place } from "#app/domain/visits/travel.ts";
import type { RefusedSession, VisitProblem, VisitRow } from "#app/domain/visits/visit-form.ts";
import { type CourseSpan, isoWeekdayNames, visitTimeline } from "#app/domain/visits/visit-texts.ts";
import { indiaDayInput } from "#app/domain/visits/visit-time.ts";
import { isExclusionViolation } from "#app/lib/database-error.ts";
import {
  appointments,
  familyAsks,
  notifications,
  type TherapistSkill,
  therapists,
  type VisitKind,
  visits,
} from "#db/schema.ts";

const minuteMs = 60_000;
const constraint = "visits_no_double_booking";

/** A visit refused, and why (visitProblemMessage words it; `visitProblemStatus` answers it). */
export class VisitRefused extends Error {
  readonly problem: VisitProblem;
  constructor(problem: VisitProblem) {
    super(`visit refused: ${problem.kind}`);
    this.name = "VisitRefused";
    this.problem = problem;
  }
}

/** The HTTP status of a refusal: a clash is a conflict, a missing row 404, another's visit 403. */
export function visitProblemStatus(problem: VisitProblem): 400 | 403 | 404 | 409 | 422 {
  switch (problem.kind) {
    case "clash":
    case "travel":
    case "not_scheduled":
    case "moved":
    case "erased":
      return 409;
    case "no_request":
    case "no_visit":
      return 404;
    case "not_yours":
      return 403;
    case "wrong_code":
      return 422;
    default:
      return 400;
  }
}

/** Who acts on a visit: staff (admins) on any, a therapist on their own. */
export interface VisitActor extends Actor {
  isAdmin: boolean;
}

/**
 * How a change tells the family (decision 038): the mode of their messages, and the sender to wake.
 */
export interface FamilyMessaging {
  /** "api" when the WhatsApp Cloud API is set up; else (the default) "by_hand" from a chat link. */
  messages?: FamilyMessageMode;
  /** Called once a change that queued a message to the family has committed (wakes the sender). */
  messageQueued?: () => void;
}

export interface VisitSettings extends FamilyMessaging {
  /** Minutes held after each visit to reach the next (VISIT_TRAVEL_MINUTES). */
  travelMinutes: number;
  now?: Date;
}

/**
 * Skips the messages about a visit still waiting to go (queued, or to send by hand) when it is
 * moved or cancelled (they would now say the new time, or remind of a visit that is off; the
 * message of the change says what holds), or has happened (done, or patient not home: they are
 * moot). One in the sender's hands already may still go (at least once).
 */
async function skipWaitingMessages(tx: Transaction, visitId: string) {
  await tx
    .update(notifications)
    .set({ state: "skipped", lastError: "a later change to the visit replaced it" })
    .where(
      and(
        eq(notifications.visitId, visitId),
        eq(notifications.channel, "whatsapp"),
        inArray(notifications.state, ["queued", "by_hand"]),
      ),
    );
}

/**
 * Whether the family was told a visit of this request was booked (a "visit booked" message sent,
 * by the Cloud API or by hand). A family never told of a booking is not told of a change to it
 * as a change: a move is told as the booking it is to them, at its new time, and a cancel not at
 * all (docs/messages.md).
 */
async function toldOfBooking(tx: Transaction, appointmentId: string): Promise<boolean> {
  const [sent] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.appointmentId, appointmentId),
        eq(notifications.channel, "whatsapp"),
        eq(notifications.kind, "family_visit_booked"),
        eq(notifications.state, "sent"),
      ),
    )
    .limit(1);
  return sent !== undefined;
}

/** Tells the sender a message is waiting, once its transaction has committed. */
function afterCommit(queued: string | null, settings: FamilyMessaging) {
  if (queued !== null) settings.messageQueued?.();
}

/**
 * Settles the open ask of the family about a visit (family_asks.handled_at null), if any, with its
 * entry on the timeline: the change staff just made (a move or a cancel) answers it, or staff
 * marked it handled. Inside the change's transaction. Whether there was one.
 */
async function settleAsk(
  tx: Transaction,
  actor: Actor,
  where: { visitId: string } | { askId: string },
  how: "moved" | "cancelled" | "marked",
): Promise<boolean> {
  const settled = await tx
    .update(familyAsks)
    .set({ handledAt: sql`now()`, handledBy: actor.id })
    .where(
      and(
        "visitId" in where ? eq(familyAsks.visitId, where.visitId) : eq(familyAsks.id, where.askId),
        isNull(familyAsks.handledAt),
      ),
    )
    .returning({
      appointmentId: familyAsks.appointmentId,
      visitId: familyAsks.visitId,
      kind: familyAsks.kind,
    });
  for (const ask of settled) {
    await recordChange(tx, ask.appointmentId, actor, {
      kind: "family_ask_handled",
      visitId: ask.visitId,
      body: familyAskTimeline.handled(ask.kind, how),
    });
  }
  return settled.length > 0;
}

/** Why an ask could not be marked handled: not there (or its request erased), or settled already. */
export class AskNotOpen extends Error {
  readonly problem: "no_ask" | "handled";
  constructor(problem: AskNotOpen["problem"]) {
    super(`the ask is not open: ${problem}`);
    this.name = "AskNotOpen";
    this.problem = problem;
  }
}

/**
 * "Mark handled": staff settle a family's ask without changing the visit (they called and the
 * family keeps it, say), with its entry on the timeline; one transaction.
 */
export async function handleAsk(db: Database, actor: Actor, askId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [ask] = await tx
      .select({ handledAt: familyAsks.handledAt, erasedAt: appointments.erasedAt })
      .from(familyAsks)
      .innerJoin(appointments, eq(appointments.id, familyAsks.appointmentId))
      .where(eq(familyAsks.id, askId))
      .for("update", { of: familyAsks });
    if (!ask || ask.erasedAt !== null) throw new AskNotOpen("no_ask");
    if (ask.handledAt !== null) throw new AskNotOpen("handled");
    await settleAsk(tx, actor, { askId }, "marked");
  });
}

export interface Booking {
  appointmentId: string;
  therapistId: string;
  /** The (first) visit's start. */
  start: Date;
  minutes: number;
  kind: VisitKind;
  /** A course: `sessions` visits on the ISO weekdays (1 = Monday) at the start's India time. */
  course?: { sessions: number; weekdays: number[] };
}

type Handle = Database | Transaction;

function rosterOf(row: typeof therapists.$inferSelect): RosterTherapist {
  return {
    id: row.userId,
    displayName: row.displayName,
    registrationNumber: row.registrationNumber,
    yearsOfPractice: row.yearsOfPractice,
    languages: row.languages,
    skills: row.skills as TherapistSkill[],
    districts: row.districts,
    hours: row.hours,
    leave: row.leave,
    active: row.active,
  };
}

/**
 * The therapist a visit is booked or moved to, their row locked for the transaction: two bookings
 * for one therapist are checked one after the other, so that the travel between places (which the
 * exclusion constraint cannot see, decision 050) holds between them too.
 */
async function therapistFor(tx: Transaction, therapistId: string): Promise<RosterTherapist> {
  const [row] = await tx
    .select()
    .from(therapists)
    .where(eq(therapists.userId, therapistId))
    .for("no key update");
  if (!row) throw new VisitRefused({ kind: "no_therapist" });
  if (!row.active) throw new VisitRefused({ kind: "inactive", therapist: row.displayName });
  return rosterOf(row);
}

interface Held {
  held: HeldTime[];
  firstNames: Map<string, string | null>;
}

/** How far around [from, until) the travel between places may reach (the table's longest). */
const travelReachMs = 240 * minuteMs;

/**
 * The times `therapistId` holds (visits not cancelled) overlapping [from, until), and those near
 * enough for the travel between places to matter, with their ends and places.
 */
async function heldBetween(
  db: Handle,
  therapistId: string,
  from: Date,
  until: Date,
  /** Visits left out: those being moved (their old times are let go). */
  except: string[] = [],
): Promise<Held> {
  const rows = await db
    .select({
      visitId: visits.id,
      therapistId: visits.therapistId,
      startsAt: visits.startsAt,
      blockedUntil: visits.blockedUntil,
      endsAt: visits.endsAt,
      pincode: appointments.pincode,
      name: appointments.name,
      erasedAt: appointments.erasedAt,
    })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(visits.therapistId, therapistId),
        ne(visits.status, "cancelled"),
        lt(visits.startsAt, new Date(until.getTime() + travelReachMs)),
        gt(visits.blockedUntil, new Date(from.getTime() - travelReachMs)),
        except.length > 0 ? notInArray(visits.id, except) : undefined,
      ),
    )
    .orderBy(asc(visits.startsAt));
  return {
    held: rows.map(({ visitId, therapistId, startsAt, blockedUntil, endsAt, pincode }) => ({
      visitId,
      therapistId,
      startsAt,
      blockedUntil,
      endsAt,
      place: placeOfPincode(pincode),
    })),
    firstNames: new Map(
      rows.map((row) => [row.visitId, firstNameOf(row.name, row.erasedAt !== null)]),
    ),
  };
}

/** The words' data of a slot's problem. */
function problemOf(
  therapist: RosterTherapist,
  problem: NonNullable<ReturnType<typeof slotProblem>>,
  start: Date,
  firstNames: Map<string, string | null>,
  travelMinutes: number,
  session?: RefusedSession,
  here?: Place | null,
): VisitProblem {
  const base = { start, therapist: therapist.displayName, ...(session ? { session } : {}) };
  if (problem.kind === "travel") {
    return {
      kind: "travel",
      ...base,
      other: {
        startsAt: problem.with.startsAt,
        firstName: firstNames.get(problem.with.visitId) ?? null,
        place: placeName(problem.with.place),
      },
      here: placeName(here),
      minutes: problem.minutes,
      toNext: problem.toNext,
    };
  }
  if (problem.kind !== "clash") return { kind: problem.kind, ...base };
  return {
    kind: "clash",
    ...base,
    travelMinutes,
    other: {
      startsAt: problem.with.startsAt,
      firstName: firstNames.get(problem.with.visitId) ?? null,
    },
  };
}

/** A visit's time as a step stores it: its start, length, and its session when a course's. */
interface SlotToStore {
  start: Date;
  minutes: number;
  session?: RefusedSession;
}

/**
 * After the constraint refused the step: the visit it clashed with, read once the step is rolled
 * back (it is committed: the constraint waited for it). Undefined when it is gone since (cancelled
 * in the meantime): the step is then tried again.
 */
async function clashAfterRefusal(
  db: Database,
  therapist: RosterTherapist,
  slots: SlotToStore[],
  travelMinutes: number,
  except: string[] = [],
): Promise<VisitRefused | undefined> {
  if (slots.length === 0) return undefined;
  const from = Math.min(...slots.map((slot) => slot.start.getTime()));
  const until = Math.max(
    ...slots.map((slot) => blockedUntil(slot.start, slot.minutes, travelMinutes).getTime()),
  );
  const { held, firstNames } = await heldBetween(
    db,
    therapist.id,
    new Date(from),
    new Date(until),
    except,
  );
  for (const { start, minutes, session } of slots) {
    const end = blockedUntil(start, minutes, travelMinutes).getTime();
    const other = held.find(
      (h) => h.startsAt.getTime() < end && h.blockedUntil.getTime() > start.getTime(),
    );
    if (other) {
      return new VisitRefused(
        problemOf(
          therapist,
          { kind: "clash", with: other },
          start,
          firstNames,
          travelMinutes,
          session,
        ),
      );
    }
  }
  return undefined;
}

/** Runs `step`; a refusal by the exclusion constraint is answered as the clash it was. */
async function withClashWording<T>(
  step: () => Promise<T>,
  clash: () => Promise<VisitRefused | undefined>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isExclusionViolation(error, constraint)) throw error;
      const refused = await clash();
      if (refused) throw refused;
      // The visit it met was cancelled in the meantime: the step may go through now.
      if (attempt >= 3) throw error;
    }
  }
}

/** Locks the request's row; refused when it is not there or its personal data was erased. */
async function lockRequest(tx: Transaction, appointmentId: string) {
  const [request] = await tx
    .select({
      status: appointments.status,
      erasedAt: appointments.erasedAt,
      pincode: appointments.pincode,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for("update");
  if (!request) throw new VisitRefused({ kind: "no_request" });
  if (request.erasedAt !== null) throw new VisitRefused({ kind: "erased" });
  return request;
}

/**
 * Books a visit, or a course of visits, for a request: every session checked (hours, leave, the
 * past, 90 days ahead, the therapist's other visits and the travel between them) and stored, or
 * none (VisitRefused naming the first session refused). A pending request becomes contacted in
 * the same transaction. The ids of the visits booked, in order.
 */
export async function bookVisits(
  db: Database,
  actor: Actor,
  booking: Booking,
  settings: VisitSettings,
): Promise<string[]> {
  const now = settings.now ?? new Date();
  const { travelMinutes } = settings;
  const { appointmentId, minutes, kind } = booking;
  const starts =
    booking.course && booking.course.sessions > 1
      ? courseStarts(booking.start, booking.course.weekdays, booking.course.sessions)
      : [booking.start];
  const first = starts[0];
  const last = starts.at(-1);
  if (!first || !last) throw new VisitRefused({ kind: "no_therapist" });
  const size = starts.length;
  let therapist: RosterTherapist | undefined;
  const { ids, queued } = await withClashWording(
    () =>
      db.transaction(async (tx) => {
        const request = await lockRequest(tx, appointmentId);
        therapist = await therapistFor(tx, booking.therapistId);
        const { held, firstNames } = await heldBetween(
          tx,
          therapist.id,
          first,
          blockedUntil(last, minutes, travelMinutes),
        );
        const place = placeOfPincode(request.pincode);
        const travel = { rule: await travelRule(tx, travelMinutes), place };
        for (const [index, start] of starts.entries()) {
          const problem = slotProblem(therapist, held, {
            start,
            minutes,
            travelMinutes,
            now,
            travel,
          });
          if (problem) {
            const session = size > 1 ? { index: index + 1, size } : undefined;
            throw new VisitRefused(
              problemOf(therapist, problem, start, firstNames, travelMinutes, session, place),
            );
          }
          held.push({
            visitId: `new-${index}`,
            therapistId: therapist.id,
            startsAt: start,
            blockedUntil: blockedUntil(start, minutes, travelMinutes),
            endsAt: new Date(start.getTime() + minutes * minuteMs),
            place,
          });
        }
        const courseId = size > 1 ? randomUUID() : null;
        const inserted = await tx
          .insert(visits)
          .values(
            starts.map((start, index) => ({
              appointmentId,
              therapistId: booking.therapistId,
              startsAt: start,
              endsAt: new Date(start.getTime() + minutes * minuteMs),
              blockedUntil: blockedUntil(start, minutes, travelMinutes),
              kind,
              courseId,
              courseIndex: courseId ? index + 1 : null,
              courseSize: courseId ? size : null,
              createdBy: actor.id,
            })),
          )
          .returning({ id: visits.id, startsAt: visits.startsAt });
        const ids = inserted
          .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
          .map((row) => row.id);
        // The first visit is the family reached: a pending request is contacted, on its timeline.
        if (request.status === "pending") {
          await changeRequestIn(tx, {
            appointmentId,
            by: actor,
            change: { kind: "status", status: "contacted" },
          });
        }
        const days = [...new Set(booking.course?.weekdays ?? [])]
          .sort()
          .map((day) => isoWeekdayNames[day - 1])
          .join(", ");
        await recordChange(tx, appointmentId, actor, {
          kind: "visit_booked",
          visitId: ids[0],
          body:
            size > 1
              ? visitTimeline.courseBooked(
                  size,
                  days,
                  first,
                  last,
                  therapist.displayName,
                  kind,
                  minutes,
                )
              : visitTimeline.booked(first, therapist.displayName, kind, minutes),
        });
        // One message to the family, about the first visit: the status page shows the rest.
        const queued = ids[0]
          ? await queueFamilyMessage(
              tx,
              { appointmentId, visitId: ids[0], kind: "family_visit_booked" },
              settings.messages ?? "by_hand",
            )
          : null;
        return { ids, queued };
      }),
    async () =>
      therapist
        ? clashAfterRefusal(
            db,
            therapist,
            starts.map((start, index) => ({
              start,
              minutes,
              ...(size > 1 ? { session: { index: index + 1, size } } : {}),
            })),
            travelMinutes,
          )
        : undefined,
  );
  afterCommit(queued, settings);
  return ids;
}

/** What a change reads of the visits it locks. */
const lockedColumns = {
  id: visits.id,
  appointmentId: visits.appointmentId,
  therapistId: visits.therapistId,
  startsAt: visits.startsAt,
  endsAt: visits.endsAt,
  kind: visits.kind,
  status: visits.status,
  familyCode: visits.familyCode,
  courseId: visits.courseId,
  courseIndex: visits.courseIndex,
  courseSize: visits.courseSize,
  therapist: therapists.displayName,
  erasedAt: appointments.erasedAt,
  pincode: appointments.pincode,
};

/** Visits with their therapists and requests, locked (the visits' rows) for a change. */
function lockedVisits(tx: Transaction, where: ReturnType<typeof and>) {
  return tx
    .select(lockedColumns)
    .from(visits)
    .innerJoin(therapists, eq(therapists.userId, visits.therapistId))
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(where)
    .orderBy(asc(visits.courseIndex), asc(visits.startsAt))
    .for("update", { of: visits });
}

type LockedVisit = Awaited<ReturnType<typeof lockedVisits>>[number];

/** Locks a visit for a change; refused when it is gone, not the actor's, or no longer scheduled. */
async function lockVisit(tx: Transaction, actor: VisitActor, visitId: string) {
  const [visit] = await lockedVisits(tx, eq(visits.id, visitId));
  if (!visit) throw new VisitRefused({ kind: "no_visit" });
  if (!actor.isAdmin && visit.therapistId !== actor.id) {
    throw new VisitRefused({ kind: "not_yours" });
  }
  if (visit.erasedAt !== null) throw new VisitRefused({ kind: "erased" });
  if (visit.status !== "scheduled") {
    throw new VisitRefused({ kind: "not_scheduled", status: visit.status });
  }
  return visit;
}

/**
 * The visits a change takes, locked, first the one it was asked for: that visit alone, or (`rest`)
 * it and the later sessions of its course still scheduled, in the course's order (a session done,
 * not home or cancelled between them is left as it is). A visit of no course is its own rest.
 */
async function lockChanged(
  tx: Transaction,
  actor: VisitActor,
  visitId: string,
  scope: "visit" | "rest",
): Promise<[LockedVisit, ...LockedVisit[]]> {
  const visit = await lockVisit(tx, actor, visitId);
  if (scope === "visit" || visit.courseId === null || visit.courseIndex === null) return [visit];
  const later = await lockedVisits(
    tx,
    and(
      eq(visits.courseId, visit.courseId),
      eq(visits.appointmentId, visit.appointmentId),
      eq(visits.status, "scheduled"),
      gt(visits.courseIndex, visit.courseIndex),
    ),
  );
  if (!actor.isAdmin && later.some((row) => row.therapistId !== actor.id)) {
    throw new VisitRefused({ kind: "not_yours" });
  }
  return [visit, ...later];
}

/** What the one timeline entry of a change to several sessions of a course says of them. */
function spanOf(changed: LockedVisit[]): CourseSpan {
  const indexes = changed.map((visit) => visit.courseIndex ?? 0);
  return {
    first: Math.min(...indexes),
    last: Math.max(...indexes),
    size: changed[0]?.courseSize ?? changed.length,
    count: changed.length,
    therapists: [...new Set(changed.map((visit) => visit.therapist))],
  };
}

/** Whether a typed code is the visit's, compared in constant time. */
function sameCode(typed: string, code: string): boolean {
  const a = Buffer.from(typed);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What a therapist (or staff) says of a visit; with when it started as the phone showed it, a
 * visit moved meanwhile is refused (decision 049).
 */
export type VisitMark = (
  | {
      kind: "done";
      note?: string;
      painBefore?: number;
      painAfter?: number;
      /** The family's code as the therapist typed it (decision 048); checked here, never trusted. */
      code?: string;
      /** VISIT_CODE_REQUIRED: done only with the family's code. */
      codeRequired?: boolean;
    }
  | { kind: "no_show" }
  | { kind: "cant_make"; reason: string }
) & { seenStartsAt?: Date };

/**
 * Marks a scheduled visit done (with its note and pain before and after), patient not home, or
 * one its therapist can't make (the reason; it stays scheduled, in the front desk's Needs
 * attention, until staff move or cancel it). A therapist marks only their own visits; done and
 * not home only from the visit's India day on. What a visit that happened costs is charged in the
 * same step (settleVisit: a package's session, a session's price, or nothing).
 */
export async function markVisit(
  db: Database,
  actor: VisitActor,
  visitId: string,
  change: VisitMark,
  money: MoneySettings,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const visit = await lockVisit(tx, actor, visitId);
    if (change.seenStartsAt && change.seenStartsAt.getTime() !== visit.startsAt.getTime()) {
      throw new VisitRefused({ kind: "moved", start: visit.startsAt });
    }
    if (change.kind !== "cant_make" && indiaDayInput(visit.startsAt) > indiaDayInput(now)) {
      throw new VisitRefused({ kind: "not_yet", start: visit.startsAt });
    }
    const set = (values: Partial<typeof visits.$inferInsert>) =>
      tx
        .update(visits)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(visits.id, visitId));
    const entry = { visitId, appointmentId: visit.appointmentId };
    switch (change.kind) {
      case "done": {
        const note = change.note?.trim() ? change.note.trim() : null;
        // The family's code (decision 048): a wrong one refuses the mark; none leaves the visit
        // not confirmed by the family, unless the clinic requires it.
        const code = change.code?.trim() ?? "";
        if (code && !sameCode(code, visit.familyCode))
          throw new VisitRefused({ kind: "wrong_code" });
        if (!code && change.codeRequired) throw new VisitRefused({ kind: "code_required" });
        await skipWaitingMessages(tx, visitId);
        await set({
          status: "done",
          note,
          painBefore: change.painBefore ?? null,
          painAfter: change.painAfter ?? null,
          codeConfirmedAt: code ? now : null,
        });
        await settleVisit(tx, visit, "done", money, now);
        await recordChange(tx, entry.appointmentId, actor, {
          kind: "visit_done",
          visitId,
          body: visitTimeline.done(
            visit.startsAt,
            change.painBefore ?? null,
            change.painAfter ?? null,
          ),
        });
        return;
      }
      case "no_show":
        await skipWaitingMessages(tx, visitId);
        await set({ status: "no_show" });
        await settleVisit(tx, visit, "no_show", money, now);
        await recordChange(tx, entry.appointmentId, actor, {
          kind: "visit_no_show",
          visitId,
          body: visitTimeline.noShow(visit.startsAt),
        });
        return;
      case "cant_make":
        await set({ cantMakeReason: change.reason, cantMakeAt: now });
        await recordChange(tx, entry.appointmentId, actor, {
          kind: "visit_cant_make",
          visitId,
          body: visitTimeline.cantMake(visit.startsAt, visit.therapist, change.reason),
        });
        await queueCantMakeMail(tx, visit, change.reason);
        return;
    }
  });
}

/** Who cancelled, and why. */
export interface Cancellation {
  by: "patient" | "clinic";
  reason: string;
}

/**
 * Cancels a scheduled visit, by the patient or the clinic, with the reason; its time is freed.
 * The family is told (when they want updates), and their open ask about it is settled.
 */
export async function cancelVisit(
  db: Database,
  actor: VisitActor,
  visitId: string,
  cancellation: Cancellation,
  settings: FamilyMessaging = {},
): Promise<void> {
  await cancelVisits(db, actor, visitId, "visit", cancellation, settings);
}

/**
 * Cancels a course's session and every later one still scheduled (`rest`), in one step with one
 * reason (docs/visits.md): one transaction, one entry on the timeline ("Course cancelled: sessions
 * 3 to 6 of 6 …"), the family's open asks about them settled, the messages still waiting about
 * them skipped, and one message to the family, about the first of them (their status page shows
 * the rest). Sessions already done, not home or cancelled are left as they are.
 */
export async function cancelCourse(
  db: Database,
  actor: VisitActor,
  cancel: Cancellation & { visitId: string; scope: "rest" },
  settings: FamilyMessaging = {},
): Promise<void> {
  await cancelVisits(db, actor, cancel.visitId, cancel.scope, cancel, settings);
}

/** What cancelVisit and cancelCourse share: the visit alone, or its course's rest. */
async function cancelVisits(
  db: Database,
  actor: VisitActor,
  visitId: string,
  scope: "visit" | "rest",
  cancellation: Cancellation,
  settings: FamilyMessaging,
): Promise<void> {
  const queued = await db.transaction(async (tx) => {
    const cancelled = await lockChanged(tx, actor, visitId, scope);
    const [visit] = cancelled;
    const ids = cancelled.map((row) => row.id);
    await tx
      .update(visits)
      .set({
        status: "cancelled",
        cancelledBy: cancellation.by,
        reason: cancellation.reason,
        updatedAt: sql`now()`,
      })
      .where(inArray(visits.id, ids));
    await recordChange(tx, visit.appointmentId, actor, {
      kind: "visit_cancelled",
      visitId,
      body:
        cancelled.length > 1
          ? visitTimeline.courseCancelled(spanOf(cancelled), cancellation.by, cancellation.reason)
          : visitTimeline.cancelled(visit.startsAt, cancellation.by, cancellation.reason),
    });
    for (const id of ids) {
      await settleAsk(tx, actor, { visitId: id }, "cancelled");
      await skipWaitingMessages(tx, id);
    }
    if (!(await toldOfBooking(tx, visit.appointmentId))) return null;
    return queueFamilyMessage(
      tx,
      { appointmentId: visit.appointmentId, visitId, kind: "family_visit_cancelled" },
      settings.messages ?? "by_hand",
    );
  });
  afterCommit(queued, settings);
}

/**
 * The family confirms a visit by a reply to our WhatsApp message ("Confirm"): a visit still
 * scheduled and not confirmed yet is marked so, with its entry on the request's timeline; any
 * other is left as it is (a reply sent twice, a visit moved or cancelled since). Whether it was
 * confirmed now. Inside a transaction (the webhook's), it is a savepoint of it.
 */
export async function confirmVisit(
  db: Handle,
  visit: { appointmentId: string; visitId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(visits)
      .set({ confirmedAt: sql`now()` })
      .where(
        and(
          eq(visits.id, visit.visitId),
          eq(visits.appointmentId, visit.appointmentId),
          eq(visits.status, "scheduled"),
          isNull(visits.confirmedAt),
        ),
      )
      .returning({ id: visits.id });
    if (confirmed.length === 0) return false;
    await recordChange(tx, visit.appointmentId, familyOnWhatsapp, {
      kind: "visit_confirmed",
      visitId: visit.visitId,
      body: visitTimeline.confirmedOnWhatsapp,
    });
    return true;
  });
}

/** Where a move takes a visit (or the first of a course's rest): the therapist and its start. */
export interface MoveTo {
  therapistId: string;
  start: Date;
}

/**
 * Moves a scheduled visit to another start, or another therapist, or both, with the booking's
 * checks (its length kept; the travel after it as set now). A therapist's "can't make it" is
 * settled by the move, and so is the family's open ask about it. The history stays on the
 * request's timeline ("Moved from … to …"). The family is told (when they want updates), and the
 * new day gets its own evening reminder.
 */
export async function moveVisit(
  db: Database,
  actor: VisitActor,
  visitId: string,
  to: MoveTo,
  settings: VisitSettings,
): Promise<void> {
  await moveVisits(db, actor, visitId, "visit", to, settings);
}

/**
 * Moves a course's session to `start` (and `therapistId`) and every later one still scheduled by
 * as much (the new start of this one minus its old start), each with the booking's checks, all or
 * nothing: a refusal names the session that does not fit ("Session 4 of 6: …") and nothing moves.
 * One transaction, one entry on the timeline, one message to the family (about this session);
 * otherwise as moveVisit does for each of them.
 */
export async function moveCourse(
  db: Database,
  actor: VisitActor,
  move: MoveTo & { visitId: string },
  settings: VisitSettings,
): Promise<void> {
  await moveVisits(db, actor, move.visitId, "rest", move, settings);
}

/** A visit being moved, and where it goes. */
interface Moving extends SlotToStore {
  visit: LockedVisit;
}

/** What moveVisit and moveCourse share: the visit alone, or its course's rest, by one shift. */
async function moveVisits(
  db: Database,
  actor: VisitActor,
  visitId: string,
  scope: "visit" | "rest",
  to: MoveTo,
  settings: VisitSettings,
): Promise<void> {
  const now = settings.now ?? new Date();
  const { travelMinutes } = settings;
  let therapist: RosterTherapist | undefined;
  let moving: Moving[] = [];
  const queued = await withClashWording(
    () =>
      db.transaction(async (tx) => {
        const changed = await lockChanged(tx, actor, visitId, scope);
        const [visit] = changed;
        const shift = to.start.getTime() - visit.startsAt.getTime();
        moving = changed.map((row) => ({
          visit: row,
          start: new Date(row.startsAt.getTime() + shift),
          minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / minuteMs),
          ...(changed.length > 1 && row.courseIndex !== null && row.courseSize !== null
            ? { session: { index: row.courseIndex, size: row.courseSize, moving: changed.length } }
            : {}),
        }));
        therapist = await therapistFor(tx, to.therapistId);
        const ids = changed.map((row) => row.id);
        const { held, firstNames } = await heldBetween(
          tx,
          therapist.id,
          new Date(Math.min(...moving.map((slot) => slot.start.getTime()))),
          new Date(
            Math.max(
              ...moving.map((slot) =>
                blockedUntil(slot.start, slot.minutes, travelMinutes).getTime(),
              ),
            ),
          ),
          ids,
        );
        const place = placeOfPincode(visit.pincode);
        const travel = { rule: await travelRule(tx, travelMinutes), place };
        for (const slot of moving) {
          const problem = slotProblem(therapist, held, {
            start: slot.start,
            minutes: slot.minutes,
            travelMinutes,
            now,
            travel,
          });
          if (problem) {
            throw new VisitRefused(
              problemOf(
                therapist,
                problem,
                slot.start,
                firstNames,
                travelMinutes,
                slot.session,
                place,
              ),
            );
          }
          held.push({
            visitId: slot.visit.id,
            therapistId: therapist.id,
            startsAt: slot.start,
            blockedUntil: blockedUntil(slot.start, slot.minutes, travelMinutes),
            endsAt: new Date(slot.start.getTime() + slot.minutes * minuteMs),
            place,
          });
        }
        // The constraint checks each row as it is written (decision 036): moved later, the last
        // session goes first, moved earlier the first does, so none lands on another's old time.
        const order = [...moving].sort((a, b) =>
          shift > 0 ? b.start.getTime() - a.start.getTime() : a.start.getTime() - b.start.getTime(),
        );
        for (const slot of order) {
          await tx
            .update(visits)
            .set({
              therapistId: therapist.id,
              startsAt: slot.start,
              endsAt: new Date(slot.start.getTime() + slot.minutes * minuteMs),
              blockedUntil: blockedUntil(slot.start, slot.minutes, travelMinutes),
              cantMakeReason: null,
              cantMakeAt: null,
              // The reminder was for the old day (or not yet queued): the new day gets its own.
              reminderQueuedAt: null,
              // A reply confirmed the old time, not this one.
              confirmedAt: null,
              updatedAt: sql`now()`,
            })
            .where(eq(visits.id, slot.visit.id));
        }
        await recordChange(tx, visit.appointmentId, actor, {
          kind: "visit_moved",
          visitId,
          body:
            changed.length > 1
              ? visitTimeline.courseMoved(
                  spanOf(changed),
                  shift,
                  visit.startsAt,
                  to.start,
                  therapist.displayName,
                )
              : visitTimeline.moved(
                  visit.startsAt,
                  visit.therapist,
                  to.start,
                  therapist.displayName,
                ),
        });
        for (const id of ids) {
          await settleAsk(tx, actor, { visitId: id }, "moved");
          await skipWaitingMessages(tx, id);
        }
        const told = await toldOfBooking(tx, visit.appointmentId);
        return queueFamilyMessage(
          tx,
          {
            appointmentId: visit.appointmentId,
            visitId,
            kind: told ? "family_visit_moved" : "family_visit_booked",
          },
          settings.messages ?? "by_hand",
        );
      }),
    async () =>
      therapist
        ? clashAfterRefusal(
            db,
            therapist,
            moving,
            travelMinutes,
            moving.map((slot) => slot.visit.id),
          )
        : undefined,
  );
  afterCommit(queued, settings);
}

/**
 * A visit as its request's records show it, to the staff (`visitsOf`) and in the family's own
 * export (app/domain/privacy/rights.server.ts): when, which kind, its place in a course, how it
 * ended, what was noted, and its therapist's name (joined from `therapists`).
 */
export const visitRecordColumns = {
  therapist: therapists.displayName,
  startsAt: visits.startsAt,
  endsAt: visits.endsAt,
  kind: visits.kind,
  status: visits.status,
  courseIndex: visits.courseIndex,
  courseSize: visits.courseSize,
  cancelledBy: visits.cancelledBy,
  reason: visits.reason,
  note: visits.note,
  painBefore: visits.painBefore,
  painAfter: visits.painAfter,
};

/** A request's visits, in order of their starts, with their therapists' names. */
export async function visitsOf(db: Database, appointmentId: string): Promise<VisitRow[]> {
  const rows = await db
    .select({
      id: visits.id,
      therapistId: visits.therapistId,
      ...visitRecordColumns,
      cantMakeReason: visits.cantMakeReason,
      codeConfirmedAt: visits.codeConfirmedAt,
      courseId: visits.courseId,
    })
    .from(visits)
    .innerJoin(therapists, eq(therapists.userId, visits.therapistId))
    .where(eq(visits.appointmentId, appointmentId))
    .orderBy(asc(visits.startsAt), asc(visits.id));
  return rows.map(({ courseIndex, courseSize, ...row }) => ({
    ...row,
    course:
      courseIndex !== null && courseSize !== null ? { index: courseIndex, size: courseSize } : null,
  }));
}

/** The therapists a visit can be booked with: the active ones, by name. */
export async function bookableTherapists(
  db: Database,
): Promise<{ id: string; displayName: string }[]> {
  return db
    .select({ id: therapists.userId, displayName: therapists.displayName })
    .from(therapists)
    .where(eq(therapists.active, true))
    .orderBy(asc(therapists.displayName), asc(therapists.userId));
}

/** A place as a refusal names it: its district ("North West Delhi"), else its area. */
function placeName(place: Place | null | undefined): string | null {
  if (!place) return null;
  return place.district ?? (place.area ? areaNames[place.area] : null);
}
