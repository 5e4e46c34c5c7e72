// The family's status page, "My request" (decision 038): the look-up by reference and the last four
// digits of the phone number, the signed cookie that names the request for 30 minutes, and what
// the page shows of it and of its repeats (family-requests.server.ts): one story whichever
// reference the family typed. What it reads is chosen column by column: never the name, the
// address, the full number, the message, notes, reasons written by staff or the timeline.
import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Database } from "#app/db.server.ts";
import type { RateLimiter } from "#app/domain/abuse/rate-limit.server.ts";
import { readReference } from "#app/domain/appointments/reference.ts";
import {
  type FamilyRequest,
  type FirstContact,
  familyIds,
  familyRequestsOf,
} from "#app/domain/messages/family-requests.server.ts";
import { familyDay, familyTime } from "#app/domain/messages/family-time.ts";
import {
  type FamilyVisitState,
  statusAskLimits,
  statusPageText,
} from "#app/domain/messages/status-texts.ts";
import { type UpdatesState, updatesState } from "#app/domain/messages/updates-state.ts";
import { derivedKey } from "#app/domain/staff/secret-key.server.ts";
import {
  askToChange,
  type FamilyAsk,
  FamilyAskRefused,
  missedAskable,
} from "#app/domain/visits/family-asks.server.ts";
import { fillText } from "#app/lib/fill-text.ts";
import type { Lang } from "#app/lib/lang.ts";
import { asciiDigits, typedText } from "#app/lib/typed-text.ts";
import { z } from "#app/lib/zod.ts";
import { therapistLanguages } from "#db/enums.ts";
import {
  appointments,
  type FamilyAskKind,
  familyAsks,
  therapists,
  type VisitKind,
  visits,
} from "#db/schema.ts";

/** How long a look-up lasts: the page closes itself on a shared phone after this. */
const statusLookupMinutes = 30;

/**
 * The look-up form: a reference as it is typed or read out, and four digits, in ASCII or as a
 * Hindi keyboard types them (४५६७), as the appointment form takes a phone number.
 */
export function readLookup(form: FormData): {
  reference?: string;
  digits?: string;
  problems: { reference?: true; digits?: true };
} {
  const typedReference = asciiDigits(String(form.get("reference") ?? ""));
  const typedDigits = asciiDigits(String(form.get("digits") ?? "")).replace(/\s/g, "");
  const reference = typedReference.length <= 40 ? readReference(typedReference) : undefined;
  const digits = /^\d{4}$/.test(typedDigits) ? typedDigits : undefined;
  return {
    reference,
    digits,
    problems: { ...(reference ? {} : { reference: true }), ...(digits ? {} : { digits: true }) },
  };
}

const sameDigits = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The request a reference and four digits name, or undefined: a wrong reference, wrong digits
 * and an erased request are one answer.
 */
async function findRequest(
  db: Database,
  reference: string,
  digits: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: appointments.id, phone: appointments.phone })
    .from(appointments)
    .where(and(eq(appointments.reference, reference), isNull(appointments.erasedAt)));
  // Compared all the same when there is no such request, so that the time says nothing.
  const last = (row?.phone ?? "").replace(/\D/g, "").slice(-4).padStart(4, "x");
  return sameDigits(last, digits) && row ? row.id : undefined;
}

/** The counts a look-up passes (docs/abuse.md, "The family's status page"). */
export interface StatusLookupLimits {
  /** Wrong pairs from one client, whatever the reference. */
  statusClient: RateLimiter;
  /** Wrong pairs for one reference, from any client. */
  statusReference: RateLimiter;
  /** Once a reference's own count is used up: wrong pairs for it from clients new to it. */
  statusNewClients: RateLimiter;
  /** Whether a client has been wrong about a reference in the last day (one point). */
  statusWrongPair: RateLimiter;
}

export type LookupOutcome =
  | { found: string }
  | { wrong: true }
  | { refused: { retryAfterSeconds: number } };

