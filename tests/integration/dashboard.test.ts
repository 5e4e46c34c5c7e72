// The staff dashboard's data on the real databases: its two orders, the status filter, the search
// (name, phone digits, pincode prefix), pages and totals, each request's e-mail state, status
// changes with their audit trail, and the CSV export of exactly what is selected. The front
// desk's additions (notes, call-backs, owners, junk, repeats, "Needs attention", search by any
// spelling of a number or a word of the address, the export's new columns): front-desk.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { staffMailKind } from "#app/domain/appointments/appointments.server.ts";
import {
  appointmentPages,
  appointmentsCsv,
} from "#app/domain/appointments/appointments-export.server.ts";
import { listAppointments, type Viewer } from "#app/domain/appointments/dashboard.server.ts";
import {
  type DashboardQuery,
  dashboardSearchParams,
  parseDashboardQuery,
} from "#app/domain/appointments/dashboard.ts";
import { timelineOf } from "#app/domain/appointments/front-desk.server.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import { appointmentStatusChanges, appointments, notifications, users } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";

/** A query of the address, "All requests" unless it names another view (no choice by the counts). */
const query = (search = ""): DashboardQuery => {
  const parsed = parseDashboardQuery(new URLSearchParams(search));
  return { ...parsed, view: parsed.view ?? "all" };
};

/**
 * Who looks, and when: a fixed time after every request these tests store (January 2026), so
 * that what is overdue never depends on the day the tests run.
 */
const viewer: Viewer = { userId: "user-viewer", now: new Date("2026-03-01T06:30:00.000Z") };

/** The n-th test id: ordered as n, so that ties on the date are broken predictably. */
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

interface Row {
  n: number;
  name?: string;
  phone?: string;
  pincode?: string;
  status?: AppointmentStatus;
  /** Day of January 2026 (UTC noon). */
  day?: number;
  message?: string | null;
}

async function insert(db: Database, rows: Row[]): Promise<void> {
  await db.insert(appointments).values(
    rows.map((row) => ({
      id: idOf(row.n),
      name: row.name ?? `Patient ${String(row.n).padStart(2, "0")}`,
      // A number of its own: requests sharing one would be repeats of each other.
      phone: row.phone ?? `98100 ${String(row.n).padStart(5, "0")}`,
      address: "H-12, Sector 43, Gurugram",
      pincode: row.pincode ?? "122002",
      message: row.message ?? null,
      status: row.status ?? "pending",
      createdAt: new Date(Date.UTC(2026, 0, row.day ?? row.n, 12)),
      phoneKey: phoneKey(row.phone ?? `98100 ${String(row.n).padStart(5, "0")}`),
    })),
  );
}

const names = (list: { rows: { name: string }[] }) => list.rows.map((row) => row.name);

