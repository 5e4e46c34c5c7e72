// The family's status page (decision 038) on the real databases, through the route's own loader and
// action as the server calls them: the look-up (a right pair sets a signed, HttpOnly cookie and
// redirects; a wrong one, or an erased request, gets one message that names neither half), the
// limits per client and per reference (429 with Retry-After, in the page's language), what the
// page shows and never shows, an ask to move a visit stored with its timeline entry and listed
// in the front desk's Needs attention, the stop of WhatsApp updates, and a WhatsApp message to
// send by hand marked in Needs attention. Dates are the clock's: visits are booked from now on.
import { TZDate } from "@date-fns/tz";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { createRateLimiter, parseRateLimit } from "#app/domain/abuse/rate-limit.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { countAttention, listAppointments } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { recordChange } from "#app/domain/appointments/request-changes.server.ts";
import { readStatusLinkKey, statusLinkKey } from "#app/domain/messages/status-link.server.ts";
import { statusCookie } from "#app/domain/messages/status-page.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { bookVisits, cancelVisit } from "#app/domain/visits/visits.server.ts";
import { indiaTimeZone } from "#app/lib/dates.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { action, loader } from "#app/routes/status.tsx";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import {
  appointmentActivity,
  appointments,
  familyAsks,
  notifications,
  therapists,
  users,
  visits,
  type WeeklyHours,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail, testSecret } from "#tests/integration/fixtures.ts";

const admin = { id: "user-admin", email: "admin@clinic.test", isAdmin: true };
const therapist = { id: "t-rao", email: "rao@clinic.test" };
const viewer = () => ({ userId: admin.id, now: new Date() });

/** Every day 07:00–20:00: a course booked from any day fits. */
const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);

/** What the family must never read on the page (all stored with the request). */
const secrets = {
  name: "Kamla Devi",
  phone: "99110 55443",
  address: "House 77, Lotus Lane, Sector 50, Noida",
  message: "Knee replaced in March, uses a walker",
  note: "Gate code 4411, dog in the yard",
  visitNote: "Quadriceps sets, gait training",
  cancelReason: "Therapist reassigned by the clinic office",
};

type Args = Parameters<typeof action>[0];
type Answer = { status: number; headers: Headers; body: unknown };

/** A thrown Response (a redirect), a `data()` answer, or plain data, as one shape. */
async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, body: undefined };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const init = (result as { init?: ResponseInit }).init ?? {};
    return {
      status: init.status ?? 200,
      headers: new Headers(init.headers),
      body: (result as { data: unknown }).data,
    };
  }
  return { status: 200, headers: new Headers(), body: result };
}

