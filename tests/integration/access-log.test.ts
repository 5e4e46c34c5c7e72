// The access log on the real databases (decision 033): each staff view or take of personal data,
// asked through the routes' own loaders with a signed-in admin's cookie, writes one row — who,
// when, which requests, from which address, the filter and count — and never a patient's words.
// The application's handle cannot change, delete (under a year) or empty the log; the purge takes
// only what is older than a year. And the admins' page reads it by member of staff, request and
// India dates, naming each request by its reference. A page's data loaded again (after a change
// made on it, on a live update) is the same page view: one row, not one per load.

import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import {
  listAccessLog,
  parseAccessLogQuery,
  purgeAccessLog,
  recordAccess,
} from "#app/domain/privacy/access-log.server.ts";
import { createStaffAuth } from "#app/domain/staff/auth.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { oneAtATime } from "#app/lib/one-at-a-time.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { loader as newsletterLoader } from "#app/routes/admin/newsletter/admin-newsletter.ts";
import { loader as accessLogLoader } from "#app/routes/admin/privacy/admin-access-log.tsx";
import { loader as privacyRequestsLoader } from "#app/routes/admin/privacy/admin-privacy-requests.tsx";
import { loader as dashboardLoader } from "#app/routes/admin/requests/admin.tsx";
import { loader as appointmentLoader } from "#app/routes/admin/requests/admin-appointment.tsx";
import { action as exportAction } from "#app/routes/admin/requests/admin-export.ts";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import { accessLog, appointments, newsletterSubscriptions, userRoles } from "#db/schema.ts";
import {
  databaseError,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/integration/databases.ts";
import { testSecret } from "#tests/integration/fixtures.ts";

const clientAddress = "203.0.113.9";
const secretName = "Kamla Secretname";
const secretPhone = "9812345678";
const secretAddress = "Flat 7, Hidden Residency, Sector 56";
const secretMessage = "Private note about her hip";

/** The routes' context: this database, real staff sessions, the client's address. */
async function routeContext(database: TestDatabase) {
  const staffAuth = createStaffAuth(database.db, {
    siteUrl: "http://localhost:3000",
    secret: testSecret,
    signUp: "closed",
    sessionIdleHours: 12,
    sendAccountLink: async () => {},
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    db: database.db,
    staffAuth,
    downloads: oneAtATime(),
  } as unknown as AppServices);
  context.set(requestInfo, { clientAddress, clientKey: clientAddress });
  const user = await staffAuth.createConfirmedAccount("desk@clinic.test", "correct horse");
  await database.db.insert(userRoles).values({ userId: user.id, role: "admin" });
  const signedIn = await staffAuth.signIn("desk@clinic.test", "correct horse", {
    clientAddress,
    userAgent: "test",
  });
  if (!signedIn.ok) throw new Error(signedIn.reason);
  const cookie = signedIn.setCookies.map((line) => line.split(";")[0]).join("; ");
  const ask = (path: string, init: RequestInit = {}) =>
    new Request(`http://localhost:3000${path}`, {
      ...init,
      headers: { cookie, "sec-fetch-site": "same-origin", ...(init.headers ?? {}) },
    });
  return { context, user, ask };
}

async function insertRequests(database: TestDatabase, count: number) {
  const rows = await database.db
    .insert(appointments)
    .values(
      Array.from({ length: count }, (_, i) => {
        const phone = i === 0 ? secretPhone : `98100 ${String(i).padStart(5, "0")}`;
        return {
          name: i === 0 ? secretName : `Patient ${i}`,
          phone,
          phoneKey: phoneKey(phone),
          address: secretAddress,
          pincode: "122002",
          message: secretMessage,
          createdAt: new Date(Date.now() - (i + 1) * 60_000),
          // As the store makes it (appointments.server.ts).
          reference: sql`appointment_reference(nextval('appointment_reference_seq'))`,
        };
      }),
    )
    .returning({ id: appointments.id, reference: appointments.reference });
  return rows;
}

const rowsOf = (database: TestDatabase) =>
  database.db.select().from(accessLog).orderBy(desc(accessLog.id));

/** The newest row of the log. */
async function newest(database: TestDatabase) {
  const [row] = await rowsOf(database);
  if (!row) throw new Error("no access recorded");
  return row;
}

describeEachDatabase("access log", (database) => {
  it("writes a row for the list, a search, a request's page and timeline, each export and the log itself", async () => {
    const { context, user, ask } = await routeContext(database);
    const stored = await insertRequests(database, 3);
    const [first] = stored;
    if (!first) throw new Error("no request stored");
    const args = (request: Request, params: Record<string, string> = {}) =>
      ({ request, context, params }) as never;
    const who = { actorId: user.id, actorEmail: "desk@clinic.test", address: clientAddress };

    // The dashboard's list: which requests it showed, under what filter, which page.
    await dashboardLoader(args(ask("/admin?status=pending")));
    expect(await newest(database)).toMatchObject({
      ...who,
      action: "dashboard",
      appointmentIds: stored.map((row) => row.id),
      detail: { view: "all", sort: "date", status: "pending", owner: "all", page: 1, total: 3 },
    });

    // A search: that there was one, and what it showed — never its words.
    await dashboardLoader(args(ask(`/admin?q=${encodeURIComponent("Secretname")}`)));
    const search = await newest(database);
    expect(search).toMatchObject({
      ...who,
      action: "search",
      appointmentIds: [first.id],
      detail: { searched: true, page: 1, total: 1 },
    });
    expect(JSON.stringify(search).toLowerCase()).not.toContain("secretname");

    // A request's page, with its timeline.
    await appointmentLoader(args(ask(`/admin/appointments/${first.id}`), { id: first.id }));
    expect(await newest(database)).toMatchObject({
      ...who,
      action: "request",
      appointmentIds: [first.id],
      detail: { timeline: 1, repeats: 0 },
    });

    // The CSV export: its filter, and the rows it wrote, known at the stream's end.
    const exported = await exportAction(
      args(
        ask("/admin/export.csv", {
          method: "POST",
          body: new URLSearchParams({ status: "pending", q: "Sector 56" }),
        }),
      ),
    );
    const csv = await exported.text();
    expect(csv).toContain(secretName);
    const exportRow = await newest(database);
    expect(exportRow).toMatchObject({
      ...who,
      action: "export",
      appointmentIds: [],
      detail: { status: "pending", searched: true, rows: 3, complete: true },
    });
    expect(JSON.stringify(exportRow).toLowerCase()).not.toContain("sector 56");

    // The newsletter's export: its row count.
    await database.db.insert(newsletterSubscriptions).values({
      email: "reader@example.com",
      mailbox: "reader@example.com",
      state: "confirmed",
      confirmTokenHash: "c1",
      unsubscribeTokenHash: "u1",
      confirmedAt: new Date(),
    });
    const newsletter = await newsletterLoader(args(ask("/admin/newsletter.csv")));
    expect(await newsletter.text()).toContain("reader@example.com");
    expect(await newest(database)).toMatchObject({
      ...who,
      action: "newsletter-export",
      detail: { rows: 1 },
    });

    // Reading the log is itself recorded, with its filter.
    await accessLogLoader(args(ask(`/admin/access-log?request=${first.reference}`)));
    expect(await newest(database)).toMatchObject({
      ...who,
      action: "access-log",
      appointmentIds: [],
      detail: { request: first.reference, page: 1 },
    });

    // Six rows, and not one personal word of the patients in any of them.
    const all = await rowsOf(database);
    expect(all.map((row) => row.action)).toEqual([
      "access-log",
      "newsletter-export",
      "export",
      "request",
      "search",
      "dashboard",
    ]);
    const text = JSON.stringify(all);
    for (const word of [secretName, secretPhone, secretAddress, secretMessage, "Secretname"]) {
      expect(text).not.toContain(word);
    }
  });

  it("refuses to change, delete or empty the log through the application's handle; the purge takes only rows over a year old", async () => {
    const now = new Date();
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    for (const [email, daysAgo] of [
      ["old@clinic.test", 400],
      ["recent@clinic.test", 300],
      ["today@clinic.test", 0],
    ] as const) {
      await database.db.insert(accessLog).values({
        at: at(daysAgo),
        actorEmail: email,
        action: "dashboard",
      });
    }
    const refused = async (attempt: Promise<unknown>, message: RegExp) => {
      const error = await attempt.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, "the database refused").toBeDefined();
      expect(databaseError(error).code).toBe("P0001");
      expect(String((error as Error)?.cause ?? error)).toMatch(message);
    };
    await refused(
      database.db
        .update(accessLog)
        .set({ actorEmail: "someone-else@clinic.test" })
        .where(eq(accessLog.actorEmail, "today@clinic.test")),
      /cannot be changed/,
    );
    // Not even a row old enough to purge may be changed.
    await refused(
      database.db
        .update(accessLog)
        .set({ detail: { edited: true } })
        .where(eq(accessLog.actorEmail, "old@clinic.test")),
      /cannot be changed/,
    );
    await refused(
      database.db.delete(accessLog).where(eq(accessLog.actorEmail, "recent@clinic.test")),
      /kept for at least a year/,
    );
    await refused(database.db.execute(sql`TRUNCATE access_log`), /cannot be emptied/);
    await refused(database.db.execute(sql`DELETE FROM access_log`), /kept for at least a year/);
    expect((await rowsOf(database)).length).toBe(3);

    expect(await purgeAccessLog(database.db, now)).toBe(1);
    const left = await rowsOf(database);
    expect(left.map((row) => row.actorEmail).sort()).toEqual([
      "recent@clinic.test",
      "today@clinic.test",
    ]);
    expect(left.every((row) => row.detail === null)).toBe(true);
    // Again: nothing more is old enough.
    expect(await purgeAccessLog(database.db, now)).toBe(0);
  });

  it("reads the log newest first by member of staff, request (id or reference) and India dates, a page at a time", async () => {
    const [one, two] = await insertRequests(database, 2);
    if (!one?.reference || !two) throw new Error("no requests stored");
    // 2026-03-01 19:00 UTC is 2 March, 00:30 in India.
    const times = [
      ["2026-03-01T18:00:00Z", "a@clinic.test", [one.id]],
      ["2026-03-01T19:00:00Z", "b@clinic.test", [one.id, two.id]],
      ["2026-03-02T10:00:00Z", "A@Clinic.test", [two.id]],
    ] as const;
    for (const [time, email, ids] of times) {
      await database.db.insert(accessLog).values({
        at: new Date(time),
        actorEmail: email,
        action: "request",
        appointmentIds: [...ids],
        address: clientAddress,
      });
    }
    const list = (search: string) =>
      listAccessLog(database.db, parseAccessLogQuery(new URLSearchParams(search)));
    const emails = async (search: string) => (await list(search)).rows.map((row) => row.actorEmail);

    expect(await emails("")).toEqual(["A@Clinic.test", "b@clinic.test", "a@clinic.test"]);
    // A member of staff, in any case.
    expect(await emails("staff=a%40clinic.test")).toEqual(["A@Clinic.test", "a@clinic.test"]);
    // A request, by id and by its reference as typed on the phone.
    expect(await emails(`request=${two.id}`)).toEqual(["A@Clinic.test", "b@clinic.test"]);
    const spoken = `${one.reference.slice(0, 3).toLowerCase()} ${one.reference.slice(3)}`;
    expect(await emails(`request=${encodeURIComponent(spoken)}`)).toEqual([
      "b@clinic.test",
      "a@clinic.test",
    ]);
    const unknown = await list("request=ZZZZZZ");
    expect(unknown).toMatchObject({ unknownRequest: true, total: 0, rows: [] });
    // India days: 00:30 on 2 March is the 2nd; 23:30 on 1 March is the 1st.
    expect(await emails("from=2026-03-02&to=2026-03-02")).toEqual([
      "A@Clinic.test",
      "b@clinic.test",
    ]);
    expect(await emails("to=2026-03-01")).toEqual(["a@clinic.test"]);

    // Pages of 50, newest first: 60 more rows make two pages.
    await database.db.execute(
      sql`INSERT INTO access_log (at, actor_email, action)
        SELECT now() - make_interval(mins => n), 'many@clinic.test', 'dashboard'
        FROM generate_series(1, 60) AS n`,
    );
    const firstPage = await list("staff=many%40clinic.test");
    expect(firstPage).toMatchObject({ total: 60, page: 1, pageCount: 2 });
    expect(firstPage.rows).toHaveLength(50);
    const secondPage = await list("staff=many%40clinic.test&page=2");
    expect(secondPage.rows).toHaveLength(10);
    const times60 = [...firstPage.rows, ...secondPage.rows].map((row) => row.at.getTime());
    expect(times60).toEqual([...times60].sort((a, b) => b - a));
    // A page past the end is the last one.
    expect((await list("staff=many%40clinic.test&page=9")).page).toBe(2);
  });

  it("writes one row per page view: the same page loaded again adds none, until something else is seen, from elsewhere, or half an hour on", async () => {
    const { context, user, ask } = await routeContext(database);
    const [first, second] = await insertRequests(database, 2);
    if (!first || !second) throw new Error("no requests stored");
    const args = (request: Request, params: Record<string, string> = {}) =>
      ({ request, context, params }) as never;
    const view = (id: string) => appointmentLoader(args(ask(`/admin/appointments/${id}`), { id }));
    const actions = async () => (await rowsOf(database)).map((row) => row.action).reverse();

    // A request's page, then its data again after a note written on it (the timeline grew), as
    // React Router reloads it after the page's own form posts.
    await view(first.id);
    await changeRequest(database.db, {
      appointmentId: first.id,
      by: { id: user.id, email: user.email },
      change: { kind: "note", body: "Called back" },
    });
    await view(first.id);
    expect(await actions()).toEqual(["request"]);
    // The list, and again (a live update, or the reload after a status change): one row.
    await dashboardLoader(args(ask("/admin")));
    await dashboardLoader(args(ask("/admin")));
    expect(await actions()).toEqual(["request", "dashboard"]);
    // Another filter is another view; back to the first request is a new look at it.
    await dashboardLoader(args(ask("/admin?status=pending")));
    await view(first.id);
    await view(second.id);
    expect(await actions()).toEqual(["request", "dashboard", "dashboard", "request", "request"]);
    // The same page from another address is another view.
    context.set(requestInfo, { clientAddress: "198.51.100.4", clientKey: "198.51.100.4" });
    await view(second.id);
    expect((await rowsOf(database)).length).toBe(6);
    expect((await newest(database)).address).toBe("198.51.100.4");
    // Acts are recorded each time, the same one twice included.
    for (let i = 0; i < 2; i++) {
      await recordAccess(database.db, {
        actor: { id: user.id, email: user.email },
        action: "rights-export",
        appointmentIds: [second.id],
        detail: { requests: 1 },
      });
    }
    expect((await actions()).slice(-2)).toEqual(["rights-export", "rights-export"]);

    // A page still open: loaded again 29 minutes after its row, the same view; 31, a new row.
    const page = {
      action: "request" as const,
      appointmentIds: [first.id],
      detail: { timeline: 2, repeats: 0 },
      address: clientAddress,
    };
    for (const [email, minutes] of [
      ["recent@clinic.test", 29],
      ["late@clinic.test", 31],
    ] as const) {
      await database.db
        .insert(accessLog)
        .values({ ...page, actorEmail: email, at: new Date(Date.now() - minutes * 60_000) });
      await recordAccess(database.db, { ...page, actor: { id: null, email } });
    }
    const counts = await database.db
      .select({ email: accessLog.actorEmail, rows: count() })
      .from(accessLog)
      .where(inArray(accessLog.actorEmail, ["recent@clinic.test", "late@clinic.test"]))
      .groupBy(accessLog.actorEmail)
      .orderBy(accessLog.actorEmail);
    expect(counts).toEqual([
      { email: "late@clinic.test", rows: 2 },
      { email: "recent@clinic.test", rows: 1 },
    ]);
  });

  it("names each request of a row by its reference, and logs the privacy requests' list with the people it names", async () => {
    const { context, ask } = await routeContext(database);
    const [first, second] = await insertRequests(database, 2);
    if (!first?.reference || !second?.reference) throw new Error("no requests stored");
    const args = (request: Request) => ({ request, context, params: {} }) as never;
    await database.db.insert(accessLog).values({
      actorEmail: "desk@clinic.test",
      action: "dashboard",
      appointmentIds: [second.id, first.id, "00000000-0000-4000-8000-000000000999"],
    });
    const page = await listAccessLog(database.db, parseAccessLogQuery(new URLSearchParams()));
    expect(page.rows[0]?.requests).toEqual([
      { id: second.id, reference: second.reference },
      { id: first.id, reference: first.reference },
      // A request no longer stored keeps its id, with no reference.
      { id: "00000000-0000-4000-8000-000000000999", reference: null },
    ]);

    // The privacy-requests list, opened from the first request's page: its name is shown (the
    // form's starting point), so the look is logged with that request.
    await privacyRequestsLoader(args(ask(`/admin/privacy-requests?request=${first.id}`)));
    expect(await newest(database)).toMatchObject({
      action: "privacy-requests",
      appointmentIds: [first.id],
      detail: { open: 0, done: 0 },
    });
  });
});
