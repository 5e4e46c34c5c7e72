// A data principal's rights (docs/privacy.md) on the real databases: a person with three requests
// (one number written three ways), notes and e-mails in the outbox, beside another person. The
// export holds each of their values; a correction changes only the fields named; an erasure leaves
// no personal value of theirs in any text, JSON or array column of any table, leaves the other
// person as they were, and leaves the owner's figures for that week exactly as they were. An
// erasure request recorded in the privacy-requests list names the person until it is carried
// out, from the list, in one step.
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { computeInsights } from "#app/domain/insights/insights.server.ts";
import { resolvePeriod } from "#app/domain/insights/period.ts";
import { erasedNote } from "#app/domain/privacy/erasure.server.ts";
import {
  eraseForPrivacyRequest,
  listPrivacyRequests,
  markPrivacyRequestDone,
  namedRequests,
  PrivacyEraseError,
  prefillFor,
  ReceivedDateError,
  recordPrivacyRequest,
  UnknownReferenceError,
} from "#app/domain/privacy/privacy-requests.server.ts";
import {
  correctAppointment,
  correctAppointments,
  eraseForPerson,
  personalDataOf,
  RightsError,
  requestsInScope,
  sameNumberCount,
} from "#app/domain/privacy/rights.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import {
  accessLog,
  appointmentActivity,
  appointments,
  erasures,
  familyAsks,
  notifications,
  therapists,
  users,
  visits,
} from "#db/schema.ts";
import { describeEachDatabase, queryRows } from "#tests/integration/databases.ts";

/** Tuesday 10 March 2026, noon in India; last week is Monday 2 to Sunday 8 March. */
const now = new Date("2026-03-10T06:30:00.000Z");
const india = (local: string) => new Date(`${local}+05:30`);
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const admin = { id: "user-admin", email: "admin@clinic.test", address: "203.0.113.7" };

/** The person: one number, written three ways, on three requests. */
const person = {
  name: "Savitri Zenobia Malhotra",
  phones: ["98765 43210", "+91 98765-43210", "098765 43210"],
  key: "919876543210",
  addresses: [
    "Flat 4B, Quillwood Towers, Sector 62",
    "Flat 4B, Quillwood Towers, Sector 62, Noida",
    "C/o Xavier Malhotra, 17 Juniper Lane",
  ],
  messages: ["Knee surgery on Zanzibar day, needs walking help", null, "Vertigo after the fall"],
  notes: ["Son Xavier will open the gate", "Prefers a physiotherapist who speaks Punjabi"],
  /** What the therapist wrote of the visit done, and why the next was cancelled. */
  visitNote: "Gait training on the Quillwood stairs, knee flexion 95 degrees",
  visitReason: "Savitri is at her daughter's in Jaipur that week",
  /** What the family wrote when they asked to cancel that visit from the status page. */
  askReason: "Zenobia flies to Jaipur on the Tuesday",
  askPreferred: "Any Quillwood morning after the 9th",
  /** WhatsApp's id of the message about the first visit: it spells out her number. */
  wamid: "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJDMTIzREVGNDU2R0hJNzg5AA==",
};
/** Someone else, with a request in the same week: never touched. */
const other = {
  name: "Harbhajan Oakridge",
  phone: "99110 22334",
  address: "House 21, Oakridge Enclave, Sector 15",
  message: "Shoulder stiffness",
  note: "Call after 6 pm only",
};

