// Reminders sent by hand and the family's answer (decision 038; docs/messages.md, "Sending by
// hand"), on the real databases: the chat link's text asks for a reply in words (English and
// Hindi) where the template keeps its buttons; the desk records a YES with one tap (the visit
// confirmed once, one entry on the timeline, however often it is tapped, and nothing written for
// a cancelled visit or an erased request); and the insights count that confirmation with the
// webhook's. Each visit is stored as the schedule stores it, and every time is a fixed India time.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { resolvePeriod } from "#app/domain/insights/period.ts";
import { visitFigures } from "#app/domain/insights/visit-figures.server.ts";
import { familyAskTimeline } from "#app/domain/messages/family-desk-texts.ts";
import { familyMessageText } from "#app/domain/messages/family-message-texts.ts";
import { composeFamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import { markSentByHand, messagesToSend } from "#app/domain/messages/messages-by-hand.server.ts";
import {
  recordYesByHand,
  remindersAwaitingReply,
} from "#app/domain/messages/replies-by-hand.server.ts";
import { queueVisitReminders } from "#app/domain/messages/visit-reminders.server.ts";
import {
  cancelVisit,
  confirmVisit,
  VisitRefused,
  visitProblemStatus,
} from "#app/domain/visits/visits.server.ts";
import { appointmentActivity, appointments, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import {
  admin,
  type Family,
  india,
  seedFamily,
  seedStaff,
} from "#tests/integration/family-visits.ts";
import { testSecret } from "#tests/integration/fixtures.ts";
import { refusedHindi } from "#tests/site-terms.ts";

const site = { siteUrl: "https://homephysio.example", secret: testSecret };
/** Monday 30 November 2026, just after the reminder time: Tuesday's visits are reminded. */
const evening = india("2026-11-30T18:05");

/** The words of a chat link. */
const textOf = (link: string | null | undefined) =>
  new URL(link ?? "https://wa.me/0").searchParams.get("text") ?? "";

describeEachDatabase("reminders sent by hand, and the family's YES", (database) => {
  /** Tuesday's reminders queued by hand, and each marked sent by the admin; the list before. */
  async function remindAndSend(db: Database) {
    expect(
      await queueVisitReminders(db, { now: evening, reminderAt: "18:00", mode: "by_hand" }),
    ).toBeGreaterThan(0);
    const list = await messagesToSend(db, site);
    for (const message of list.reminders) await markSentByHand(db, admin, message.id);
    return list;
  }

  const confirmations = (db: Database, visitId: string) =>
    db
      .select({
        by: appointmentActivity.byEmail,
        byUserId: appointmentActivity.byUserId,
        body: appointmentActivity.body,
      })
      .from(appointmentActivity)
      .where(
        and(
          eq(appointmentActivity.kind, "visit_confirmed"),
          eq(appointmentActivity.visitId, visitId),
        ),
      );

  const confirmedAt = async (db: Database, visitId: string) => {
    const [row] = await db
      .select({ at: visits.confirmedAt })
      .from(visits)
      .where(eq(visits.id, visitId));
    return row?.at ?? null;
  };

  it("asks for a YES in words in the reminder sent by hand, in English and in Hindi; the template keeps its buttons", async () => {
    const { db } = database;
    await seedStaff(db);
    const english = await seedFamily(db, { phone: "98100 12345" });
    const hindi = await seedFamily(db, { phone: "98100 54321", lang: "hi" });
    expect(
      await queueVisitReminders(db, { now: evening, reminderAt: "18:00", mode: "by_hand" }),
    ).toBe(2);
    const { reminders } = await messagesToSend(db, site);
    const textFor = (family: Family) =>
      textOf(reminders.find((message) => message.appointmentId === family.appointmentId)?.link);

    const en = textFor(english);
    expect(en).toMatch(/^Reminder: Dr\. Rao comes for your home physiotherapy visit tomorrow, /);
    expect(en).toContain(
      "Reply YES to confirm, or tell us a time that suits you better. Your visits: https://homephysio.example/status?key=",
    );
    expect(en).not.toContain(familyMessageText.en.buttons.change);
    expect(en).not.toContain("reply Confirm");

    const hi = textFor(hindi);
    expect(hi).toMatch(/^याद दिला दें: कल, /);
    expect(hi).toContain(
      "विज़िट पक्की करने के लिए YES या हाँ लिखकर भेजें, या हमें बताएँ कि आपके लिए कौन-सा समय बेहतर रहेगा।",
    );
    expect(hi).toContain("/hi/status?key=");
    expect(hi).not.toContain(familyMessageText.hi.buttons.confirm);
    expect(hi).not.toContain(familyMessageText.hi.buttons.change);
    // The site's Hindi words (docs/hindi-glossary.md), none of the refused ones.
    expect(refusedHindi(hi)).toEqual([]);

    // Through the Cloud API the template and its two buttons are as Meta approved them.
    const composed = await composeFamilyMessage(
      db,
      {
        appointmentId: english.appointmentId,
        visitId: english.visitId,
        paymentId: null,
        kind: "family_visit_reminder",
      },
      site,
    );
    expect(composed?.text).toContain("Please reply Confirm, or tap I need to change it.");
    expect(familyMessageText.en.buttons).toEqual({
      confirm: "Confirm",
      change: "I need to change it",
    });
  });

  it("records the family's YES once: the visit confirmed, one entry on the timeline by the desk", async () => {
    const { db } = database;
    await seedStaff(db);
    const family = await seedFamily(db);
    await remindAndSend(db);
    const later = india("2026-11-30T19:00");
    expect(await remindersAwaitingReply(db, later)).toEqual([
      {
        visitId: family.visitId,
        appointmentId: family.appointmentId,
        name: "Asha Rani",
        startsAt: india("2026-12-01T14:30"),
        therapist: "Dr. Rao",
        language: "en",
      },
    ]);

    // Two taps at the same moment: one confirms, the other finds it confirmed.
    const taps = await Promise.all([
      recordYesByHand(db, admin, family.visitId),
      recordYesByHand(db, admin, family.visitId),
    ]);
    expect(taps.sort()).toEqual([false, true]);
    expect(await confirmedAt(db, family.visitId)).toBeInstanceOf(Date);
    // A third, later: harmless.
    expect(await recordYesByHand(db, admin, family.visitId)).toBe(false);
    expect(await confirmations(db, family.visitId)).toEqual([
      { by: admin.email, byUserId: admin.id, body: familyAskTimeline.confirmedByHand },
    ]);
    expect(await remindersAwaitingReply(db, later)).toEqual([]);
    // The webhook's Confirm after it writes nothing more either.
    expect(
      await confirmVisit(db, { appointmentId: family.appointmentId, visitId: family.visitId }),
    ).toBe(false);
    expect(await confirmations(db, family.visitId)).toHaveLength(1);
  });

  it("refuses a YES for a cancelled visit, an erased request or no visit, and writes nothing", async () => {
    const { db } = database;
    await seedStaff(db);
    const cancelled = await seedFamily(db, { phone: "98100 11111" });
    const erased = await seedFamily(db, { phone: "98100 22222" });
    await remindAndSend(db);
    await cancelVisit(db, admin, cancelled.visitId, { by: "patient", reason: "Away" });
    await db
      .update(appointments)
      .set({ erasedAt: new Date() })
      .where(eq(appointments.id, erased.appointmentId));
    // Neither is offered on the list any more.
    expect(await remindersAwaitingReply(db, india("2026-11-30T19:00"))).toEqual([]);

    const refusal = async (visitId: string) => {
      const error = await recordYesByHand(db, admin, visitId).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(VisitRefused);
      return (error as VisitRefused).problem;
    };
    const notScheduled = await refusal(cancelled.visitId);
    expect(notScheduled).toEqual({ kind: "not_scheduled", status: "cancelled" });
    expect(visitProblemStatus(notScheduled)).toBe(409);
    const gone = await refusal(erased.visitId);
    expect(gone).toEqual({ kind: "erased" });
    expect(visitProblemStatus(gone)).toBe(409);
    const none = await refusal("00000000-0000-4000-8000-000000000000");
    expect(visitProblemStatus(none)).toBe(404);

    for (const family of [cancelled, erased]) {
      expect(await confirmedAt(db, family.visitId)).toBeNull();
      expect(await confirmations(db, family.visitId)).toEqual([]);
    }
  });

  it("counts a YES recorded by the desk among the visits confirmed in the insights", async () => {
    const { db } = database;
    await seedStaff(db);
    const byHand = await seedFamily(db, { phone: "98100 33333" });
    const byButton = await seedFamily(db, { phone: "98100 44444" });
    await seedFamily(db, { phone: "98100 55555" });
    await remindAndSend(db);
    const { period } = resolvePeriod(
      { period: "dates", from: "2026-12-01", to: "2026-12-01" },
      evening,
    );
    const before = await visitFigures(db, period, evening);
    expect(before.messages).toMatchObject({ confirmed: 0, reminded: 3 });

    expect(await recordYesByHand(db, admin, byHand.visitId)).toBe(true);
    // And one confirmed by the reminder's button, as the webhook does it.
    expect(
      await confirmVisit(db, { appointmentId: byButton.appointmentId, visitId: byButton.visitId }),
    ).toBe(true);
    const after = await visitFigures(db, period, evening);
    expect(after.messages).toMatchObject({ confirmed: 2, reminded: 3 });
  });
});