/**
 * A look-up by a reference and four digits, counted. Every try is counted before the pair is
 * checked (many sent at once cannot slip past); a right pair and a refused one take their counts
 * back, so only wrong pairs stay counted, per client and per reference. When a reference's count
 * is used up, a client that has not been wrong about it still has its try, within a count of its
 * own for such clients: a stranger's wrong tries cannot shut the family out, and guessing stays
 * bounded by the two counts together.
 */
export async function lookUpRequest(
  db: Database,
  limits: StatusLookupLimits,
  lookup: { clientKey: string; reference: string; digits: string },
): Promise<LookupOutcome> {
  const { clientKey, reference } = lookup;
  const pair = `${reference} ${clientKey}`;
  const counted: [RateLimiter, string][] = [];
  const takeBack = () => Promise.all(counted.map(([limiter, key]) => limiter.refund(key)));
  // The soonest of the waits that refused: after it, this try would be heard.
  const refuse = async (waits: { retryAfterSeconds: number }[]) => {
    await takeBack();
    return {
      refused: { retryAfterSeconds: Math.min(...waits.map((wait) => wait.retryAfterSeconds)) },
    };
  };

  counted.push([limits.statusClient, clientKey]);
  const byClient = await limits.statusClient.hit(clientKey);
  if (byClient) return refuse([byClient]);
  counted.push([limits.statusReference, reference]);
  const byReference = await limits.statusReference.hit(reference);
  if (byReference) {
    if (await limits.statusWrongPair.peek(pair)) return refuse([byReference]);
    counted.push([limits.statusNewClients, reference]);
    const byNewClients = await limits.statusNewClients.hit(reference);
    if (byNewClients) return refuse([byReference, byNewClients]);
  }
  const found = await findRequest(db, reference, lookup.digits);
  if (found) {
    await takeBack();
    return { found };
  }
  await limits.statusWrongPair.hit(pair);
  return { wrong: true };
}

const cookieValue = z.object({ id: z.uuid(), at: z.number().int() });

/**
 * The cookie that names the request looked up: HttpOnly, SameSite=Lax, Secure on an https site,
 * signed with a key of its own derived from the site's secret, and good for 30 minutes (its
 * date is signed with it: a copied cookie does not outlive it).
 */
export function statusCookie(secret: string, secure: boolean) {
  const key = derivedKey(secret, "family status page").toString("base64url");
  const cookie = createCookie("family_status", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: statusLookupMinutes * 60,
    secrets: [key],
  });
  return {
    /** The Set-Cookie header naming this request from now. */
    set: (appointmentId: string, now = new Date()) =>
      cookie.serialize({ id: appointmentId, at: now.getTime() }),
    /** The Set-Cookie header that forgets it. */
    clear: () => cookie.serialize("", { maxAge: 0 }),
    /** The request the cookie names, while it is good; undefined otherwise. */
    async read(request: Request, now = new Date()): Promise<string | undefined> {
      const value = await cookie.parse(request.headers.get("Cookie")).catch(() => undefined);
      const parsed = cookieValue.safeParse(value);
      if (!parsed.success) return undefined;
      const age = now.getTime() - parsed.data.at;
      return age >= 0 && age < statusLookupMinutes * 60_000 ? parsed.data.id : undefined;
    },
  };
}

interface FamilyVisit {
  id: string;
  startsAt: Date;
  kind: VisitKind;
  state: FamilyVisitState;
  /** Its place in a course ("session 3 of 10"), or null for a visit alone. */
  session: { index: number; size: number } | null;
  therapist: { name: string; registration: string; languages: string[] };
  /** The family's open ask about it (not yet settled by staff). */
  ask: { kind: FamilyAskKind; at: Date } | null;
  /**
   * What the family may ask of it now: to move or cancel it (to come, no open ask), a new time
   * (missed in the last 14 days, never asked about: family-asks.server.ts), or nothing.
   */
  askable: "change" | "again" | null;
  /** Its code while it is scheduled (decision 048): theirs to give the therapist. */
  code: string | null;
}

