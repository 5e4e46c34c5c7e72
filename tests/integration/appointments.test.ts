// Storing a request: the appointment and its staff e-mail in one transaction, and the database's
// own rules, which hold whatever code writes to it.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { privacyNoticeVersion } from "#app/content/privacy-notice.ts";
import { type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { createRateLimiter } from "#app/domain/abuse/rate-limit.server.ts";
import {
  createAppointment,
  openAppointmentDesk,
} from "#app/domain/appointments/appointments.server.ts";
import { listAppointments } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { action as contactAction } from "#app/routes/contact.tsx";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import { appointments, notifications } from "#db/schema.ts";
import {
  createPostgresDatabase,
  databaseError,
  describeEachDatabase,
  queryRows,
  type TestDatabase,
} from "#tests/integration/databases.ts";
import {
  appointmentInput,
  formFields,
  staffAddress,
  staffMail,
} from "#tests/integration/fixtures.ts";

/** Where a request came from: an ad's click, landing on a Hindi service page, sent in Hindi. */
const adVisit = {
  landingPath: "/hi/stroke-rehabilitation-at-home",
  sentFromPath: "/hi/contact",
  referrerHost: "google.com",
  utmSource: "google",
  utmMedium: "cpc",
  utmCampaign: "stroke-nov",
  clickIdParam: "gclid",
  clickId: "Cj0KCQ-abc_123",
  channel: "ads",
  language: "hi",
} as const;

describeEachDatabase("createAppointment", (database) => {
  it("stores the request and its staff e-mail, pending and queued", async () => {
    const [before] = await queryRows<{ ms: number }>(
      database.db,
      sql`SELECT extract(epoch FROM now())::float8 * 1000 AS ms`,
    );
    const {
      appointment,
      content,
      notification: { id: notificationId },
    } = await createAppointment(database.db, appointmentInput({ message: "   " }), staffMail, {
      source: adVisit,
      noticeVersion: privacyNoticeVersion,
    });

    const stored = await database.db.select().from(appointments);
    // As sent, with where it came from, and what the front desk adds: the number's key,
    // nobody's, no call-back, not junk, not yet contacted, its reading for search.
    expect(stored).toEqual([
      {
        ...appointment,
        phoneKey: "919876543210",
        ownerId: null,
        callbackAt: null,
        junk: false,
        firstContactAt: null,
        firstContactBy: null,
        // Which privacy notice was shown beside the form.
        noticeVersion: privacyNoticeVersion,
        erasedAt: null,
        // The loose reading of name, address and message that search matches (decision 031).
        searchReading: " as rni h 12 sktr 43 gurugrm ",
        // The WhatsApp box was not ticked: no consent, nothing to stop.
        whatsappConsentAt: null,
        whatsappStoppedAt: null,
        // The need (decision 050): no condition recorded, any time, no language required.
        condition: null,
        preferredTimes: [],
        requiredLanguage: null,
        ...adVisit,
      },
    ]);
    expect(appointment).toMatchObject({
      name: "Asha Rani",
      phone: "98765 43210",
      address: "H-12, Sector 43, Gurugram",
      pincode: "122002",
      message: null,
      status: "pending",
    });
    expect(appointment.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    // created_at is the request's moment (the app's clock, the one the staff e-mail shows).
    const startedAt = Number(before?.ms);
    expect(appointment.createdAt).toBeInstanceOf(Date);
    expect(appointment.createdAt.getTime()).toBeGreaterThanOrEqual(Math.floor(startedAt));
    expect(appointment.createdAt.getTime()).toBeLessThan(startedAt + 60_000);

    // The language stored (spread from adVisit above), and said to staff in English.
    expect(stored[0]?.language).toBe("hi");
    expect(content.text).toContain("\nLanguage: Hindi (sent from the Hindi site)\n");
    expect(content.text).toContain("came in through http://localhost:3000/hi/contact.\n");

    const outbox = await database.db.select().from(notifications);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      id: notificationId,
      appointmentId: appointment.id,
      kind: "appointment-staff",
      recipient: staffAddress,
      payload: null,
      state: "queued",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
  });

  it("gives each request a reference of its own, in its e-mail, found by the dashboard's search", async () => {
    const created = [];
    for (let n = 0; n < 30; n++) {
      created.push(await createAppointment(database.db, appointmentInput(), staffMail));
    }
    const references = created.map(({ appointment }) => appointment.reference ?? "");
    // Six characters without look-alikes (0, 1, I, L, O), none shared.
    for (const reference of references) expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(new Set(references).size).toBe(30);
    const stored = await database.db
      .select({ id: appointments.id, reference: appointments.reference })
      .from(appointments);
    expect(new Map(stored.map((row) => [row.id, row.reference]))).toEqual(
      new Map(created.map(({ appointment }) => [appointment.id, appointment.reference])),
    );
    const [first] = created;
    expect(first?.content.text).toContain(`Reference: ${references[0]}\n`);
    // Typed back as a family reads it out: lower case, in two halves.
    const typed = `${references[0]?.slice(0, 3).toLowerCase()} ${references[0]?.slice(3)}`;
    const found = await listAppointments(
      database.db,
      parseDashboardQuery(new URLSearchParams({ q: typed })),
      { userId: "nobody", now: new Date() },
    );
    expect(found.rows.map((row) => row.id)).toEqual([first?.appointment.id]);
  });

  it("stores the staff e-mail claimed for its first attempt when asked, so no sweep takes it", async () => {
    const { notification } = await createAppointment(database.db, appointmentInput(), staffMail, {
      claimForSeconds: 90,
    });
    expect(notification.attempts).toBe(1);
    const [row] = await queryRows<{ state: string; attempts: number; due_in: number }>(
      database.db,
      sql`SELECT state, attempts, extract(epoch FROM next_attempt_at - now())::float8 AS due_in FROM notifications WHERE id = ${notification.id}`,
    );
    expect(row?.state).toBe("queued");
    expect(row?.attempts).toBe(1);
    expect(row?.due_in).toBeGreaterThan(85);
    expect(row?.due_in).toBeLessThanOrEqual(90);
  });

  it("keeps a message that was written, trimmed", async () => {
    const { appointment } = await createAppointment(
      database.db,
      appointmentInput({ message: "  Knee pain after surgery.\nSecond floor, no lift.  " }),
      staffMail,
    );
    const [stored] = await database.db
      .select({ message: appointments.message })
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(stored?.message).toBe("Knee pain after surgery.\nSecond floor, no lift.");
  });

  it("stores neither row when the outbox row cannot be written", async () => {
    // A recipient the notifications table refuses (NOT NULL): the notification's insert fails
    // inside the database, in the same statement as the appointment's.
    const noRecipient = { ...staffMail, to: null as unknown as string };
    const failure = await createAppointment(database.db, appointmentInput(), noRecipient).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure, "createAppointment should have failed").toBeDefined();
    expect(databaseError(failure).code).toBe("23502"); // not_null_violation

    expect(await database.db.select().from(appointments)).toEqual([]);
    expect(await database.db.select().from(notifications)).toEqual([]);

    // The failed transaction left the database usable: the next request is stored.
    await createAppointment(database.db, appointmentInput(), staffMail);
    expect(await database.db.$count(appointments)).toBe(1);
    expect(await database.db.$count(notifications)).toBe(1);
  });

  it("stores neither row when composing the e-mail fails", async () => {
    const broken = {
      ...staffMail,
      compose: () => {
        throw new Error("template broke");
      },
    };
    await expect(createAppointment(database.db, appointmentInput(), broken)).rejects.toThrow(
      "template broke",
    );
    expect(await database.db.$count(appointments)).toBe(0);
  });
});

const valid = {
  name: "Asha Rani",
  phone: "9876543210",
  address: "H-12, Sector 43",
  pincode: "122002",
  message: null as string | null,
};

/**
 * The contact route's action on this database, as a browser without JavaScript posts the form:
 * its WhatsApp box (decision 038) ticked with the form's own value, or not sent (unticked).
 */
function postForm(database: TestDatabase) {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    db: database.db,
    appointments: openAppointmentDesk(database.db, staffMail, {
      leaseSeconds: 60,
      // The staff e-mail's first attempt is not this test's: it stays in the outbox.
      deliverClaimed: async () => false,
    }),
    limits: { appointment: createRateLimiter(database.db, "appointment", "off") },
    minFillSeconds: 0,
    firstAttemptMs: 0,
  } as unknown as AppServices);
  context.set(requestInfo, { clientAddress: "203.0.113.7", clientKey: "203.0.113.7" });
  return async (path: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const one of [value].flat()) body.append(name, one);
    }
    const response = await contactAction({
      request: new Request(`http://localhost:3000${path}`, { method: "POST", body }),
      context,
      params: {},
      unstable_pattern: path,
    } as unknown as Parameters<typeof contactAction>[0]);
    return response;
  };
}

