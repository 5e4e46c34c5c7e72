// The family's status page as one story (docs/messages.md, "The family's status page"), on the
// real databases through the route's own loader and action: a family that sent the form twice
// reads the same visits whichever reference they type, and the page names the other request; a
// request made contacted by a visit's booking says "Visit booked", not "We called you"; stopping
// the WhatsApp updates asks once, stops the family's requests, and is undone by "Start them
// again" (the consent given anew, dated, on the timeline); a visit missed (patient not at home)
// takes one ask for a new time. Visits are booked from now on: dates are the clock's.
import { TZDate } from "@date-fns/tz";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { createRateLimiter, parseRateLimit } from "#app/domain/abuse/rate-limit.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { bookVisits } from "#app/domain/visits/visits.server.ts";
import { indiaTimeZone } from "#app/lib/dates.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { action, loader } from "#app/routes/status.tsx";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import {
  appointmentActivity,
  appointmentStatusChanges,
  appointments,
  familyAsks,
  therapists,
  users,
  visits,
  type WeeklyHours,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail, testSecret } from "#tests/integration/fixtures.ts";

const admin = { id: "user-admin", email: "admin@clinic.test", isAdmin: true };
const therapist = { id: "t-rao", email: "rao@clinic.test" };
const phone = "99110 55443";
const digits = "5443";

const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);

type Answer = { status: number; headers: Headers; body: unknown };

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

interface ShownVisit {
  id: string;
  state: string;
  asked: string | null;
  canAsk: boolean;
  canAskAgain: boolean;
}

interface Shown {
  heading: string;
  contact: { label: string; at: string; how: string } | null;
  joined: string[];
  updates: string;
  next: { id: string } | null;
  visits: ShownVisit[];
}

/** 10:00 India time, `days` from today. */
function indiaMorning(days: number): Date {
  const today = new TZDate(Date.now(), indiaTimeZone);
  return new Date(
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + days,
      10,
      0,
      0,
      indiaTimeZone,
    ).getTime(),
  );
}