/** The family's other request, as the page names it beside the one looked up. */
interface OtherRequest {
  reference: string;
  receivedAt: Date;
  /** Sent before the one looked up, or after it. */
  earlier: boolean;
}

export interface FamilyStatus {
  appointmentId: string;
  reference: string;
  receivedAt: Date;
  /**
   * The family's first contact: this request's own, or else the first on one of its repeats
   * (with that request's reference and place); null when nobody has reached them yet.
   */
  contact: (FirstContact & { on: OtherRequest | null }) | null;
  /** The repeats shown with it, oldest first. */
  others: OtherRequest[];
  /** WhatsApp updates, over the family's requests: on for any, else stopped, else never asked. */
  updates: UpdatesState;
  /** The visits of every request shown, in time order. */
  visits: FamilyVisit[];
  /** The next visit to come, when one is booked. */
  nextId: string | null;
  doneCount: number;
}

function stateOf(status: (typeof visits.$inferSelect)["status"], startsAt: Date, now: Date) {
  if (status !== "scheduled") return status;
  return startsAt > now ? "to_come" : "passed";
}

/** The updates of several requests as one: on for any, else stopped for any, else none. */
function updatesOver(requests: FamilyRequest[]): UpdatesState {
  const states = requests.map(updatesState);
  return states.includes("on") ? "on" : states.includes("stopped") ? "stopped" : "none";
}

/** The family's first contact, as the page tells it (see FamilyStatus["contact"]). */
function contactOf(typed: FamilyRequest, others: FamilyRequest[]): FamilyStatus["contact"] {
  if (typed.contact) return { ...typed.contact, on: null };
  const first = others
    .filter((request) => request.contact)
    .sort((a, b) => (a.contact?.at.getTime() ?? 0) - (b.contact?.at.getTime() ?? 0))[0];
  if (!first?.contact) return null;
  return { ...first.contact, on: otherOf(typed, first) };
}

const otherOf = (typed: FamilyRequest, other: FamilyRequest): OtherRequest => ({
  reference: other.reference,
  receivedAt: other.receivedAt,
  earlier: other.receivedAt < typed.receivedAt,
});

/**
 * What the family's page shows of a request and its repeats; undefined when it is gone or
 * erased.
 */
export async function familyStatus(
  db: Database,
  appointmentId: string,
  now = new Date(),
): Promise<FamilyStatus | undefined> {
  const family = await familyRequestsOf(db, appointmentId);
  if (!family) return undefined;
  const ids = familyIds(family);
  const rows = await db
    .select({
      id: visits.id,
      startsAt: visits.startsAt,
      kind: visits.kind,
      status: visits.status,
      familyCode: visits.familyCode,
      courseIndex: visits.courseIndex,
      courseSize: visits.courseSize,
      therapistName: therapists.displayName,
      registration: therapists.registrationNumber,
      languages: therapists.languages,
    })
    .from(visits)
    .innerJoin(therapists, eq(therapists.userId, visits.therapistId))
    .where(inArray(visits.appointmentId, ids))
    .orderBy(asc(visits.startsAt), asc(visits.id));
  // Every ask, settled ones too: a missed visit takes one ask ever.
  const asks = await db
    .select({
      visitId: familyAsks.visitId,
      kind: familyAsks.kind,
      at: familyAsks.createdAt,
      handledAt: familyAsks.handledAt,
    })
    .from(familyAsks)
    .where(inArray(familyAsks.appointmentId, ids));
  const openAsk = new Map(
    asks.filter((ask) => ask.handledAt === null).map((ask) => [ask.visitId, ask]),
  );
  const everAsked = new Set(asks.map((ask) => ask.visitId));
  const known = new Set<string>(therapistLanguages);
  const shown: FamilyVisit[] = rows.map((row) => {
    const state = stateOf(row.status, row.startsAt, now);
    const open = openAsk.get(row.id);
    return {
      id: row.id,
      startsAt: row.startsAt,
      kind: row.kind,
      state,
      session:
        row.courseIndex !== null && row.courseSize !== null && row.courseSize > 1
          ? { index: row.courseIndex, size: row.courseSize }
          : null,
      therapist: {
        name: row.therapistName,
        registration: row.registration,
        languages: row.languages.filter((language) => known.has(language)),
      },
      ask: open ? { kind: open.kind, at: open.at } : null,
      askable:
        state === "to_come" && !open
          ? "change"
          : state === "no_show" && !everAsked.has(row.id) && missedAskable(row.startsAt, now)
            ? "again"
            : null,
      code: row.status === "scheduled" ? row.familyCode : null,
    };
  });
  const { typed, others } = family;
  return {
    appointmentId,
    reference: typed.reference,
    receivedAt: typed.receivedAt,
    contact: contactOf(typed, others),
    others: others.map((other) => otherOf(typed, other)),
    updates: updatesOver([typed, ...others]),
    visits: shown,
    nextId: shown.find((visit) => visit.state === "to_come")?.id ?? null,
    doneCount: shown.filter((visit) => visit.state === "done").length,
  };
}