describeEachDatabase("the family's status page", (database) => {
  function servicesWith(limits: { client?: string; reference?: string; newClients?: string } = {}) {
    const limiter = (name: string, spec: string) =>
      createRateLimiter(database.db, name, parseRateLimit(spec) ?? "off");
    return {
      db: database.db,
      secret: testSecret,
      limits: {
        statusClient: limiter("status-client", limits.client ?? "off"),
        statusReference: limiter("status-reference", limits.reference ?? "off"),
        statusNewClients: limiter("status-new-clients", limits.newClients ?? "off"),
        statusWrongPair: limiter("status-wrong-pair", "1/1d"),
      },
    } as unknown as AppServices;
  }

  function context(services: AppServices, client = "203.0.113.7") {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, services);
    provider.set(requestInfo, { clientAddress: client, clientKey: client });
    return provider;
  }

  const path = (lang: "en" | "hi") => (lang === "hi" ? "/hi/status" : "/status");

  function post(
    services: AppServices,
    fields: Record<string, string>,
    options: { lang?: "en" | "hi"; cookie?: string; client?: string } = {},
  ) {
    const request = new Request(`http://localhost:5173${path(options.lang ?? "en")}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: options.cookie ? { Cookie: options.cookie } : {},
    });
    return answerOf(() =>
      action({
        request,
        context: context(services, options.client),
        params: {},
      } as unknown as Args),
    );
  }

  async function page(
    services: AppServices,
    cookie: string | undefined,
    lang: "en" | "hi" = "en",
    search = "",
  ) {
    const request = new Request(`http://localhost:5173${path(lang)}${search}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
    return answerOf(() =>
      loader({ request, context: context(services), params: {} } as unknown as Parameters<
        typeof loader
      >[0]),
    );
  }

  /** The cookie a Set-Cookie header gives back to the next request ("name=value"). */
  const cookieOf = (answer: Answer) => answer.headers.get("Set-Cookie")?.split(";")[0] ?? "";

  /** 10:00 India time, `days` from today. */
  function indiaMorning(days: number) {
    const today = new TZDate(Date.now(), indiaTimeZone);
    return new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + days,
      10,
      0,
      0,
      indiaTimeZone,
    );
  }

  async function seed() {
    const { db } = database;
    for (const person of [admin, therapist]) {
      await db
        .insert(users)
        .values({ id: person.id, name: person.id, email: person.email, emailVerified: true });
    }
    await db.insert(therapists).values({
      userId: therapist.id,
      displayName: "Dr. Meera Rao",
      registrationNumber: "DL-PT-20417",
      languages: ["Hindi", "English"],
      hours,
    });
    const stored = await createAppointment(
      db,
      appointmentInput({
        name: secrets.name,
        phone: secrets.phone,
        address: secrets.address,
        message: secrets.message,
      }),
      staffMail,
    );
    const id = stored.appointment.id;
    const reference = stored.appointment.reference ?? "";
    await recordChange(db, id, admin, { kind: "note", body: secrets.note });
    // A course of 10 from the day after tomorrow, every day.
    const course = await bookVisits(
      db,
      admin,
      {
        appointmentId: id,
        therapistId: therapist.id,
        start: new Date(indiaMorning(2).getTime()),
        minutes: 60,
        kind: "treatment",
        course: { sessions: 10, weekdays: [1, 2, 3, 4, 5, 6, 7] },
      },
      { travelMinutes: 30 },
    );
    // The assessment, done a week ago with the therapist's note; a visit cancelled by staff.
    const [done] = await db
      .insert(visits)
      .values({
        appointmentId: id,
        therapistId: therapist.id,
        startsAt: indiaMorning(-7),
        endsAt: new Date(indiaMorning(-7).getTime() + 3_600_000),
        blockedUntil: new Date(indiaMorning(-7).getTime() + 5_400_000),
        kind: "assessment",
        status: "done",
        note: secrets.visitNote,
        painBefore: 7,
        painAfter: 4,
      })
      .returning({ id: visits.id });
    const [cancelled] = await bookVisits(
      db,
      admin,
      {
        appointmentId: id,
        therapistId: therapist.id,
        start: new Date(indiaMorning(1).getTime()),
        minutes: 60,
        kind: "treatment",
      },
      { travelMinutes: 30 },
    );
    await cancelVisit(db, admin, cancelled ?? "", { by: "clinic", reason: secrets.cancelReason });
    return { id, reference, course, doneId: done?.id ?? "", cancelledId: cancelled ?? "" };
  }

  const lookUp = (
    services: AppServices,
    reference: string,
    digits: string,
    options: { lang?: "en" | "hi"; client?: string } = {},
  ) => post(services, { intent: "lookup", reference, digits }, options);

  it("finds the request by its reference and four digits, and shows its visits and nothing staff wrote", async () => {
    const { reference, course } = await seed();
    const services = servicesWith();
    // Typed as read out: lower case, with a dash.
    const typed = `${reference.slice(0, 3).toLowerCase()}-${reference.slice(3)}`;
    const found = await lookUp(services, typed, "5443");
    expect(found.status).toBe(303);
    expect(found.headers.get("Location")).toBe("/status");
    const setCookie = found.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=1800/i);
    // The cookie names the request, signed: no reference, no phone.
    expect(setCookie).not.toContain(reference);
    expect(setCookie).not.toContain("5443");
    expect(setCookie).not.toContain("9911055443");

    const shown = await page(services, cookieOf(found));
    const view = (shown.body as { view: Record<string, unknown> }).view as {
      heading: string;
      calledBack: string | null;
      done: string;
      next: { id: string; what: string; therapist: Record<string, string> };
      visits: { id: string; state: string; stateText: string; canAsk: boolean }[];
      updates: string;
    };
    expect(view.heading).toBe(`Request ${reference}`);
    // Booking the first visit made the pending request contacted: "called back".
    expect(view.calledBack).not.toBeNull();
    expect(view.next.id).toBe(course[0]);
    expect(view.next.what).toBe("Treatment · Session 1 of 10");
    expect(view.next.therapist).toEqual({
      name: "Dr. Meera Rao",
      registration: "Registration no. DL-PT-20417",
      languages: "Speaks Hindi, English",
    });
    expect(view.done).toBe("1 visit done.");
    expect(view.visits.map((visit) => visit.stateText)).toEqual([
      "Done",
      "Cancelled",
      ...Array(10).fill("To come"),
    ]);
    expect(view.visits.filter((visit) => visit.canAsk)).toHaveLength(10);
    expect(view.updates).toBe("none");

    // Nothing but what the family may read: no name, address, number, message, note, reason,
    // pain figures.
    const everything = JSON.stringify(shown.body);
    for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
    expect(everything).not.toContain("9911055443");
    expect(everything).not.toContain("Kamla");
    expect(everything).not.toMatch(/pain/i);

    // In Hindi, on /hi/status.
    const hindi = await lookUp(services, reference, "5443", { lang: "hi" });
    expect(hindi.headers.get("Location")).toBe("/hi/status");
    const hindiView = (await page(services, cookieOf(hindi), "hi")).body as {
      view: { next: { what: string; therapist: { languages: string } }; done: string };
    };
    expect(hindiView.view.next.what).toBe("इलाज · 10 में से सेशन 1");
    expect(hindiView.view.next.therapist.languages).toBe("भाषाएँ: हिंदी, अंग्रेज़ी");
    expect(hindiView.view.done).toBe("1 विज़िट हो चुकी है।");
  });

  it("answers a wrong reference, wrong digits and an erased request with one message", async () => {
    const { id, reference } = await seed();
    const services = servicesWith();
    const other = reference.startsWith("A") ? `B${reference.slice(1)}` : `A${reference.slice(1)}`;
    const wrongDigits = await lookUp(services, reference, "5444");
    const wrongReference = await lookUp(services, other, "5443");
    for (const wrong of [wrongDigits, wrongReference]) {
      expect(wrong.status).toBe(422);
      expect(wrong.headers.get("Set-Cookie")).toBeNull();
      expect(wrong.body).toMatchObject({
        form: "lookup",
        message:
          "We found no request with this reference and these digits. Please check both and try again, or call us.",
      });
    }
    expect(wrongDigits.body).toEqual({ ...(wrongReference.body as object), reference });

    // What cannot be a reference or four digits is said so, field by field (400).
    const unreadable = await lookUp(services, "12", "32a");
    expect(unreadable.status).toBe(400);
    expect(unreadable.body).toMatchObject({
      problems: {
        reference: "Type the six letters and digits of your reference, such as 7K3Q2M",
        digits: "Type the last four digits of your phone number",
      },
    });

    // Looked up, then erased: the cookie shows nothing any more, and the pair no longer matches.
    const found = await lookUp(services, reference, "5443");
    await eraseAppointments(database.db, [id], { reason: "request", by: admin.email });
    const after = await page(services, cookieOf(found));
    expect((after.body as { view: unknown }).view).toBeNull();
    expect(after.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await lookUp(services, reference, "5443")).status).toBe(422);
  });

  it("limits wrong tries per client and per reference: 429 with Retry-After, in the page's language", async () => {
    const { reference } = await seed();
    const services = servicesWith({ client: "3/15m", reference: "4/1h" });
    // Right pairs are not counted.
    for (let i = 0; i < 4; i++)
      expect((await lookUp(services, reference, "5443")).status).toBe(303);
    for (let i = 0; i < 3; i++)
      expect((await lookUp(services, reference, "0000")).status).toBe(422);
    const limited = await lookUp(services, reference, "5443");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({
      message: expect.stringMatching(
        /^Too many tries\. Please try again in 15 minutes, or call us on /,
      ),
    });
    const hindi = await lookUp(services, reference, "5443", { lang: "hi" });
    expect(hindi.status).toBe(429);
    expect(hindi.body).toMatchObject({
      message: expect.stringMatching(/^बहुत बार कोशिश हो गई। कृपया 15 मिनट बाद फिर से कोशिश करें/),
    });

    // Per reference: another client's one wrong try is the reference's fourth, and its last.
    const elsewhere = { client: "198.51.100.9" };
    expect((await lookUp(services, reference, "1111", elsewhere)).status).toBe(422);
    const byReference = await lookUp(services, reference, "5443", elsewhere);
    expect(byReference.status).toBe(429);
    expect(byReference.body).toMatchObject({ message: expect.stringContaining("in 60 minutes") });
    // Another reference, from that client, is still looked up.
    expect((await lookUp(services, "ZZZZZZ", "5443", elsewhere)).status).toBe(422);
  });

  it("lets the family in while a stranger guesses: 20 wrong tries from 10 clients, then the right pair from a new client", async () => {
    const { reference } = await seed();
    // The defaults (docs/abuse.md): 10 wrong pairs per client in 15 minutes, 5 per reference in
    // an hour, and then 20 a day from clients new to the reference.
    const services = servicesWith({ client: "10/15m", reference: "5/1h", newClients: "20/1d" });
    const answers: number[] = [];
    for (let client = 1; client <= 10; client++) {
      for (let time = 0; time < 2; time++) {
        const guess = String(1000 + client * 10 + time);
        answers.push(
          (await lookUp(services, reference, guess, { client: `198.51.100.${client}` })).status,
        );
      }
    }
    // The reference's five, then each client's first try is its own (422) and its second, after
    // a wrong one, is refused (429): 12 wrong, 8 refused.
    expect(answers.filter((status) => status === 422)).toHaveLength(12);
    expect(answers.filter((status) => status === 429)).toHaveLength(8);
    // A client that was wrong about it is refused even with the right pair…
    const wrongBefore = await lookUp(services, reference, "5443", { client: "198.51.100.3" });
    expect(wrongBefore.status).toBe(429);
    expect(wrongBefore.body).toMatchObject({
      message: expect.stringMatching(/^Too many tries\. Please try again in \d+ minutes/),
    });
    // …and the family, from a client never wrong about it, comes in.
    const family = await lookUp(services, reference, "5443", { client: "203.0.113.80" });
    expect(family.status).toBe(303);
    expect(family.headers.get("Set-Cookie")).toMatch(/^family_status=/);
  });

  it("bounds the guessing of a reference: once its count is used up, clients new to it have a count of their own", async () => {
    const { reference } = await seed();
    const services = servicesWith({ client: "1/15m", reference: "2/1h", newClients: "3/1d" });
    const from = (n: number) => ({ client: `198.51.100.${n}` });
    expect((await lookUp(services, reference, "0001", from(1))).status).toBe(422);
    expect((await lookUp(services, reference, "0002", from(6))).status).toBe(422);
    // Used up: three clients new to it are still heard, each once…
    for (const n of [2, 3, 4]) {
      expect((await lookUp(services, reference, "0003", from(n))).status).toBe(422);
      expect((await lookUp(services, reference, "0004", from(n))).status).toBe(429);
    }
    // …and a fourth is refused, even with the right pair: 2 + 3 guesses, not one per address.
    const fourth = await lookUp(services, reference, "5443", from(5));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A refused try is not a wrong pair: client 5's count (one a quarter hour) is still unspent.
    expect((await lookUp(services, "ZZZZZZ", "5443", from(5))).status).toBe(422);
    expect((await lookUp(services, "ZZZZZZ", "5443", from(5))).status).toBe(429);
  });

  it("opens the page from the link in a WhatsApp message, the key out of the address; an old or changed link does not", async () => {
    const { id, reference } = await seed();
    const services = servicesWith();
    const key = statusLinkKey(testSecret, id);
    expect(readStatusLinkKey(testSecret, key)).toBe(id);
    for (const lang of ["en", "hi"] as const) {
      const opened = await page(services, undefined, lang, `?key=${key}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.get("Location")).toBe(path(lang));
      const shown = await page(services, cookieOf(opened), lang);
      expect((shown.body as { view: { heading: string } | null }).view?.heading).toContain(
        reference,
      );
    }
    // A key made 31 days ago, one changed by a letter, one of another site's secret, one cut short.
    const old = statusLinkKey(testSecret, id, new Date(Date.now() - 31 * 86_400_000));
    const changed = key.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    const foreign = statusLinkKey("another-secret-key-of-at-least-32-characters", id);
    for (const bad of [old, changed, foreign, key.slice(0, 30)]) {
      const refused = await page(services, undefined, "en", `?key=${bad}`);
      expect(refused.status).toBe(200);
      expect(refused.headers.get("Set-Cookie")).toBeNull();
      expect(refused.body).toMatchObject({ view: null, linkExpired: true });
    }
    const hindi = await page(services, undefined, "hi", `?key=${old}`);
    expect((hindi.body as { text: { linkExpired: string } }).text.linkExpired).toMatch(
      /^यह लिंक अब आपका अनुरोध नहीं खोलता/,
    );
    // Erased: the link opens nothing.
    await eraseAppointments(database.db, [id], { reason: "request", by: admin.email });
    const erased = await page(services, undefined, "en", `?key=${key}`);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ view: null, linkExpired: true });
  });

  it("stores an ask to move a visit, on the timeline and in Needs attention, and shows it", async () => {
    const { id, reference, course, cancelledId } = await seed();
    const services = servicesWith();
    const cookie = cookieOf(await lookUp(services, reference, "5443"));
    const visitId = course[1] ?? "";
    const ask = (fields: Record<string, string>, as = cookie) =>
      post(
        services,
        { intent: "ask", visitId, kind: "move", reason: "", ...fields },
        { cookie: as },
      );

    expect((await countAttention(database.db, viewer())).familyWaiting).toBe(0);
    // Refusals, each said plainly, nothing stored.
    expect(await ask({ reason: "   " })).toMatchObject({
      status: 400,
      body: { form: "ask", visitId, message: "Tell us why, in a few words" },
    });
    expect(await ask({ reason: "x".repeat(501) })).toMatchObject({
      status: 400,
      body: { message: "Please keep it to 500 characters" },
    });
    expect(await ask({ reason: "Travel", visitId: cancelledId })).toMatchObject({
      status: 409,
      body: { message: "This visit can no longer be changed here. Please call us." },
    });
    // Another request's visit, under this request's cookie: not theirs.
    const other = await createAppointment(
      database.db,
      appointmentInput({ name: "Other Family", phone: "98111 22233" }),
      staffMail,
    );
    const [othersVisit] = await bookVisits(
      database.db,
      admin,
      {
        appointmentId: other.appointment.id,
        therapistId: therapist.id,
        start: new Date(indiaMorning(20).getTime()),
        minutes: 60,
        kind: "treatment",
      },
      { travelMinutes: 30 },
    );
    expect(await ask({ reason: "Travel", visitId: othersVisit ?? "" })).toMatchObject({
      status: 404,
      body: { message: "This visit is not part of your request." },
    });
    expect(await ask({ reason: "Travel" }, "")).toMatchObject({
      status: 403,
      body: { form: "lookup" },
    });
    expect(await database.db.$count(familyAsks)).toBe(0);

    const sent = await ask({ reason: "A family wedding", preferredTime: "Saturday morning" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/status");
    const [stored] = await database.db.select().from(familyAsks);
    expect(stored).toMatchObject({
      appointmentId: id,
      visitId,
      kind: "move",
      reason: "A family wedding",
      preferredTime: "Saturday morning",
      via: "status_page",
      handledAt: null,
    });
    const [entry] = await database.db
      .select()
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "family_asked"));
    expect(entry).toMatchObject({ appointmentId: id, visitId, byEmail: "family:status-page" });
    // Asked twice: refused.
    expect(await ask({ reason: "Again" })).toMatchObject({
      status: 409,
      body: { message: "You have already asked about this visit; we will call you." },
    });

    // The page says so, and offers no second ask for that visit.
    const shown = (await page(services, cookie)).body as {
      view: { visits: { id: string; asked: string | null; canAsk: boolean }[] };
    };
    const asked = shown.view.visits.find((visit) => visit.id === visitId);
    expect(asked?.asked).toMatch(/^You asked to move this visit on .+; we will call you\.$/);
    expect(asked?.canAsk).toBe(false);

    // The front desk: in Needs attention (though contacted, nothing due), with its mark.
    const attention = await listAppointments(
      database.db,
      parseDashboardQuery(new URLSearchParams("view=attention")),
      viewer(),
    );
    expect(attention.rows.map((row) => [row.id, row.familyAsk])).toEqual([[id, "move"]]);
    expect(attention.counts.familyWaiting).toBe(1);
    // With nothing else waiting, the dashboard opens on Needs attention.
    const opened = await listAppointments(
      database.db,
      parseDashboardQuery(new URLSearchParams()),
      viewer(),
    );
    expect(opened.view).toBe("attention");

    // Settled by staff: out of Needs attention.
    await database.db.update(familyAsks).set({ handledAt: new Date() });
    const settled = await listAppointments(
      database.db,
      parseDashboardQuery(new URLSearchParams("view=attention")),
      viewer(),
    );
    expect(settled.rows).toHaveLength(0);
  });

  it("lists a WhatsApp message to send by hand in Needs attention, junk and erased left out", async () => {
    const { id, course } = await seed();
    await database.db.insert(notifications).values({
      appointmentId: id,
      visitId: course[0],
      kind: "family_visit_booked",
      recipient: "family",
      channel: "whatsapp",
      state: "by_hand",
    });
    const attention = () =>
      listAppointments(
        database.db,
        parseDashboardQuery(new URLSearchParams("view=attention")),
        viewer(),
      );
    const [row] = (await attention()).rows;
    expect(row).toMatchObject({ id, whatsappToSend: true });
    expect(row?.familyAsk).toBeUndefined();
    await database.db.update(appointments).set({ junk: true }).where(eq(appointments.id, id));
    expect((await attention()).rows).toHaveLength(0);
    expect((await countAttention(database.db, viewer())).familyWaiting).toBe(0);
    await database.db.update(appointments).set({ junk: false }).where(eq(appointments.id, id));
    await eraseAppointments(database.db, [id], { reason: "request", by: admin.email });
    expect((await attention()).rows).toHaveLength(0);
  });

  it("stops WhatsApp updates from the page, with its entry on the timeline", async () => {
    const { id, reference } = await seed();
    await database.db
      .update(appointments)
      .set({ whatsappConsentAt: new Date() })
      .where(eq(appointments.id, id));
    const services = servicesWith();
    const cookie = cookieOf(await lookUp(services, reference, "5443"));
    const updates = async () =>
      ((await page(services, cookie)).body as { view: { updates: string } }).view.updates;
    expect(await updates()).toBe("on");
    const stopped = await post(services, { intent: "stop" }, { cookie });
    expect(stopped.status).toBe(303);
    expect(await updates()).toBe("stopped");
    const [row] = await database.db
      .select({ stoppedAt: appointments.whatsappStoppedAt })
      .from(appointments)
      .where(eq(appointments.id, id));
    expect(row?.stoppedAt).toBeInstanceOf(Date);
    const entries = await database.db
      .select()
      .from(appointmentActivity)
      .where(
        and(
          eq(appointmentActivity.appointmentId, id),
          eq(appointmentActivity.kind, "messages_stopped"),
        ),
      );
    expect(entries).toMatchObject([{ byEmail: "family:status-page" }]);

    // "Look up another request" forgets the cookie.
    const forgot = await post(services, { intent: "forget" }, { cookie });
    expect(forgot.status).toBe(303);
    expect(forgot.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("trusts only its own signed cookie, for 30 minutes", async () => {
    const { id } = await seed();
    const cookie = statusCookie(testSecret, false);
    const header = (await cookie.set(id, new Date("2026-11-27T10:00:00Z"))).split(";")[0] ?? "";
    const request = new Request("http://localhost/status", { headers: { Cookie: header } });
    expect(await cookie.read(request, new Date("2026-11-27T10:29:00Z"))).toBe(id);
    expect(await cookie.read(request, new Date("2026-11-27T10:31:00Z"))).toBeUndefined();
    // Another key's cookie, or one changed by hand, names nothing.
    const foreign = statusCookie("another-secret-key-of-at-least-32-characters", false);
    expect(await foreign.read(request, new Date("2026-11-27T10:01:00Z"))).toBeUndefined();
    const [name, value] = header.split("=");
    const forged = new Request("http://localhost/status", {
      headers: { Cookie: `${name}=${value?.replace(/^./, (c) => (c === "e" ? "f" : "e"))}` },
    });
    expect(await cookie.read(forged, new Date("2026-11-27T10:01:00Z"))).toBeUndefined();
  });
});
