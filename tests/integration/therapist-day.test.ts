// A therapist's day and calendar feed on the real databases (decision 037), asked
// through the routes' own loaders and actions with signed-in sessions: the feed parsed back by a
// kept iCalendar parser (node-ical) — times in Asia/Kolkata, the locality, kind and course count,
// no name, phone number or address; an unknown, revoked or replaced token answers the same 404.
// The day shows only the therapist's own visits, today and the next six days in India time; a
// mark changes the visit and puts it on the request's timeline; another therapist's visit, or one
// out of reach, is refused with a 403 and left as it was.
import { and, desc, eq, sql } from "drizzle-orm";
import nodeIcal, { type VEvent } from "node-ical";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { createStaffAuth } from "#app/domain/staff/auth.server.ts";
import { grantRole, revokeRole } from "#app/domain/staff/roles.server.ts";
import { calendarFeed, issueCalendarToken } from "#app/domain/visits/calendar-feed.server.ts";
import { therapistWeek } from "#app/domain/visits/therapist-day.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { oneAtATime } from "#app/lib/one-at-a-time.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { loader as feedLoader } from "#app/routes/admin/visits/calendar-feed.ts";
import {
  action as dayAction,
  loader as dayLoader,
} from "#app/routes/admin/visits/therapist-day.tsx";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import {
  accessLog,
  appointmentActivity,
  appointments,
  therapists,
  userRoles,
  visits,
} from "#db/schema.ts";
import { indiaAt } from "#tests/india-time.ts";
import { describeEachDatabase, type TestDatabase } from "#tests/integration/databases.ts";
import { testSecret } from "#tests/integration/fixtures.ts";

const clientAddress = "203.0.113.7";
const patient = {
  name: "Kamla Secretname",
  phone: "98123 45678",
  address: "Flat 7, Hidden Residency, Sector 56",
  pincode: "122011",
};
const otherPatient = {
  name: "Ravi Otherpatient",
  phone: "98100 22233",
  address: "House 9, Quiet Lane, Sector 15",
  pincode: "122001",
};

async function setUp(database: TestDatabase) {
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

  async function account(email: string, roles: ("admin" | "therapist")[]) {
    const user = await staffAuth.createConfirmedAccount(email, "correct horse");
    for (const role of roles) await database.db.insert(userRoles).values({ userId: user.id, role });
    if (roles.includes("therapist")) {
      await database.db.insert(therapists).values({
        userId: user.id,
        displayName: `Dr ${email.split("@")[0]}`,
        languages: ["Hindi", "English"],
        districts: ["Gurugram"],
      });
    }
    const signedIn = await staffAuth.signIn(email, "correct horse", {
      clientAddress,
      userAgent: "test",
    });
    if (!signedIn.ok) throw new Error(signedIn.reason);
    const cookie = signedIn.setCookies.map((line) => line.split(";")[0]).join("; ");
    return { id: user.id, email, cookie };
  }

  const [asha, bina, desk] = await Promise.all([
    account("asha@clinic.test", ["therapist"]),
    account("bina@clinic.test", ["therapist"]),
    account("desk@clinic.test", ["admin"]),
  ]);
  const [request, other] = await database.db
    .insert(appointments)
    .values(
      [patient, otherPatient].map((values, i) => ({
        ...values,
        phoneKey: phoneKey(values.phone),
        language: i === 0 ? ("hi" as const) : ("en" as const),
        message: "Knee replacement, second week",
        status: "contacted" as const,
      })),
    )
    .returning({ id: appointments.id });
  if (!request || !other) throw new Error("no requests stored");
  await database.db.insert(appointmentActivity).values({
    appointmentId: request.id,
    kind: "note",
    byEmail: desk.email,
    byUserId: desk.id,
    body: "Gate code 4412; ring twice",
  });

  const course = crypto.randomUUID();
  const visit = async (values: {
    therapistId: string;
    appointmentId?: string;
    startsAt: Date;
    minutes?: number;
    status?: "scheduled" | "done" | "no_show" | "cancelled";
    index?: number;
  }) => {
    const endsAt = new Date(values.startsAt.getTime() + (values.minutes ?? 60) * 60_000);
    const [row] = await database.db
      .insert(visits)
      .values({
        appointmentId: values.appointmentId ?? request.id,
        therapistId: values.therapistId,
        startsAt: values.startsAt,
        endsAt,
        blockedUntil: new Date(endsAt.getTime() + 30 * 60_000),
        kind: values.index === 1 ? "assessment" : "treatment",
        status: values.status ?? "scheduled",
        ...(values.status === "cancelled" ? { cancelledBy: "clinic" as const } : {}),
        ...(values.index ? { courseId: course, courseIndex: values.index, courseSize: 10 } : {}),
      })
      .returning({ id: visits.id });
    if (!row) throw new Error("no visit stored");
    return row.id;
  };

  const args = (
    path: string,
    cookie: string,
    init: RequestInit & { params?: Record<string, string> } = {},
  ) =>
    ({
      request: new Request(`http://localhost:3000${path}`, {
        ...init,
        headers: { cookie, "sec-fetch-site": "same-origin", origin: "http://localhost:3000" },
      }),
      context,
      params: init.params ?? {},
    }) as never;

  return { asha, bina, desk, request, other, visit, args };
}

