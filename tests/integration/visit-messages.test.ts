// The family's WhatsApp messages queued by the visits' changes (decision 038), on the
// real databases: booked (one message about a course's first visit), moved (the new day reminded
// again) and cancelled, each in the change's own transaction and only for a family that asked for
// updates; by hand without the Cloud API, queued for the sender with it (woken after the commit);
// a family's open ask settled by the move or cancel that answers it, or marked handled; the list
// staff send by hand from (the chat link in the family's language) and Mark sent with its entry
// on the timeline. Looked at from a fixed time: no test waits for the clock.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { timelineOf } from "#app/domain/appointments/front-desk.server.ts";
import { familyTimelineTexts } from "#app/domain/messages/family-desk-texts.ts";
import { familyMessageText } from "#app/domain/messages/family-message-texts.ts";
import {
  countToSend,
  markSentByHand,
  messagesToSend,
  NotWaiting,
} from "#app/domain/messages/messages-by-hand.server.ts";
import { familyOnStatusPage } from "#app/domain/messages/origins.ts";
import { readStatusLinkKey } from "#app/domain/messages/status-link.server.ts";
import { stopUpdates } from "#app/domain/messages/updates-consent.server.ts";
import { visitsFamilySide } from "#app/domain/messages/visit-messages.server.ts";
import { askToChange } from "#app/domain/visits/family-asks.server.ts";
import {
  AskNotOpen,
  bookVisits,
  cancelVisit,
  handleAsk,
  markVisit,
  moveVisit,
} from "#app/domain/visits/visits.server.ts";
import { appointmentActivity, familyAsks, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import {
  admin,
  familyMessages,
  india,
  seedRequest,
  seedStaff,
  therapist,
} from "#tests/integration/family-visits.ts";
import { defaultMoney, testSecret } from "#tests/integration/fixtures.ts";

/** Monday 30 November 2026, 05:30 in India: the front desk works from here. */
const now = new Date("2026-11-30T00:00:00.000Z");
const siteUrl = "https://homephysio.example";

describeEachDatabase("the family's messages from the visits", (database) => {
  const book = (
    appointmentId: string,
    start: string,
    extra: Partial<Parameters<typeof bookVisits>[3]> = {},
    course?: { sessions: number; weekdays: number[] },
  ) =>
    bookVisits(
      database.db,
      admin,
      {
        appointmentId,
        therapistId: therapist.id,
        start: india(start),
        minutes: 60,
        kind: "treatment",
        ...(course ? { course } : {}),
      },
      { travelMinutes: 30, now, ...extra },
    );

  it("queues one message about a course's first visit, by hand unless the Cloud API is set", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: true });
    const ids = await book(asha, "2026-12-01T07:30", {}, { sessions: 3, weekdays: [2, 4] });
    expect(ids).toHaveLength(3);
    expect(await familyMessages(db)).toMatchObject([
      { kind: "family_visit_booked", state: "by_hand", visitId: ids[0], appointmentId: asha },
    ]);
    // With the Cloud API the message waits for the sender, which is woken once it is committed.
    let woken = 0;
    const vikram = await seedRequest(db, {
      name: "Vikram Singh",
      phone: "98111 22233",
      consent: true,
    });
    const [single] = await book(vikram, "2026-12-01T10:00", {
      messages: "api",
      messageQueued: () => woken++,
    });
    const queued = (await familyMessages(db)).filter((row) => row.visitId === single);
    expect(queued).toMatchObject([{ kind: "family_visit_booked", state: "queued" }]);
    expect(woken).toBe(1);
  });

  it("sends nothing to a family that did not ask for updates, or stopped them", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: false });
    let woken = 0;
    const [first] = await book(asha, "2026-12-01T07:30", {
      messages: "api",
      messageQueued: () => woken++,
    });
    await moveVisit(
      db,
      admin,
      first ?? "",
      { therapistId: therapist.id, start: india("2026-12-02T07:30") },
      { travelMinutes: 30, now, messages: "api", messageQueued: () => woken++ },
    );
    await cancelVisit(db, admin, first ?? "", { by: "patient", reason: "Travelling" });
    expect(await familyMessages(db)).toEqual([]);
    expect(woken).toBe(0);
    const vikram = await seedRequest(db, {
      name: "Vikram Singh",
      phone: "98111 22233",
      consent: true,
    });
    await stopUpdates(db, { appointmentId: vikram }, familyOnStatusPage);
    await book(vikram, "2026-12-01T10:00");
    expect(await familyMessages(db)).toEqual([]);
  });

  it("tells the family of a move and a cancel once told of the booking; the messages not yet sent give way", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: true });
    const [visitId = ""] = await book(asha, "2026-12-01T07:30");
    // The booking's message sent by hand: the family knows of the visit.
    const [booked] = await familyMessages(db);
    await markSentByHand(db, admin, booked?.id ?? "");
    // As if tomorrow's reminder had been queued for the old day.
    await db.update(visits).set({ reminderQueuedAt: now }).where(eq(visits.id, visitId));
    await moveVisit(
      db,
      admin,
      visitId,
      { therapistId: therapist.id, start: india("2026-12-03T09:00") },
      { travelMinutes: 30, now },
    );
    const [moved] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(moved?.reminderQueuedAt).toBeNull();
    expect((await familyMessages(db)).map((row) => [row.kind, row.state])).toEqual([
      ["family_visit_booked", "sent"],
      ["family_visit_moved", "by_hand"],
    ]);
    await cancelVisit(db, admin, visitId, { by: "clinic", reason: "Therapist unwell" });
    expect((await familyMessages(db)).map((row) => [row.kind, row.state])).toEqual([
      ["family_visit_booked", "sent"],
      ["family_visit_moved", "skipped"],
      ["family_visit_cancelled", "by_hand"],
    ]);
    const side = await visitsFamilySide(db, asha);
    expect(side.messages.map((row) => [row.kind, row.state])).toEqual([
      ["family_visit_booked", "sent"],
      ["family_visit_moved", "skipped"],
      ["family_visit_cancelled", "by_hand"],
    ]);
  });

  it("tells a family never told of the booking of the visit at its new time, and nothing of a cancel", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: true });
    const [visitId = ""] = await book(asha, "2026-12-01T07:30");
    // The booking's message was never sent: the move is the booking, as far as they know.
    await moveVisit(
      db,
      admin,
      visitId,
      { therapistId: therapist.id, start: india("2026-12-03T09:00") },
      { travelMinutes: 30, now },
    );
    expect((await familyMessages(db)).map((row) => [row.kind, row.state])).toEqual([
      ["family_visit_booked", "skipped"],
      ["family_visit_booked", "by_hand"],
    ]);
    // Its text gives the new day.
    const [toSend] = (await messagesToSend(db, { siteUrl, secret: testSecret })).dueNow;
    const text = new URL(toSend?.link ?? "").searchParams.get("text") ?? "";
    expect(text).toContain("3 Dec");
    expect(text).not.toMatch(/moved/i);
    await cancelVisit(db, admin, visitId, { by: "clinic", reason: "Therapist unwell" });
    expect((await familyMessages(db)).map((row) => [row.kind, row.state])).toEqual([
      ["family_visit_booked", "skipped"],
      ["family_visit_booked", "skipped"],
    ]);
  });

  it("settles the family's open ask with the move or cancel that answers it, or by Mark handled", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: true });
    const [first = "", second = "", third = ""] = await book(
      asha,
      "2026-12-01T07:30",
      {},
      { sessions: 3, weekdays: [2, 4, 6] },
    );
    const ask = (visitId: string, kind: "move" | "cancel") =>
      askToChange(
        db,
        {
          appointmentId: asha,
          visitId,
          kind,
          reason: "We are away",
          preferredTime: "",
          via: "status_page",
        },
        now,
      );
    const moveAsk = await ask(first, "move");
    const cancelAsk = await ask(second, "cancel");
    const keptAsk = await ask(third, "move");
    expect((await visitsFamilySide(db, asha)).asks.map((row) => row.id)).toEqual([
      moveAsk,
      cancelAsk,
      keptAsk,
    ]);
    // On the timeline, named as the family on the status page rather than an address.
    const asked = (await timelineOf(db, asha)).filter((entry) => entry.kind === "family_asked");
    expect(asked).toHaveLength(3);
    const [entry] = asked;
    expect(entry && "by" in entry ? familyTimelineTexts.family_asked(entry.by) : "").toBe(
      "Ask to change a visit, by The family, on the status page",
    );
    await moveVisit(
      db,
      admin,
      first,
      { therapistId: therapist.id, start: india("2026-12-01T11:00") },
      { travelMinutes: 30, now },
    );
    await cancelVisit(db, admin, second, { by: "patient", reason: "Away" });
    await handleAsk(db, admin, keptAsk);
    const asks = await db.select().from(familyAsks).where(eq(familyAsks.appointmentId, asha));
    for (const row of asks) {
      expect(row.handledAt).not.toBeNull();
      expect(row.handledBy).toBe(admin.id);
    }
    const settled = await db
      .select({ body: appointmentActivity.body, visitId: appointmentActivity.visitId })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "family_ask_handled"));
    expect(settled).toEqual(
      expect.arrayContaining([
        {
          visitId: first,
          body: "The family's ask to move this visit is settled: the visit was moved.",
        },
        {
          visitId: second,
          body: "The family's ask to cancel this visit is settled: the visit was cancelled.",
        },
        { visitId: third, body: "The family's ask to move this visit is settled: marked handled." },
      ]),
    );
    expect(settled).toHaveLength(3);
    expect((await visitsFamilySide(db, asha)).asks).toEqual([]);
    // Marked twice: the second is told it is settled, and writes nothing.
    const again = await handleAsk(db, admin, keptAsk).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AskNotOpen);
    expect((again as AskNotOpen).problem).toBe("handled");
  });

  it("lists the messages to send by hand with a chat link in the family's language, and marks one sent", async () => {
    const { db } = database;
    await seedStaff(db);
    const meera = await seedRequest(db, {
      name: "Meera Devi",
      phone: "98100 12345",
      consent: true,
      language: "hi",
    });
    const [visitId] = await book(meera, "2026-12-01T07:30");
    const list = await messagesToSend(db, { siteUrl, secret: testSecret });
    expect(list.reminders).toEqual([]);
    expect(list.dueNow).toHaveLength(1);
    const [message] = list.dueNow;
    expect(message).toMatchObject({
      appointmentId: meera,
      kind: "family_visit_booked",
      name: "Meera Devi",
      therapist: therapist.displayName,
      language: "hi",
    });
    const link = new URL(message?.link ?? "");
    expect(link.origin + link.pathname).toBe("https://wa.me/919810012345");
    const text = link.searchParams.get("text") ?? "";
    expect(text).toContain("होम विज़िट");
    expect(text).toContain("1 दिसंबर");
    // The link opens Meera's page without typing.
    const key = /\/hi\/status\?key=([\w-]{40})/.exec(text)?.[1] ?? "";
    expect(readStatusLinkKey(testSecret, key)).toBe(meera);
    expect(text.startsWith(familyMessageText.hi.bodies.family_visit_booked.slice(0, 10))).toBe(
      true,
    );
    expect(await countToSend(db)).toBe(1);

    await markSentByHand(db, admin, message?.id ?? "");
    const [sent] = await familyMessages(db);
    expect(sent).toMatchObject({ state: "sent", sentBy: admin.id, visitId });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    const timeline = await timelineOf(db, meera);
    expect(timeline.find((entry) => entry.kind === "message_sent_by_hand")).toMatchObject({
      by: admin.email,
      body: "WhatsApp message sent by hand: visit booked.",
    });
    expect((await messagesToSend(db, { siteUrl, secret: testSecret })).dueNow).toEqual([]);
    expect(await countToSend(db)).toBe(0);
    // Marked again (another member of staff, at the same moment): refused, nothing written.
    await expect(markSentByHand(db, admin, message?.id ?? "")).rejects.toBeInstanceOf(NotWaiting);
    const entries = await db
      .select()
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "message_sent_by_hand"));
    expect(entries).toHaveLength(1);
  });

  it("skips what still waits about a visit once it has happened, and says nothing of it", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: true });
    const [visitId = ""] = await book(asha, "2026-12-01T07:30");
    await markVisit(db, admin, visitId, { kind: "done" }, defaultMoney, india("2026-12-01T09:00"));
    expect((await familyMessages(db)).map((row) => [row.kind, row.state])).toEqual([
      ["family_visit_booked", "skipped"],
    ]);
    expect((await messagesToSend(db, { siteUrl, secret: testSecret })).dueNow).toEqual([]);
  });

  it("lets staff stop the updates of a family who replied STOP to a message sent by hand", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: true });
    const [first] = await book(asha, "2026-12-01T07:30");
    expect((await visitsFamilySide(db, asha)).updates.state).toBe("on");
    expect(await stopUpdates(db, { appointmentId: asha }, admin)).toEqual([asha]);
    const side = await visitsFamilySide(db, asha);
    expect(side.updates.state).toBe("stopped");
    expect(side.messages).toMatchObject([{ visitId: first, state: "skipped" }]);
    const stops = await db
      .select({ byEmail: appointmentActivity.byEmail, byUserId: appointmentActivity.byUserId })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "messages_stopped"));
    expect(stops).toEqual([{ byEmail: admin.email, byUserId: admin.id }]);
    // Stopped once: a second stop changes nothing, and no new message is queued.
    expect(await stopUpdates(db, { appointmentId: asha }, admin)).toEqual([]);
    await book(asha, "2026-12-03T07:30");
    expect((await messagesToSend(db, { siteUrl, secret: testSecret })).dueNow).toEqual([]);
    const never = await seedRequest(db, {
      name: "Vikram Singh",
      phone: "98111 22233",
      consent: false,
    });
    expect((await visitsFamilySide(db, never)).updates).toEqual({
      state: "none",
      since: null,
    });
  });

  it("does not list a message whose family stopped the updates", async () => {
    const { db } = database;
    await seedStaff(db);
    const asha = await seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent: true });
    await book(asha, "2026-12-01T07:30");
    expect((await messagesToSend(db, { siteUrl, secret: testSecret })).dueNow).toHaveLength(1);
    await stopUpdates(db, { appointmentId: asha }, familyOnStatusPage);
    expect((await messagesToSend(db, { siteUrl, secret: testSecret })).dueNow).toEqual([]);
    const [skipped] = await familyMessages(db);
    await expect(markSentByHand(db, admin, skipped?.id ?? "")).rejects.toBeInstanceOf(NotWaiting);
  });
});
