// The family behind a request, as their status page reads it (docs/messages.md, "The family's
// status page"): the request looked up and its repeats — the other requests sent from the same
// number (phone_key) within the front desk's 30 days either side, neither junk nor erased, as
// the request's page lists them (front-desk.server.ts). A family that sent the form twice reads
// one story whichever reference they type; the window keeps a number given to someone else years
// later from opening another family's visits.
//
// Anyone who knows a number can send the form with it, and the look-up trusts the reference and
// the number's last digits: so a request nobody at the clinic has reached yet (pending) is joined
// only with the repeats first reached after it was sent — the family's own second request, booked
// while the first waited — never with visits booked before it came in (a stranger's request,
// sent with the family's number, shows nothing of theirs). A junk request is shown alone. Once
// staff have reached the number about it (any contact), it is the family's: joined with all.
// Nothing here is shown as such: the page picks.
import { and, asc, between, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { repeatWindowDays } from "#app/domain/appointments/dashboard.ts";
import { appointmentActivity, appointments } from "#db/schema.ts";

/** How a request was first reached: a call (any change of status), or a visit's booking. */
export type FirstContact = { at: Date; how: "called" | "booked" };

export interface FamilyRequest {
  appointmentId: string;
  reference: string;
  receivedAt: Date;
  contact: FirstContact | null;
  whatsappConsentAt: Date | null;
  whatsappStoppedAt: Date | null;
}

export interface FamilyRequests {
  /** The request the look-up (or the link) named. */
  typed: FamilyRequest;
  /** Its repeats, oldest first. */
  others: FamilyRequest[];
}

const columns = {
  appointmentId: appointments.id,
  reference: appointments.reference,
  receivedAt: appointments.createdAt,
  firstContactAt: appointments.firstContactAt,
  whatsappConsentAt: appointments.whatsappConsentAt,
  whatsappStoppedAt: appointments.whatsappStoppedAt,
};

const dayMs = 86_400_000;

/** The request and its repeats; undefined when it is gone or erased. */
export async function familyRequestsOf(
  db: Pick<Database, "select">,
  appointmentId: string,
): Promise<FamilyRequests | undefined> {
  const [typed] = await db
    .select({ ...columns, phoneKey: appointments.phoneKey, junk: appointments.junk })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), isNull(appointments.erasedAt)));
  if (!typed) return undefined;
  const window = repeatWindowDays * dayMs;
  const repeats =
    typed.phoneKey === null || typed.junk
      ? []
      : await db
          .select(columns)
          .from(appointments)
          .where(
            and(
              eq(appointments.phoneKey, typed.phoneKey),
              ne(appointments.id, appointmentId),
              eq(appointments.junk, false),
              isNull(appointments.erasedAt),
              between(
                appointments.createdAt,
                new Date(typed.receivedAt.getTime() - window),
                new Date(typed.receivedAt.getTime() + window),
              ),
            ),
          )
          .orderBy(asc(appointments.createdAt), asc(appointments.id));
  const others =
    typed.firstContactAt === null
      ? repeats.filter(
          (row) => row.firstContactAt !== null && row.firstContactAt > typed.receivedAt,
        )
      : repeats;
  const rows = [typed, ...others];
  const booked = await bookedAtFirstContact(
    db,
    rows.filter((row) => row.firstContactAt !== null).map((row) => row.appointmentId),
  );
  const toRequest = (row: (typeof rows)[number]): FamilyRequest => ({
    appointmentId: row.appointmentId,
    reference: row.reference ?? "",
    receivedAt: row.receivedAt,
    contact: row.firstContactAt
      ? { at: row.firstContactAt, how: booked.has(row.appointmentId) ? "booked" : "called" }
      : null,
    whatsappConsentAt: row.whatsappConsentAt,
    whatsappStoppedAt: row.whatsappStoppedAt,
  });
  return { typed: toRequest(typed), others: others.map(toRequest) };
}

/**
 * The requests whose first contact was a visit's booking, not a call: booking the first visit
 * makes a pending request contacted in the booking's own transaction (visits.server.ts), so the
 * `visit_booked` entry carries the first contact's very time (the transaction's `now()`). A call
 * recorded before the booking is a change of its own, at another time.
 */
async function bookedAtFirstContact(
  db: Pick<Database, "select">,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: appointmentActivity.appointmentId })
    .from(appointmentActivity)
    .innerJoin(appointments, eq(appointments.id, appointmentActivity.appointmentId))
    .where(
      and(
        inArray(appointmentActivity.appointmentId, ids),
        eq(appointmentActivity.kind, "visit_booked"),
        eq(appointmentActivity.createdAt, appointments.firstContactAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** The ids of the request and its repeats. */
export const familyIds = (family: FamilyRequests) => [
  family.typed.appointmentId,
  ...family.others.map((request) => request.appointmentId),
];