/** What a thrown or returned answer of a loader or action is: its status and its data. */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status, body: await value.text() };
    const shaped = value as { type?: string; data?: unknown; init?: { status?: number } };
    if (shaped?.type === "DataWithResponseInit") {
      return { status: shaped.init?.status ?? 200, body: shaped.data };
    }
    return { status: 200, body: value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    const shaped = thrown as { type?: string; data?: unknown; init?: { status?: number } };
    if (shaped?.type === "DataWithResponseInit") {
      return { status: shaped.init?.status ?? 500, body: shaped.data };
    }
    throw thrown;
  }
}

const formOf = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
});

describeEachDatabase("a therapist's calendar feed", (database) => {
  it("holds their visits, scheduled or done, 14 days back to 90 ahead, in Asia/Kolkata, with no name, number or address", async () => {
    const { asha, bina, request, visit, args } = await setUp(database);
    const today = await visit({ therapistId: asha.id, startsAt: indiaAt(0, 7, 30), index: 3 });
    const done = await visit({
      therapistId: asha.id,
      startsAt: indiaAt(-2, 18, 0),
      status: "done",
      index: 1,
    });
    const far = await visit({ therapistId: asha.id, startsAt: indiaAt(90, 9, 0), minutes: 45 });
    await visit({ therapistId: asha.id, startsAt: indiaAt(3, 9, 0), status: "cancelled" });
    await visit({ therapistId: asha.id, startsAt: indiaAt(-15, 9, 0) });
    await visit({ therapistId: asha.id, startsAt: indiaAt(92, 9, 0) });
    await visit({ therapistId: asha.id, startsAt: indiaAt(-1, 9, 0), status: "no_show" });
    await visit({ therapistId: bina.id, startsAt: indiaAt(1, 12, 0) });

    const token = await issueCalendarToken(database.db, asha.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its SHA-256 is stored.
    const [stored] = await database.db
      .select({ hash: therapists.calendarTokenHash })
      .from(therapists)
      .where(eq(therapists.userId, asha.id));
    expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.hash).not.toContain(token);

    const response = (await feedLoader(
      args(`/visits/calendar/${token}.ics`, "", { params: { file: `${token}.ics` } }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    for (const secret of [
      patient.name,
      "Kamla",
      patient.address,
      "Hidden Residency",
      patient.pincode,
      "9812345678",
      "98123",
      "Gate code",
      asha.email,
    ]) {
      expect(body).not.toContain(secret);
    }

    const events = Object.values(nodeIcal.sync.parseICS(body)).filter(
      (entry): entry is VEvent => entry?.type === "VEVENT",
    );
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect([...byUid.keys()].sort()).toEqual([today, done, far].map((id) => `visit-${id}`).sort());
    const first = byUid.get(`visit-${today}`);
    expect(first?.start.tz).toBe("Asia/Kolkata");
    expect(first?.start.toISOString()).toBe(indiaAt(0, 7, 30).toISOString());
    expect(first?.end?.toISOString()).toBe(indiaAt(0, 8, 30).toISOString());
    expect(first?.summary).toBe("Treatment · Gurugram · Session 3 of 10");
    // A link back to the day on the site, and an alarm an hour before a visit still to come.
    expect(body).toMatch(/\r\nURL(;VALUE=URI)?:[^\r\n]*\/visits#day-\d{4}-\d{2}-\d{2}\r\n/);
    expect(body).toMatch(/BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT1H\r\n/);
    expect(first?.location).toBe("Gurugram");
    expect(body).toContain("DTSTART;TZID=Asia/Kolkata:");
    expect(body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Asia\/Kolkata/);
    expect(byUid.get(`visit-${done}`)?.summary).toBe(
      "Assessment · Gurugram · Session 1 of 10 · Done",
    );
    const last = byUid.get(`visit-${far}`);
    expect(last?.start.tz).toBe("Asia/Kolkata");
    expect(last?.end?.getTime()).toBe(indiaAt(90, 9, 45).getTime());

    // The read is in the access log, as the therapist, naming the request.
    const [logged] = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, "calendar-feed"));
    expect(logged).toMatchObject({
      actorId: asha.id,
      actorEmail: asha.email,
      appointmentIds: [request.id],
      address: clientAddress,
    });
  });

  it("answers an unknown, a revoked and a replaced token with the same 404, and a new one with the feed", async () => {
    const { asha, visit, args } = await setUp(database);
    await visit({ therapistId: asha.id, startsAt: indiaAt(1, 8, 0) });
    const feed = async (file: string) => {
      const response = (await feedLoader(
        args(`/visits/calendar/${file}`, "", { params: { file } }),
      )) as Response;
      return {
        status: response.status,
        body: await response.text(),
      };
    };
    const unknown = await feed(`${"A".repeat(43)}.ics`);
    expect(unknown).toEqual({ status: 404, body: "Not Found" });
    expect(await feed("not-a-token.ics")).toEqual(unknown);

    // Issued and revoked from the page.
    const issued = await answerOf(() =>
      dayAction(args("/visits", asha.cookie, formOf({ intent: "calendar-issue" }))),
    );
    expect(issued.status).toBe(200);
    const link = (issued.body as { feedUrl: string }).feedUrl;
    const file = link.split("/").at(-1) ?? "";
    expect(link).toMatch(/\/visits\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feed(file)).status).toBe(200);
    // Without its .ics, the token opens nothing.
    expect(await feed(file.replace(".ics", ""))).toEqual(unknown);

    const revoked = await answerOf(() =>
      dayAction(args("/visits", asha.cookie, formOf({ intent: "calendar-revoke" }))),
    );
    expect(revoked.status).toBe(200);
    expect(await feed(file)).toEqual(unknown);

    // A new link works; the one before it does not.
    const again = await answerOf(() =>
      dayAction(args("/visits", asha.cookie, formOf({ intent: "calendar-issue" }))),
    );
    const second = ((again.body as { feedUrl: string }).feedUrl.split("/").at(-1) ?? "") as string;
    expect(second).not.toBe(file);
    const replacedFirst = await issueCalendarToken(database.db, asha.id);
    expect(await feed(second)).toEqual(unknown);
    expect((await feed(`${replacedFirst}.ics`)).status).toBe(200);
    const built = await calendarFeed(database.db, asha.id, {
      clinic: "Clinic",
      siteUrl: "https://physio.example",
    });
    expect(built.appointmentIds).toHaveLength(1);
  });

  it("ends at once when the therapist's role is revoked or the profile turned off, and stays ended on a new grant", async () => {
    const { asha, bina, visit, args } = await setUp(database);
    await visit({ therapistId: asha.id, startsAt: indiaAt(1, 8, 0) });
    await visit({ therapistId: bina.id, startsAt: indiaAt(1, 10, 0) });
    const feed = async (token: string) => {
      const file = `${token}.ics`;
      const response = (await feedLoader(
        args(`/visits/calendar/${file}`, "", { params: { file } }),
      )) as Response;
      return { status: response.status, body: await response.text() };
    };
    const notFound = { status: 404, body: "Not Found" };

    // Revoked as `npm run admin -- revoke <email> therapist` does it.
    const ashaToken = await issueCalendarToken(database.db, asha.id);
    expect((await feed(ashaToken)).status).toBe(200);
    await revokeRole(database.db, asha.email, "therapist");
    expect(await feed(ashaToken)).toEqual(notFound);
    await grantRole(database.db, asha.email, "therapist");
    await database.db
      .update(therapists)
      .set({ active: true })
      .where(eq(therapists.userId, asha.id));
    expect(await feed(ashaToken)).toEqual(notFound);

    // The role held, the profile turned off by the desk: nothing while it is off.
    const binaToken = await issueCalendarToken(database.db, bina.id);
    expect((await feed(binaToken)).status).toBe(200);
    await database.db
      .update(therapists)
      .set({ active: false })
      .where(eq(therapists.userId, bina.id));
    expect(await feed(binaToken)).toEqual(notFound);
    await database.db
      .update(therapists)
      .set({ active: true })
      .where(eq(therapists.userId, bina.id));
    expect((await feed(binaToken)).status).toBe(200);

    // The role's row gone by any other way (a restore, a hand edit): nothing either.
    await database.db.delete(userRoles).where(eq(userRoles.userId, bina.id));
    expect(await feed(binaToken)).toEqual(notFound);
  });
});

describeEachDatabase("a therapist's day", (database) => {
  it("lists their own visits of today and the next six days by India day, with links in the family's language, and logs the view", async () => {
    const { asha, bina, request, other, visit, args } = await setUp(database);
    const early = await visit({ therapistId: asha.id, startsAt: indiaAt(0, 7, 30), index: 3 });
    const later = await visit({
      therapistId: asha.id,
      appointmentId: other.id,
      startsAt: indiaAt(0, 10, 0),
    });
    const sixth = await visit({ therapistId: asha.id, startsAt: indiaAt(6, 23, 0) });
    const pending = await visit({ therapistId: asha.id, startsAt: indiaAt(-3, 9, 0) });
    await visit({ therapistId: asha.id, startsAt: indiaAt(-2, 9, 0), status: "done" });
    await visit({ therapistId: asha.id, startsAt: indiaAt(7, 0, 30) });
    await visit({ therapistId: asha.id, startsAt: indiaAt(1, 9, 0), status: "cancelled" });
    await visit({ therapistId: bina.id, startsAt: indiaAt(0, 12, 0), appointmentId: other.id });

    const week = await therapistWeek(database.db, asha.id, new Date());
    expect(week.days).toHaveLength(7);
    expect(week.days[0]?.visits.map((v) => v.id)).toEqual([early, later]);
    expect(week.days[6]?.visits.map((v) => v.id)).toEqual([sixth]);
    expect(week.days.slice(1, 6).every((day) => day.visits.length === 0)).toBe(true);
    expect(week.toMark.map((v) => v.id)).toEqual([pending]);

    const page = await answerOf(() => dayLoader(args("/visits", asha.cookie)));
    expect(page.status).toBe(200);
    const shown = page.body as {
      days: { label: string; visits: Record<string, unknown>[] }[];
      toMark: unknown[];
    };
    expect(shown.days[0]?.label).toMatch(/^Today · /);
    const card = shown.days[0]?.visits[0] as Record<string, unknown>;
    expect(card).toMatchObject({
      id: early,
      name: patient.name,
      address: patient.address,
      pincode: patient.pincode,
      locality: "Gurugram",
      course: "Session 3 of 10",
      time: "7:30 AM – 8:30 AM",
      tel: "tel:+919812345678",
      directions: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${patient.address}, ${patient.pincode}`)}`,
      notes: [expect.objectContaining({ body: "Gate code 4412; ring twice" })],
      canMark: true,
    });
    // The family wrote in Hindi: the WhatsApp message is in Hindi, naming the therapist.
    const chat = decodeURIComponent(String(card.whatsapp));
    expect(chat).toMatch(/^https:\/\/wa\.me\/919812345678\?text=नमस्ते Kamla Secretname जी/);
    expect(chat).toContain("Dr asha");
    const english = decodeURIComponent(String(shown.days[0]?.visits[1]?.whatsapp));
    expect(english).toContain(`Hello ${otherPatient.name}, this is Dr asha`);

    const [logged] = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, "visits"))
      .orderBy(desc(accessLog.id));
    expect(logged).toMatchObject({ actorId: asha.id, address: clientAddress });
    expect([...(logged?.appointmentIds ?? [])].sort()).toEqual([request.id, other.id].sort());
  });

  it("marks a visit done with a note and pain, another not home, a third can't-make, each on the request's timeline", async () => {
    const { asha, request, visit, args } = await setUp(database);
    const first = await visit({ therapistId: asha.id, startsAt: indiaAt(0, 0, 30) });
    const second = await visit({ therapistId: asha.id, startsAt: indiaAt(-1, 9, 0) });
    const third = await visit({ therapistId: asha.id, startsAt: indiaAt(2, 9, 0) });
    const post = (fields: Record<string, string>) =>
      answerOf(() => dayAction(args("/visits", asha.cookie, formOf(fields))));

    expect(
      await post({
        intent: "done",
        visitId: first,
        note: "  Knee bends to 90°; walked 20 m  ",
        painBefore: "6",
        painAfter: "3",
      }),
    ).toEqual({ status: 200, body: { ok: true, intent: "done", visitId: first } });
    expect(await post({ intent: "no_show", visitId: second })).toMatchObject({ status: 200 });
    // Done before its day is refused; can't make it is taken.
    expect(await post({ intent: "done", visitId: third })).toEqual({
      status: 409,
      body: {
        ok: false,
        message: expect.stringMatching(
          /^That visit is on .*: it can be marked on the day or after\.$/,
        ),
        visitId: third,
      },
    });
    expect(await post({ intent: "cant_make", visitId: third, reason: "" })).toMatchObject({
      status: 400,
      body: { ok: false, message: "Give a reason (up to 500 characters).", field: "reason" },
    });
    expect(
      await post({ intent: "cant_make", visitId: third, reason: "Scooter broke down" }),
    ).toMatchObject({ status: 200 });
    // Marked twice: refused, nothing more recorded.
    expect(await post({ intent: "no_show", visitId: first })).toMatchObject({
      status: 409,
      body: { message: "That visit is no longer scheduled (it is done)." },
    });
    expect(await post({ intent: "done", visitId: second, painBefore: "11" })).toMatchObject({
      status: 400,
      body: { message: "Pain is a number from 0 to 10.", field: "painBefore" },
    });

    const rows = await database.db
      .select({
        id: visits.id,
        status: visits.status,
        note: visits.note,
        painBefore: visits.painBefore,
        painAfter: visits.painAfter,
        cantMakeReason: visits.cantMakeReason,
        cantMakeAt: visits.cantMakeAt,
      })
      .from(visits);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first)).toMatchObject({
      status: "done",
      note: "Knee bends to 90°; walked 20 m",
      painBefore: 6,
      painAfter: 3,
    });
    expect(byId.get(second)).toMatchObject({ status: "no_show", note: null });
    expect(byId.get(third)).toMatchObject({
      status: "scheduled",
      cantMakeReason: "Scooter broke down",
    });
    expect(byId.get(third)?.cantMakeAt).toBeInstanceOf(Date);

    const timeline = await database.db
      .select({
        kind: appointmentActivity.kind,
        visitId: appointmentActivity.visitId,
        body: appointmentActivity.body,
        by: appointmentActivity.byEmail,
      })
      .from(appointmentActivity)
      .where(
        and(
          eq(appointmentActivity.appointmentId, request.id),
          sql`${appointmentActivity.kind} like 'visit_%'`,
        ),
      )
      .orderBy(appointmentActivity.createdAt);
    expect(timeline).toEqual([
      {
        kind: "visit_done",
        visitId: first,
        body: expect.stringMatching(/^Visit of .* done\. Pain 6 → 3 of 10\.$/),
        by: asha.email,
      },
      {
        kind: "visit_no_show",
        visitId: second,
        body: expect.stringMatching(/^Patient not home for the visit of /),
        by: asha.email,
      },
      {
        kind: "visit_cant_make",
        visitId: third,
        body: expect.stringMatching(/^Dr asha can't make the visit of .*: Scooter broke down$/),
        by: asha.email,
      },
    ]);
  });

  it("refuses another therapist's visit, one out of reach, an admin who is no therapist and the anonymous, changing nothing", async () => {
    const { asha, bina, desk, visit, args } = await setUp(database);
    const binas = await visit({ therapistId: bina.id, startsAt: indiaAt(0, 9, 0) });
    const old = await visit({ therapistId: asha.id, startsAt: indiaAt(-15, 9, 0) });
    const ahead = await visit({ therapistId: asha.id, startsAt: indiaAt(7, 9, 0) });
    for (const visitId of [binas, old, ahead, crypto.randomUUID()]) {
      for (const fields of [
        { intent: "done", visitId, note: "tried" } as Record<string, string>,
        { intent: "no_show", visitId },
        { intent: "cant_make", visitId, reason: "tried" },
      ]) {
        const answer = await answerOf(() =>
          dayAction(args("/visits", asha.cookie, formOf(fields))),
        );
        expect(answer.status, `${fields.intent} ${visitId}`).toBe(403);
        expect(JSON.stringify(answer.body)).not.toContain(patient.name);
      }
    }
    // An admin who is not a therapist: the page and its forms are refused.
    expect((await answerOf(() => dayLoader(args("/visits", desk.cookie)))).status).toBe(403);
    expect(
      (
        await answerOf(() =>
          dayAction(args("/visits", desk.cookie, formOf({ intent: "no_show", visitId: binas }))),
        )
      ).status,
    ).toBe(403);
    // Not signed in: the page sends to /auth, a form post is 401.
    const anonymous = await answerOf(() => dayLoader(args("/visits", "")));
    expect(anonymous.status).toBe(302);
    expect(
      (
        await answerOf(() =>
          dayAction(args("/visits", "", formOf({ intent: "no_show", visitId: binas }))),
        )
      ).status,
    ).toBe(401);

    const statuses = await database.db
      .select({ status: visits.status, cantMakeAt: visits.cantMakeAt })
      .from(visits);
    expect(statuses.every((row) => row.status === "scheduled" && row.cantMakeAt === null)).toBe(
      true,
    );
    expect(
      await database.db
        .select()
        .from(appointmentActivity)
        .where(sql`${appointmentActivity.kind} like 'visit_%'`),
    ).toEqual([]);
  });
});