describeEachDatabase("the family's status page as one story", (database) => {
  const services = () => {
    const limiter = (name: string) =>
      createRateLimiter(database.db, name, parseRateLimit("off") ?? "off");
    return {
      db: database.db,
      secret: testSecret,
      limits: {
        statusClient: limiter("status-client"),
        statusReference: limiter("status-reference"),
        statusNewClients: limiter("status-new-clients"),
        statusWrongPair: limiter("status-wrong-pair"),
      },
    } as unknown as AppServices;
  };

  function context(client = "203.0.113.9") {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, services());
    provider.set(requestInfo, { clientAddress: client, clientKey: client });
    return provider;
  }

  const path = (lang: "en" | "hi") => (lang === "hi" ? "/hi/status" : "/status");

  function post(fields: Record<string, string>, cookie = "", lang: "en" | "hi" = "en") {
    const request = new Request(`http://localhost:5173${path(lang)}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: cookie ? { Cookie: cookie } : {},
    });
    return answerOf(() =>
      action({ request, context: context(), params: {} } as unknown as Parameters<
        typeof action
      >[0]),
    );
  }

  async function shown(cookie: string, lang: "en" | "hi" = "en"): Promise<Shown> {
    const request = new Request(`http://localhost:5173${path(lang)}`, {
      headers: { Cookie: cookie },
    });
    const answer = await answerOf(() =>
      loader({ request, context: context(), params: {} } as unknown as Parameters<
        typeof loader
      >[0]),
    );
    const view = (answer.body as { view: Shown | null }).view;
    if (!view) throw new Error("the page shows no request");
    return view;
  }

  /** The look-up's cookie for a reference ("name=value"). */
  async function lookUp(reference: string, lang: "en" | "hi" = "en") {
    const found = await post({ intent: "lookup", reference, digits }, "", lang);
    expect(found.status).toBe(303);
    return found.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  }

  async function staff() {
    for (const person of [admin, therapist]) {
      await database.db
        .insert(users)
        .values({ id: person.id, name: person.id, email: person.email, emailVerified: true });
    }
    await database.db.insert(therapists).values({
      userId: therapist.id,
      displayName: "Dr. Meera Rao",
      registrationNumber: "DL-PT-20417",
      languages: ["Hindi", "English"],
      hours,
    });
  }

  async function request(values: { phone?: string; name?: string } = {}) {
    const stored = await createAppointment(
      database.db,
      appointmentInput({ name: values.name ?? "Kamla Devi", phone: values.phone ?? phone }),
      staffMail,
    );
    return { id: stored.appointment.id, reference: stored.appointment.reference ?? "" };
  }

  const book = (appointmentId: string, days: number, sessions = 1) =>
    bookVisits(
      database.db,
      admin,
      {
        appointmentId,
        therapistId: therapist.id,
        start: indiaMorning(days),
        minutes: 60,
        kind: "treatment",
        course: sessions > 1 ? { sessions, weekdays: [1, 2, 3, 4, 5, 6, 7] } : undefined,
      },
      { travelMinutes: 30 },
    );

  /** A visit the therapist found nobody at home for, `days` ago. */
  async function missed(appointmentId: string, days: number) {
    const startsAt = indiaMorning(-days);
    const [row] = await database.db
      .insert(visits)
      .values({
        appointmentId,
        therapistId: therapist.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        blockedUntil: new Date(startsAt.getTime() + 5_400_000),
        kind: "treatment",
        status: "no_show",
      })
      .returning({ id: visits.id });
    return row?.id ?? "";
  }

  it("shows the family's visits whichever of their two references is typed, and names the other", async () => {
    await staff();
    const first = await request();
    const second = await request();
    // The desk booked a course on the second request; the first was never touched.
    const course = await book(second.id, 2, 3);
    // Not the family's story: junk from the number, an erased request, another number, and a
    // request from the same number more than 30 days before.
    const junk = await request();
    const [junkVisit] = await book(junk.id, 6);
    await database.db.update(appointments).set({ junk: true }).where(eq(appointments.id, junk.id));
    const erased = await request();
    await book(erased.id, 7);
    await eraseAppointments(database.db, [erased.id], { reason: "request", by: admin.email });
    const stranger = await request({ phone: "98111 22233", name: "Other Family" });
    const [strangerVisit] = await book(stranger.id, 8);
    const old = await request();
    await book(old.id, 9);
    await database.db
      .update(appointments)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(appointments.id, old.id));

    const byFirst = await shown(await lookUp(first.reference));
    const bySecond = await shown(await lookUp(second.reference));
    // The same visits, and the same next one, on both pages.
    expect(byFirst.visits.map((visit) => visit.id)).toEqual(course);
    expect(bySecond.visits.map((visit) => visit.id)).toEqual(course);
    expect(byFirst.next?.id).toBe(course[0]);
    expect(bySecond.next?.id).toBe(course[0]);
    expect(byFirst.heading).toBe(`Request ${first.reference}`);
    // The first request was reached by the booking on the later one: said so, with its reference.
    expect(byFirst.contact).toMatchObject({
      label: "Visit booked",
      how: "booked",
      at: expect.stringMatching(new RegExp(`, on your later request ${second.reference}$`)),
    });
    expect(bySecond.contact).toMatchObject({ label: "Visit booked", how: "booked" });
    expect(bySecond.contact?.at).not.toContain(first.reference);
    expect(byFirst.joined).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Your later request ${second.reference}, sent on .+, is shown here too: the visits of both are below\\.$`,
        ),
      ),
    ]);
    expect(bySecond.joined).toEqual([
      expect.stringMatching(new RegExp(`^Your earlier request ${first.reference}, sent on `)),
    ]);
    for (const view of [byFirst, bySecond]) {
      const everything = JSON.stringify(view);
      for (const other of [junk, erased, stranger, old]) {
        expect(everything).not.toContain(other.reference);
      }
      expect(everything).not.toContain(junkVisit);
      expect(everything).not.toContain(strangerVisit);
    }
    // In Hindi, the same story.
    const hindi = await shown(await lookUp(first.reference, "hi"), "hi");
    expect(hindi.contact?.label).toBe("विज़िट बुक हुई");
    expect(hindi.contact?.at).toMatch(new RegExp(`, आपके बाद वाले अनुरोध ${second.reference} पर$`));
    expect(hindi.joined).toEqual([
      expect.stringMatching(new RegExp(`^आपका बाद वाला अनुरोध ${second.reference}, जो .+ को भेजा`)),
    ]);

    // An ask from the first reference's page about a visit of the second is stored on the second.
    const cookie = await lookUp(first.reference);
    const visitId = course[1] ?? "";
    const sent = await post(
      { intent: "ask", visitId, kind: "move", reason: "A wedding", preferredTime: "" },
      cookie,
    );
    expect(sent.status).toBe(303);
    expect(await database.db.select().from(familyAsks)).toMatchObject([
      { appointmentId: second.id, visitId, kind: "move", via: "status_page" },
    ]);
    expect((await shown(cookie)).visits.find((visit) => visit.id === visitId)?.asked).toMatch(
      /^You asked to move this visit on /,
    );
    // Nothing of another family, nor of junk: not theirs.
    for (const other of [strangerVisit, junkVisit]) {
      expect(
        await post({ intent: "ask", visitId: other ?? "", kind: "move", reason: "x" }, cookie),
      ).toMatchObject({
        status: 404,
        body: { message: "This visit is not part of your request." },
      });
    }
    expect(await database.db.$count(familyAsks)).toBe(1);
  });

  it("says Visit booked when booking reached the family, and We called you when staff did", async () => {
    await staff();
    const booked = await request({ phone: "98100 11111" });
    await book(booked.id, 3);
    const called = await request({ phone: "98100 22222" });
    await changeRequest(database.db, {
      appointmentId: called.id,
      by: admin,
      change: { kind: "status", status: "contacted" },
    });
    await book(called.id, 4);
    const waiting = await request({ phone: "98100 33333" });
    const view = async (
      reference: string,
      last: string,
      lang: "en" | "hi" = "en",
    ): Promise<Shown> => {
      const found = await post({ intent: "lookup", reference, digits: last }, "", lang);
      return shown(found.headers.get("Set-Cookie")?.split(";")[0] ?? "", lang);
    };
    expect((await view(booked.reference, "1111")).contact).toMatchObject({
      label: "Visit booked",
      how: "booked",
    });
    expect((await view(booked.reference, "1111", "hi")).contact?.label).toBe("विज़िट बुक हुई");
    expect((await view(called.reference, "2222")).contact).toMatchObject({
      label: "We called you",
      how: "called",
    });
    expect((await view(waiting.reference, "3333")).contact).toBeNull();
    // The staff's status model is as it was: the booking made the request contacted.
    const [row] = await database.db
      .select({ status: appointments.status, firstContactAt: appointments.firstContactAt })
      .from(appointments)
      .where(eq(appointments.id, booked.id));
    expect(row?.status).toBe("contacted");
    expect(row?.firstContactAt).toBeInstanceOf(Date);
    expect(
      await database.db
        .select({
          from: appointmentStatusChanges.fromStatus,
          to: appointmentStatusChanges.toStatus,
        })
        .from(appointmentStatusChanges)
        .where(eq(appointmentStatusChanges.appointmentId, booked.id)),
    ).toEqual([{ from: "pending", to: "contacted" }]);
  });

  it("asks once before stopping the updates, stops the family's requests, and starts them again", async () => {
    await staff();
    const first = await request();
    const second = await request();
    // The desk reached the family on the second: the first, still waiting, is joined with it.
    await book(second.id, 3);
    const never = await request();
    const asked = new Date(Date.now() - 3 * 86_400_000);
    for (const id of [first.id, second.id]) {
      await database.db
        .update(appointments)
        .set({ whatsappConsentAt: asked })
        .where(eq(appointments.id, id));
    }
    const consent = async (id: string) => {
      const [row] = await database.db
        .select({
          consentAt: appointments.whatsappConsentAt,
          stoppedAt: appointments.whatsappStoppedAt,
        })
        .from(appointments)
        .where(eq(appointments.id, id));
      return row;
    };
    const entries = (id: string, kind: "messages_stopped" | "messages_started") =>
      database.db
        .select({ by: appointmentActivity.byEmail, body: appointmentActivity.body })
        .from(appointmentActivity)
        .where(and(eq(appointmentActivity.appointmentId, id), eq(appointmentActivity.kind, kind)));

    const cookie = await lookUp(first.reference);
    expect((await shown(cookie)).updates).toBe("on");
    // Without the look-up's cookie, nothing.
    for (const intent of ["stop-ask", "stop", "start"]) {
      expect((await post({ intent })).status).toBe(403);
    }
    // The first tap asks; nothing is stopped yet.
    expect(await post({ intent: "stop-ask" }, cookie)).toMatchObject({
      status: 200,
      body: { form: "stop-ask" },
    });
    expect((await consent(first.id))?.stoppedAt).toBeNull();
    expect((await shown(cookie)).updates).toBe("on");

    // Confirmed: the family's requests stop, each on its timeline.
    const stopped = await post({ intent: "stop" }, cookie);
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get("Location")).toBe("/status#updates");
    for (const id of [first.id, second.id]) {
      expect((await consent(id))?.stoppedAt).toBeInstanceOf(Date);
      expect(await entries(id, "messages_stopped")).toMatchObject([{ by: "family:status-page" }]);
    }
    expect(await consent(never.id)).toEqual({ consentAt: null, stoppedAt: null });
    expect((await shown(cookie)).updates).toBe("stopped");
    // The second reference's page says the same.
    expect((await shown(await lookUp(second.reference))).updates).toBe("stopped");

    // Started again: the consent is the family's anew, dated now; the stop cleared; on the
    // timeline of each request; the request never asked for stays so.
    const before = Date.now();
    const started = await post({ intent: "start" }, cookie, "hi");
    expect(started.status).toBe(303);
    expect(started.headers.get("Location")).toBe("/hi/status#updates");
    for (const id of [first.id, second.id]) {
      const row = await consent(id);
      expect(row?.stoppedAt).toBeNull();
      expect(row?.consentAt?.getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(row?.consentAt?.getTime()).toBeGreaterThan(asked.getTime());
      expect(await entries(id, "messages_started")).toEqual([
        {
          by: "family:status-page",
          body: "Started WhatsApp updates again, on the status page: the family's own consent, given anew.",
        },
      ]);
    }
    expect(await consent(never.id)).toEqual({ consentAt: null, stoppedAt: null });
    expect((await shown(cookie)).updates).toBe("on");
    // A second start changes nothing (nothing is stopped).
    expect((await post({ intent: "start" }, cookie)).status).toBe(303);
    expect(await entries(first.id, "messages_started")).toHaveLength(1);
  });

  it("shows a stranger's request sent with the family's number none of their visits, nor a junk one", async () => {
    await staff();
    const family = await request();
    const course = await book(family.id, 2, 2);
    await database.db
      .update(appointments)
      .set({ whatsappConsentAt: new Date() })
      .where(eq(appointments.id, family.id));
    // Sent afterwards with the same number, by someone who knows it; nobody has called about it.
    const stranger = await request({ name: "Someone Else" });
    const cookie = await lookUp(stranger.reference);
    const theirs = await shown(cookie);
    expect(theirs).toMatchObject({ visits: [], joined: [], contact: null, next: null });
    expect(JSON.stringify(theirs)).not.toContain(family.reference);
    // Its posts reach nothing of the family's: an ask about their visit, the stop of their updates.
    expect(
      await post({ intent: "ask", visitId: course[0] ?? "", kind: "move", reason: "x" }, cookie),
    ).toMatchObject({ status: 404 });
    expect((await post({ intent: "stop" }, cookie)).status).toBe(303);
    const [consent] = await database.db
      .select({ stoppedAt: appointments.whatsappStoppedAt })
      .from(appointments)
      .where(eq(appointments.id, family.id));
    expect(consent?.stoppedAt).toBeNull();
    // The family's own page names it (something was sent with their number).
    expect((await shown(await lookUp(family.reference))).joined).toEqual([
      expect.stringContaining(stranger.reference),
    ]);
    // Once the desk has reached the number about it, it is the family's: joined.
    await changeRequest(database.db, {
      appointmentId: stranger.id,
      by: admin,
      change: { kind: "status", status: "contacted" },
    });
    expect((await shown(cookie)).visits.map((visit) => visit.id)).toEqual(course);
    // Marked junk, it is shown alone again.
    await database.db
      .update(appointments)
      .set({ junk: true })
      .where(eq(appointments.id, stranger.id));
    expect(await shown(cookie)).toMatchObject({ visits: [], joined: [] });
  });

  it("offers a missed visit one ask for a new time, for 14 days", async () => {
    await staff();
    const family = await request();
    const [toCome] = await book(family.id, 5);
    const recent = await missed(family.id, 2);
    const long = await missed(family.id, 20);
    const cookie = await lookUp(family.reference);
    const visitOf = async (id: string, lang: "en" | "hi" = "en") =>
      (
        await shown(lang === "hi" ? await lookUp(family.reference, "hi") : cookie, lang)
      ).visits.find((visit) => visit.id === id);

    expect(await visitOf(recent)).toMatchObject({
      state: "no_show",
      canAsk: false,
      canAskAgain: true,
      asked: null,
    });
    expect(await visitOf(long)).toMatchObject({ canAsk: false, canAskAgain: false });
    expect(await visitOf(toCome ?? "")).toMatchObject({ canAsk: true, canAskAgain: false });

    // A cancel of a missed visit, or a new time for one missed long ago: refused.
    expect(
      await post({ intent: "ask", visitId: recent, kind: "cancel", reason: "x" }, cookie),
    ).toMatchObject({ status: 409 });
    expect(await post({ intent: "ask", visitId: long, kind: "again" }, cookie)).toMatchObject({
      status: 409,
      body: { message: "This visit can no longer be changed here. Please call us." },
    });

    // Asked, with no words but a time: stored as a move, on the timeline, and said on the page.
    const sent = await post(
      { intent: "ask", visitId: recent, kind: "again", reason: "", preferredTime: "Sunday" },
      cookie,
    );
    expect(sent.status).toBe(303);
    const [stored] = await database.db.select().from(familyAsks);
    expect(stored).toMatchObject({
      appointmentId: family.id,
      visitId: recent,
      kind: "move",
      reason: "",
      preferredTime: "Sunday",
      via: "status_page",
      handledAt: null,
    });
    const [entry] = await database.db
      .select()
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "family_asked"));
    expect(entry).toMatchObject({
      visitId: recent,
      byEmail: "family:status-page",
      body: "Asks for a new time for this missed visit (patient not at home). Would rather: Sunday",
    });
    expect(await visitOf(recent)).toMatchObject({
      canAskAgain: false,
      asked: expect.stringMatching(/^You asked for a new time on .+; we will call you\.$/),
    });
    expect((await visitOf(recent, "hi"))?.asked).toMatch(
      /^आपने .+ को नए समय के लिए कहा; हम आपको कॉल करेंगे।$/,
    );

    // Settled by the desk: the visit is not offered again, and a second ask is refused.
    await database.db.update(familyAsks).set({ handledAt: new Date(), handledBy: admin.id });
    expect(await visitOf(recent)).toMatchObject({ canAskAgain: false, asked: null });
    expect(
      await post({ intent: "ask", visitId: recent, kind: "again", reason: "" }, cookie),
    ).toMatchObject({
      status: 409,
      body: { message: "You have already asked about this visit; we will call you." },
    });
    expect(await database.db.$count(familyAsks)).toBe(1);
  });
});
