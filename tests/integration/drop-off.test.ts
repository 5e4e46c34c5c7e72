// Drop-off after the assessment (docs/insights.md) on the real databases: families assessed at
// known India times over three weeks, with treatment booked in time, late, before, cancelled or
// never, read as of a fixed time. Every expected figure is worked out here by hand from the rows
// below, not by the code.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { dropOffFigures } from "#app/domain/insights/drop-off.server.ts";
import { dropOffView } from "#app/domain/insights/insights-view.server.ts";
import { resolvePeriod } from "#app/domain/insights/period.ts";
import { appointments, therapists, users, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";

/** Tuesday 24 March 2026, noon in India: families assessed before noon on 17 March are judged. */
const now = new Date("2026-03-24T06:30:00.000Z");
const india = (local: string) => new Date(`${local}:00+05:30`);
const minute = 60_000;
/** The three weeks from Monday 2 to Sunday 22 March. */
const period = resolvePeriod({ period: "dates", from: "2026-03-02", to: "2026-03-22" }, now).period;

interface Visit {
  at: string;
  kind: "assessment" | "treatment";
  status?: "scheduled" | "done" | "no_show" | "cancelled";
  /** When it was booked; the test's "now" when not said. */
  booked?: string;
  therapist?: "t-meera" | "t-arjun";
}

/** Each family's request and its visits; the letter is the first name's. */
const families: Record<
  string,
  { values?: Partial<typeof appointments.$inferInsert> } & { visits: Visit[] }
> = {
  // Week of 2 March. Treatment booked two days after: booked in time.
  Asha: {
    visits: [
      { at: "2026-03-03T10:00", kind: "assessment", status: "done" },
      { at: "2026-03-06T10:00", kind: "treatment", booked: "2026-03-05T09:00" },
    ],
  },
  // Nothing booked: to call.
  Bela: {
    visits: [{ at: "2026-03-04T10:00", kind: "assessment", status: "done", therapist: "t-arjun" }],
  },
  // Its only treatment cancelled: to call.
  Chitra: {
    visits: [
      { at: "2026-03-04T14:00", kind: "assessment", status: "done" },
      {
        at: "2026-03-07T10:00",
        kind: "treatment",
        status: "cancelled",
        booked: "2026-03-05T09:00",
      },
    ],
  },
  // Treatment booked nine days after: not in time, but booked, so not to call.
  Dev: {
    visits: [
      { at: "2026-03-05T10:00", kind: "assessment", status: "done" },
      { at: "2026-03-16T14:00", kind: "treatment", booked: "2026-03-14T09:00" },
    ],
  },
  // Never assessed: one still scheduled (in the past, never marked), one not home.
  Ekta: {
    visits: [
      { at: "2026-03-05T12:00", kind: "assessment", status: "scheduled" },
      { at: "2026-03-06T12:00", kind: "assessment", status: "no_show" },
    ],
  },
  // Junk: neither counted nor listed.
  Farid: {
    values: { junk: true },
    visits: [{ at: "2026-03-03T12:00", kind: "assessment", status: "done" }],
  },
  // Erased: counted, as every figure counts it, but no one to call.
  Gita: {
    values: { erasedAt: new Date("2026-03-20T00:00:00Z"), name: "", phone: "", address: "" },
    visits: [{ at: "2026-03-03T16:00", kind: "assessment", status: "done" }],
  },
  // Assessed twice in the week: one family, listed once, by its last assessment.
  Hari: {
    visits: [
      { at: "2026-03-02T10:00", kind: "assessment", status: "done" },
      { at: "2026-03-06T14:00", kind: "assessment", status: "done" },
    ],
  },
  // Treatment booked before the assessment, to start after it: booked in time.
  Indu: {
    visits: [
      { at: "2026-03-06T16:00", kind: "assessment", status: "done" },
      { at: "2026-03-08T10:00", kind: "treatment", booked: "2026-03-01T09:00" },
    ],
  },
  // A course in February, then a new assessment and nothing after it: to call.
  Jaya: {
    visits: [
      { at: "2026-02-10T10:00", kind: "treatment", status: "done", booked: "2026-02-01T09:00" },
      { at: "2026-03-05T14:00", kind: "assessment", status: "done" },
    ],
  },
  // Week of 9 March. Nothing booked: to call.
  Kiran: {
    visits: [{ at: "2026-03-10T10:00", kind: "assessment", status: "done", therapist: "t-arjun" }],
  },
  // Not booked in its week; assessed again on 20 March, less than 7 days ago: not called yet.
  Lata: {
    visits: [
      { at: "2026-03-12T10:00", kind: "assessment", status: "done" },
      { at: "2026-03-20T10:00", kind: "assessment", status: "done" },
    ],
  },
  // Week of 16 March. Less than 7 days ago, nothing booked yet: too soon to say.
  Mohan: {
    visits: [{ at: "2026-03-18T10:00", kind: "assessment", status: "done" }],
  },
  // More than 7 days ago (16 March, 10:00), nothing booked: to call.
  Neha: {
    visits: [{ at: "2026-03-16T10:00", kind: "assessment", status: "done" }],
  },
  // Booked the next day.
  Om: {
    visits: [
      { at: "2026-03-19T10:00", kind: "assessment", status: "done" },
      { at: "2026-03-21T10:00", kind: "treatment", booked: "2026-03-20T09:00" },
    ],
  },
  // Before the period: neither counted nor listed.
  Pooja: {
    visits: [{ at: "2026-02-26T10:00", kind: "assessment", status: "done" }],
  },
};

/** The families' request ids by first name. */
async function seed(db: Database): Promise<Map<string, string>> {
  for (const [id, name] of [
    ["t-meera", "Meera Sharma"],
    ["t-arjun", "Arjun Mehta"],
  ] as const) {
    await db.insert(users).values({ id, name, email: `${id}@clinic.test`, emailVerified: true });
    await db.insert(therapists).values({ userId: id, displayName: name });
  }
  const ids = new Map<string, string>();
  let index = 0;
  for (const [first, family] of Object.entries(families)) {
    index += 1;
    const [row] = await db
      .insert(appointments)
      .values({
        name: `${first} Verma`,
        phone: `+9198765000${String(index).padStart(2, "0")}`,
        address: "H-12, Sector 43",
        pincode: "122002",
        status: "contacted",
        createdAt: india("2026-02-20T10:00"),
        // As the form stores it (appointments.server.ts).
        reference: sql`next_appointment_reference()`,
        ...family.values,
      })
      .returning({ id: appointments.id });
    if (!row) throw new Error("not stored");
    ids.set(first, row.id);
    await db.insert(visits).values(
      family.visits.map((visit) => {
        const start = india(visit.at);
        return {
          appointmentId: row.id,
          therapistId: visit.therapist ?? "t-meera",
          startsAt: start,
          endsAt: new Date(start.getTime() + 60 * minute),
          blockedUntil: new Date(start.getTime() + 90 * minute),
          kind: visit.kind,
          status: visit.status ?? "scheduled",
          cancelledBy: visit.status === "cancelled" ? ("clinic" as const) : null,
          createdAt: visit.booked ? india(visit.booked) : now,
        };
      }),
    );
  }
  return ids;
}

describeEachDatabase("drop-off after the assessment", (database) => {
  it("counts the families assessed each week, those booked within 7 days, and lists those to call", async () => {
    const ids = await seed(database.db);
    const dropOff = await dropOffFigures(database.db, period, now);
    expect(dropOff.perWeek).toEqual([
      // Asha, Bela, Chitra, Dev, Gita, Hari, Indu, Jaya; booked in time: Asha and Indu.
      { week: "2026-03-02", assessed: 8, booked: 2, waiting: 0 },
      // Kiran, Lata.
      { week: "2026-03-09", assessed: 2, booked: 0, waiting: 0 },
      // Lata again, Mohan, Neha, Om; booked: Om; too soon: Lata and Mohan.
      { week: "2026-03-16", assessed: 4, booked: 1, waiting: 2 },
    ]);
    // Newest assessment first.
    expect(
      dropOff.families.map((family) => [
        family.name,
        family.assessedAt.toISOString(),
        family.therapist,
      ]),
    ).toEqual([
      ["Neha Verma", india("2026-03-16T10:00").toISOString(), "Meera Sharma"],
      ["Kiran Verma", india("2026-03-10T10:00").toISOString(), "Arjun Mehta"],
      ["Hari Verma", india("2026-03-06T14:00").toISOString(), "Meera Sharma"],
      ["Jaya Verma", india("2026-03-05T14:00").toISOString(), "Meera Sharma"],
      ["Chitra Verma", india("2026-03-04T14:00").toISOString(), "Meera Sharma"],
      ["Bela Verma", india("2026-03-04T10:00").toISOString(), "Arjun Mehta"],
    ]);

    const view = dropOffView(dropOff);
    // Booked 3 of the 12 judged (14 assessed, 2 too soon).
    expect(view.booked).toBe("25%");
    expect(view.bookedText).toBe("3 of 12 families");
    expect(view.perWeek).toEqual([
      ["Week of Mar 02", 8, 2, 6, 0, "25%"],
      ["Week of Mar 09", 2, 0, 2, 0, "0%"],
      ["Week of Mar 16", 4, 1, 1, 2, "50%"],
    ]);
    const neha = ids.get("Neha");
    const [reference] = await database.db
      .select({ reference: appointments.reference })
      .from(appointments)
      .where(eq(appointments.id, neha ?? ""));
    expect(reference?.reference).toMatch(/^[0-9A-Z]{6}$/);
    // Neha's request was the 14th stored: +91 98765 00014.
    expect(view.families[0]).toEqual({
      id: neha,
      href: `/admin/appointments/${neha}`,
      reference: reference?.reference,
      firstName: "Neha",
      assessed: "Mar 16, 2026",
      therapist: "Meera Sharma",
      phone: "+91 98765 00014",
      tel: "tel:+919876500014",
    });
    expect(view.families.map((family) => family.firstName)).toEqual([
      "Neha",
      "Kiran",
      "Hari",
      "Jaya",
      "Chitra",
      "Bela",
    ]);
  });

  it("lists only the period's families, and reads a period without assessments as zeros", async () => {
    await seed(database.db);
    const { period: lastWeek } = resolvePeriod({ period: "last-week" }, now);
    // Last week is 16 to 22 March: Neha is its only family to call.
    const dropOff = await dropOffFigures(database.db, lastWeek, now);
    expect(dropOff.families.map((family) => family.name)).toEqual(["Neha Verma"]);
    const { period: february } = resolvePeriod(
      { period: "dates", from: "2026-02-02", to: "2026-02-15" },
      now,
    );
    const none = await dropOffFigures(database.db, february, now);
    expect(none.perWeek).toEqual([
      { week: "2026-02-02", assessed: 0, booked: 0, waiting: 0 },
      { week: "2026-02-09", assessed: 0, booked: 0, waiting: 0 },
    ]);
    expect(none.families).toEqual([]);
    expect(dropOffView(none)).toMatchObject({ booked: "—", bookedText: "None to judge yet" });
  });
});
