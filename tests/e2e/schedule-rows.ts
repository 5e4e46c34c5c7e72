// The schedule's rows for the browser tests, written before the server starts: two therapists
// (accounts with the therapist role and profiles, working every day 07:00–19:00, so that today
// is always a working day), today's visits at known India times, a contacted request with no
// visit (Needs a therapist) and a visit a therapist can't make.
import { inArray } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { indiaDay, parseIndiaDay } from "#app/lib/dates.ts";
import { appointments, therapists, userRoles, users, visits } from "#db/schema.ts";
import type { SeededAccount } from "#tests/e2e/staff.ts";

export const meera: SeededAccount = {
  email: "meera@clinic.test",
  password: "meera-pass-1",
  admin: false,
};
export const arjun: SeededAccount = {
  email: "arjun@clinic.test",
  password: "arjun-pass-1",
  admin: false,
};

/** The patients' full names: what a refusal must never show. */
export const schedulePatients = {
  asha: "Asha Scheduled-Patient",
  bela: "Bela Courseperson",
  chitra: "Chitra Waitingforone",
  dev: "Devika Cantmakeit",
};

const allDays = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [{ from: "07:00", to: "19:00" }]]),
);

/** Today at an India time ("08:00"). */
const todayAt = (time: string) => {
  const midnight = parseIndiaDay(indiaDay(new Date()));
  if (!midnight) throw new Error("today cannot be read");
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Date(midnight.getTime() + (hours * 60 + minutes) * 60_000);
};

export async function seedSchedule(db: Database): Promise<void> {
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [meera.email, arjun.email]));
  const idOf = (email: string) => {
    const id = accounts.find((account) => account.email === email)?.id;
    if (!id) throw new Error(`no account ${email}: pass it among the server's accounts`);
    return id;
  };
  const team = [
    { userId: idOf(meera.email), displayName: "Meera Sharma", districts: ["Gautam Buddha Nagar"] },
    { userId: idOf(arjun.email), displayName: "Arjun Mehta", districts: ["Gurugram"] },
  ];
  for (const therapist of team) {
    await db.insert(userRoles).values({ userId: therapist.userId, role: "therapist" });
    await db.insert(therapists).values({ ...therapist, languages: ["Hindi"], hours: allDays });
  }
  const request = async (name: string, pincode: string) => {
    const [row] = await db
      .insert(appointments)
      .values({
        name,
        phone: "+919876500011",
        address: "Flat 4, Secret Towers, Sector 62",
        pincode,
        status: "contacted",
      })
      .returning({ id: appointments.id });
    if (!row) throw new Error("not stored");
    return row.id;
  };
  const asha = await request(schedulePatients.asha, "201301");
  const bela = await request(schedulePatients.bela, "122002");
  await request(schedulePatients.chitra, "122002");
  const dev = await request(schedulePatients.dev, "201301");
  const visit = (appointmentId: string, therapistId: string, time: string, minutes = 60) => {
    const start = todayAt(time);
    return {
      appointmentId,
      therapistId,
      startsAt: start,
      endsAt: new Date(start.getTime() + minutes * 60_000),
      blockedUntil: new Date(start.getTime() + (minutes + 30) * 60_000),
      kind: "treatment" as const,
    };
  };
  const [meeraId, arjunId] = team.map((therapist) => therapist.userId) as [string, string];
  await db.insert(visits).values([
    { ...visit(asha, meeraId, "08:00"), kind: "assessment" },
    {
      ...visit(bela, meeraId, "10:30", 45),
      courseId: "00000000-0000-4000-8000-0000000000c1",
      courseIndex: 3,
      courseSize: 10,
    },
    {
      ...visit(dev, arjunId, "09:00", 90),
      cantMakeAt: new Date(),
      cantMakeReason: "Car broke down",
    },
  ]);
}