describeEachDatabase("the form's WhatsApp box", (database) => {
  const consentOf = async (name: string) => {
    const rows = await database.db
      .select({
        consentAt: appointments.whatsappConsentAt,
        createdAt: appointments.createdAt,
        noticeVersion: appointments.noticeVersion,
        language: appointments.language,
      })
      .from(appointments)
      .where(eq(appointments.name, name));
    expect(rows).toHaveLength(1);
    return rows[0];
  };

  it("stores consent, with the request's moment and the notice shown, only when ticked", async () => {
    const post = postForm(database);
    await post("/contact", { ...formFields, name: "Ticked Box", whatsappUpdates: "yes" });
    await post("/hi/contact", { ...formFields, name: "Ticked Hindi", whatsappUpdates: "yes" });
    await post("/contact", { ...formFields, name: "Unticked Box" });
    // Not the form's own value, or sent twice: not a yes (consent is never assumed).
    await post("/contact", { ...formFields, name: "Other Value", whatsappUpdates: "on" });
    await post("/contact", { ...formFields, name: "Sent Twice", whatsappUpdates: ["yes", "yes"] });

    for (const name of ["Ticked Box", "Ticked Hindi"]) {
      const row = await consentOf(name);
      expect(row?.consentAt).toEqual(row?.createdAt);
      expect(row?.noticeVersion).toBe(privacyNoticeVersion);
    }
    expect((await consentOf("Ticked Hindi"))?.language).toBe("hi");
    for (const name of ["Unticked Box", "Other Value", "Sent Twice"]) {
      expect((await consentOf(name))?.consentAt).toBeNull();
    }
  });

  it("keeps the box ticked when the form comes back with an error, and stores nothing", async () => {
    const post = postForm(database);
    const ticked = await post("/contact", { ...formFields, pincode: "12", whatsappUpdates: "yes" });
    const unticked = await post("/contact", { ...formFields, pincode: "12" });
    for (const [answer, updates] of [
      [ticked, true],
      [unticked, false],
    ] as const) {
      expect(answer).toMatchObject({
        init: { status: 400 },
        data: { status: "invalid", updates, errors: { pincode: "Pin code must be 6 digits" } },
      });
    }
    expect(await database.db.select().from(appointments)).toEqual([]);
  });
});