async function seed(db: Database): Promise<void> {
  await db.insert(users).values({ id: admin.id, name: "Admin", email: admin.email });
  const times = [
    india("2026-03-02T09:00:00"),
    india("2026-03-04T18:30:00"),
    india("2026-03-07T11:15:00"),
  ];
  await db.insert(appointments).values([
    ...times.map((at, i) => ({
      id: idOf(i + 1),
      name: person.name,
      phone: person.phones[i] ?? "",
      phoneKey: phoneKey(person.phones[i] ?? ""),
      address: person.addresses[i] ?? "",
      pincode: i === 2 ? "122002" : "201301",
      message: person.messages[i] ?? null,
      status: (["completed", "contacted", "pending"] as const)[i],
      createdAt: at,
      channel: "search" as const,
      landingPath: "/services/knee-rehabilitation",
      clickIdParam: i === 0 ? ("gclid" as const) : null,
      clickId: i === 0 ? "Cj0KCQclickvalue" : null,
      reference: `REF00${i + 1}`,
      firstContactAt: i < 2 ? new Date(at.getTime() + 45 * 60_000) : null,
      firstContactBy: i < 2 ? admin.id : null,
      // The first request's family ticked the WhatsApp box (decision 038).
      whatsappConsentAt: i === 0 ? at : null,
    })),
    {
      id: idOf(9),
      name: other.name,
      phone: other.phone,
      phoneKey: phoneKey(other.phone),
      address: other.address,
      pincode: "110017",
      message: other.message,
      status: "contacted",
      createdAt: india("2026-03-05T10:00:00"),
      channel: "direct",
      reference: "REF009",
      firstContactAt: india("2026-03-05T12:00:00"),
      firstContactBy: admin.id,
    },
  ]);
  const by = { id: admin.id, email: admin.email };
  const note = (n: number, body: string) =>
    changeRequest(db, { appointmentId: idOf(n), by, change: { kind: "note", body } });
  await note(1, person.notes[0] ?? "");
  await note(3, person.notes[1] ?? "");
  await note(9, other.note);
  // A therapist's two visits to the first request: one done with a note and pain scores, one
  // cancelled by the family with a reason (docs/visits.md).
  await db.insert(users).values({ id: "user-therapist", name: "Asha", email: "asha@clinic.test" });
  await db.insert(therapists).values({
    userId: "user-therapist",
    displayName: "Asha Verma",
    registrationNumber: "DPC-4521",
  });
  const visit = (start: string, values: Partial<typeof visits.$inferInsert>) => ({
    appointmentId: idOf(1),
    therapistId: "user-therapist",
    startsAt: india(start),
    endsAt: new Date(india(start).getTime() + 60 * 60_000),
    blockedUntil: new Date(india(start).getTime() + 90 * 60_000),
    kind: "treatment" as const,
    ...values,
  });
  const [done, cancelled] = await db
    .insert(visits)
    .values([
      visit("2026-03-03T07:30:00", {
        status: "done",
        note: person.visitNote,
        painBefore: 6,
        painAfter: 3,
      }),
      visit("2026-03-05T07:30:00", {
        status: "cancelled",
        cancelledBy: "patient",
        reason: person.visitReason,
      }),
    ])
    .returning({ id: visits.id });
  // The family's messages (decision 038): the first visit's, sent, delivered and read; the second's
  // reminder refused by WhatsApp; its cancellation waiting for staff to send by hand. And their
  // ask to cancel it, in their words.
  await db.insert(notifications).values([
    {
      channel: "whatsapp",
      appointmentId: idOf(1),
      visitId: done?.id,
      kind: "family_visit_booked",
      recipient: "",
      state: "sent",
      attempts: 1,
      sentAt: india("2026-03-02T12:00:00"),
      deliveredAt: india("2026-03-02T12:00:30"),
      readAt: india("2026-03-02T12:05:00"),
      externalId: person.wamid,
      createdAt: india("2026-03-02T11:59:00"),
    },
    {
      channel: "whatsapp",
      appointmentId: idOf(1),
      visitId: cancelled?.id,
      kind: "family_visit_reminder",
      recipient: "",
      state: "failed",
      attempts: 1,
      lastError: "131026: message undeliverable",
      createdAt: india("2026-03-04T18:00:00"),
    },
    {
      channel: "whatsapp",
      appointmentId: idOf(1),
      visitId: cancelled?.id,
      kind: "family_visit_cancelled",
      recipient: "",
      state: "by_hand",
      createdAt: india("2026-03-04T19:00:00"),
    },
  ]);
  await db.insert(familyAsks).values({
    appointmentId: idOf(1),
    visitId: cancelled?.id ?? "",
    kind: "cancel",
    reason: person.askReason,
    preferredTime: person.askPreferred,
    via: "status_page",
    createdAt: india("2026-03-04T17:00:00"),
  });
  // The staff e-mails: the first two sent, the third still queued; one carries a payload.
  await db.insert(notifications).values([
    {
      appointmentId: idOf(1),
      kind: "appointment-staff",
      recipient: "staff@clinic.test",
      state: "sent",
      attempts: 1,
      sentAt: india("2026-03-02T09:00:05"),
      payload: { patient: person.name, phone: person.phones[0] },
    },
    {
      appointmentId: idOf(2),
      kind: "appointment-staff",
      recipient: "staff@clinic.test",
      state: "sent",
      attempts: 1,
      sentAt: india("2026-03-04T18:30:04"),
    },
    {
      appointmentId: idOf(3),
      kind: "appointment-staff",
      recipient: "staff@clinic.test",
      payload: { patient: person.name, address: person.addresses[2] },
    },
    {
      appointmentId: idOf(9),
      kind: "appointment-staff",
      recipient: "staff@clinic.test",
      payload: { patient: other.name },
    },
  ]);
}

