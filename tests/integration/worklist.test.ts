// One worklist for the desk (docs/front-desk.md, "One worklist") on the real databases: Needs
// attention lists a request for a WhatsApp message to send, a visit the patient was not home for
// with nothing booked since, and an assessment with no treatment booked after 7 days (the
// insights' rule), and says on a pending request that the family has another open one; each row
// says why it is there, a line per reason with its action (rendered as the dashboard renders it);
// its tab counts its rows; and the work on one request of a family ends the overdue of every
// request from that number. Requests are stored at times before the test's start and worked
// through the desk's own changes (whose entries the database dates): no test waits for the clock.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import {
  countAttention,
  listAppointments,
  type Viewer,
} from "#app/domain/appointments/dashboard.server.ts";
import {
  type AppointmentRow,
  type DashboardQuery,
  parseDashboardQuery,
} from "#app/domain/appointments/dashboard.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import { visitDay, visitMoment } from "#app/domain/visits/visit-time.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { AttentionReasons } from "#app/routes/admin/requests/attention-reasons.tsx";
import { appointments, familyAsks, notifications, userRoles, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { admin, seedStaff, therapist } from "#tests/integration/family-visits.ts";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const query = (search: string): DashboardQuery => parseDashboardQuery(new URLSearchParams(search));

/** A request as the form stores it, received `age` before `from`; its id. */
async function insertRequest(
  db: Database,
  from: Date,
  values: {
    name: string;
    phone: string;
    age: number;
    status?: "pending" | "contacted" | "completed";
  },
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({
      name: values.name,
      phone: values.phone,
      phoneKey: phoneKey(values.phone),
      address: "H-12, Sector 43, Gurugram",
      pincode: "122002",
      status: values.status ?? "contacted",
      createdAt: new Date(from.getTime() - values.age),
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error("not stored");
  return row.id;
}

/** A visit of Dr. Rao's on the request, an hour long. */
async function insertVisit(
  db: Database,
  appointmentId: string,
  values: {
    startsAt: Date;
    kind?: "assessment" | "treatment";
    status?: "scheduled" | "done" | "no_show" | "cancelled";
  },
): Promise<string> {
  const [row] = await db
    .insert(visits)
    .values({
      appointmentId,
      therapistId: therapist.id,
      startsAt: values.startsAt,
      endsAt: new Date(values.startsAt.getTime() + hour),
      blockedUntil: new Date(values.startsAt.getTime() + 90 * minute),
      kind: values.kind ?? "treatment",
      status: values.status ?? "scheduled",
      cancelledBy: values.status === "cancelled" ? "clinic" : null,
    })
    .returning({ id: visits.id });
  if (!row) throw new Error("not stored");
  return row.id;
}

/** What the row's reason lines say and where each action leads, as the dashboard renders them. */
function reasonLines(row: AppointmentRow): { kind: string; text: string; href: string }[] {
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(AttentionReasons, { row, back: "/admin?view=attention", whose: "their" }),
    ),
  );
  const decode = (text: string) =>
    text
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/<li data-reason="([^"]+)"[^>]*>(.*?)<\/li>/g)].map((line) => ({
    kind: line[1] ?? "",
    text: decode(line[2] ?? ""),
    href: decode(/href="([^"]*)"/.exec(line[2] ?? "")?.[1] ?? ""),
  }));
}

