// Search across scripts (decision 031) on the real databases: requests stored as the form
// stores them, in Devanagari and in Latin, found by the dashboard's search typed in the other
// script; the reading each keeps follows a privacy correction and is blanked by an erasure; and
// the requests stored before migration 0014 are read at start-up.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { listAppointments, type Viewer } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { fillSearchReadings } from "#app/domain/appointments/search-reading.server.ts";
import { correctAppointment, eraseForPerson } from "#app/domain/privacy/rights.server.ts";
import { appointments, users } from "#db/schema.ts";
import { describeEachDatabase, queryRows } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const viewer: Viewer = { userId: "user-admin", now: new Date() };
const admin = { id: "user-admin", email: "admin@clinic.test", address: "203.0.113.7" };

describeEachDatabase("search across scripts", (database) => {
  const store = async (name: string, address: string, phone: string, message = "") =>
    (
      await createAppointment(
        database.db,
        appointmentInput({ name, address, phone, message }),
        staffMail,
      )
    ).appointment.id;
  const search = async (q: string) =>
    (
      await listAppointments(database.db, parseDashboardQuery(new URLSearchParams({ q })), viewer)
    ).rows
      .map((row) => row.name)
      .sort();
  const readingOf = async (id: string) =>
    (
      await database.db
        .select({ reading: appointments.searchReading })
        .from(appointments)
        .where(eq(appointments.id, id))
    )[0]?.reading;

  it("finds a request typed in one script by a search typed in the other", async () => {
    await store("सुनीता वर्मा", "मकान 12, सेक्टर 62, नोएडा", "98100 11111", "घुटने में दर्द है");
    await store("Priya Sharma", "B-204, Sector 15, Gurugram", "98100 22222", "Frozen shoulder");
    await store("राजेश सिंह", "फ़्लैट 3, ग़ाज़ियाबाद", "98100 33333");
    await store("Sunil Kumar", "DLF Phase 2, Gurgaon", "98100 44444");

    expect(await search("sunita")).toEqual(["सुनीता वर्मा"]);
    expect(await search("Verma")).toEqual(["सुनीता वर्मा"]);
    expect(await search("noida")).toEqual(["सुनीता वर्मा"]);
    expect(await search("sector 62")).toEqual(["सुनीता वर्मा"]);
    // A word of the message, across scripts too.
    expect(await search("dard")).toEqual(["सुनीता वर्मा"]);
    expect(await search("प्रिया")).toEqual(["Priya Sharma"]);
    expect(await search("शर्मा")).toEqual(["Priya Sharma"]);
    expect(await search("singh")).toEqual(["राजेश सिंह"]);
    expect(await search("ghaziabad")).toEqual(["राजेश सिंह"]);
    expect(await search("गुड़गांव")).toEqual(["Sunil Kumar"]);
    expect(await search("sun")).toEqual(["Sunil Kumar", "सुनीता वर्मा"]);
    // One letter: the names holding it, as ever, and no request by its reading; nor every
    // Sector: the number is a whole word.
    expect(await search("s")).toEqual(["Priya Sharma", "Sunil Kumar"]);
    expect(await search("sector 6")).toEqual([]);
    expect(await search("sunil verma")).toEqual([]);
  });

  it("reads a corrected name again, and blanks the reading when the request is erased", async () => {
    await database.db.insert(users).values({ id: admin.id, name: "Admin", email: admin.email });
    const id = await store("सुनीता वर्मा", "मकान 12, सेक्टर 62, नोएडा", "98100 11111");
    expect(await readingOf(id)).toBe(" sunit vrm mkn 12 sktr 62 noid ");

    const corrected = await correctAppointment(database.db, id, { name: "सुनीता गुप्ता" }, admin);
    expect(corrected).toEqual({ ok: true, changed: ["name"] });
    expect(await readingOf(id)).toBe(" sunit gupt mkn 12 sktr 62 noid ");
    expect(await search("gupta")).toEqual(["सुनीता गुप्ता"]);
    expect(await search("verma")).toEqual([]);

    await correctAppointment(database.db, id, { address: "फ़रीदाबाद", message: "कमर दर्द" }, admin);
    expect(await readingOf(id)).toBe(" sunit gupt fridbd kmr drd ");
    expect(await search("faridabad")).toEqual(["सुनीता गुप्ता"]);

    expect(await eraseForPerson(database.db, [id], admin)).toEqual([id]);
    expect(await readingOf(id)).toBe("");
    expect(await search("sunita")).toEqual([]);
  });

  it("reads at start-up the requests stored before the reading was kept, and only those", async () => {
    const earlier = await store("अंजलि कपूर", "सेक्टर 9, रोहिणी, दिल्ली", "98100 55555");
    const kept = await store("Anjali Kapoor", "Sector 9, Rohini, Delhi", "98100 66666");
    await database.db
      .update(appointments)
      .set({ searchReading: null })
      .where(eq(appointments.id, earlier));
    await database.db.execute(
      sql`UPDATE appointments SET search_reading = ' kept as it was ' WHERE id = ${kept}`,
    );
    expect(await search("kapur")).toEqual([]);

    expect(await fillSearchReadings(database.db, { batch: 1 })).toBe(1);
    expect(await readingOf(earlier)).toBe(" anjli kpur sktr 9 rohini dili ");
    expect(await readingOf(kept)).toBe(" kept as it was ");
    expect(await search("kapur")).toEqual(["अंजलि कपूर"]);
    // Nothing left to read: a second start reads none.
    expect(await fillSearchReadings(database.db)).toBe(0);
    const [row] = await queryRows<{ unread: number }>(
      database.db,
      sql`SELECT count(*)::int AS unread FROM appointments WHERE search_reading IS NULL`,
    );
    expect(row?.unread).toBe(0);
  });
});