describeEachDatabase("the database refuses invalid rows", (database) => {
  const refused: [string, Partial<typeof appointments.$inferInsert>, string][] = [
    ["an unknown status", { status: "cancelled" as "pending" }, "appointments_status_check"],
    ["a 5-digit pincode", { pincode: "12200" }, "appointments_pincode_check"],
    ["a 7-digit pincode", { pincode: "1220021" }, "appointments_pincode_check"],
    ["a pincode with a letter", { pincode: "12200a" }, "appointments_pincode_check"],
    ["a pincode with a space", { pincode: "12 002" }, "appointments_pincode_check"],
    ["a pincode of non-ASCII digits", { pincode: "१२२००२" }, "appointments_pincode_check"],
    ["an empty name", { name: "" }, "appointments_lengths_check"],
    ["a name of 101 characters", { name: "a".repeat(101) }, "appointments_lengths_check"],
    ["a phone of 9 characters", { phone: "987654321" }, "appointments_lengths_check"],
    ["a phone of 16 characters", { phone: "9".repeat(16) }, "appointments_lengths_check"],
    ["an address of 4 characters", { address: "H-12" }, "appointments_lengths_check"],
    ["an address of 201 characters", { address: "a".repeat(201) }, "appointments_lengths_check"],
    ["an empty message (null is the empty one)", { message: "" }, "appointments_lengths_check"],
    ["a message of 1001 characters", { message: "a".repeat(1001) }, "appointments_lengths_check"],
  ];

  for (const [what, change, constraint] of refused) {
    it(`refuses ${what}`, async () => {
      const failure = await database.db
        .insert(appointments)
        .values({ ...valid, ...change })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(databaseError(failure)).toEqual({ code: "23514", constraint });
      expect(await database.db.$count(appointments)).toBe(0);
    });
  }

  it("accepts every limit itself, counted in characters", async () => {
    await database.db.insert(appointments).values([
      { ...valid, name: "न".repeat(100), phone: "9".repeat(15), address: "a".repeat(200) },
      { ...valid, name: "A", phone: "9".repeat(10), address: "a".repeat(5), pincode: "000000" },
      { ...valid, message: "म".repeat(1000), status: "completed" },
      { ...valid, message: "x", status: "contacted" },
    ]);
    expect(await database.db.$count(appointments)).toBe(4);
  });

  it("refuses an outbox row in an unknown state, or about no appointment", async () => {
    const message = { kind: "test", recipient: staffAddress };
    const badState = await database.db
      .insert(notifications)
      .values({ ...message, state: "lost" as "queued" })
      .catch((error: unknown) => error);
    expect(databaseError(badState)).toEqual({
      code: "23514",
      constraint: "notifications_state_check",
    });
    const orphan = await database.db
      .insert(notifications)
      .values({ ...message, appointmentId: "00000000-0000-4000-8000-000000000000" })
      .catch((error: unknown) => error);
    expect(databaseError(orphan).code).toBe("23503"); // foreign_key_violation
    expect(await database.db.$count(notifications)).toBe(0);
  });

  it("removes an appointment's e-mails with it", async () => {
    const { appointment } = await createAppointment(database.db, appointmentInput(), staffMail);
    await database.db.delete(appointments).where(eq(appointments.id, appointment.id));
    expect(await database.db.$count(notifications)).toBe(0);
  });
});

// Several instances starting at once against a new PostgreSQL database: each applies the
// migrations under an advisory lock, so each migration is applied once and every instance starts.
it("instances starting together on a new PostgreSQL database migrate it once (postgres)", async () => {
  const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
    entries: unknown[];
  };
  const database = await createPostgresDatabase();
  const handles: DatabaseHandle[] = [];
  try {
    const opening = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        openDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 2 }),
      ),
    );
    for (const result of opening) if (result.status === "fulfilled") handles.push(result.value);
    expect(opening.filter((result) => result.status === "rejected")).toEqual([]);

    const [first, last] = [handles[0], handles[3]];
    if (!first || !last) throw new Error("an instance did not start");
    const [applied] = await queryRows<{ count: number }>(
      first.db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    expect(applied?.count).toBe(journal.entries.length);
    await createAppointment(last.db, appointmentInput(), staffMail);
    expect(await first.db.$count(appointments)).toBe(1);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
  }
});