describeEachDatabase("one worklist for the desk", (database) => {
  /** The test's start: every request came before it, the desk's work comes after. */
  const start = new Date();
  const viewer: Viewer = { userId: admin.id, now: new Date(start.getTime() + minute) };
  const attention = (at: Viewer = viewer) =>
    listAppointments(database.db, query("view=attention"), at);
  const rowOf = (list: { rows: AppointmentRow[] }, id: string) =>
    list.rows.find((row) => row.id === id);

  /** The tab counts the rows its link lists, from its own list and from everything. */
  async function expectCountedAsListed(at: Viewer = viewer) {
    const list = await attention(at);
    expect(list.attentionTotal).toBe(list.rows.length);
    expect(list.total).toBe(list.rows.length);
    const everything = await listAppointments(database.db, query("view=all"), at);
    expect(everything.attentionTotal).toBe(list.rows.length);
    return list;
  }

  it("lists a request with a WhatsApp message to send, saying how many, with the way to them", async () => {
    await seedStaff(database.db);
    const id = await insertRequest(database.db, start, {
      name: "Meena Message",
      phone: "98111 20001",
      age: 3 * day,
    });
    const visitId = await insertVisit(database.db, id, {
      startsAt: new Date(start.getTime() + day),
    });
    for (const kind of ["family_visit_booked", "family_visit_reminder"] as const) {
      await database.db.insert(notifications).values({
        appointmentId: id,
        visitId,
        kind,
        recipient: "family",
        channel: "whatsapp",
        state: "by_hand",
      });
    }
    const list = await expectCountedAsListed();
    const row = rowOf(list, id);
    expect(row).toMatchObject({ whatsappToSend: true, messagesToSend: 2 });
    expect(reasonLines(row as AppointmentRow)).toEqual([
      {
        kind: "whatsapp-to-send",
        text: "WhatsApp to send: 2 messages waiting Send them",
        href: "/admin/messages",
      },
    ]);
    // A message to a family is not something from a family: the header's "from families"
    // counts the families' asks, while the dashboard still opens on Needs attention.
    expect(list.familyAsks).toBe(0);
    expect(list.counts.familyWaiting).toBe(1);
    expect((await listAppointments(database.db, query(""), viewer)).view).toBe("attention");

    // Sent: it leaves.
    await database.db
      .update(notifications)
      .set({ state: "sent" })
      .where(eq(notifications.appointmentId, id));
    expect((await expectCountedAsListed()).rows).toEqual([]);
  });

  it("counts a family's ask in the header's from families", async () => {
    await seedStaff(database.db);
    const id = await insertRequest(database.db, start, {
      name: "Asha Asks",
      phone: "98111 20002",
      age: 3 * day,
    });
    const visitId = await insertVisit(database.db, id, {
      startsAt: new Date(start.getTime() + day),
    });
    await database.db.insert(familyAsks).values({
      appointmentId: id,
      visitId,
      kind: "move",
      via: "status_page",
    });
    const list = await expectCountedAsListed();
    expect(list.familyAsks).toBe(1);
    expect(reasonLines(rowOf(list, id) as AppointmentRow)).toEqual([
      {
        kind: "family-ask",
        text: "Asks to move a visit Open its visits",
        href: `/admin/appointments/${id}#visits`,
      },
    ]);
  });

  it("lists a missed visit with nothing booked since, with the way to book one, until one is booked", async () => {
    await seedStaff(database.db);
    const missedAt = new Date(start.getTime() - 2 * day);
    const id = await insertRequest(database.db, start, {
      name: "Nikhil Notathome",
      phone: "98111 20003",
      age: 10 * day,
    });
    await insertVisit(database.db, id, {
      startsAt: new Date(start.getTime() - 5 * day),
      status: "done",
    });
    await insertVisit(database.db, id, { startsAt: missedAt, status: "no_show" });
    // Beside it: a visit missed 40 days ago (history), and one missed on a completed request.
    const old = await insertRequest(database.db, start, {
      name: "Old Notathome",
      phone: "98111 20004",
      age: 60 * day,
    });
    await insertVisit(database.db, old, {
      startsAt: new Date(start.getTime() - 40 * day),
      status: "no_show",
    });
    const closed = await insertRequest(database.db, start, {
      name: "Closed Notathome",
      phone: "98111 20005",
      age: 10 * day,
      status: "completed",
    });
    await insertVisit(database.db, closed, {
      startsAt: new Date(start.getTime() - 3 * day),
      status: "no_show",
    });

    let list = await expectCountedAsListed();
    expect(list.rows.map((row) => row.id)).toEqual([id]);
    const row = rowOf(list, id) as AppointmentRow;
    expect(row.missedVisit).toEqual({ startsAt: missedAt, therapist: "Dr. Rao" });
    expect(reasonLines(row)).toEqual([
      {
        kind: "missed-visit",
        text: `Missed visit: not home ${visitMoment(missedAt)} (Dr. Rao), nothing booked since Book a visit`,
        href: `/admin/appointments/${id}#book`,
      },
    ]);
    // Alone, it opens the dashboard on Needs attention.
    expect((await listAppointments(database.db, query(""), viewer)).view).toBe("attention");

    // A visit booked after it (a cancelled one does not count): it leaves.
    const cancelled = await insertVisit(database.db, id, {
      startsAt: new Date(start.getTime() + day),
      status: "cancelled",
    });
    expect((await attention()).rows.map((each) => each.id)).toEqual([id]);
    await database.db.update(visits).set({ status: "scheduled" }).where(eq(visits.id, cancelled));
    list = await expectCountedAsListed();
    expect(list.rows).toEqual([]);
    expect((await listAppointments(database.db, query(""), viewer)).view).toBe("all");
  });

  it("lists an assessment with no treatment booked after 7 days, with the call, until treatment is booked", async () => {
    await seedStaff(database.db);
    const assessedAt = new Date(start.getTime() - 9 * day);
    const id = await insertRequest(database.db, start, {
      name: "Tara Treatment",
      phone: "98111 20006",
      age: 12 * day,
    });
    await insertVisit(database.db, id, {
      startsAt: assessedAt,
      kind: "assessment",
      status: "done",
    });
    // Beside it: assessed 5 days ago (too soon), 40 days ago (history), and a completed request.
    for (const [name, ago, status] of [
      ["Soon Assessed", 5 * day, "contacted"],
      ["Long Assessed", 40 * day, "contacted"],
      ["Closed Assessed", 9 * day + 3 * hour, "completed"],
    ] as const) {
      const other = await insertRequest(database.db, start, {
        name,
        phone: `98111 3${String(Math.round(ago / hour)).padStart(4, "0")}`,
        age: ago + day,
        status,
      });
      await insertVisit(database.db, other, {
        startsAt: new Date(start.getTime() - ago),
        kind: "assessment",
        status: "done",
      });
    }

    let list = await expectCountedAsListed();
    expect(list.rows.map((row) => row.id)).toEqual([id]);
    const row = rowOf(list, id) as AppointmentRow;
    expect(row.noTreatment).toEqual({ assessedAt, therapist: "Dr. Rao" });
    expect(reasonLines(row)).toEqual([
      {
        kind: "no-treatment",
        text: `No treatment booked: assessed ${visitDay(assessedAt)} (Dr. Rao), more than 7 days ago Call`,
        href: "tel:+919811120006",
      },
    ]);

    await insertVisit(database.db, id, { startsAt: new Date(start.getTime() + day) });
    list = await expectCountedAsListed();
    expect(list.rows).toEqual([]);
  });

  it("says on a pending request that the family's other request is open, with the way to it", async () => {
    await seedStaff(database.db);
    const first = await insertRequest(database.db, start, {
      name: "Ravi Repeat",
      phone: "+91 98111 20007",
      age: 5 * day,
    });
    const second = await insertRequest(database.db, start, {
      name: "Ravi Repeat",
      phone: "098111-20007",
      age: 2 * hour,
      status: "pending",
    });
    const list = await expectCountedAsListed();
    // The contacted one is not listed for its repeat; the pending one is, saying so.
    expect(list.rows.map((row) => row.id)).toEqual([second]);
    const row = rowOf(list, second) as AppointmentRow;
    expect(row.openRepeat).toEqual({
      id: first,
      createdAt: new Date(start.getTime() - 5 * day),
      status: "contacted",
      more: 0,
    });
    expect(reasonLines(row)).toEqual([
      { kind: "new", text: "New: to call within 24 hours Call", href: "tel:+919811120007" },
      {
        kind: "repeat",
        text: `Repeat: the family's request of ${visitDay(new Date(start.getTime() - 5 * day))} is open too (contacted) Open that request`,
        href: `/admin/appointments/${first}`,
      },
    ]);

    // Completed, the other is no longer open.
    await database.db
      .update(appointments)
      .set({ status: "completed" })
      .where(eq(appointments.id, first));
    expect(rowOf(await attention(), second)?.openRepeat).toBeUndefined();
  });

  it("ends the overdue of both of a family's requests when the desk works one, not of one that came after", async () => {
    await seedStaff(database.db);
    const first = await insertRequest(database.db, start, {
      name: "Sita Twice",
      phone: "98111 20008",
      age: 40 * hour,
      status: "pending",
    });
    const second = await insertRequest(database.db, start, {
      name: "Sita Twice",
      phone: "+91 98111 20008",
      age: 30 * hour,
      status: "pending",
    });
    // Another family, overdue, whose request is taken (a hand-over is not work).
    await database.db.insert(userRoles).values({ userId: admin.id, role: "admin" });
    const other = await insertRequest(database.db, start, {
      name: "Other Family",
      phone: "98111 20009",
      age: 26 * hour,
      status: "pending",
    });
    let list = await expectCountedAsListed();
    expect(list.rows.map((row) => [row.id, row.overdue])).toEqual([
      [first, true],
      [second, true],
      [other, true],
    ]);
    expect(list.counts).toMatchObject({ pending: 3, overdue: 3, fresh: 0 });
    await changeRequest(database.db, {
      appointmentId: other,
      by: admin,
      change: { kind: "owner", ownerId: admin.id },
    });

    // A note on the first: neither is overdue any more, both still pending in the list.
    await changeRequest(database.db, {
      appointmentId: first,
      by: admin,
      change: { kind: "note", body: "Called: the daughter sent it twice; visit on Friday." },
    });
    list = await expectCountedAsListed();
    expect(list.rows.map((row) => [row.id, row.overdue])).toEqual([
      [other, true],
      [first, false],
      [second, false],
    ]);
    expect(list.counts).toMatchObject({ pending: 3, overdue: 1, fresh: 0 });
    const worked = rowOf(list, first) as AppointmentRow;
    const beside = rowOf(list, second) as AppointmentRow;
    expect(worked.worked?.appointmentId).toBe(first);
    expect(beside.worked).toEqual(worked.worked);
    const when = visitMoment(worked.worked?.at as Date);
    expect(reasonLines(worked).slice(0, 1)).toEqual([
      {
        kind: "still-pending",
        text: `Still pending: worked ${when}, its status not moved on Open`,
        href: `/admin/appointments/${first}`,
      },
    ]);
    expect(reasonLines(beside)).toEqual([
      {
        kind: "still-pending",
        text: `Still pending: the family's other request was worked ${when} Open that request`,
        href: `/admin/appointments/${first}`,
      },
      {
        kind: "repeat",
        text: `Repeat: the family's request of ${visitDay(new Date(start.getTime() - 40 * hour))} is open too (pending) Open that request`,
        href: `/admin/appointments/${first}`,
      },
    ]);
    expect(reasonLines(rowOf(list, other) as AppointmentRow)[0]).toEqual({
      kind: "overdue",
      text: "Overdue: not called within 24 hours Call",
      href: "tel:+919811120009",
    });

    // A request the family sends after that work is new, and overdue a day on.
    const third = await insertRequest(database.db, new Date(), {
      name: "Sita Thrice",
      phone: "9811120008",
      age: 0,
      status: "pending",
    });
    const dayOn: Viewer = { userId: admin.id, now: new Date(Date.now() + 2 * day) };
    list = await expectCountedAsListed(dayOn);
    expect(rowOf(list, third)?.overdue).toBe(true);
    expect(rowOf(list, first)?.overdue).toBe(false);
    expect((await countAttention(database.db, dayOn)).overdue).toBe(2);

    // Its status moved on (contacted) ends it for the one that came after too.
    await changeRequest(database.db, {
      appointmentId: second,
      by: admin,
      change: { kind: "status", status: "contacted" },
    });
    list = await expectCountedAsListed(dayOn);
    expect(rowOf(list, third)?.overdue).toBe(false);
    expect(rowOf(list, second)).toBeUndefined();
    expect((await countAttention(database.db, dayOn)).overdue).toBe(1);
  });
});
