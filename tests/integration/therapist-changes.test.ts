// The phone's queue on the real databases (decision 049): a change sent with its key is applied
// once however often it arrives, one after the other or all at once; a refusal is kept with its
// key and given again (a wrong code counts once against the limit); a visit the desk moved since
// the phone showed it is not changed; another account's key gets nothing of the first's answer;
// money at the door sent twice is one payment with one receipt.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { createRateLimiter, parseRateLimit } from "#app/domain/abuse/rate-limit.server.ts";
import type { FamilyMessages } from "#app/domain/messages/whatsapp-sender.server.ts";
import {
  applyKeyedChange,
  type DayChange,
  type DayServices,
} from "#app/domain/visits/day-changes.server.ts";
import {
  appointmentActivity,
  payments,
  therapistChanges,
  therapists,
  users,
  visits,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { seedFamily, seedStaff, therapist } from "#tests/integration/family-visits.ts";

describeEachDatabase("the phone's queue of the day's changes", (database) => {
  const familyMessages: FamilyMessages = {
    mode: "by_hand",
    kick() {},
    webhook: null,
    async stop() {},
  };
  const services = (): DayServices => ({
    familyMessages,
    limits: {
      visitCode: createRateLimiter(database.db, "visit-code", parseRateLimit("5/1d") ?? "off"),
    },
  });
  const who = { id: therapist.id, email: therapist.email, address: "127.0.0.1" };
  /** Two hours ago: a visit of today (or last night), markable now. */
  const earlier = () => new Date(Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000);

  beforeEach(() => seedStaff(database.db));

  async function visitRow(visitId: string) {
    const [row] = await database.db.select().from(visits).where(eq(visits.id, visitId));
    if (!row) throw new Error("no visit");
    return row;
  }
  const timelineOf = (appointmentId: string) =>
    database.db
      .select({ kind: appointmentActivity.kind })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.appointmentId, appointmentId));

  it("applies a Done sent three times with one key once, and answers each the same", async () => {
    const family = await seedFamily(database.db, {
      therapistId: therapist.id,
      startsAt: earlier(),
    });
    const key = crypto.randomUUID();
    const change: DayChange = { intent: "done", visitId: family.visitId, note: "Walked 20 m" };
    const answers = [];
    for (let n = 0; n < 3; n++) {
      answers.push(await applyKeyedChange(database.db, who, key, change, services()));
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 200,
        body: { ok: true, intent: "done", visitId: family.visitId },
      });
    }
    expect((await visitRow(family.visitId)).status).toBe("done");
    const kinds = (await timelineOf(family.appointmentId)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === "visit_done")).toHaveLength(1);
    expect(await database.db.select().from(therapistChanges)).toHaveLength(1);
  });

  it("applies a Not home sent three times at once with one key once", async () => {
    const family = await seedFamily(database.db, {
      therapistId: therapist.id,
      startsAt: earlier(),
    });
    const key = crypto.randomUUID();
    const change: DayChange = { intent: "no_show", visitId: family.visitId };
    const answers = await Promise.all(
      [1, 2, 3].map(() => applyKeyedChange(database.db, who, key, change, services())),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const kinds = (await timelineOf(family.appointmentId)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === "visit_no_show")).toHaveLength(1);
  });

  it("keeps a wrong code's refusal with its key: sent again, it is the same answer and one try", async () => {
    const family = await seedFamily(database.db, {
      therapistId: therapist.id,
      startsAt: earlier(),
    });
    const { familyCode } = await visitRow(family.visitId);
    const wrong = familyCode === "0000" ? "1111" : "0000";
    const key = crypto.randomUUID();
    const change: DayChange = { intent: "done", visitId: family.visitId, code: wrong };
    const first = await applyKeyedChange(database.db, who, key, change, services());
    const again = await applyKeyedChange(database.db, who, key, change, services());
    expect(first).toMatchObject({ status: 422, body: { ok: false, field: "code" } });
    expect(again).toEqual({ status: first.status, body: "body" in first ? first.body : null });
    expect((await visitRow(family.visitId)).status).toBe("scheduled");
    // Four more wrong keys are within the limit of five: the replay did not count.
    for (let n = 0; n < 4; n++) {
      const answer = await applyKeyedChange(
        database.db,
        who,
        crypto.randomUUID(),
        change,
        services(),
      );
      expect(answer.status).toBe(422);
    }
    const limited = await applyKeyedChange(
      database.db,
      who,
      crypto.randomUUID(),
      change,
      services(),
    );
    expect(limited.status).toBe(429);
  });

  it("does not change a visit the desk moved since the phone showed it, and says where it went", async () => {
    const seen = earlier();
    const family = await seedFamily(database.db, { therapistId: therapist.id, startsAt: seen });
    const later = new Date(seen.getTime() + 30 * 60_000);
    await database.db
      .update(visits)
      .set({
        startsAt: later,
        endsAt: new Date(later.getTime() + 60 * 60_000),
        blockedUntil: new Date(later.getTime() + 90 * 60_000),
      })
      .where(eq(visits.id, family.visitId));
    const answer = await applyKeyedChange(
      database.db,
      who,
      crypto.randomUUID(),
      { intent: "done", visitId: family.visitId, note: "Stairs", seen },
      services(),
    );
    expect(answer).toMatchObject({
      status: 409,
      body: {
        ok: false,
        conflict: true,
        message: expect.stringMatching(/^The front desk moved this visit to /),
      },
    });
    const row = await visitRow(family.visitId);
    expect([row.status, row.note]).toEqual(["scheduled", null]);
  });

  it("answers another account's copy of a key with nothing of the first's change", async () => {
    const family = await seedFamily(database.db, {
      therapistId: therapist.id,
      startsAt: earlier(),
    });
    await database.db
      .insert(users)
      .values({ id: "t-other", name: "other", email: "other@clinic.test", emailVerified: true });
    await database.db.insert(therapists).values({ userId: "t-other", displayName: "Dr. Other" });
    const key = crypto.randomUUID();
    const change: DayChange = { intent: "done", visitId: family.visitId, note: "Private note" };
    expect((await applyKeyedChange(database.db, who, key, change, services())).status).toBe(200);
    const other = { id: "t-other", email: "other@clinic.test", address: null };
    expect(await applyKeyedChange(database.db, other, key, change, services())).toEqual({
      status: 403,
      forbidden: true,
    });
  });

  it("records money at the door sent twice with one key as one payment with one receipt", async () => {
    const family = await seedFamily(database.db, {
      therapistId: therapist.id,
      startsAt: earlier(),
    });
    const key = crypto.randomUUID();
    const change: DayChange = {
      intent: "collect",
      visitId: family.visitId,
      amount: 120_000,
      method: "cash",
    };
    const first = await applyKeyedChange(database.db, who, key, change, services());
    const second = await applyKeyedChange(database.db, who, key, change, services());
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    const paid = await database.db
      .select({ amount: payments.amountPaise, receipt: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.appointmentId, family.appointmentId));
    expect(paid).toEqual([{ amount: 120_000, receipt: expect.stringMatching(/^HP\//) }]);
  });
});