/**
 * An ask from the status page about one of the family's visits: stored on the request the visit
 * belongs to, the one looked up or one of its repeats (a visit of any other request is
 * `no_visit`, as before). Refusals are askToChange's.
 */
export async function askOnStatusPage(
  db: Database,
  appointmentId: string,
  ask: Omit<FamilyAsk, "appointmentId" | "via">,
): Promise<string> {
  const family = await familyRequestsOf(db, appointmentId);
  const [visit] = family
    ? await db
        .select({ appointmentId: visits.appointmentId })
        .from(visits)
        .where(and(eq(visits.id, ask.visitId), inArray(visits.appointmentId, familyIds(family))))
    : [];
  if (!visit) throw new FamilyAskRefused("no_visit");
  return askToChange(db, { ...ask, appointmentId: visit.appointmentId, via: "status_page" });
}

/** The family's requests whose updates the page stops or starts: the one looked up and its repeats. */
export async function familyRequestIds(db: Database, appointmentId: string): Promise<string[]> {
  const family = await familyRequestsOf(db, appointmentId);
  return family ? familyIds(family) : [];
}

const askLimits = statusAskLimits;

export type AskProblem = "unreadable" | "reasonEmpty" | "reasonTooLong" | "preferredTooLong";

const clean = (value: FormDataEntryValue | null) =>
  typeof value === "string" ? typedText(value.replace(/\r\n?/g, "\n"), "\n") : "";

const reasonOf = (text: z.ZodString) =>
  text.refine((value) => Array.from(value).length <= askLimits.reason, { error: "reasonTooLong" });

const askSchema = z.object({
  visitId: z.uuid({ error: "unreadable" }),
  kind: z.enum(["move", "cancel"], { error: "unreadable" }),
  reason: reasonOf(z.string().min(1, { error: "reasonEmpty" })),
  preferredTime: z.string().refine((text) => Array.from(text).length <= askLimits.preferred, {
    error: "preferredTooLong",
  }),
});

/** A new time for a visit missed: a "move" whose reason may be left empty. */
const againSchema = askSchema.extend({
  kind: z.literal("again").transform(() => "move" as const),
  reason: reasonOf(z.string()),
});

export type AskInput = z.output<typeof askSchema>;

/** The ask as sent, or the first problem with it (a reason code; the page picks the words). */
export function readAsk(
  form: FormData,
): { ok: true; ask: AskInput } | { ok: false; problem: AskProblem; visitId: string } {
  const kind = String(form.get("kind") ?? "");
  const parsed = (kind === "again" ? againSchema : askSchema).safeParse({
    visitId: String(form.get("visitId") ?? ""),
    kind,
    reason: clean(form.get("reason")),
    preferredTime: clean(form.get("preferredTime")),
  });
  if (parsed.success) return { ok: true, ask: parsed.data };
  const problem = (parsed.error.issues[0]?.message ?? "unreadable") as AskProblem;
  return { ok: false, problem, visitId: String(form.get("visitId") ?? "").slice(0, 40) };
}

