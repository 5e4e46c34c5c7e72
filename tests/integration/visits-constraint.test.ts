// No double booking, by the database itself (decision 036): migration 0016's exclusion constraint
// refuses a second visit of one therapist whose held time (the visit and the travel after it)
// overlaps another's that is not cancelled, on PGlite (btree_gist loaded) as on PostgreSQL.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { therapists, users, visits } from "#db/schema.ts";
import { databaseError, describeEachDatabase, queryRows } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const minute = 60_000;
const at = (iso: string) => new Date(iso);

describeEachDatabase("the visits' exclusion constraint", (database) => {
  async function seed() {
    const { db } = database;
    for (const id of ["t-1", "t-2"]) {
      await db
        .insert(users)
        .values({ id, name: id, email: `${id}@clinic.test`, emailVerified: true });
      await db.insert(therapists).values({ userId: id, displayName: `Therapist ${id}` });
    }
    const { appointment } = await createAppointment(db, appointmentInput(), staffMail);
    return appointment.id;
  }

  /** A visit of `therapistId` at `start` for `minutes`, holding 30 minutes of travel after it. */
  const visit = (appointmentId: string, therapistId: string, start: Date, minutes = 60) => ({
    appointmentId,
    therapistId,
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * minute),
    blockedUntil: new Date(start.getTime() + (minutes + 30) * minute),
    kind: "treatment" as const,
  });

  it("refuses a visit within the travel time of another, and takes one just after it", async () => {
    const id = await seed();
    const { db } = database;
    await db.insert(visits).values(visit(id, "t-1", at("2026-12-01T02:00:00Z")));
    // 07:30–08:30 IST held until 09:00: a start at 08:45 IST clashes, one at 09:00 does not.
    const refused = await db
      .insert(visits)
      .values(visit(id, "t-1", at("2026-12-01T03:15:00Z")))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(databaseError(refused)).toEqual({
      code: "23P01",
      constraint: "visits_no_double_booking",
    });
    await db.insert(visits).values(visit(id, "t-1", at("2026-12-01T03:30:00Z")));
    // Another therapist at the same time is free.
    await db.insert(visits).values(visit(id, "t-2", at("2026-12-01T02:00:00Z")));
    const stored = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM visits`);
    expect(stored[0]?.n).toBe(3);
  });

  it("frees a cancelled visit's time", async () => {
    const id = await seed();
    const { db } = database;
    const [first] = await db
      .insert(visits)
      .values(visit(id, "t-1", at("2026-12-02T02:00:00Z")))
      .returning({ id: visits.id });
    await db.execute(
      sql`UPDATE visits SET status = 'cancelled', cancelled_by = 'patient' WHERE id = ${first?.id}`,
    );
    await db.insert(visits).values(visit(id, "t-1", at("2026-12-02T02:00:00Z")));
    // And a cancelled visit cannot come back over the one that took its place.
    const revived = await db
      .execute(sql`UPDATE visits SET status = 'scheduled' WHERE id = ${first?.id}`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(databaseError(revived).code).toBe("23P01");
  });
});