/** Every value of the person's that is personal, as stored or as the key reads it. */
const personalValues = [
  person.name,
  ...person.phones,
  person.key,
  "9876543210",
  ...person.addresses,
  ...person.messages.filter((message): message is string => message !== null),
  ...person.notes,
  person.visitNote,
  person.visitReason,
  "Cj0KCQclickvalue",
  person.askReason,
  person.askPreferred,
  person.wamid,
];
const otherValues = [other.name, other.phone, other.address, other.message, other.note];

/**
 * Where each value appears: "table.column" for every text, varchar, JSON or array column of every
 * table of the application's schema, searched for each value (any case).
 */
async function findEverywhere(db: Database, values: string[]): Promise<Map<string, string[]>> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t
        ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      ORDER BY c.table_name, c.column_name`,
  );
  // Enough columns to be sure the search is not empty: the appointments' and the notes' at least.
  expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
    expect.arrayContaining([
      "appointments.name",
      "appointment_activity.body",
      "notifications.payload",
    ]),
  );
  const found = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    const column = sql.identifier(column_name);
    const rows = await queryRows<{ value: string }>(
      db,
      sql`SELECT v AS value FROM unnest(${sql.param(values)}::text[]) v
        WHERE EXISTS (SELECT 1 FROM ${sql.identifier(table_name)}
          WHERE position(lower(v) IN lower(${column}::text)) > 0)`,
    );
    for (const { value } of rows) {
      found.set(value, [...(found.get(value) ?? []), `${table_name}.${column_name}`]);
    }
  }
  return found;
}

describeEachDatabase("a person's rights", (database) => {
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM erasures`);
    await database.db.execute(sql`DELETE FROM privacy_requests`);
    await seed(database.db);
  });

  const allOfThem = () => requestsInScope(database.db, idOf(2), "number");

  it("finds the person's three requests by their number, however it was written", async () => {
    expect(await allOfThem()).toEqual([idOf(1), idOf(2), idOf(3)]);
    expect(await requestsInScope(database.db, idOf(2), "one")).toEqual([idOf(2)]);
    expect(await sameNumberCount(database.db, idOf(9))).toBe(1);
    expect(await requestsInScope(database.db, idOf(99), "number")).toEqual([]);
  });

  it("exports every value held about them, readable, in India time, and logs it without the data", async () => {
    const file = await personalDataOf(database.db, await allOfThem(), admin, {
      clinic: "HomePhysio NCR",
      now,
    });
    expect(file.filename).toBe("personal-data-2026-03-10.txt");
    for (const value of [
      person.name,
      "+91 98765 43210",
      ...person.addresses,
      "Knee surgery on Zanzibar day, needs walking help",
      "Vertigo after the fall",
      ...person.notes,
      "REF001",
      "REF002",
      "REF003",
      "201301",
      "122002",
      "Cj0KCQclickvalue",
    ]) {
      expect(file.text).toContain(value);
    }
    expect(file.text).toContain("What HomePhysio NCR holds about you");
    expect(file.text).toContain("3 requests");
    // 09:00 in India on 2 March: the request's time as the family knew it.
    expect(file.text).toContain("Mar 02, 2026, 9:00 AM (India time)");
    expect(file.text).toMatch(/Status:\s+completed/);
    // The first e-mail was sent at 09:00:05; the third waits.
    expect(file.text).toContain("sent on Mar 02, 2026, 9:00 AM (India time)");
    expect(file.text).toContain("waiting to be sent");
    // The home visits: when, with whom, what was done, and why one did not happen.
    expect(file.text).toContain(
      "Mar 03, 2026, 7:30 AM (India time), 60 minutes: treatment, with Asha Verma (registration DPC-4521): done.",
    );
    expect(file.text).toContain("Pain (0 to 10): 6 before, 3 after.");
    expect(file.text).toContain("cancelled by you.");
    // The WhatsApp updates (decision 038): asked for on the first request only; each message's kind
    // and what became of it; the family's ask in their words.
    expect(file.text).toContain(
      "WhatsApp updates: asked for on the form on Mar 02, 2026, 9:00 AM (India time)",
    );
    expect(file.text.match(/WhatsApp updates: +not asked for/g)).toHaveLength(2);
    expect(file.text).toContain(
      "A message that a visit was booked: sent on Mar 02, 2026, 12:00 PM (India time), delivered on Mar 02, 2026, 12:00 PM (India time), read on Mar 02, 2026, 12:05 PM (India time).",
    );
    expect(file.text).toContain(
      "A message reminding you of the next day's visit: could not be delivered.",
    );
    expect(file.text).toContain(
      "A message that a visit was cancelled: waiting for our staff to send it.",
    );
    expect(file.text).toContain(
      "Mar 04, 2026, 5:00 PM (India time), from your request's page: to cancel the visit of Mar 05, 2026, 7:30 AM (India time).",
    );
    expect(file.text).toContain(`Why: ${person.askReason}`);
    expect(file.text).toContain(`When you would rather: ${person.askPreferred}`);
    // The e-mails are only the e-mails: three, the WhatsApp messages not among them.
    expect(file.text.match(/ {4}An e-mail /g)).toHaveLength(3);
    expect(file.text).not.toContain(person.wamid);
    // Nobody else's.
    for (const value of otherValues) expect(file.text).not.toContain(value);

    const [logged] = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, "rights-export"))
      .orderBy(sql`${accessLog.id} DESC`)
      .limit(1);
    expect(logged).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      address: admin.address,
      appointmentIds: [idOf(1), idOf(2), idOf(3)],
      detail: { requests: 3 },
    });
  });

  it("corrects only the fields named, notes which without their old values, and logs it", async () => {
    const before = await database.db.select().from(appointments).orderBy(appointments.id);
    const result = await correctAppointment(
      database.db,
      idOf(2),
      { name: "  Savitri Devi Malhotra ", phone: "98100 11223", address: person.addresses[1] },
      admin,
    );
    // The address was already so: not changed, not named.
    expect(result).toEqual({ ok: true, changed: ["name", "phone"] });
    const after = await database.db.select().from(appointments).orderBy(appointments.id);
    const changed = after.find((row) => row.id === idOf(2));
    expect(changed).toMatchObject({
      name: "Savitri Devi Malhotra",
      phone: "98100 11223",
      phoneKey: "919810011223",
      address: person.addresses[1],
      pincode: "201301",
      message: null,
      status: "contacted",
      // The reading search matches (decision 031) follows the name.
      searchReading: " svitri dvi mlhotr flt 4b kuilvud tovrs sktr 62 noid ",
    });
    // Every other request, and every other column of this one, as it was.
    expect(after.filter((row) => row.id !== idOf(2))).toEqual(
      before.filter((row) => row.id !== idOf(2)),
    );
    const unnamed = (row: object | undefined) => ({
      ...row,
      name: 0,
      phone: 0,
      phoneKey: 0,
      searchReading: 0,
    });
    expect(unnamed(changed)).toEqual(unnamed(before.find((row) => row.id === idOf(2))));

    const notes = await database.db
      .select({ body: appointmentActivity.body, by: appointmentActivity.byEmail })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.appointmentId, idOf(2)));
    expect(notes).toEqual([
      { body: "Corrected at the person's request: name, phone", by: admin.email },
    ]);
    const [logged] = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, "correction"))
      .orderBy(sql`${accessLog.id} DESC`)
      .limit(1);
    expect(logged).toMatchObject({
      appointmentIds: [idOf(2)],
      detail: { fields: ["name", "phone"] },
    });
    expect(JSON.stringify(logged)).not.toContain("Savitri");
  });

  it("refuses a correction the form would refuse, with the form's own messages, changing nothing", async () => {
    const before = await database.db.select().from(appointments).orderBy(appointments.id);
    const result = await correctAppointments(
      database.db,
      await allOfThem(),
      { name: "", phone: "12345", pincode: "1220" },
      admin,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Name is required",
        phone: "Phone number must be at least 10 digits",
        pincode: "Pin code must be 6 digits",
      },
    });
    expect(await database.db.select().from(appointments).orderBy(appointments.id)).toEqual(before);
    await expect(
      correctAppointment(database.db, idOf(99), { name: "Someone" }, admin),
    ).rejects.toBeInstanceOf(RightsError);
  });

  it("corrects a field on every request from the number, each noted", async () => {
    const result = await correctAppointments(
      database.db,
      await allOfThem(),
      { name: "Savitri Malhotra" },
      admin,
    );
    expect(result).toEqual({ ok: true, changed: ["name"] });
    const rows = await database.db.select().from(appointments).orderBy(appointments.id);
    expect(rows.map((row) => row.name)).toEqual([
      "Savitri Malhotra",
      "Savitri Malhotra",
      "Savitri Malhotra",
      other.name,
    ]);
    const notes = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM appointment_activity
        WHERE body = 'Corrected at the person''s request: name'`,
    );
    expect(notes[0]?.n).toBe(3);
  });

  it("erases every personal value of theirs from every table, keeps the figures, and leaves the others", async () => {
    const { period } = resolvePeriod({ period: "last-week" }, now);
    const insights = () => computeInsights(database.db, period, { now, locate: districtOf });
    const figuresBefore = await insights();
    expect(figuresBefore.total).toBe(4);

    // Before: the search does find them (it can fail).
    const seen = await findEverywhere(database.db, personalValues);
    for (const value of personalValues) expect(seen.get(value), value).toBeDefined();

    const erased = await eraseForPerson(database.db, await allOfThem(), admin);
    expect(erased.sort()).toEqual([idOf(1), idOf(2), idOf(3)]);

    expect(Object.fromEntries(await findEverywhere(database.db, personalValues))).toEqual({});
    // The other person: every value still where it was.
    const others = await findEverywhere(database.db, otherValues);
    for (const value of otherValues) expect(others.get(value), value).toBeDefined();
    const [otherRow] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, idOf(9)));
    expect(otherRow).toMatchObject({ name: other.name, phone: other.phone, erasedAt: null });

    // The figures stay, but erasure ends the work: request 3 (pending and overdue) leaves
    // "Overdue now" and the 24-hour promise, and requests 2 and 3, erased with no visit, the
    // 48 hours to a first visit (request 1's visit keeps it there); everything else is as it was.
    const after = await insights();
    const rest = (figures: typeof after) => ({
      ...figures,
      overdueNow: 0,
      contact: null,
      contactByOwner: null,
      visits: { ...figures.visits, firstVisit: null },
    });
    expect(rest(after)).toEqual(rest(figuresBefore));
    expect(after.overdueNow).toBe(figuresBefore.overdueNow - 1);
    expect(after.visits.firstVisit).toEqual({
      ...figuresBefore.visits.firstVisit,
      judged: (figuresBefore.visits.firstVisit?.judged ?? 0) - 2,
    });
    expect(after.contact).toEqual({
      ...figuresBefore.contact,
      judged: (figuresBefore.contact?.judged ?? 0) - 1,
    });

    // What stays: dates, status, PIN code, source, reference; the notes are there, not their words.
    const rows = await database.db
      .select()
      .from(appointments)
      .where(sql`${appointments.erasedAt} IS NOT NULL`)
      .orderBy(appointments.id);
    expect(rows.map((row) => [row.status, row.pincode, row.channel, row.reference])).toEqual([
      ["completed", "201301", "search", "REF001"],
      ["contacted", "201301", "search", "REF002"],
      ["pending", "122002", "search", "REF003"],
    ]);
    const notes = await database.db
      .select({ body: appointmentActivity.body })
      .from(appointmentActivity)
      .where(
        sql`${appointmentActivity.appointmentId} <> ${idOf(9)} AND ${appointmentActivity.kind} = 'note'`,
      );
    expect(notes).toEqual([{ body: erasedNote }, { body: erasedNote }]);
    // The visits keep their times and states, not their words or scores.
    const homeVisits = await database.db
      .select({
        status: visits.status,
        note: visits.note,
        reason: visits.reason,
        pain: visits.painBefore,
      })
      .from(visits)
      .orderBy(visits.startsAt);
    expect(homeVisits).toEqual([
      { status: "done", note: erasedNote, reason: null, pain: null },
      { status: "cancelled", note: null, reason: erasedNote, pain: null },
    ]);
    const mails = await database.db
      .select({ id: notifications.appointmentId, state: notifications.state })
      .from(notifications)
      .where(eq(notifications.channel, "email"))
      .orderBy(notifications.appointmentId);
    expect(mails).toEqual([
      { id: idOf(1), state: "sent" },
      { id: idOf(2), state: "sent" },
      { id: idOf(3), state: "failed" },
      { id: idOf(9), state: "queued" },
    ]);
    // The family's WhatsApp messages keep their kind and state, but not WhatsApp's id; the one
    // waiting for staff is not to be sent (decision 038). Their ask stays, without their words.
    const messages = await database.db
      .select({
        kind: notifications.kind,
        state: notifications.state,
        externalId: notifications.externalId,
      })
      .from(notifications)
      .where(eq(notifications.channel, "whatsapp"))
      .orderBy(notifications.createdAt);
    expect(messages).toEqual([
      { kind: "family_visit_booked", state: "sent", externalId: null },
      { kind: "family_visit_reminder", state: "failed", externalId: null },
      { kind: "family_visit_cancelled", state: "skipped", externalId: null },
    ]);
    expect(
      await database.db
        .select({ kind: familyAsks.kind, reason: familyAsks.reason, at: familyAsks.preferredTime })
        .from(familyAsks),
    ).toEqual([{ kind: "cancel", reason: "", at: "" }]);
    // The consent's date is no personal data: it stays, and the request sends nothing more.
    const [first] = await database.db
      .select({ consentAt: appointments.whatsappConsentAt })
      .from(appointments)
      .where(eq(appointments.id, idOf(1)));
    expect(first?.consentAt).toEqual(india("2026-03-02T09:00:00"));
    const ledger = await database.db.select().from(erasures).orderBy(erasures.appointmentId);
    expect(ledger.map((row) => [row.appointmentId, row.reason, row.erasedBy])).toEqual([
      [idOf(1), "request", admin.email],
      [idOf(2), "request", admin.email],
      [idOf(3), "request", admin.email],
    ]);
    const [logged] = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, "erasure"))
      .orderBy(sql`${accessLog.id} DESC`)
      .limit(1);
    expect(logged?.appointmentIds.sort()).toEqual([idOf(1), idOf(2), idOf(3)]);

    // Erased: nothing left to correct; the export says when it was erased, and nothing else.
    await expect(
      correctAppointment(database.db, idOf(1), { name: "Back Again" }, admin),
    ).rejects.toMatchObject({ reason: "erased" });
    const file = await personalDataOf(database.db, [idOf(1)], admin, { clinic: "Clinic", now });
    expect(file.text).toContain("was erased on");
    for (const value of personalValues) expect(file.text).not.toContain(value);
  });

  it("records privacy requests due 30 days after the India day received, the overdue first, and marks them answered", async () => {
    const by = { id: admin.id, email: admin.email };
    const options = { dueDays: 30, now };
    // Received 1 February: due 3 March, overdue on 10 March. Received today: due 9 April.
    const late = await recordPrivacyRequest(
      database.db,
      {
        kind: "erasure",
        channel: "phone",
        references: ["REF003", "REF001"],
        received: "2026-02-01",
      },
      by,
      options,
    );
    const fresh = await recordPrivacyRequest(
      database.db,
      { kind: "access", channel: "email", references: [], received: "2026-03-10" },
      by,
      options,
    );
    await expect(
      recordPrivacyRequest(
        database.db,
        { kind: "access", channel: "email", references: ["ZZZZZZ"], received: "2026-03-10" },
        by,
        options,
      ),
    ).rejects.toBeInstanceOf(UnknownReferenceError);
    await expect(
      recordPrivacyRequest(
        database.db,
        { kind: "access", channel: "email", references: [], received: "2026-03-11" },
        by,
        options,
      ),
    ).rejects.toBeInstanceOf(ReceivedDateError);

    const list = await listPrivacyRequests(database.db, now);
    expect(list.done).toEqual([]);
    expect(
      list.open.map((row) => ({
        id: row.id,
        due: row.dueAt.toISOString(),
        overdue: row.overdue,
        refs: row.requests.map((request) => request.reference).sort(),
      })),
    ).toEqual([
      // Midnight in India is 18:30 UTC the day before.
      { id: late, due: "2026-03-02T18:30:00.000Z", overdue: true, refs: ["REF001", "REF003"] },
      { id: fresh, due: "2026-04-08T18:30:00.000Z", overdue: false, refs: [] },
    ]);

    expect(await markPrivacyRequestDone(database.db, late, "Erased 2 requests", by, now)).toBe(
      true,
    );
    expect(await markPrivacyRequestDone(database.db, late, "Again", by, now)).toBe(false);
    const after = await listPrivacyRequests(database.db, now);
    expect(after.open.map((row) => row.id)).toEqual([fresh]);
    expect(after.done).toMatchObject([
      { id: late, answer: "Erased 2 requests", doneByEmail: admin.email, doneAt: now },
    ]);
    // It outlives the erasure it answers: the requests are named by id, their references stay.
    await eraseForPerson(database.db, await allOfThem(), admin);
    const [kept] = (await listPrivacyRequests(database.db, now)).done;
    expect(kept?.requests.map((request) => request.reference).sort()).toEqual(["REF001", "REF003"]);
  });

  it("carries out an erasure request in one step: the person named until then, erased with the ledger and the access log, answered", async () => {
    const by = { id: admin.id, email: admin.email };
    const options = { dueDays: 30, now };
    // Opened from the second request's page: all three of the number's, oldest first, filled in.
    expect(await prefillFor(database.db, idOf(2))).toEqual({
      references: ["REF001", "REF002", "REF003"],
      name: person.name,
      ids: [idOf(1), idOf(2), idOf(3)],
    });
    expect(await prefillFor(database.db, idOf(8))).toBeNull();
    const erasure = await recordPrivacyRequest(
      database.db,
      {
        kind: "erasure",
        channel: "phone",
        references: ["REF001", "REF002", "REF003"],
        received: "2026-03-10",
      },
      by,
      options,
    );
    const access = await recordPrivacyRequest(
      database.db,
      { kind: "access", channel: "phone", references: ["REF009"], received: "2026-03-10" },
      by,
      options,
    );
    const unnamed = await recordPrivacyRequest(
      database.db,
      { kind: "erasure", channel: "email", references: [], received: "2026-03-10" },
      by,
      options,
    );
    const before = await listPrivacyRequests(database.db, now);
    const named = (id: string, list = before) =>
      [...list.open, ...list.done]
        .find((row) => row.id === id)
        ?.requests.map(({ reference, name, erased }) => ({ reference, name, erased }));
    expect(named(erasure)).toEqual(
      ["REF001", "REF002", "REF003"].map((reference) => ({
        reference,
        name: person.name,
        erased: false,
      })),
    );
    expect(named(access)).toEqual([{ reference: "REF009", name: other.name, erased: false }]);
    // What the list's access-log row names: every request whose name it shows.
    expect(namedRequests(before).sort()).toEqual([idOf(1), idOf(2), idOf(3), idOf(9)]);

    // Only an open erasure request that names requests is carried out here.
    const answer = (references: string[]) => `Erased: ${references.join(", ")}`;
    for (const [id, reason] of [
      [access, "not-erasure"],
      [unnamed, "no-requests"],
      [idOf(7), "not-open"],
    ] as const) {
      await expect(eraseForPrivacyRequest(database.db, id, admin, answer, now)).rejects.toSatisfy(
        (error) => error instanceof PrivacyEraseError && error.reason === reason,
      );
    }
    // One of them erased before, from its page: left as it was, and named in the answer all the same.
    await eraseForPerson(database.db, [idOf(2)], admin);
    const erased = await eraseForPrivacyRequest(database.db, erasure, admin, answer, now);
    expect(erased.sort()).toEqual([idOf(1), idOf(3)]);
    expect(Object.fromEntries(await findEverywhere(database.db, personalValues))).toEqual({});
    const others = await findEverywhere(database.db, otherValues);
    for (const value of otherValues) expect(others.get(value), value).toBeDefined();

    const after = await listPrivacyRequests(database.db, now);
    expect(after.open.map((row) => row.id).sort()).toEqual([access, unnamed].sort());
    expect(after.done).toMatchObject([
      {
        id: erasure,
        answer: "Erased: REF001, REF002, REF003",
        doneByEmail: admin.email,
        doneAt: now,
      },
    ]);
    expect(named(erasure, after)).toEqual(
      ["REF001", "REF002", "REF003"].map((reference) => ({ reference, name: null, erased: true })),
    );
    const ledger = await database.db.select().from(erasures).orderBy(erasures.appointmentId);
    expect(ledger.map((row) => [row.appointmentId, row.reason, row.erasedBy])).toEqual([
      [idOf(1), "request", admin.email],
      [idOf(2), "request", admin.email],
      [idOf(3), "request", admin.email],
    ]);
    const logged = await database.db
      .select({ ids: accessLog.appointmentIds, address: accessLog.address })
      .from(accessLog)
      .where(eq(accessLog.action, "erasure"))
      .orderBy(accessLog.id);
    expect(logged.map((row) => [row.ids.sort(), row.address])).toEqual([
      [[idOf(2)], admin.address],
      [[idOf(1), idOf(3)], admin.address],
    ]);
    // Answered: not carried out twice.
    await expect(
      eraseForPrivacyRequest(database.db, erasure, admin, answer, now),
    ).rejects.toMatchObject({ reason: "not-open" });
  });
});