describeEachDatabase("dashboard", (database) => {
  it("lists newest first, 25 a page, with the totals and the page count", async () => {
    await insert(
      database.db,
      Array.from({ length: 30 }, (_, i) => ({
        n: i + 1,
        status: i < 4 ? ("completed" as const) : ("pending" as const),
      })),
    );

    const first = await listAppointments(database.db, query(), viewer);
    expect(first).toMatchObject({ total: 30, pendingTotal: 26, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(25);
    expect(names(first).slice(0, 3)).toEqual(["Patient 30", "Patient 29", "Patient 28"]);
    expect(names(first).at(-1)).toBe("Patient 06");
    expect(first.rows[0]).toEqual({
      id: "00000000-0000-4000-8000-000000000030",
      name: "Patient 30",
      phone: "98100 00030",
      address: "H-12, Sector 43, Gurugram",
      pincode: "122002",
      message: null,
      status: "pending",
      createdAt: new Date("2026-01-30T12:00:00.000Z"),
      notification: "none",
      ownerId: null,
      ownerEmail: null,
      callbackAt: null,
      junk: false,
      // Pending for a month as of the viewer's time.
      overdue: true,
      callbackDue: false,
      repeatCount: 0,
      // Sent from the English form; 122002 is in Gurugram, one of our areas; nobody handed it.
      language: "en",
      place: { name: "Gurugram", outside: false },
      handedBy: null,
      erasedAt: null,
    });

    const second = await listAppointments(database.db, query("page=2"), viewer);
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(names(second)).toEqual([
      "Patient 05",
      "Patient 04",
      "Patient 03",
      "Patient 02",
      "Patient 01",
    ]);

    // Past the end (a stale link after rows were deleted): the last page.
    const past = await listAppointments(database.db, query("page=7"), viewer);
    expect(past).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(names(past)).toEqual(names(second));
  });

  it("breaks ties on the date by id, so that pages never repeat or skip a row", async () => {
    await insert(database.db, [
      { n: 1, name: "Same day A", day: 5 },
      { n: 2, name: "Same day B", day: 5 },
      { n: 3, name: "Same day C", day: 5 },
    ]);
    const list = await listAppointments(database.db, query(), viewer);
    expect(names(list)).toEqual(["Same day C", "Same day B", "Same day A"]);
  });

  it("sorts by status (alphabetical), then newest first", async () => {
    await insert(database.db, [
      { n: 1, name: "Old pending", status: "pending", day: 1 },
      { n: 2, name: "Old completed", status: "completed", day: 2 },
      { n: 3, name: "New contacted", status: "contacted", day: 3 },
      { n: 4, name: "New pending", status: "pending", day: 4 },
      { n: 5, name: "New completed", status: "completed", day: 5 },
      { n: 6, name: "Old contacted", status: "contacted", day: 1 },
    ]);
    const list = await listAppointments(database.db, query("sort=status"), viewer);
    expect(names(list)).toEqual([
      "New completed",
      "Old completed",
      "New contacted",
      "Old contacted",
      "New pending",
      "Old pending",
    ]);
    expect(list.rows.map((row) => row.status)).toEqual([
      "completed",
      "completed",
      "contacted",
      "contacted",
      "pending",
      "pending",
    ]);
  });

  it("filters by status, counting only what the filter selects but every pending request", async () => {
    await insert(database.db, [
      { n: 1, name: "Pending one", status: "pending" },
      { n: 2, name: "Contacted one", status: "contacted" },
      { n: 3, name: "Contacted two", status: "contacted" },
      { n: 4, name: "Completed one", status: "completed" },
    ]);
    const contacted = await listAppointments(database.db, query("status=contacted"), viewer);
    expect(names(contacted)).toEqual(["Contacted two", "Contacted one"]);
    expect(contacted).toMatchObject({ total: 2, pendingTotal: 1, page: 1, pageCount: 1 });

    const completed = await listAppointments(
      database.db,
      query("status=completed&sort=status"),
      viewer,
    );
    expect(names(completed)).toEqual(["Completed one"]);
  });

  describe("search", () => {
    const people: Row[] = [
      { n: 1, name: "Asha Rani", phone: "+91 98765 43210", pincode: "122002" },
      { n: 2, name: "PRAKASH ASHAR", phone: "9811122233", pincode: "110001" },
      { n: 3, name: "Vikram Singh", phone: "99912 34567", pincode: "201220" },
      { n: 4, name: "100% Fit Gym", phone: "011 4155 5555", pincode: "121004" },
      { n: 5, name: "Meera_Iyer", phone: "98 1000 2000", pincode: "121018" },
    ];
    const search = async (q: string, extra = "") =>
      names(
        await listAppointments(
          database.db,
          query(`${new URLSearchParams({ q }).toString()}${extra}`),
          viewer,
        ),
      );

    it("finds a name holding the text, in any case", async () => {
      await insert(database.db, people);
      expect(await search("asha")).toEqual(["PRAKASH ASHAR", "Asha Rani"]);
      expect(await search("  SINGH ")).toEqual(["Vikram Singh"]);
      expect(await search("nobody")).toEqual([]);
    });

    it("takes % and _ as the characters typed, not as wildcards", async () => {
      await insert(database.db, people);
      expect(await search("%")).toEqual(["100% Fit Gym"]);
      expect(await search("a_i")).toEqual(["Meera_Iyer"]);
    });

    it("finds a phone holding the digits typed, spaces and + ignored, from three digits on", async () => {
      await insert(database.db, people);
      expect(await search("98765 432")).toEqual(["Asha Rani"]);
      expect(await search("+91 98765 43210")).toEqual(["Asha Rani"]);
      // The digits of the number as written in full: "9198" is the start of every +91 98…
      // number, however it was typed (not 99912 34567, not 011 4155 5555).
      expect(await search("9198")).toEqual(["Meera_Iyer", "PRAKASH ASHAR", "Asha Rani"]);
      expect(await search("1222")).toEqual(["PRAKASH ASHAR"]);
      expect(await search("12345")).toEqual(["Vikram Singh"]);
      expect(await search("10002")).toEqual(["Meera_Iyer"]);
      // Two digits search no phone ("98" is in three of them), only pincodes and names.
      expect(await search("98")).toEqual([]);
    });

    it("finds a pincode starting with the digits, not one merely holding them", async () => {
      await insert(database.db, people);
      expect(await search("1220")).toEqual(["Asha Rani"]);
      expect(await search("12")).toEqual(["Meera_Iyer", "100% Fit Gym", "Asha Rani"]);
      expect(await search("201")).toEqual(["Vikram Singh"]);
    });

    it("combines with the status filter and counts only the matches", async () => {
      await insert(database.db, [
        ...people.map((row) => ({ ...row, status: "contacted" as const })),
        { n: 6, name: "Asha Verma", status: "pending" },
      ]);
      const list = await listAppointments(database.db, query("q=asha&status=contacted"), viewer);
      expect(names(list)).toEqual(["PRAKASH ASHAR", "Asha Rani"]);
      expect(list).toMatchObject({ total: 2, pendingTotal: 1, page: 1, pageCount: 1 });
    });

    it("pages through many matches and gives the last page for one past the end", async () => {
      await insert(database.db, [
        ...Array.from({ length: 27 }, (_, i) => ({ n: i + 1, name: `Sharma ${i + 1}` })),
        { n: 28, name: "Gupta" },
      ]);
      const first = await listAppointments(database.db, query("q=sharma"), viewer);
      expect(first).toMatchObject({ total: 27, page: 1, pageCount: 2 });
      expect(first.rows).toHaveLength(25);
      const second = await listAppointments(database.db, query("q=sharma&page=2"), viewer);
      expect(names(second)).toEqual(["Sharma 2", "Sharma 1"]);
      expect(second).toMatchObject({ total: 27, page: 2, pageCount: 2 });
      const past = await listAppointments(database.db, query("q=sharma&page=40"), viewer);
      expect(names(past)).toEqual(["Sharma 2", "Sharma 1"]);
      expect(past).toMatchObject({ total: 27, page: 2, pageCount: 2 });
      const none = await listAppointments(database.db, query("q=nobody&page=3"), viewer);
      expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
    });

    it("says 'more than 5,000' for a search past the cap, and still pages it newest first", async () => {
      // 5,030 "Kapoor"s a minute apart (the newest last), and one other name.
      const kapoors = 5_030;
      const start = Date.UTC(2026, 0, 2, 12);
      const phone = (i: number) => `98200 ${String(i + 1).padStart(5, "0")}`;
      for (let from = 0; from < kapoors; from += 1_000) {
        await database.db.insert(appointments).values(
          Array.from({ length: Math.min(1_000, kapoors - from) }, (_, j) => ({
            id: idOf(from + j + 1),
            name: `Kapoor ${from + j + 1}`,
            phone: phone(from + j),
            phoneKey: phoneKey(phone(from + j)),
            address: "H-12, Sector 43, Gurugram",
            pincode: "122002",
            createdAt: new Date(start + (from + j) * 60_000),
          })),
        );
      }
      await insert(database.db, [{ n: 9_000, name: "Gupta" }]);
      const first = await listAppointments(database.db, query("q=kapoor"), viewer);
      expect(first).toMatchObject({ moreThan: 5_000, total: 5_001, page: 1, pageCount: 201 });
      expect(names(first).slice(0, 2)).toEqual(["Kapoor 5030", "Kapoor 5029"]);
      const second = await listAppointments(database.db, query("q=kapoor&page=2"), viewer);
      expect(names(second)[0]).toBe("Kapoor 5005");
      // Past the last page: the last page.
      const last = await listAppointments(database.db, query("q=kapoor&page=500"), viewer);
      expect(last).toMatchObject({ page: 201, moreThan: 5_000 });
      expect(names(last)[0]).toBe("Kapoor 30");
      // Under the cap: counted to the end, as before.
      const few = await listAppointments(database.db, query("q=kapoor+503"), viewer);
      expect(few.moreThan).toBeUndefined();
      expect(few.total).toBe(2);
      expect(names(few)).toEqual(["Kapoor 5030", "Kapoor 503"]);
    });
  });

  it("shows the state of each request's staff e-mail", async () => {
    await insert(database.db, [
      { n: 1, name: "Mail sent" },
      { n: 2, name: "Mail queued" },
      { n: 3, name: "Mail retrying" },
      { n: 4, name: "Mail failed" },
      { n: 5, name: "No mail" },
      { n: 6, name: "Mail claimed" },
    ]);
    const mail = (
      n: number,
      state: "queued" | "sent" | "failed",
      attempts: number,
      error?: string,
    ) => ({
      appointmentId: idOf(n),
      kind: staffMailKind,
      recipient: "staff@clinic.test",
      state,
      attempts,
      lastError: error ?? null,
      sentAt: state === "sent" ? new Date() : null,
    });
    await database.db.insert(notifications).values([
      mail(1, "sent", 1),
      mail(2, "queued", 0),
      mail(3, "queued", 2, "421 try again later"),
      mail(4, "failed", 8, "550 mailbox unavailable"),
      // Stored already claimed for its first attempt: not yet tried, so not retrying.
      mail(6, "queued", 1),
      // Another kind of e-mail about a request is not its staff e-mail.
      { ...mail(5, "sent", 1), kind: "test" },
    ]);
    const list = await listAppointments(database.db, query(), viewer);
    expect(Object.fromEntries(list.rows.map((row) => [row.name, row.notification]))).toEqual({
      "Mail sent": "sent",
      "Mail queued": "queued",
      "Mail retrying": "retrying",
      "Mail failed": "failed",
      "No mail": "none",
      "Mail claimed": "queued",
    });
  });

  describe("status changes", () => {
    const admin = { id: "user-admin-1", email: "admin@clinic.test" };
    const addAdmin = () =>
      database.db.insert(users).values({ id: admin.id, name: "Admin", email: admin.email });
    /** The status changes on a request's timeline, newest first. */
    const statusChanges = async (id: string) =>
      (await timelineOf(database.db, id)).flatMap((entry) =>
        entry.kind === "status" ? [entry] : [],
      );

    it("sets any status, records who changed it from what to what, newest first", async () => {
      await addAdmin();
      await insert(database.db, [{ n: 1, name: "Asha Rani" }]);
      const id = idOf(1);

      expect(
        await changeRequest(database.db, {
          appointmentId: id,
          by: admin,
          change: { kind: "status", status: "contacted" },
        }),
      ).toEqual({ from: "pending", to: "contacted" });
      expect(
        await changeRequest(database.db, {
          appointmentId: id,
          by: admin,
          change: { kind: "status", status: "completed" },
        }),
      ).toEqual({ from: "contacted", to: "completed" });
      // Back again: any status at any time.
      expect(
        await changeRequest(database.db, {
          appointmentId: id,
          by: admin,
          change: { kind: "status", status: "pending" },
        }),
      ).toEqual({ from: "completed", to: "pending" });

      const [stored] = await database.db
        .select({ status: appointments.status })
        .from(appointments)
        .where(eq(appointments.id, id));
      expect(stored?.status).toBe("pending");

      const history = await statusChanges(id);
      expect(history.map(({ by, from, to }) => ({ by, from, to }))).toEqual([
        { by: "admin@clinic.test", from: "completed", to: "pending" },
        { by: "admin@clinic.test", from: "contacted", to: "completed" },
        { by: "admin@clinic.test", from: "pending", to: "contacted" },
      ]);
      expect(history[0]?.at).toBeInstanceOf(Date);
      expect(Date.now() - (history[0]?.at.getTime() ?? 0)).toBeLessThan(60_000);
      const [audit] = await database.db
        .select({ changedBy: appointmentStatusChanges.changedBy })
        .from(appointmentStatusChanges)
        .limit(1);
      expect(audit?.changedBy).toBe("user-admin-1");
    });

    it("accepts the status it already has without recording a change", async () => {
      await addAdmin();
      await insert(database.db, [{ n: 1, status: "contacted" }]);
      expect(
        await changeRequest(database.db, {
          appointmentId: idOf(1),
          by: admin,
          change: { kind: "status", status: "contacted" },
        }),
      ).toEqual({ from: "contacted", to: "contacted" });
      expect(await statusChanges(idOf(1))).toEqual([]);
      // Its timeline holds only its arrival.
      expect((await timelineOf(database.db, idOf(1))).map((entry) => entry.kind)).toEqual([
        "received",
      ]);
    });

    it("answers null for a request that does not exist, and records nothing", async () => {
      await addAdmin();
      await insert(database.db, [{ n: 1 }]);
      expect(
        await changeRequest(database.db, {
          appointmentId: "00000000-0000-4000-8000-999999999999",
          by: admin,
          change: { kind: "status", status: "completed" },
        }),
      ).toBeNull();
      expect(await database.db.select().from(appointmentStatusChanges)).toEqual([]);
      const [stored] = await database.db.select({ status: appointments.status }).from(appointments);
      expect(stored?.status).toBe("pending");
    });
  });

  describe("CSV export", () => {
    const header =
      "Date (India),Name,Phone,Address,Pincode,Message,Status,E-mail notification," +
      "Received (India time),First contacted at,Completed at,Owner,Repeat count,Junk," +
      "First contacted by,Hours to first contact,District,Area,Channel,Landing page,Sent from," +
      "Referrer,UTM source,UTM medium,UTM campaign,Click id type,Click id,Language";

    it("holds exactly the rows the filter and search select, over every page, in order", async () => {
      await insert(database.db, [
        ...Array.from({ length: 28 }, (_, i) => ({
          n: i + 1,
          name: `Sharma ${String(i + 1).padStart(2, "0")}`,
          status: "contacted" as const,
        })),
        { n: 29, name: "Sharma pending", status: "pending" },
        { n: 30, name: "Gupta contacted", status: "contacted" },
      ]);
      const csv = await appointmentsCsv(
        database.db,
        query("q=sharma&status=contacted&page=2"),
        viewer,
      );
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\n");
      expect(lines[0]).toBe(`${header}`);
      expect(lines).toHaveLength(29);
      expect(lines[1]).toBe(
        '2026-01-28,Sharma 28,98100 00028,"H-12, Sector 43, Gurugram",122002,,contacted,none,2026-01-28T17:30:00+05:30,,,,0,no,,,Gurugram,Gurugram,,,,,,,,,,English',
      );
      expect(lines[28]).toBe(
        '2026-01-01,Sharma 01,98100 00001,"H-12, Sector 43, Gurugram",122002,,contacted,none,2026-01-01T17:30:00+05:30,,,,0,no,,,Gurugram,Gurugram,,,,,,,,,,English',
      );
      expect(lines.some((line) => line.includes("Sharma pending"))).toBe(false);
      expect(lines.some((line) => line.includes("Gupta"))).toBe(false);
    });

    it("reads every row once, in the dashboard's order, page after page, ties on the time included", async () => {
      // Ten rows stored in the same microsecond, among others, read three at a time.
      await insert(database.db, [
        ...Array.from({ length: 10 }, (_, i) => ({
          n: i + 1,
          day: 7,
          status: (["pending", "contacted", "completed"] as const)[i % 3],
        })),
        ...Array.from({ length: 8 }, (_, i) => ({
          n: i + 11,
          day: i + 1,
          status: (["completed", "pending"] as const)[i % 2],
        })),
      ]);
      const read = async (search: string) => {
        const pages: string[][] = [];
        for await (const page of appointmentPages(database.db, query(search), viewer, 3)) {
          expect(page.length).toBeLessThanOrEqual(3);
          pages.push(page.map((row) => row.name));
        }
        return pages.flat();
      };
      for (const search of ["", "sort=status", "status=pending", "sort=status&q=patient%201"]) {
        const all = await listAppointments(database.db, { ...query(search), page: 1 }, viewer);
        const expected = [...all.rows];
        for (let page = 2; page <= all.pageCount; page++) {
          expected.push(
            ...(await listAppointments(database.db, { ...query(search), page }, viewer)).rows,
          );
        }
        expect(await read(search), search).toEqual(expected.map((row) => row.name));
        expect(expected.length, search).toBe(all.total);
      }
      expect(await read("sort=status")).toHaveLength(18);
    });

    it("neutralises a formula after a separator a spreadsheet may split a cell on", async () => {
      await insert(database.db, [
        {
          n: 1,
          name: 'Asha;=HYPERLINK("http://evil.example","x")',
          message: "fine, +2 weeks\n@SUM(A1)\tfine;\t-1",
        },
      ]);
      const csv = await appointmentsCsv(database.db, query(), viewer);
      const [, row] = csv.replace(/^\uFEFF/, "").split("\n", 2);
      expect(csv).toContain(`"Asha;'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(csv).toContain(`"fine, '+2 weeks\n'@SUM(A1)\tfine;\t'-1"`);
      expect(row).toMatch(/^2026-01-01,/);
    });

    it("neutralises cells a spreadsheet would run as a formula, and quotes what needs it", async () => {
      await insert(database.db, [
        {
          n: 1,
          name: "=cmd|' /C calc'!A0",
          phone: "+91 98765 43210",
          message: 'Knee pain, "sharp"\nSecond floor',
          status: "completed",
        },
        { n: 2, name: "@SUM(A1:A9)", phone: "-9876543211", message: "-2 days" },
        // Not a phone number (letters): kept as typed, so its formula sign is neutralised.
        { n: 3, phone: "=98765 43210 ext 2" },
      ]);
      await database.db.insert(notifications).values({
        appointmentId: idOf(1),
        kind: staffMailKind,
        recipient: "staff@clinic.test",
        state: "sent",
        attempts: 1,
      });
      const csv = await appointmentsCsv(database.db, query(), viewer);
      // A phone number is written as dialled in India ("98765 43210"): no leading sign, so
      // nothing for a spreadsheet to run and no apostrophe to show.
      expect(csv).toBe(
        `\uFEFF${header}\n` +
          '2026-01-03,Patient 03,\'=98765 43210 ext 2,"H-12, Sector 43, Gurugram",122002,,pending,none,2026-01-03T17:30:00+05:30,,,,0,no,,,Gurugram,Gurugram,,,,,,,,,,English\n' +
          "2026-01-02,'@SUM(A1:A9),98765 43211,\"H-12, Sector 43, Gurugram\",122002,'-2 days,pending,none,2026-01-02T17:30:00+05:30,,,,0,no,,,Gurugram,Gurugram,,,,,,,,,,English\n" +
          '2026-01-01,\'=cmd|\' /C calc\'!A0,98765 43210,"H-12, Sector 43, Gurugram",122002,"Knee pain, ""sharp""\nSecond floor",completed,sent,2026-01-01T17:30:00+05:30,,,,0,no,,,Gurugram,Gurugram,,,,,,,,,,English\n',
      );
    });
  });
});

describe("parseDashboardQuery", () => {
  const parse = (search: string) => parseDashboardQuery(new URLSearchParams(search));

  it("reads a valid query", () => {
    expect(parse("sort=status&status=contacted&q=%20Asha%20Rani%20&page=3")).toEqual({
      view: undefined,
      sort: "status",
      status: "contacted",
      owner: "all",
      q: "Asha Rani",
      page: 3,
    });
    expect(parse("view=attention&owner=mine&status=junk")).toEqual({
      view: "attention",
      sort: "date",
      status: "junk",
      owner: "mine",
      q: "",
      page: 1,
    });
    expect(parse("owner=unassigned").owner).toBe("unassigned");
    expect(parse("view=all").view).toBe("all");
    expect(parse("status=erased").status).toBe("erased");
  });

  it("falls back to the defaults on junk, value by value, never throwing", () => {
    // No view named (or a bad one): the dashboard chooses by its counts.
    const defaults = { view: undefined, sort: "date", status: "all", owner: "all", q: "", page: 1 };
    expect(parse("")).toEqual(defaults);
    expect(parse("sort=name&status=archived&q=%20%20&page=-3")).toEqual(defaults);
    expect(parse("view=urgent&owner=someone-else")).toEqual(defaults);
    expect(parse("sort=status&page=abc").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=1e400").page).toBe(1);
    expect(parse("page=99999").page).toBe(10_000);
    expect(parse("status=PENDING").status).toBe("all");
    expect(parse("sort=status&sort=date").sort).toBe("status");
    expect(parse("q=a%00b%09c").q).toBe("a b c");
  });

  it("cuts the search text at 100 characters", () => {
    const long = `${"x".repeat(99)}yz and more`;
    expect(parse(`q=${long}`).q).toBe(`${"x".repeat(99)}y`);
    expect(parse(`q=${"😀".repeat(120)}`).q).toBe("😀".repeat(100));
  });

  it("builds the canonical link of a query, leaving out the defaults but a view named", () => {
    expect(dashboardSearchParams(parse("")).toString()).toBe("");
    expect(
      dashboardSearchParams({
        view: "attention",
        sort: "status",
        status: "pending",
        owner: "mine",
        q: "asha rani",
        page: 3,
      }).toString(),
    ).toBe("view=attention&sort=status&status=pending&owner=mine&q=asha+rani&page=3");
    expect(
      dashboardSearchParams(parse("page=1&sort=date&status=all&q=&view=all&owner=all")).toString(),
    ).toBe("view=all");
  });
});
