// The rows of the WhatsApp messages to send by hand, for the browser-less HTTP tests, written
// before the server starts: two families who asked for WhatsApp updates (one wrote in Hindi), a
// visit each tomorrow with the therapist account's profile, and one message each waiting to be
// sent by hand: a booking's, due now, and tomorrow's reminder; and each family's ask to move
// their visit, still open.
import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { indiaDay, parseIndiaDay } from "#app/lib/dates.ts";
import { appointments, familyAsks, notifications, users, visits } from "#db/schema.ts";
import { therapistAccount } from "#tests/e2e/staff.ts";

/** The families: what a refusal must never show. */
export const byHandFamilies = {
  hindi: {
    name: "Sunita Hindiwali",
    phone: "+919812300501",
    phoneKey: "919812300501",
    askReason: "Hindi family away that morning",
  },
  english: {
    name: "Rohan Englishman",
    phone: "+919812300502",
    phoneKey: "919812300502",
    askReason: "English family has a wedding",
  },
};

/** An India time ("10:00") `daysAhead` days from today. */
const dayAt = (daysAhead: number, time: string) => {
  const midnight = parseIndiaDay(indiaDay(new Date()));
  if (!midnight) throw new Error("today cannot be read");
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Date(midnight.getTime() + (daysAhead * 24 * 60 + hours * 60 + minutes) * 60_000);
};

/**
 * Needs the therapist account among the server's accounts (its profile is the visits'). The
 * visits are tomorrow, or `daysAhead` days ahead (past this week's schedule, for a server whose
 * schedule counts its own visits).
 */
export async function seedByHandMessages(db: Database, daysAhead = 1): Promise<void> {
  const [therapist] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, therapistAccount.email));
  if (!therapist) throw new Error("pass therapistAccount among the server's accounts");
  const family = async (
    who: (typeof byHandFamilies)[keyof typeof byHandFamilies],
    language: "en" | "hi",
    time: string,
    kind: "family_visit_booked" | "family_visit_reminder",
  ) => {
    const [request] = await db
      .insert(appointments)
      .values({
        name: who.name,
        phone: who.phone,
        phoneKey: who.phoneKey,
        address: "Flat 9, Private Towers, Sector 50",
        pincode: "122002",
        status: "contacted",
        language,
        reference: sql`next_appointment_reference()`,
        whatsappConsentAt: new Date(),
      })
      .returning({ id: appointments.id });
    if (!request) throw new Error("not stored");
    const start = dayAt(daysAhead, time);
    const [visit] = await db
      .insert(visits)
      .values({
        appointmentId: request.id,
        therapistId: therapist.id,
        startsAt: start,
        endsAt: new Date(start.getTime() + 60 * 60_000),
        blockedUntil: new Date(start.getTime() + 90 * 60_000),
        kind: "treatment",
      })
      .returning({ id: visits.id });
    await db.insert(familyAsks).values({
      appointmentId: request.id,
      visitId: visit?.id ?? "",
      kind: "move",
      reason: `${who.askReason}`,
      via: "status_page",
    });
    await db.insert(notifications).values({
      channel: "whatsapp",
      kind,
      recipient: "",
      appointmentId: request.id,
      visitId: visit?.id ?? null,
      state: "by_hand",
    });
  };
  await family(byHandFamilies.hindi, "hi", "10:00", "family_visit_booked");
  await family(byHandFamilies.english, "en", "12:00", "family_visit_reminder");
}

/** The families of `seedTomorrowVisits`: one visit each tomorrow, WhatsApp updates asked for. */
export const tomorrowFamilies = ["Anil Remindme", "Bina Remindme", "Chetan Remindme"];

/**
 * A visit tomorrow for each of `tomorrowFamilies`, with the therapist account's profile, and no
 * message yet: what the evening reminder takes. Needs the therapist account among the accounts.
 */
export async function seedTomorrowVisits(db: Database): Promise<void> {
  const [therapist] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, therapistAccount.email));
  if (!therapist) throw new Error("pass therapistAccount among the server's accounts");
  for (const [index, name] of tomorrowFamilies.entries()) {
    const [request] = await db
      .insert(appointments)
      .values({
        name,
        phone: `+91981230060${index}`,
        phoneKey: `91981230060${index}`,
        address: "House 1, Reminder Road, Sector 4",
        pincode: "122002",
        status: "contacted",
        reference: sql`next_appointment_reference()`,
        whatsappConsentAt: new Date(),
      })
      .returning({ id: appointments.id });
    if (!request) throw new Error("not stored");
    const start = dayAt(1, `${String(8 + 2 * index).padStart(2, "0")}:00`);
    await db.insert(visits).values({
      appointmentId: request.id,
      therapistId: therapist.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * 60_000),
      blockedUntil: new Date(start.getTime() + 90 * 60_000),
      kind: "treatment",
    });
  }
}
