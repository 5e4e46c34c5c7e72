// The front desk's schedule on the real databases (decision 037): which therapists get a
// column, which visits are drawn where, which requests need a therapist and which visits a
// therapist can't make. Rows are written directly, at known India times; every expectation is
// worked out by hand from them.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { daysOf } from "#app/domain/visits/schedule-clock.ts";
import { scheduleLayout } from "#app/domain/visits/schedule-layout.ts";
import { loadSchedule } from "#app/domain/visits/schedule-view.server.ts";
import { appointments, therapists, users, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";

/** A time in India, written as India's clocks show it. */
const india = (local: string) => new Date(`${local}+05:30`);
const minute = 60_000;

const weekdays = { from: "08:00", to: "13:00" };
const team = [
  // Noida's, working mornings on weekdays and Saturday 5 December off on leave.
  {
    userId: "t-noida",
    displayName: "Meera Noida",
    districts: ["Gautam Buddha Nagar"],
    hours: { "1": [weekdays], "2": [weekdays, { from: "16:00", to: "19:00" }], "3": [weekdays] },
    leave: ["2026-12-03"],
  },
  {
    userId: "t-gurgaon",
    displayName: "Arjun Gurugram",
    districts: ["Gurugram"],
    hours: { "2": [weekdays] },
  },
  // Not active: no column, whatever its visits.
  { userId: "t-away", displayName: "Zoya Away", districts: ["Gurugram"], active: false },
];

async function seed(db: Database) {
  for (const therapist of team) {
    await db.insert(users).values({
      id: therapist.userId,
      name: therapist.displayName,
      email: `${therapist.userId}@clinic.test`,
      emailVerified: true,
    });
    await db.insert(therapists).values(therapist);
  }
  const request = async (
    name: string,
    values: Partial<typeof appointments.$inferInsert> = {},
  ): Promise<string> => {
    const [row] = await db
      .insert(appointments)
      .values({
        name,
        phone: "+919876543210",
        address: "H-12, Sector 43",
        pincode: "122002",
        status: "contacted",
        ...values,
      })
      .returning({ id: appointments.id });
    if (!row) throw new Error("not stored");
    return row.id;
  };
  const ids = {
    asha: await request("  Asha Rani ", {
      pincode: "201301",
      createdAt: india("2026-11-20T10:00:00"),
    }),
    bela: await request("Bela Singh", { createdAt: india("2026-11-21T10:00:00") }),
    // Contacted, no visit: waiting, oldest first (Chitra before Dev); Dev is in Noida.
    chitra: await request("Chitra Das", { createdAt: india("2026-11-10T09:00:00") }),
    dev: await request("Dev Kumar", { pincode: "201301", createdAt: india("2026-11-15T09:00:00") }),
    // Only a cancelled visit: waiting still.
    esha: await request("Esha Gupta", { createdAt: india("2026-11-16T09:00:00") }),
    // Not waiting: pending, junk, erased.
    pending: await request("Pending Person", { status: "pending" }),
    junk: await request("Junk Person", { junk: true }),
    erased: await request("", { erasedAt: new Date(), phone: "", address: "" }),
  };
  const visit = (
    appointmentId: string,
    therapistId: string,
    start: Date,
    values: Partial<typeof visits.$inferInsert> = {},
  ) => ({
    appointmentId,
    therapistId,
    startsAt: start,
    endsAt: new Date(start.getTime() + 60 * minute),
    blockedUntil: new Date(start.getTime() + 90 * minute),
    kind: "treatment" as const,
    ...values,
  });
  await db.insert(visits).values([
    // Tuesday 1 December: Asha with Meera at 08:00 (session 3 of 10) and Bela at 10:00, done.
    visit(ids.asha, "t-noida", india("2026-12-01T08:00:00"), {
      courseId: "00000000-0000-4000-8000-000000000001",
      courseIndex: 3,
      courseSize: 10,
    }),
    visit(ids.bela, "t-noida", india("2026-12-01T10:00:00"), { status: "done" }),
    // Bela with Arjun at 08:30, who can't make it.
    visit(ids.bela, "t-gurgaon", india("2026-12-01T08:30:00"), {
      kind: "assessment",
      cantMakeAt: new Date(),
      cantMakeReason: "Car in the workshop",
    }),
    // Cancelled: not drawn, and it leaves Esha waiting.
    visit(ids.esha, "t-gurgaon", india("2026-12-01T11:00:00"), {
      status: "cancelled",
      cancelledBy: "clinic",
    }),
    // The day after, and the inactive therapist's: not on Tuesday's page.
    visit(ids.asha, "t-noida", india("2026-12-02T08:00:00")),
    visit(ids.bela, "t-away", india("2026-12-01T09:00:00")),
    // Done, though once marked can't make: no longer the front desk's to move.
    visit(ids.asha, "t-gurgaon", india("2026-12-02T09:00:00"), {
      status: "done",
      cantMakeAt: new Date(),
    }),
  ]);
  return ids;
}

const placeOf = (pincode: string) => (pincode === "201301" ? "Noida" : "Gurugram");

describeEachDatabase("the front desk's schedule", (database) => {
  it("draws a day: one column per active therapist, each visit at its India time", async () => {
    const ids = await seed(database.db);
    const days = daysOf("day", "2026-12-01");
    const schedule = await loadSchedule(database.db, { days });
    expect(schedule.therapists.map((therapist) => therapist.id)).toEqual(["t-gurgaon", "t-noida"]);
    expect(schedule.districts).toEqual(["Gautam Buddha Nagar", "Gurugram"]);
    const layout = scheduleLayout(schedule, { view: "day", days, placeOf });
    // 07:00 to 20:00 drawn (780 minutes): 08:00 is 60/780 of the way down.
    expect(layout.hours).toEqual({ from: 420, to: 1200 });
    const [arjun, meera] = layout.columns;
    expect(
      meera?.cells[0]?.blocks.map((block) => [
        block.time,
        block.name,
        block.course,
        block.statusName,
      ]),
    ).toEqual([
      ["08:00–09:00", "Asha", "3 of 10", "Scheduled"],
      ["10:00–11:00", "Bela", undefined, "Done"],
    ]);
    expect(meera?.cells[0]?.blocks[0]).toMatchObject({
      start: 7.69,
      size: 7.69,
      href: `/admin/appointments/${ids.asha}`,
    });
    // Free: 08:00–13:00 less 08:00–09:30 and 10:00–11:30; 16:00–19:00 whole.
    expect(meera?.cells[0]?.freeText).toBe("Free 09:30–10:00, 11:30–13:00, 16:00–19:00");
    expect(arjun?.cells[0]?.blocks).toMatchObject([
      { time: "08:30–09:30", name: "Bela", kindName: "Assessment", cantMake: true },
    ]);
  });

  it("marks leave and days off, and narrows the columns to a district", async () => {
    await seed(database.db);
    const days = daysOf("week", "2026-12-01");
    const schedule = await loadSchedule(database.db, { days, district: "Gautam Buddha Nagar" });
    expect(schedule.therapists.map((therapist) => therapist.id)).toEqual(["t-noida"]);
    // The filter still offers every district.
    expect(schedule.districts).toEqual(["Gautam Buddha Nagar", "Gurugram"]);
    const layout = scheduleLayout(schedule, { view: "week", days, placeOf });
    const cells = layout.columns[0]?.cells ?? [];
    expect(cells.map((cell) => cell.freeText)).toEqual([
      "Free 08:00–13:00",
      "Free 09:30–10:00, 11:30–13:00, 16:00–19:00",
      "Free 09:30–13:00",
      "On leave",
      "Not working",
      "Not working",
      "Not working",
    ]);
    expect(cells.map((cell) => cell.blocks.length)).toEqual([0, 2, 1, 0, 0, 0, 0]);
  });

  it("lists the contacted requests with no visit, oldest first, and the visits a therapist can't make", async () => {
    const ids = await seed(database.db);
    const schedule = await loadSchedule(database.db, { days: ["2026-12-01"] });
    expect(schedule.needsTherapist.rows.map((row) => row.id)).toEqual([
      ids.chitra,
      ids.dev,
      ids.esha,
    ]);
    expect(schedule.needsTherapist.total).toBe(3);
    expect(schedule.needsTherapist.rows[0]?.firstName).toBe("Chitra");
    expect(schedule.cantMake).toMatchObject([
      {
        appointmentId: ids.bela,
        therapistName: "Arjun Gurugram",
        firstName: "Bela",
        reason: "Car in the workshop",
      },
    ]);
    // In Noida's district, only Dev's request (PIN code 201301) waits.
    const noida = await loadSchedule(database.db, {
      days: ["2026-12-01"],
      district: "Gautam Buddha Nagar",
    });
    expect(noida.needsTherapist.rows.map((row) => row.id)).toEqual([ids.dev]);
    // Booked at last: Dev no longer waits.
    await database.db.insert(visits).values({
      appointmentId: ids.dev,
      therapistId: "t-noida",
      startsAt: india("2026-12-04T08:00:00"),
      endsAt: india("2026-12-04T09:00:00"),
      blockedUntil: india("2026-12-04T09:30:00"),
      kind: "assessment",
    });
    const after = await loadSchedule(database.db, { days: ["2026-12-01"] });
    expect(after.needsTherapist.rows.map((row) => row.id)).toEqual([ids.chitra, ids.esha]);
  });

  it("names an erased patient by no name", async () => {
    const ids = await seed(database.db);
    await database.db
      .update(appointments)
      .set({ name: "", erasedAt: new Date() })
      .where(eq(appointments.id, ids.asha));
    const days = ["2026-12-01"];
    const layout = scheduleLayout(await loadSchedule(database.db, { days }), {
      view: "day",
      days,
      placeOf,
    });
    expect(layout.columns[1]?.cells[0]?.blocks[0]?.name).toBe("Erased");
  });
});
