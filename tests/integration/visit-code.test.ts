// The family's visit code (decision 048) on the real databases: every visit has four digits made
// by the database; the therapist's mark with the right code confirms the visit, a wrong one is
// refused and changes nothing, none leaves it done but not confirmed by the family, or refused
// when VISIT_CODE_REQUIRED; the family's page shows the code of each visit still scheduled.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { familyStatus, familyStatusView } from "#app/domain/messages/status-page.server.ts";
import { accountOf } from "#app/domain/money/account.server.ts";
import { markVisit, VisitRefused, visitsOf } from "#app/domain/visits/visits.server.ts";
import { visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { india, seedFamily, seedStaff, therapist } from "#tests/integration/family-visits.ts";
import { defaultMoney } from "#tests/integration/fixtures.ts";

describeEachDatabase("the family's visit code", (database) => {
  beforeEach(() => seedStaff(database.db));

  const asTherapist = { id: therapist.id, email: therapist.email, isAdmin: false };

  async function visitOf(visitId: string) {
    const [visit] = await database.db.select().from(visits).where(eq(visits.id, visitId));
    if (!visit) throw new Error("no visit");
    return visit;
  }

  /** Marks the visit done the evening of its day, as its therapist, with `code`. */
  const markDone = async (visitId: string, code?: string, codeRequired = false) => {
    const visit = await visitOf(visitId);
    return markVisit(
      database.db,
      asTherapist,
      visitId,
      { kind: "done", code, codeRequired },
      defaultMoney,
      new Date(visit.startsAt.getTime() + 8 * 3_600_000),
    ).then(
      () => "done",
      (error: unknown) =>
        error instanceof VisitRefused ? error.problem.kind : Promise.reject(error),
    );
  };

  it("gives every visit four digits of its own, made by the database", async () => {
    const codes: string[] = [];
    for (let n = 0; n < 40; n++) {
      const family = await seedFamily(database.db, {
        therapistId: therapist.id,
        phone: `98100${String(10_000 + n).slice(-5)}`,
        startsAt: india(
          `2026-12-${String(1 + (n % 28)).padStart(2, "0")}T${String(7 + Math.floor(n / 28) * 3).padStart(2, "0")}:00`,
        ),
      });
      codes.push((await visitOf(family.visitId)).familyCode);
    }
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    // Forty draws of 10,000: nearly all different (a repeat or two is chance, not a pattern).
    expect(new Set(codes).size).toBeGreaterThan(35);
  });

  it("confirms a visit marked done with the family's code, and shows the family the code before", async () => {
    const family = await seedFamily(database.db, {
      therapistId: therapist.id,
      startsAt: india("2026-12-01T09:00"),
    });
    const { familyCode } = await visitOf(family.visitId);
    const status = await familyStatus(database.db, family.appointmentId, india("2026-11-30T10:00"));
    if (!status) throw new Error("no status");
    expect(familyStatusView(status, "en").visits[0]?.code).toBe(
      `Visit code ${familyCode}: tell it to the therapist at the end of the visit, to confirm it took place.`,
    );
    expect(familyStatusView(status, "hi").visits[0]?.code).toContain(`विज़िट कोड ${familyCode}:`);

    expect(await markDone(family.visitId, familyCode)).toBe("done");
    const [row] = await visitsOf(database.db, family.appointmentId);
    expect([row?.status, row?.codeConfirmedAt]).toEqual(["done", expect.any(Date)]);
    // Done: its code is no longer shown.
    const after = await familyStatus(database.db, family.appointmentId, india("2026-12-02T10:00"));
    expect(after && familyStatusView(after, "en").visits[0]?.code).toBeNull();
  });

  it("refuses a wrong code and changes nothing; without a code the visit is done but not confirmed", async () => {
    const family = await seedFamily(database.db, {
      therapistId: therapist.id,
      startsAt: india("2026-12-01T09:00"),
    });
    const { familyCode } = await visitOf(family.visitId);
    const wrong = String((Number(familyCode) + 1) % 10_000).padStart(4, "0");
    expect(await markDone(family.visitId, wrong)).toBe("wrong_code");
    expect((await visitOf(family.visitId)).status).toBe("scheduled");
    expect((await accountOf(database.db, family.appointmentId)).charges).toEqual([]);
    // VISIT_CODE_REQUIRED: without it, refused.
    expect(await markDone(family.visitId, undefined, true)).toBe("code_required");
    expect((await visitOf(family.visitId)).status).toBe("scheduled");
    // Otherwise done, and said not confirmed by the family.
    expect(await markDone(family.visitId)).toBe("done");
    const [row] = await visitsOf(database.db, family.appointmentId);
    expect([row?.status, row?.codeConfirmedAt]).toEqual(["done", null]);
  });
});
