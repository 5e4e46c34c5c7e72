// The front desk (decision 015) on the real databases: notes and call-backs on a request's
// timeline, owners (take, hand over, release: only to staff), overdue and due as of the viewer's
// time, the "Needs attention" order and the header's counts, junk (hidden, counted nowhere, found
// under its own filter, reversible), repeats from one number however it was written, search by any
// spelling of a number and by a word of the address, and the export's new columns. Requests are
// stored at known past times and looked at from a fixed time: no test waits for the clock.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import {
  appointmentsCsv,
  exportColumns,
} from "#app/domain/appointments/appointments-export.server.ts";
import {
  countAttention,
  listAppointments,
  type Viewer,
} from "#app/domain/appointments/dashboard.server.ts";
import { type AppointmentRow, parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import {
  appointmentFor,
  originOf,
  repeatsOf,
  staffMembers,
  timelineOf,
} from "#app/domain/appointments/front-desk.server.ts";
import {
  changeRequest,
  changeRequests,
  ErasedError,
  handoverMailKind,
  NotStaffError,
} from "#app/domain/appointments/request-changes.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import {
  appointmentActivity,
  appointmentStatusChanges,
  appointments,
  notifications,
  userRoles,
  users,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** The time the front desk looks from: noon in India on 10 March 2026. */
const now = new Date("2026-03-10T06:30:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);

/** Two admins (the staff who can open the dashboard) and an account without the role. */
const admin = { id: "user-admin", email: "admin@clinic.test" };
const colleague = { id: "user-colleague", email: "colleague@clinic.test" };
const visitor = { id: "user-visitor", email: "visitor@clinic.test" };

const asAdmin: Viewer = { userId: admin.id, now };
const asColleague: Viewer = { userId: colleague.id, now };
/** The admin, looking at another time. */
const at = (time: Date): Viewer => ({ userId: admin.id, now: time });

/** The n-th test id: ordered as n. */
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

interface Row {
  n: number;
  name?: string;
  phone?: string;
  address?: string;
  pincode?: string;
  status?: AppointmentStatus;
  createdAt: Date;
  ownerId?: string;
  callbackAt?: Date;
  junk?: boolean;
}

/** Requests as stored at known times, with the phone key the app writes with each. */
async function insert(db: Database, rows: Row[]): Promise<void> {
  await db.insert(appointments).values(
    rows.map((row) => {
      // A number of its own unless given: requests sharing one would be repeats.
      const phone = row.phone ?? `98110 ${String(row.n).padStart(5, "0")}`;
      return {
        id: idOf(row.n),
        name: row.name ?? `Patient ${row.n}`,
        phone,
        phoneKey: phoneKey(phone),
        address: row.address ?? "H-12, Sector 43, Gurugram",
        pincode: row.pincode ?? "122002",
        status: row.status ?? "pending",
        createdAt: row.createdAt,
        ownerId: row.ownerId ?? null,
        callbackAt: row.callbackAt ?? null,
        junk: row.junk ?? false,
      };
    }),
  );
}

async function addStaff(db: Database): Promise<void> {
  await db.insert(users).values([
    { id: admin.id, name: "Admin", email: admin.email },
    { id: colleague.id, name: "Colleague", email: colleague.email },
    { id: visitor.id, name: "Visitor", email: visitor.email },
  ]);
  await db.insert(userRoles).values([
    { userId: admin.id, role: "admin" },
    { userId: colleague.id, role: "admin" },
  ]);
}

const names = (list: { rows: { name: string }[] }) => list.rows.map((row) => row.name);

/** Each listed row's value of one field, by name. */
const byName = <K extends keyof AppointmentRow>(rows: AppointmentRow[], key: K) =>
  Object.fromEntries(rows.map((row) => [row.name, row[key]]));

describeEachDatabase("front desk", (database) => {
  /** The list of an address: "All requests" unless it names another view. */
  const list = (search = "", viewer = asAdmin) => {
    const query = parseDashboardQuery(new URLSearchParams(search));
    return listAppointments(database.db, { ...query, view: query.view ?? "all" }, viewer);
  };
  const search = async (q: string, viewer = asAdmin) =>
    names(await list(new URLSearchParams({ q }).toString(), viewer));
  const request = async (n: number, viewer = asAdmin) => {
    const row = await appointmentFor(database.db, idOf(n), viewer);
    if (!row) throw new Error(`no request ${n}`);
    return row;
  };
  const timeline = (n: number) => timelineOf(database.db, idOf(n));
  const activityCount = async () =>
    (await database.db.select({ id: appointmentActivity.id }).from(appointmentActivity)).length;
  /** Within a minute of this process's clock: written by the database just now. */
  const justNow = (date: Date | undefined) =>
    Math.abs(Date.now() - (date?.getTime() ?? Number.NaN)) < minute;

  it("keeps every note, newest first, with who wrote it and when", async () => {
    await addStaff(database.db);
    // Taken already: a note on a request nobody owns takes it too (tested below).
    await insert(database.db, [
      { n: 1, createdAt: ago(2 * hour), ownerId: admin.id },
      { n: 2, createdAt: ago(hour), ownerId: admin.id },
    ]);
    const note = async (n: number, body: string, by: typeof admin) =>
      (await changeRequest(database.db, {
        appointmentId: idOf(n),
        by,
        change: { kind: "note", body },
      })) !== null;

    expect(await note(1, "Called, no answer. Call back Tuesday.", admin)).toBe(true);
    expect(await note(1, "Correction: Wednesday, after 6 pm.", colleague)).toBe(true);
    expect(await note(2, "Another patient's note", admin)).toBe(true);
    // No such request: nothing is written.
    expect(await note(99, "Lost note", admin)).toBe(false);
    expect(await activityCount()).toBe(3);

    const entries = await timeline(1);
    expect(entries.map((entry) => entry.kind)).toEqual(["note", "note", "received"]);
    expect(entries[0]).toMatchObject({
      kind: "note",
      by: colleague.email,
      body: "Correction: Wednesday, after 6 pm.",
    });
    expect(entries[1]).toMatchObject({
      kind: "note",
      by: admin.email,
      body: "Called, no answer. Call back Tuesday.",
    });
    expect(justNow(entries[0]?.at)).toBe(true);
    expect(justNow(entries[1]?.at)).toBe(true);
    expect(entries[0]?.at.getTime()).toBeGreaterThanOrEqual(entries[1]?.at.getTime() ?? 0);
    // The request's arrival, at the time it was stored.
    expect(entries[2]).toEqual({ kind: "received", at: ago(2 * hour) });

    // Each request's timeline is its own.
    expect(await timeline(2)).toMatchObject([
      { kind: "note", by: admin.email, body: "Another patient's note" },
      { kind: "received", at: ago(hour) },
    ]);
    expect(await timelineOf(database.db, idOf(99))).toEqual([]);
    // Kept by account too (the address stays when the account is deleted).
    const stored = await database.db
      .select({ by: appointmentActivity.byUserId })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.appointmentId, idOf(1)));
    expect(stored.map((row) => row.by).sort()).toEqual([admin.id, colleague.id]);
  });

  it("records a call-back set and cleared; it is due once its time has passed", async () => {
    await addStaff(database.db);
    await insert(database.db, [
      { n: 1, status: "contacted", createdAt: ago(3 * day), ownerId: admin.id },
    ]);
    const callbackAt = later(2 * hour);
    const setTo = async (time: Date | null, by = admin) =>
      (await changeRequest(database.db, {
        appointmentId: idOf(1),
        by,
        change: { kind: "callback", at: time },
      })) !== null;

    expect(await setTo(callbackAt)).toBe(true);
    expect(await request(1)).toMatchObject({ callbackAt, callbackDue: false });
    expect((await request(1, at(new Date(callbackAt.getTime() - minute)))).callbackDue).toBe(false);
    expect((await request(1, at(new Date(callbackAt.getTime() + minute)))).callbackDue).toBe(true);
    // The list and the header say the same, as of the viewer's time.
    const afterIt = at(new Date(callbackAt.getTime() + minute));
    expect(byName((await list("", afterIt)).rows, "callbackDue")).toEqual({ "Patient 1": true });
    expect((await countAttention(database.db, afterIt)).callbacksDue).toBe(1);
    expect((await countAttention(database.db, asAdmin)).callbacksDue).toBe(0);

    // The same time again changes nothing, and records nothing.
    expect(await setTo(new Date(callbackAt))).toBe(true);
    const set = await timeline(1);
    expect(set.map((entry) => entry.kind)).toEqual(["callback_set", "received"]);
    expect(set[0]).toMatchObject({ kind: "callback_set", by: admin.email, callbackAt });

    expect(await setTo(null, colleague)).toBe(true);
    expect(await request(1, afterIt)).toMatchObject({ callbackAt: null, callbackDue: false });
    expect((await countAttention(database.db, afterIt)).callbacksDue).toBe(0);
    const cleared = await timeline(1);
    expect(cleared.map((entry) => entry.kind)).toEqual([
      "callback_cleared",
      "callback_set",
      "received",
    ]);
    expect(cleared[0]).toMatchObject({ kind: "callback_cleared", by: colleague.email });
    expect(
      await changeRequest(database.db, {
        appointmentId: idOf(9),
        by: admin,
        change: { kind: "callback", at: callbackAt },
      }),
    ).toBeNull();
    expect(await activityCount()).toBe(2);
  });

  it("never has a call-back due on a completed or junk request", async () => {
    await insert(database.db, [
      {
        n: 1,
        name: "Contacted, due",
        status: "contacted",
        createdAt: ago(2 * day),
        callbackAt: ago(hour),
      },
      {
        n: 2,
        name: "Completed, past",
        status: "completed",
        createdAt: ago(2 * day),
        callbackAt: ago(hour),
      },
      { n: 3, name: "Junk, past", junk: true, createdAt: ago(2 * day), callbackAt: ago(hour) },
      { n: 4, name: "Pending, later", createdAt: ago(hour), callbackAt: later(hour) },
    ]);

    expect(byName((await list()).rows, "callbackDue")).toEqual({
      "Contacted, due": true,
      "Completed, past": false,
      "Pending, later": false,
    });
    expect((await request(3)).callbackDue).toBe(false);
    expect(byName((await list("status=junk")).rows, "callbackDue")).toEqual({
      "Junk, past": false,
    });
    expect((await countAttention(database.db, asAdmin)).callbacksDue).toBe(1);
  });

  it("takes, hands over and releases a request, only ever to a member of staff", async () => {
    await addStaff(database.db);
    await insert(database.db, [{ n: 1, createdAt: ago(hour) }]);
    const handTo = async (ownerId: string | null, by = admin) =>
      (await changeRequest(database.db, {
        appointmentId: idOf(1),
        by,
        change: { kind: "owner", ownerId },
      })) !== null;

    expect(await staffMembers(database.db)).toEqual([admin, colleague]);

    expect(await handTo(admin.id)).toBe(true);
    expect(await request(1)).toMatchObject({ ownerId: admin.id, ownerEmail: admin.email });
    expect(await handTo(colleague.id)).toBe(true);
    expect(await request(1)).toMatchObject({
      ownerId: colleague.id,
      ownerEmail: colleague.email,
    });

    // An account without the role, or none at all: refused, and nothing written.
    await expect(handTo(visitor.id, colleague)).rejects.toBeInstanceOf(NotStaffError);
    await expect(handTo("no-such-user", colleague)).rejects.toBeInstanceOf(NotStaffError);
    expect(await request(1)).toMatchObject({
      ownerId: colleague.id,
      ownerEmail: colleague.email,
    });
    expect(await activityCount()).toBe(2);

    expect(await handTo(null, colleague)).toBe(true);
    expect(await request(1)).toMatchObject({ ownerId: null, ownerEmail: null });
    // Released again: no change, no entry.
    expect(await handTo(null)).toBe(true);

    expect(await timeline(1)).toMatchObject([
      { kind: "owner_changed", by: colleague.email, ownerEmail: null },
      { kind: "owner_changed", by: admin.email, ownerEmail: colleague.email },
      { kind: "owner_changed", by: admin.email, ownerEmail: admin.email },
      { kind: "received" },
    ]);
    expect(await activityCount()).toBe(3);
  });

  it("lists the viewer's own requests, the unassigned ones, or everyone's", async () => {
    await addStaff(database.db);
    await insert(database.db, [
      { n: 1, name: "Admin's older", ownerId: admin.id, createdAt: ago(3 * hour) },
      { n: 2, name: "Colleague's", ownerId: colleague.id, createdAt: ago(2 * hour) },
      { n: 3, name: "Nobody's", createdAt: ago(hour) },
      { n: 4, name: "Admin's newer", ownerId: admin.id, createdAt: ago(30 * minute) },
    ]);
    const mine = await list("owner=mine");
    expect(names(mine)).toEqual(["Admin's newer", "Admin's older"]);
    // The total is what the filter selects; the pending count is everyone's.
    expect(mine).toMatchObject({ total: 2, pendingTotal: 4 });
    expect(byName(mine.rows, "ownerEmail")).toEqual({
      "Admin's newer": admin.email,
      "Admin's older": admin.email,
    });
    expect(names(await list("owner=mine", asColleague))).toEqual(["Colleague's"]);
    expect(names(await list("owner=unassigned"))).toEqual(["Nobody's"]);
    expect(names(await list())).toEqual([
      "Admin's newer",
      "Nobody's",
      "Colleague's",
      "Admin's older",
    ]);
    expect(names(await list("owner=mine&view=attention"))).toEqual([
      "Admin's older",
      "Admin's newer",
    ]);
  });

  it("marks a pending request overdue after 24 hours, as of the viewer's time", async () => {
    await insert(database.db, [
      { n: 1, name: "23 h 59 m", createdAt: ago(23 * hour + 59 * minute) },
      { n: 2, name: "24 h 1 m", createdAt: ago(24 * hour + minute) },
      { n: 3, name: "Contacted, 3 days", status: "contacted", createdAt: ago(3 * day) },
      { n: 4, name: "Completed, 3 days", status: "completed", createdAt: ago(3 * day) },
      { n: 5, name: "Junk, 3 days", junk: true, createdAt: ago(3 * day) },
    ]);
    expect(byName((await list()).rows, "overdue")).toEqual({
      "23 h 59 m": false,
      "24 h 1 m": true,
      "Contacted, 3 days": false,
      "Completed, 3 days": false,
    });
    expect((await request(5)).overdue).toBe(false);
    expect(byName((await list("status=junk")).rows, "overdue")).toEqual({
      "Junk, 3 days": false,
    });
    expect(await countAttention(database.db, asAdmin)).toEqual({
      pending: 2,
      overdue: 1,
      fresh: 1,
      callbacksDue: 0,
      familyWaiting: 0,
      newestAt: ago(23 * hour + 59 * minute).getTime(),
    });
    expect((await list()).counts).toEqual(await countAttention(database.db, asAdmin));

    // Two minutes on, the first is overdue too.
    const twoMinutesOn = at(later(2 * minute));
    expect((await request(1, twoMinutesOn)).overdue).toBe(true);
    expect(await countAttention(database.db, twoMinutesOn)).toMatchObject({
      pending: 2,
      overdue: 2,
      fresh: 0,
    });
  });

  it('lists "Needs attention": overdue oldest first, then due call-backs, then the other pending', async () => {
    await insert(database.db, [
      { n: 1, name: "Overdue 72 h", createdAt: ago(72 * hour) },
      { n: 2, name: "Overdue 30 h", createdAt: ago(30 * hour) },
      // Overdue whatever its call-back says.
      { n: 3, name: "Overdue 48 h", createdAt: ago(48 * hour), callbackAt: later(2 * hour) },
      // Due call-backs go by their time, not by the request's age.
      {
        n: 4,
        name: "Call-back due 5 h ago",
        status: "contacted",
        createdAt: ago(50 * hour),
        callbackAt: ago(5 * hour),
      },
      {
        n: 5,
        name: "Call-back due 1 h ago",
        status: "contacted",
        createdAt: ago(100 * hour),
        callbackAt: ago(hour),
      },
      {
        n: 6,
        name: "New, call-back due 30 min ago",
        createdAt: ago(5 * hour),
        callbackAt: ago(30 * minute),
      },
      { n: 7, name: "New 10 h", createdAt: ago(10 * hour) },
      { n: 8, name: "New 2 h", createdAt: ago(2 * hour) },
      // Pending, not overdue, its call-back still to come: among the new, by its age.
      {
        n: 9,
        name: "New 20 h, call-back later",
        createdAt: ago(20 * hour),
        callbackAt: later(hour),
      },
      // Not waiting for anyone now.
      {
        n: 10,
        name: "Contacted, call-back later",
        status: "contacted",
        createdAt: ago(2 * day),
        callbackAt: later(3 * hour),
      },
      {
        n: 11,
        name: "Completed, call-back past",
        status: "completed",
        createdAt: ago(5 * day),
        callbackAt: ago(2 * hour),
      },
      { n: 12, name: "Junk, 50 h", junk: true, createdAt: ago(50 * hour), callbackAt: ago(hour) },
      { n: 13, name: "Contacted", status: "contacted", createdAt: ago(hour) },
    ]);
    const attention = await list("view=attention");
    expect(names(attention)).toEqual([
      "Overdue 72 h",
      "Overdue 48 h",
      "Overdue 30 h",
      "Call-back due 5 h ago",
      "Call-back due 1 h ago",
      "New, call-back due 30 min ago",
      "New 20 h, call-back later",
      "New 10 h",
      "New 2 h",
    ]);
    expect(attention.total).toBe(9);
    expect(attention.rows.map((row) => [row.overdue, row.callbackDue])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [false, true],
      [false, true],
      [false, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(attention.counts).toEqual({
      pending: 7,
      overdue: 3,
      fresh: 4,
      callbacksDue: 3,
      familyWaiting: 0,
      newestAt: ago(hour).getTime(),
    });
    // The spec's default order is unchanged beside it.
    expect(names(await list()).slice(0, 3)).toEqual([
      "Contacted",
      "New 2 h",
      "New, call-back due 30 min ago",
    ]);
  });

  it("takes junk out of every list and count, finds it under its own filter, and takes it back", async () => {
    await addStaff(database.db);
    await insert(database.db, [
      { n: 1, name: "Overdue test", createdAt: ago(30 * hour) },
      { n: 2, name: "asdfg", phone: "00000 00000 00", createdAt: ago(hour) },
      {
        n: 3,
        name: "Call-back test",
        status: "contacted",
        createdAt: ago(2 * day),
        callbackAt: ago(hour),
      },
      { n: 4, name: "Real patient", status: "contacted", createdAt: ago(5 * day) },
    ]);
    expect((await list()).counts).toEqual({
      pending: 2,
      overdue: 1,
      fresh: 1,
      callbacksDue: 1,
      familyWaiting: 0,
      newestAt: ago(hour).getTime(),
    });
    const mark = async (n: number, junk: boolean, by = admin) =>
      (await changeRequest(database.db, {
        appointmentId: idOf(n),
        by,
        change: { kind: "junk", junk },
      })) !== null;
    for (const n of [1, 2, 3]) expect(await mark(n, true)).toBe(true);
    // Marked again: no change, no entry.
    expect(await mark(2, true)).toBe(true);
    expect(await activityCount()).toBe(3);

    const all = await list();
    expect(names(all)).toEqual(["Real patient"]);
    expect(all).toMatchObject({ total: 1, pendingTotal: 0 });
    expect(all.counts).toEqual({
      pending: 0,
      overdue: 0,
      fresh: 0,
      callbacksDue: 0,
      familyWaiting: 0,
      newestAt: ago(5 * day).getTime(),
    });
    expect(names(await list("status=pending"))).toEqual([]);
    expect(names(await list("view=attention"))).toEqual([]);
    expect(await search("asdfg")).toEqual([]);
    expect(await list("sort=status")).toMatchObject({ total: 1, rows: [{ name: "Real patient" }] });

    const junk = await list("status=junk");
    expect(names(junk)).toEqual(["asdfg", "Overdue test", "Call-back test"]);
    expect(junk).toMatchObject({ total: 3, pendingTotal: 0 });
    expect(junk.rows.every((row) => row.junk)).toBe(true);
    expect(names(await list("status=junk&q=asdfg"))).toEqual(["asdfg"]);

    expect(await mark(2, false, colleague)).toBe(true);
    expect(names(await list())).toEqual(["asdfg", "Real patient"]);
    expect((await request(2)).junk).toBe(false);
    expect((await list()).counts).toMatchObject({
      pending: 1,
      fresh: 1,
      newestAt: ago(hour).getTime(),
    });
    expect(names(await list("status=junk"))).toEqual(["Overdue test", "Call-back test"]);
    expect(await timeline(2)).toMatchObject([
      { kind: "junk_cleared", by: colleague.email },
      { kind: "junk_marked", by: admin.email },
      { kind: "received" },
    ]);
  });

  it("links requests from one number within 30 days, however it was written, junk left out", async () => {
    await addStaff(database.db);
    await insert(database.db, [
      { n: 1, name: "First", phone: "+91 98100 12345", createdAt: ago(5 * day) },
      { n: 2, name: "Three days on", phone: "098100-12345", createdAt: ago(2 * day) },
      { n: 3, name: "31 days before", phone: "98100 12345", createdAt: ago(36 * day) },
      { n: 4, name: "Junk", phone: "9810012345", createdAt: ago(day), junk: true },
      { n: 5, name: "Another number", phone: "98100 12346", createdAt: ago(4 * day) },
    ]);
    expect(byName((await list()).rows, "repeatCount")).toEqual({
      First: 1,
      "Three days on": 1,
      "31 days before": 0,
      "Another number": 0,
    });
    expect(await repeatsOf(database.db, idOf(1))).toEqual([
      { id: idOf(2), createdAt: ago(2 * day), status: "pending", erased: false },
    ]);
    expect(await repeatsOf(database.db, idOf(2))).toEqual([
      { id: idOf(1), createdAt: ago(5 * day), status: "pending", erased: false },
    ]);
    expect(await repeatsOf(database.db, idOf(3))).toEqual([]);
    expect(await repeatsOf(database.db, idOf(5))).toEqual([]);
    expect((await request(2)).repeatCount).toBe(1);

    // Search by the number lists every request from it (junk apart).
    expect(await search("+91 98100 12345")).toEqual(["Three days on", "First", "31 days before"]);

    // No longer junk, it counts.
    expect(
      await changeRequest(database.db, {
        appointmentId: idOf(4),
        by: admin,
        change: { kind: "junk", junk: false },
      }),
    ).toEqual({ changed: true });
    expect(byName((await list()).rows, "repeatCount")).toMatchObject({
      First: 2,
      "Three days on": 2,
      Junk: 2,
      "31 days before": 0,
    });
    expect((await repeatsOf(database.db, idOf(1))).map((repeat) => repeat.id)).toEqual([
      idOf(4),
      idOf(2),
    ]);
  });

  it("finds a request by any spelling of its number, and by a word of its address", async () => {
    // Stored as the form stores it, its phone key written by the app.
    const { appointment } = await createAppointment(
      database.db,
      appointmentInput({
        name: "Asha Rani",
        phone: "98100 12345",
        address: "B-204, Sector 62, Noida",
        pincode: "201309",
      }),
      staffMail,
    );
    await insert(database.db, [
      {
        n: 1,
        name: "Vikram Singh",
        phone: "98100 12346",
        address: "Flat 9, Sector 63, Noida",
        pincode: "201301",
        createdAt: ago(2 * day),
      },
      {
        n: 2,
        name: "Meera Iyer",
        phone: "+91 99100 12345",
        address: "House 5, Sector 621, Noida",
        pincode: "201301",
        createdAt: ago(3 * day),
      },
      {
        n: 3,
        name: "Sunil Kumar",
        phone: "0124 481 2345",
        address: "DLF Phase 2, Gurugram",
        pincode: "122002",
        createdAt: ago(4 * day),
      },
      // The same ten digits after another country's code: another number.
      {
        n: 4,
        name: "Oliver Brown",
        phone: "+44 98100 12345",
        address: "12 Baker Street, London",
        pincode: "110001",
        createdAt: ago(5 * day),
      },
    ]);
    for (const spelling of [
      "9810012345",
      "+91 98100 12345",
      "098100 12345",
      "91-98100-12345",
      "+91 (0) 98100 12345",
    ]) {
      expect(await search(spelling), spelling).toEqual(["Asha Rani"]);
    }
    const [found] = (await list(`q=${encodeURIComponent("+91 (0) 98100 12345")}`)).rows;
    expect(found?.id).toBe(appointment.id);

    expect(await search("Sector 62")).toEqual(["Asha Rani"]);
    expect(await search("SECTOR 62")).toEqual(["Asha Rani"]);
    expect(await search("sector")).toEqual(["Asha Rani", "Vikram Singh", "Meera Iyer"]);
    expect(await search("noida")).toEqual(["Asha Rani", "Vikram Singh", "Meera Iyer"]);
    expect(await search("gurugram")).toEqual(["Sunil Kumar"]);
  });

  it("writes each status change on the timeline, among the notes", async () => {
    await addStaff(database.db);
    await insert(database.db, [{ n: 1, createdAt: ago(hour), ownerId: admin.id }]);
    const change = (status: AppointmentStatus, by: typeof admin) =>
      changeRequest(database.db, {
        appointmentId: idOf(1),
        by,
        change: { kind: "status", status },
      });
    await change("contacted", admin);
    await changeRequest(database.db, {
      appointmentId: idOf(1),
      by: admin,
      change: { kind: "note", body: "Visit booked" },
    });
    await change("completed", colleague);
    expect((await request(1)).status).toBe("completed");
    const entries = await timeline(1);
    expect(entries).toMatchObject([
      { kind: "status", by: colleague.email, from: "contacted", to: "completed" },
      { kind: "note", by: admin.email, body: "Visit booked" },
      { kind: "status", by: admin.email, from: "pending", to: "contacted" },
      { kind: "received", at: ago(hour) },
    ]);
    expect(justNow(entries[0]?.at)).toBe(true);
  });

  it("says on a request's page where it came from and where its PIN code is", async () => {
    await insert(database.db, [
      { n: 1, createdAt: ago(hour), pincode: "110017" },
      { n: 2, createdAt: ago(hour), pincode: "201010" },
      { n: 3, createdAt: ago(hour), pincode: "122002" },
    ]);
    await database.db
      .update(appointments)
      .set({
        channel: "search",
        referrerHost: "google.co.in",
        landingPath: "/stroke-rehabilitation-at-home",
        sentFromPath: "/contact",
        reference: "7K3Q2M",
      })
      .where(eq(appointments.id, idOf(1)));
    expect(await originOf(database.db, idOf(1))).toEqual({
      reference: "7K3Q2M",
      source: "Search: google.co.in; landed on /stroke-rehabilitation-at-home",
      sentFrom: "/contact",
      language: "English",
      place: "South Delhi (Delhi)",
    });
    expect(await originOf(database.db, idOf(2))).toEqual({
      reference: null,
      source: null,
      sentFrom: null,
      language: "English",
      place: "Ghaziabad (outside our areas)",
    });
    expect((await originOf(database.db, idOf(3)))?.place).toBe("Gurugram");
    expect(await originOf(database.db, idOf(99))).toBeNull();
  });

  it("exports received, first contacted and completed in India time, owner, repeats and junk", async () => {
    await addStaff(database.db);
    await insert(database.db, [
      {
        n: 1,
        name: '=HYPERLINK("http://evil.example","x")',
        phone: "+91 98100 12345",
        status: "completed",
        // 1:30 on 2 March in India.
        createdAt: new Date("2026-03-01T20:00:00.000Z"),
        ownerId: colleague.id,
      },
      {
        n: 2,
        name: "Repeat caller",
        phone: "098100-12345",
        status: "contacted",
        createdAt: new Date("2026-03-04T05:00:00.000Z"),
      },
      {
        n: 3,
        name: "asdfg",
        phone: "12345 67890",
        createdAt: new Date("2026-03-05T05:00:00.000Z"),
        junk: true,
      },
    ]);
    const changed = (n: number, from: AppointmentStatus, to: AppointmentStatus, time: string) => ({
      appointmentId: idOf(n),
      changedBy: admin.id,
      changedByEmail: admin.email,
      fromStatus: from,
      toStatus: to,
      changedAt: new Date(time),
    });
    await database.db.insert(appointmentStatusChanges).values([
      changed(1, "pending", "contacted", "2026-03-02T04:15:00.000Z"),
      changed(1, "contacted", "completed", "2026-03-03T09:45:30.000Z"),
      // Completed, then reopened and contacted again: first contacted stays the first; no
      // completion while it is not completed.
      changed(2, "pending", "contacted", "2026-03-04T06:00:00.000Z"),
      changed(2, "contacted", "completed", "2026-03-05T06:00:00.000Z"),
      changed(2, "completed", "pending", "2026-03-06T06:00:00.000Z"),
      changed(2, "pending", "contacted", "2026-03-06T08:00:00.000Z"),
    ]);
    // What the status changes wrote on each request when they were made (the first contact),
    // and where request 1 came from.
    await database.db
      .update(appointments)
      .set({
        firstContactAt: new Date("2026-03-02T04:15:00.000Z"),
        firstContactBy: admin.id,
        channel: "ads",
        landingPath: "/services/stroke-rehabilitation",
        sentFromPath: "/contact",
        referrerHost: "google.com",
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "=stroke-nov",
        clickIdParam: "gclid",
        clickId: "Cj0KCQ-abc_123",
        language: "hi",
      })
      .where(eq(appointments.id, idOf(1)));
    await database.db
      .update(appointments)
      .set({ firstContactAt: new Date("2026-03-04T06:00:00.000Z"), firstContactBy: admin.id })
      .where(eq(appointments.id, idOf(2)));

    const csv = await appointmentsCsv(
      database.db,
      parseDashboardQuery(new URLSearchParams()),
      asAdmin,
    );
    const [header, ...records] = parse(csv, { bom: true }) as string[][];
    expect(header).toEqual([...exportColumns]);
    const cells = (record: string[] | undefined) =>
      Object.fromEntries(exportColumns.map((column, i) => [column, record?.[i]]));
    expect(records).toHaveLength(2);
    expect(cells(records[0])).toMatchObject({
      Name: "Repeat caller",
      Phone: "98100 12345",
      "Received (India time)": "2026-03-04T10:30:00+05:30",
      "First contacted at": "2026-03-04T11:30:00+05:30",
      "Completed at": "",
      Owner: "",
      "Repeat count": "1",
      Junk: "no",
      "First contacted by": admin.email,
      "Hours to first contact": "1.0",
      District: "Gurugram",
      Area: "Gurugram",
      Channel: "",
      "Landing page": "",
      "Sent from": "",
      Language: "English",
    });
    expect(cells(records[1])).toMatchObject({
      // 1:30 on 2 March in India: the 2nd, not the 1st (UTC's day).
      "Date (India)": "2026-03-02",
      // Still neutralised: a spreadsheet would run it.
      Name: `'=HYPERLINK("http://evil.example","x")`,
      // A number, written as dialled in India: nothing to neutralise, no apostrophe.
      Phone: "98100 12345",
      Status: "completed",
      "Received (India time)": "2026-03-02T01:30:00+05:30",
      "First contacted at": "2026-03-02T09:45:00+05:30",
      "Completed at": "2026-03-03T15:15:30+05:30",
      Owner: colleague.email,
      "Repeat count": "1",
      Junk: "no",
      "First contacted by": admin.email,
      "Hours to first contact": "8.3",
      Channel: "Ads",
      "Landing page": "/services/stroke-rehabilitation",
      "Sent from": "/contact",
      Referrer: "google.com",
      "UTM source": "google",
      "UTM medium": "cpc",
      // A visitor's label, neutralised like every cell.
      "UTM campaign": "'=stroke-nov",
      "Click id type": "gclid",
      "Click id": "Cj0KCQ-abc_123",
      // Sent from the Hindi site: staff call back in Hindi.
      Language: "Hindi",
    });
    expect(csv).not.toContain("'98100");
    expect(csv).toContain(",98100 12345,");

    const junk = await appointmentsCsv(
      database.db,
      parseDashboardQuery(new URLSearchParams("status=junk")),
      asAdmin,
    );
    const [, ...junkRecords] = parse(junk, { bom: true }) as string[][];
    expect(junkRecords.map(cells)).toMatchObject([
      { Name: "asdfg", Phone: "12345 67890", "Repeat count": "0", Junk: "yes" },
    ]);
  });

  it("lets the first work on a request nobody owns take it, and no later work by another", async () => {
    await addStaff(database.db);
    await insert(database.db, [
      { n: 1, createdAt: ago(hour) },
      { n: 2, createdAt: ago(hour) },
      { n: 3, createdAt: ago(hour) },
    ]);
    const work = (
      n: number,
      by: typeof admin,
      change: Parameters<typeof changeRequest>[1]["change"],
    ) => changeRequest(database.db, { appointmentId: idOf(n), by, change });

    // A note: the colleague takes it, on the timeline before the note.
    await work(1, colleague, { kind: "note", body: "Rang, no answer" });
    expect(await request(1)).toMatchObject({ ownerId: colleague.id, ownerEmail: colleague.email });
    expect((await timeline(1)).map((entry) => entry.kind).sort()).toEqual(
      ["note", "owner_changed", "received"].sort(),
    );
    expect(await timeline(1)).toContainEqual(
      expect.objectContaining({
        kind: "owner_changed",
        by: colleague.email,
        ownerEmail: colleague.email,
      }),
    );
    // Work by someone else later leaves the owner as is.
    await work(1, admin, { kind: "status", status: "contacted" });
    expect((await request(1)).ownerId).toBe(colleague.id);

    // A status change and a call-back take it too; clearing a call-back or a junk mark does not.
    await work(2, admin, { kind: "status", status: "contacted" });
    expect((await request(2)).ownerId).toBe(admin.id);
    await work(3, admin, { kind: "junk", junk: true });
    await work(3, admin, { kind: "callback", at: null });
    expect((await request(3)).ownerId).toBeNull();
    await work(3, colleague, { kind: "callback", at: later(hour) });
    expect((await request(3)).ownerId).toBe(colleague.id);
  });

  it("e-mails the new owner of a hand-over, and marks it handed to them until they work on it", async () => {
    await addStaff(database.db);
    await insert(database.db, [{ n: 1, createdAt: ago(hour), ownerId: admin.id }]);
    const handovers = () =>
      database.db
        .select({ recipient: notifications.recipient, appointmentId: notifications.appointmentId })
        .from(notifications)
        .where(eq(notifications.kind, handoverMailKind));

    await changeRequest(database.db, {
      appointmentId: idOf(1),
      by: admin,
      change: { kind: "owner", ownerId: colleague.id },
    });
    expect(await handovers()).toEqual([{ recipient: colleague.email, appointmentId: idOf(1) }]);
    // Marked for the new owner (who handed it over), in their "Mine".
    expect((await request(1, asColleague)).handedBy).toBe(admin.email);
    expect(names(await list("owner=mine", asColleague))).toEqual(["Patient 1"]);
    expect((await list("owner=mine", asColleague)).rows[0]?.handedBy).toBe(admin.email);

    // The new owner's first work on it ends the mark.
    await changeRequest(database.db, {
      appointmentId: idOf(1),
      by: colleague,
      change: { kind: "note", body: "Called the daughter" },
    });
    expect((await request(1, asColleague)).handedBy).toBeNull();

    // Taking a request oneself sends nothing, and marks nothing.
    await changeRequest(database.db, {
      appointmentId: idOf(1),
      by: admin,
      change: { kind: "owner", ownerId: admin.id },
    });
    expect(await handovers()).toHaveLength(1);
    expect((await request(1)).handedBy).toBeNull();
  });

  it("takes an erased request out of every list and count, and closes it to changes", async () => {
    await addStaff(database.db);
    await insert(database.db, [
      { n: 1, name: "Erased, overdue", createdAt: ago(3 * day), callbackAt: ago(hour) },
      { n: 2, name: "Kept, overdue", createdAt: ago(2 * day) },
    ]);
    const before = await countAttention(database.db, asAdmin);
    expect(before).toMatchObject({ pending: 2, overdue: 2, callbacksDue: 1 });

    await eraseAppointments(database.db, [idOf(1)], { reason: "request", by: admin.email });
    expect(await countAttention(database.db, asAdmin)).toMatchObject({
      pending: 1,
      overdue: 1,
      callbacksDue: 0,
    });
    for (const search of ["", "view=attention", "owner=unassigned", "status=pending"]) {
      const found = await list(search);
      expect(found.rows.map((row) => row.id)).toEqual([idOf(2)]);
      expect(found.total).toBe(1);
    }
    // Under its own filter, with nothing to do: not overdue, no call-back due.
    const erased = await list("status=erased");
    expect(erased.rows.map((row) => row.id)).toEqual([idOf(1)]);
    expect(erased.rows[0]).toMatchObject({ overdue: false, callbackDue: false, name: "" });
    // Nothing more can be done on it: no status, note, call-back or owner.
    for (const change of [
      { kind: "status", status: "contacted" },
      { kind: "note", body: "Too late" },
      { kind: "callback", at: later(hour) },
      { kind: "owner", ownerId: admin.id },
    ] as const) {
      await expect(
        changeRequest(database.db, { appointmentId: idOf(1), by: admin, change }),
      ).rejects.toBeInstanceOf(ErasedError);
    }
    expect((await request(1)).status).toBe("pending");
  });

  it("opens on Needs attention when a request is overdue or a call-back due, else on everything", async () => {
    await insert(database.db, [{ n: 1, createdAt: ago(2 * hour) }]);
    const opened = async (viewer: Viewer) =>
      (await listAppointments(database.db, parseDashboardQuery(new URLSearchParams()), viewer))
        .view;
    expect(await opened(asAdmin)).toBe("all");
    // A day later the same request is overdue.
    expect(await opened(at(later(day)))).toBe("attention");
    // A view named is kept, whatever the counts.
    const named = await listAppointments(
      database.db,
      parseDashboardQuery(new URLSearchParams("view=all")),
      at(later(day)),
    );
    expect(named.view).toBe("all");
    // A call-back due opens it too.
    await database.db
      .update(appointments)
      .set({ status: "contacted", callbackAt: ago(minute) })
      .where(eq(appointments.id, idOf(1)));
    expect(await opened(asAdmin)).toBe("attention");
  });

  it("gives a status or junk mark to the family's open repeats in one step, each on its timeline", async () => {
    await addStaff(database.db);
    const phone = "98100 12345";
    await insert(database.db, [
      { n: 1, phone, createdAt: ago(3 * day) },
      { n: 2, phone, createdAt: ago(2 * day) },
      { n: 3, phone, createdAt: ago(day), status: "completed" },
      { n: 4, phone, createdAt: ago(hour), junk: true },
    ]);
    const all = [idOf(2), idOf(3), idOf(4)];
    const done = await changeRequests(database.db, {
      appointmentId: idOf(1),
      alsoIds: all,
      by: admin,
      change: { kind: "status", status: "contacted" },
    });
    // The pending repeat moves with it; the completed one is never moved back; junk is left.
    expect(done?.also).toEqual([idOf(2)]);
    expect((await request(1)).status).toBe("contacted");
    expect((await request(2)).status).toBe("contacted");
    expect((await request(3)).status).toBe("completed");
    expect((await request(4)).status).toBe("pending");
    for (const n of [1, 2]) {
      expect(await timeline(n)).toContainEqual(
        expect.objectContaining({
          kind: "status",
          by: admin.email,
          from: "pending",
          to: "contacted",
        }),
      );
    }
    expect((await timeline(3)).map((entry) => entry.kind)).toEqual(["received"]);

    const junked = await changeRequests(database.db, {
      appointmentId: idOf(1),
      alsoIds: all,
      by: admin,
      change: { kind: "junk", junk: true },
    });
    expect(junked?.also.sort()).toEqual([idOf(2), idOf(3)].sort());
  });

  it("shows each row's area, or the district outside our areas, and its language", async () => {
    await insert(database.db, [
      { n: 1, name: "Noida", pincode: "201301", createdAt: ago(hour) },
      { n: 2, name: "Ghaziabad", pincode: "201001", createdAt: ago(hour) },
    ]);
    await database.db
      .update(appointments)
      .set({ language: "hi" })
      .where(eq(appointments.id, idOf(2)));
    const rows = (await list()).rows;
    expect(byName(rows, "place")).toEqual({
      Noida: { name: "Noida", outside: false },
      Ghaziabad: { name: "Ghaziabad", outside: true },
    });
    expect(byName(rows, "language")).toEqual({ Noida: "en", Ghaziabad: "hi" });
  });
});