/** A visit as the page shows it: every word and time already in the page's language. */
interface FamilyVisitView {
  id: string;
  when: string;
  what: string;
  state: FamilyVisitState;
  stateText: string;
  therapist: { name: string; registration: string | null; languages: string | null };
  /** "You asked to move this visit on …" while the ask is open. */
  asked: string | null;
  /** The family may ask to move or cancel it (to come, no open ask). */
  canAsk: boolean;
  /** The family may ask for a new time for it (missed: FamilyVisit["askable"]). */
  canAskAgain: boolean;
  next: boolean;
  /** "Visit code 4821: tell it to the therapist…", while it is scheduled. */
  code: string | null;
}

export interface FamilyStatusView {
  heading: string;
  received: string;
  /** The first contact's line: "We called you" or "Visit booked", and when (and on which request). */
  contact: { label: string; at: string; how: FirstContact["how"] } | null;
  /** When the family was first reached (the contact's `at`), or null. */
  calledBack: string | null;
  /** "Your later request 4H8K2P, sent on …, is shown here too…", one per repeat. */
  joined: string[];
  updates: FamilyStatus["updates"];
  done: string;
  next: FamilyVisitView | null;
  visits: FamilyVisitView[];
}

/** The page's words for a request, in its language (India time throughout). */
export function familyStatusView(status: FamilyStatus, lang: Lang): FamilyStatusView {
  const t = statusPageText[lang].request;
  const at = (date: Date) =>
    fillText(statusPageText[lang].dayAt, {
      day: familyDay(date, lang),
      time: familyTime(date, lang),
    });
  const names = statusPageText[lang].languageNames;
  const { contact } = status;
  const shown = status.visits.map((visit): FamilyVisitView => {
    const kind = visit.kind === "assessment" ? t.assessment : t.treatment;
    return {
      id: visit.id,
      when: at(visit.startsAt),
      what: visit.session
        ? `${kind} · ${fillText(t.session, { index: String(visit.session.index), size: String(visit.session.size) })}`
        : kind,
      state: visit.state,
      stateText: t.states[visit.state],
      therapist: {
        name: visit.therapist.name,
        registration: visit.therapist.registration
          ? fillText(t.registration, { number: visit.therapist.registration })
          : null,
        languages: visit.therapist.languages.length
          ? fillText(t.speaks, {
              languages: visit.therapist.languages
                .map((language) => names[language as keyof typeof names] ?? language)
                .join(", "),
            })
          : null,
      },
      asked: visit.ask
        ? fillText(
            visit.state === "no_show"
              ? t.askedAgain
              : visit.ask.kind === "move"
                ? t.askedMove
                : t.askedCancel,
            { day: familyDay(visit.ask.at, lang) },
          )
        : null,
      canAsk: visit.askable === "change",
      canAskAgain: visit.askable === "again",
      next: visit.id === status.nextId,
      code: visit.code ? fillText(t.visitCode, { code: visit.code }) : null,
    };
  });
  return {
    heading: fillText(t.heading, { reference: status.reference }),
    received: at(status.receivedAt),
    contact: contact
      ? {
          label: contact.how === "booked" ? t.visitBooked : t.calledBack,
          at: contact.on
            ? fillText(contact.on.earlier ? t.contactOnEarlier : t.contactOnLater, {
                at: at(contact.at),
                reference: contact.on.reference,
              })
            : at(contact.at),
          how: contact.how,
        }
      : null,
    calledBack: contact ? at(contact.at) : null,
    joined: status.others.map((other) =>
      fillText(other.earlier ? t.joinedEarlier : t.joinedLater, {
        reference: other.reference,
        day: familyDay(other.receivedAt, lang),
      }),
    ),
    updates: status.updates,
    done:
      status.doneCount === 0
        ? t.doneNone
        : status.doneCount === 1
          ? t.doneOne
          : fillText(t.doneCount, { n: String(status.doneCount) }),
    next: shown.find((visit) => visit.next) ?? null,
    visits: shown,
  };
}
