// A request's money on the real databases (decision 045; docs/payments.md): a package of 10 used
// by 10 visits done, the 11th charged as a session, the free assessment free, a visit not home
// charged only when the setting says so, a package past its days not used; prices changed later
// leave earlier charges as they were; 50 payments recorded at once by two instances take receipts
// 1 to 50 of the year, no gap and no repeat; the first receipt after 1 April 00:00 in India starts
// the new year's series; a refund beyond what was paid, a payment on an erased request and every
// malformed amount refused with nothing stored; a receipt made wrongly corrected by a numbered
// credit note that refers to it (decision 046), never edited. Looked at from fixed times, never
// the clock.
import { and, asc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { frontDeskMessages } from "#app/domain/appointments/front-desk-texts.ts";
import { ErasedError } from "#app/domain/appointments/request-changes.server.ts";
import { markSentByHand, messagesToSend } from "#app/domain/messages/messages-by-hand.server.ts";
import { readStatusLinkKey, statusLinkKey } from "#app/domain/messages/status-link.server.ts";
import { visitsFamilySide } from "#app/domain/messages/visit-messages.server.ts";
import {
  accountOf,
  duesOf,
  issueCreditNote,
  MoneyRefused,
  recordPayment,
  recordRefund,
  sellPackage,
} from "#app/domain/money/account.server.ts";
import { cashHeld, handInCash } from "#app/domain/money/cash.server.ts";
import { duesList } from "#app/domain/money/dues.server.ts";
import { familyMoney } from "#app/domain/money/family-money.server.ts";
import { paymentsCsv } from "#app/domain/money/money-export.server.ts";
import { moneyFigures } from "#app/domain/money/money-figures.server.ts";
import type { MoneySettings } from "#app/domain/money/prices.server.ts";
import { creditNoteOf, receiptOf } from "#app/domain/money/receipt.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { markVisit } from "#app/domain/visits/visits.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { moneyAction } from "#app/routes/admin/money/money-actions.server.ts";
import { loader as receiptLoader } from "#app/routes/status-receipt.ts";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import {
  appointmentActivity,
  appointments,
  charges,
  creditNotes,
  notifications,
  packages,
  payments,
  priceVersions,
  type VisitKind,
  visits,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { admin, india, seedFamily, seedStaff } from "#tests/integration/family-visits.ts";
import { testSecret } from "#tests/integration/fixtures.ts";

/** ₹1,200 a session; 10 sessions for ₹10,800, valid 90 days. */
const money: MoneySettings = {
  prices: {
    homeSessionPaise: 120_000,
    packageSessions: 10,
    packagePricePaise: 1_080_000,
    packageDays: 90,
  },
  chargeNoShow: false,
  receiptPrefix: "HP",
};

/** Wednesday 2 December 2026, 10:00 in India. */
const saleTime = india("2026-12-02T10:00");

describeEachDatabase("a request's money", (database) => {
  beforeEach(() => seedStaff(database.db));

  /** A family's request with one treatment visit on Tuesday 1 December; more on later days. */
  async function family() {
    return seedFamily(database.db, { startsAt: india("2026-12-01T09:00") });
  }

  /** Another visit of the request's therapist, `days` after its first, of `kind`. */
  async function anotherVisit(
    db: Database,
    appointmentId: string,
    firstVisitId: string,
    days: number,
    kind: VisitKind = "treatment",
  ): Promise<string> {
    const [first] = await db.select().from(visits).where(eq(visits.id, firstVisitId));
    if (!first) throw new Error("no first visit");
    const startsAt = new Date(first.startsAt.getTime() + days * 86_400_000);
    const [visit] = await db
      .insert(visits)
      .values({
        appointmentId,
        therapistId: first.therapistId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        blockedUntil: new Date(startsAt.getTime() + 90 * 60_000),
        kind,
      })
      .returning({ id: visits.id, startsAt: visits.startsAt });
    if (!visit) throw new Error("not stored");
    return visit.id;
  }

  /** Marks a visit done the evening of its own day. */
  async function done(visitId: string, settings = money) {
    const [visit] = await database.db.select().from(visits).where(eq(visits.id, visitId));
    if (!visit) throw new Error("no visit");
    await markVisit(
      database.db,
      admin,
      visitId,
      { kind: "done" },
      settings,
      new Date(visit.startsAt.getTime() + 8 * 3_600_000),
    );
  }

  it("uses a package of 10 for 10 visits done, charges the 11th as a session, and the assessment nothing", async () => {
    const { db } = database;
    const { appointmentId, visitId } = await family();
    await sellPackage(db, admin, appointmentId, money, india("2026-11-30T18:00"));
    const visitIds = [visitId];
    for (let day = 1; day <= 10; day++)
      visitIds.push(await anotherVisit(db, appointmentId, visitId, day));
    const assessment = await anotherVisit(db, appointmentId, visitId, 11, "assessment");
    for (const id of visitIds) await done(id);
    await done(assessment);

    const account = await accountOf(db, appointmentId);
    expect(account.packages).toEqual([
      expect.objectContaining({
        sessions: 10,
        used: 10,
        pricePaise: 1_080_000,
        validUntil: "2027-02-28",
      }),
    ]);
    expect(account.charges.map((charge) => [charge.kind, charge.amountPaise])).toEqual([
      ["package", 1_080_000],
      ...Array.from({ length: 10 }, () => ["package_session", 0]),
      ["session", 120_000],
    ]);
    expect(account.balancePaise).toBe(1_200_000);
    const entries = await db
      .select({ kind: appointmentActivity.kind, body: appointmentActivity.body })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.appointmentId, appointmentId));
    expect(entries).toContainEqual({
      kind: "package_sold",
      body: "Package of 10 sessions sold for ₹10,800, valid until 28 Feb 2027.",
    });
  });

  it("charges a visit the patient was not home for only when VISIT_NO_SHOW_CHARGE says so", async () => {
    const { db } = database;
    const { appointmentId, visitId } = await family();
    const second = await anotherVisit(db, appointmentId, visitId, 1);
    const later = india("2026-12-05T10:00");
    await markVisit(db, admin, visitId, { kind: "no_show" }, money, later);
    await markVisit(
      db,
      admin,
      second,
      { kind: "no_show" },
      { ...money, chargeNoShow: true },
      later,
    );
    const account = await accountOf(db, appointmentId);
    expect(account.charges.map((charge) => [charge.kind, charge.amountPaise])).toEqual([
      ["no_show", 120_000],
    ]);
  });

  it("does not use a package past its days, and keeps each charge's price when the prices change", async () => {
    const { db } = database;
    const { appointmentId, visitId } = await family();
    await sellPackage(
      db,
      admin,
      appointmentId,
      { ...money, prices: { ...money.prices, packageDays: 7 } },
      india("2026-11-20T10:00"),
    );
    // Sold 20 November for 7 days: valid until 27 November; the visit of 1 December is charged.
    await done(visitId);
    const raised = { ...money, prices: { ...money.prices, homeSessionPaise: 150_000 } };
    const second = await anotherVisit(db, appointmentId, visitId, 1);
    await done(second, raised);
    const account = await accountOf(db, appointmentId);
    expect(account.charges.map((charge) => [charge.kind, charge.amountPaise])).toEqual([
      ["package", 1_080_000],
      ["session", 120_000],
      ["session", 150_000],
    ]);
    const versions = await db
      .select()
      .from(priceVersions)
      .orderBy(asc(priceVersions.effectiveFrom));
    expect(versions.map((version) => [version.homeSessionPaise, version.packageDays])).toEqual([
      [120_000, 7],
      [120_000, 90],
      [150_000, 90],
    ]);
    const [firstCharge] = await db
      .select()
      .from(charges)
      .where(eq(charges.kind, "session"))
      .orderBy(asc(charges.createdAt));
    expect(firstCharge?.priceVersionId).toBe(versions[1]?.id);
  });

  it("numbers 50 payments recorded at once by two instances 1 to 50, without a gap or a repeat", async () => {
    const { db } = database;
    const { appointmentId } = await family();
    const other = await database.openInstance();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        recordPayment(
          index % 2 === 0 ? db : other.db,
          admin,
          appointmentId,
          {
            method: "upi",
            amountPaise: 100_000 + index,
            paidOn: "2026-12-02",
            reference: `UPI${index}`,
          },
          money,
          saleTime,
        ),
      ),
    );
    const numbers = results.map((result) => result.receiptNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, index) => `HP/26-27/${String(index + 1).padStart(6, "0")}`),
    );
    const stored = await db
      .select({ seq: payments.receiptSeq })
      .from(payments)
      .orderBy(asc(payments.receiptSeq));
    expect(stored.map((row) => row.seq)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
  });

  it("starts the new financial year's series with the first receipt after 1 April 00:00 in India", async () => {
    const { db } = database;
    const { appointmentId } = await family();
    const pay = (at: Date, paidOn: string) =>
      recordPayment(
        db,
        admin,
        appointmentId,
        { method: "cash", amountPaise: 50_000, paidOn, reference: "" },
        money,
        at,
      );
    const march = await pay(india("2027-03-31T23:59"), "2027-03-31");
    const aprilFirst = await pay(india("2027-04-01T00:00"), "2027-04-01");
    const aprilSecond = await pay(india("2027-04-01T09:30"), "2027-04-01");
    expect([march.receiptNumber, aprilFirst.receiptNumber, aprilSecond.receiptNumber]).toEqual([
      "HP/26-27/000001",
      "HP/27-28/000001",
      "HP/27-28/000002",
    ]);
  });

  it("refuses a refund beyond what was paid, and records one within it with its reason", async () => {
    const { db } = database;
    const { appointmentId } = await family();
    await recordPayment(
      db,
      admin,
      appointmentId,
      { method: "upi", amountPaise: 300_000, paidOn: "2026-12-02", reference: "" },
      money,
      saleTime,
    );
    const refund = {
      method: "upi" as const,
      paidOn: "2026-12-02",
      reference: "",
      reason: "Course stopped after 2 sessions",
    };
    const refused = await recordRefund(
      db,
      admin,
      appointmentId,
      { ...refund, amountPaise: 300_001 },
      saleTime,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MoneyRefused);
    expect((refused as MoneyRefused).problem).toEqual({
      kind: "refund_too_large",
      refundablePaise: 300_000,
    });
    await recordRefund(
      db,
      admin,
      appointmentId,
      { ...refund, amountPaise: 100_000 },
      new Date(saleTime.getTime() + 3_600_000),
    );
    const account = await accountOf(db, appointmentId);
    expect(account.paidPaise).toBe(200_000);
    expect(account.balancePaise).toBe(-200_000);
    expect(
      account.payments.map((payment) => [payment.direction, payment.receiptNumber, payment.reason]),
    ).toEqual([
      ["in", "HP/26-27/000001", null],
      ["out", null, "Course stopped after 2 sessions"],
    ]);
  });

  it("refuses every malformed amount, another currency and a payment on an erased request, with nothing stored", async () => {
    const { db } = database;
    const { appointmentId } = await family();
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "payment-record",
        method: "cash",
        paidOn: "2026-12-02",
        ...fields,
      })) {
        form.set(name, value);
      }
      return moneyAction(form, {
        db,
        actor: admin,
        address: null,
        appointmentId,
        money,
        headers: new Headers(),
      });
    };
    const cases: [Record<string, string>, number, string][] = [
      [{ amount: "-500" }, 400, "The amount must be more than ₹0."],
      [{ amount: "0" }, 400, "The amount must be more than ₹0."],
      [{ amount: "0.00" }, 400, "The amount must be more than ₹0."],
      [{ amount: "12.345" }, 400, "An amount has at most two decimals (paise)."],
      [{ amount: "10000001" }, 400, "An amount can be at most ₹10,00,000."],
      [{ amount: "99999999999999999999" }, 400, "An amount can be at most ₹10,00,000."],
      [
        { amount: "twelve hundred" },
        400,
        "Enter the amount in rupees, in figures (for example 1200 or 1200.50).",
      ],
      [
        { amount: "1e3" },
        400,
        "Enter the amount in rupees, in figures (for example 1200 or 1200.50).",
      ],
      [
        { amount: "$1200" },
        400,
        "Enter the amount in rupees, in figures (for example 1200 or 1200.50).",
      ],
      [{ amount: "1200", currency: "USD" }, 400, "Amounts are in rupees (INR) only."],
      [{ amount: "" }, 400, "Enter the amount in rupees."],
      [{ amount: "1200", method: "cheque" }, 400, "Choose how the money was paid."],
      [{ amount: "1200", paidOn: "2026-02-30x" }, 400, "Enter the date the money was paid."],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await post(fields);
      expect([fields, answer.init?.status, answer.data.message]).toEqual([fields, status, message]);
    }
    expect(await db.select().from(payments)).toEqual([]);

    await eraseAppointments(db, [appointmentId], { reason: "request", by: admin.email });
    const erased = await recordPayment(
      db,
      admin,
      appointmentId,
      { method: "cash", amountPaise: 50_000, paidOn: "2026-12-02", reference: "" },
      money,
      saleTime,
    ).catch((error: unknown) => error);
    expect(erased).toBeInstanceOf(ErasedError);
    const answer = await post({ amount: "1200", paidOn: indiaDay(new Date()) });
    expect([answer.init?.status, answer.data.message]).toEqual([409, frontDeskMessages.erased]);
    expect(await db.select().from(payments)).toEqual([]);
    expect(await db.select().from(packages)).toEqual([]);
    const [row] = await db
      .select({ erasedAt: appointments.erasedAt })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    expect(row?.erasedAt).not.toBeNull();
  });

  it("keeps cash taken at the door with its therapist until the desk receives it", async () => {
    const { db } = database;
    const { appointmentId } = await family();
    const [visit] = await db.select().from(visits).where(eq(visits.appointmentId, appointmentId));
    const therapistId = visit?.therapistId ?? "";
    const at = (time: string) => india(`2026-12-02T${time}`);
    const take = (amountPaise: number, method: "cash" | "upi", time: string) =>
      recordPayment(
        db,
        { id: therapistId, email: "rao@clinic.test" },
        appointmentId,
        { method, amountPaise, paidOn: "2026-12-02", reference: "", collectedBy: therapistId },
        money,
        at(time),
      );
    await take(120_000, "cash", "10:00");
    await take(50_000, "upi", "11:00");
    await take(80_000, "cash", "12:00");
    expect(await cashHeld(db)).toEqual([
      { therapistId, name: "Dr. Rao", count: 2, totalPaise: 200_000, oldest: at("10:00") },
    ]);
    // The desk's page was shown at 11:30: the cash taken at 12:00 is not swept in unseen.
    expect(await handInCash(db, admin, therapistId, at("11:30"))).toBe(120_000);
    expect((await cashHeld(db)).map((line) => line.totalPaise)).toEqual([80_000]);
    expect(await handInCash(db, admin, therapistId, at("12:30"))).toBe(80_000);
    expect(await handInCash(db, admin, therapistId, at("12:30"))).toBe(0);
    expect(await cashHeld(db)).toEqual([]);
  });

  it("lists what families owe, the longest owed first, without the erased or the paid", async () => {
    const { db } = database;
    const first = await family();
    const second = await seedFamily(db, {
      phone: "98100 22222",
      startsAt: india("2026-12-01T11:00"),
    });
    const paid = await seedFamily(db, {
      phone: "98100 33333",
      startsAt: india("2026-12-01T13:00"),
    });
    await done(second.visitId);
    await done(first.visitId);
    await done(paid.visitId);
    await recordPayment(
      db,
      admin,
      paid.appointmentId,
      { method: "upi", amountPaise: 120_000, paidOn: "2026-12-02", reference: "" },
      money,
      saleTime,
    );
    await recordPayment(
      db,
      admin,
      first.appointmentId,
      { method: "upi", amountPaise: 20_000, paidOn: "2026-12-02", reference: "" },
      money,
      saleTime,
    );
    const dues = await duesList(db);
    // The first request's visit (9:00) was charged when marked at 17:00, the second's (11:00) at
    // 19:00: the first has owed longer, though marked after it here.
    expect(dues.map((due) => [due.appointmentId, due.duePaise])).toEqual([
      [first.appointmentId, 100_000],
      [second.appointmentId, 120_000],
    ]);
    expect(Object.fromEntries(await duesOf(db, [first.appointmentId, paid.appointmentId]))).toEqual(
      {
        [first.appointmentId]: 100_000,
      },
    );
    await eraseAppointments(db, [second.appointmentId], { reason: "request", by: admin.email });
    expect((await duesList(db)).map((due) => due.appointmentId)).toEqual([first.appointmentId]);
  });

  it("shows the family what is due with a UPI link and its QR code, in their language", async () => {
    const { db } = database;
    const { appointmentId, visitId, reference } = await family();
    const clinic = { name: "HomePhysio NCR", upiId: "homephysio@okhdfcbank" };
    const before = await familyMoney(db, { appointmentId, reference }, "en", clinic);
    expect([before.balance, before.upi]).toEqual(["Nothing to pay just now.", null]);
    await done(visitId);
    await recordPayment(
      db,
      admin,
      appointmentId,
      { method: "cash", amountPaise: 20_050, paidOn: "2026-12-02", reference: "" },
      money,
      saleTime,
    );
    const en = await familyMoney(db, { appointmentId, reference }, "en", clinic);
    expect(en.balance).toBe("To pay: ₹999.50");
    expect(en.upi?.link).toBe(
      `upi://pay?pa=homephysio%40okhdfcbank&pn=HomePhysio%20NCR&am=999.50&cu=INR&tn=${reference}`,
    );
    expect(en.upi?.label).toBe("Pay ₹999.50 by UPI");
    expect(en.upi?.qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(en.receipts).toEqual([
      {
        number: "HP/26-27/000001",
        day: "2 December 2026",
        amount: "₹200.50",
        href: expect.stringMatching(/^\/status\/receipt\/[0-9a-f-]{36}$/),
      },
    ]);
    const hi = await familyMoney(db, { appointmentId, reference }, "hi", {
      ...clinic,
      upiId: undefined,
    });
    expect([hi.balance, hi.upi, hi.receipts[0]?.day]).toEqual([
      "देय राशि: ₹999.50",
      null,
      "2 दिसंबर 2026",
    ]);
  });

  it("keeps on the receipts, through an erasure, what the law needs and nothing else", async () => {
    const { db } = database;
    const { appointmentId } = await family();
    const paid = await recordPayment(
      db,
      admin,
      appointmentId,
      { method: "upi", amountPaise: 150_000, paidOn: "2026-12-02", reference: "UPI 433512345678" },
      money,
      saleTime,
    );
    await recordRefund(
      db,
      admin,
      appointmentId,
      {
        method: "upi",
        amountPaise: 50_000,
        paidOn: "2026-12-02",
        reference: "",
        reason: "Knee surgery moved to January, sessions stopped",
      },
      new Date(saleTime.getTime() + 3_600_000),
    );
    const credit = await issueCreditNote(
      db,
      admin,
      appointmentId,
      {
        paymentId: paid.id,
        amountPaise: 20_000,
        reason: "Asha Rani paid ₹200 less, phone 98100 11111",
      },
      money,
      new Date(saleTime.getTime() + 7_200_000),
    );
    await eraseAppointments(db, [appointmentId], { reason: "request", by: admin.email });
    const [request] = await db
      .select({ name: appointments.name, phone: appointments.phone, address: appointments.address })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    expect(request).toEqual({ name: "", phone: "", address: "" });
    const kept = await db
      .select({
        direction: payments.direction,
        receiptNumber: payments.receiptNumber,
        amountPaise: payments.amountPaise,
        payerName: payments.payerName,
        reference: payments.reference,
        reason: payments.reason,
      })
      .from(payments)
      .where(eq(payments.appointmentId, appointmentId))
      .orderBy(asc(payments.recordedAt));
    expect(kept).toEqual([
      {
        direction: "in",
        receiptNumber: paid.receiptNumber,
        amountPaise: 150_000,
        payerName: "Asha Rani",
        reference: "UPI 433512345678",
        reason: null,
      },
      {
        direction: "out",
        receiptNumber: null,
        amountPaise: 50_000,
        payerName: "Asha Rani",
        reference: "",
        reason: "(erased)",
      },
    ]);
    const receipt = await receiptOf(db, paid.id);
    expect([receipt?.number, receipt?.payerName, receipt?.amountPaise, receipt?.erased]).toEqual([
      paid.receiptNumber,
      "Asha Rani",
      150_000,
      true,
    ]);
    // The credit note keeps its number, amount, the receipt it corrects and the name; its
    // reason, written about the person, goes.
    const note = await creditNoteOf(db, credit.id);
    expect([
      note?.number,
      note?.amountPaise,
      note?.receiptNumber,
      note?.payerName,
      note?.reason,
      note?.erased,
    ]).toEqual([credit.number, 20_000, paid.receiptNumber, "Asha Rani", "(erased)", true]);
  });

  it("corrects a receipt made wrongly with a credit note that refers to it, never by editing it", async () => {
    const { db } = database;
    const { appointmentId, visitId, reference } = await family();
    const other = await seedFamily(db, {
      phone: "98100 44444",
      startsAt: india("2026-12-01T13:00"),
    });
    const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
    const therapistId = visit?.therapistId ?? "";
    await done(visitId);
    // ₹12,000 taken at the door in cash, recorded where ₹1,200 was handed over.
    const wrong = await recordPayment(
      db,
      { id: therapistId, email: "rao@clinic.test" },
      appointmentId,
      {
        method: "cash",
        amountPaise: 1_200_000,
        paidOn: "2026-12-02",
        reference: "",
        collectedBy: therapistId,
      },
      money,
      saleTime,
    );
    const foreign = await recordPayment(
      db,
      admin,
      other.appointmentId,
      { method: "upi", amountPaise: 50_000, paidOn: "2026-12-02", reference: "" },
      money,
      saleTime,
    );
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "credit-note",
        currency: "INR",
        paymentId: wrong.id,
        ...fields,
      })) {
        form.set(name, value);
      }
      return moneyAction(form, {
        db,
        actor: admin,
        address: null,
        appointmentId,
        money,
        headers: new Headers(),
        now: new Date(saleTime.getTime() + 3_600_000),
      });
    };
    const refused: [Record<string, string>, number, string][] = [
      [{ amount: "10800" }, 400, "Say what was wrong with the receipt (at most 500 characters)."],
      [
        { amount: "10800", reason: "   " },
        400,
        "Say what was wrong with the receipt (at most 500 characters).",
      ],
      [{ amount: "-10800", reason: "Wrong amount" }, 400, "The amount must be more than ₹0."],
      [
        { amount: "108.001", reason: "Wrong amount" },
        400,
        "An amount has at most two decimals (paise).",
      ],
      [
        { amount: "10800", reason: "Wrong amount", currency: "USD" },
        400,
        "Amounts are in rupees (INR) only.",
      ],
      [
        { amount: "10800", reason: "Wrong amount", paymentId: "not-a-receipt" },
        400,
        "Choose the receipt to correct.",
      ],
      [
        { amount: "100", reason: "Wrong amount", paymentId: foreign.id },
        404,
        "That receipt is not one of this request's.",
      ],
      [
        { amount: "12000.01", reason: "Wrong amount" },
        409,
        "A credit note on this receipt can be at most ₹12,000: the receipt less its credit notes, and no more than was paid and not paid back.",
      ],
    ];
    for (const [fields, status, message] of refused) {
      const answer = await post(fields);
      expect([fields, answer.init?.status, answer.data.message]).toEqual([fields, status, message]);
    }
    expect(await db.select().from(creditNotes)).toEqual([]);

    const made = await post({ amount: "10800", reason: "₹1,200 was handed over, not ₹12,000" });
    expect([made.init?.status, made.data.message]).toEqual([
      200,
      "Credit note HP/26-27/C00001 made.",
    ]);
    // The receipt is as it was made; the credit note refers to it and takes back ₹10,800.
    const receipt = await receiptOf(db, wrong.id);
    expect([receipt?.number, receipt?.amountPaise]).toEqual(["HP/26-27/000001", 1_200_000]);
    const account = await accountOf(db, appointmentId);
    expect(
      account.creditNotes.map((note) => [note.number, note.receiptNumber, note.amountPaise]),
    ).toEqual([["HP/26-27/C00001", "HP/26-27/000001", 1_080_000]]);
    // ₹1,200 charged for the visit, ₹1,200 paid in the end: nothing owed.
    expect([account.paidPaise, account.balancePaise]).toEqual([120_000, 0]);
    expect(await duesOf(db, [appointmentId])).toEqual(new Map());
    // The therapist holds the ₹1,200 handed over, not ₹12,000.
    expect((await cashHeld(db)).map((line) => line.totalPaise)).toEqual([120_000]);
    // What is left of the receipt is the most a second credit note can take back.
    const beyond = await post({ amount: "1200.01", reason: "Again" });
    expect([beyond.init?.status, beyond.data.message]).toEqual([
      409,
      "A credit note on this receipt can be at most ₹1,200: the receipt less its credit notes, and no more than was paid and not paid back.",
    ]);
    // The family sees the credit note beside the receipt, with the receipt it corrects.
    const en = await familyMoney(db, { appointmentId, reference }, "en", {
      name: "HomePhysio NCR",
      upiId: undefined,
    });
    expect(en.receipts).toEqual([
      {
        number: "HP/26-27/000001",
        day: "2 December 2026",
        amount: "₹12,000",
        href: `/status/receipt/${wrong.id}`,
      },
      {
        number: "HP/26-27/C00001",
        day: "2 December 2026",
        amount: "−₹10,800",
        href: `/status/credit-note/${account.creditNotes[0]?.id}`,
        note: "credit note correcting receipt HP/26-27/000001",
      },
    ]);
    const hi = await familyMoney(db, { appointmentId, reference }, "hi", {
      name: "HomePhysio NCR",
      upiId: undefined,
    });
    expect(hi.receipts[1]?.note).toBe("रसीद HP/26-27/000001 में सुधार का क्रेडिट नोट");
    const [entry] = await db
      .select({ body: appointmentActivity.body })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "credit_note_issued"));
    expect(entry?.body).toBe(
      "Credit note HP/26-27/C00001 of ₹10,800 on receipt HP/26-27/000001: ₹1,200 was handed over, not ₹12,000",
    );
  });

  it("sends the family their receipt on WhatsApp as a link that opens it, with their consent only", async () => {
    const { db } = database;
    const { appointmentId, reference } = await family();
    const silent = await seedFamily(db, {
      phone: "98100 66666",
      startsAt: india("2026-12-01T13:00"),
      consent: false,
    });
    const siteUrl = "https://homephysio.example";
    let kicked = 0;
    const pay = (id: string) =>
      recordPayment(
        db,
        admin,
        id,
        { method: "upi", amountPaise: 120_000, paidOn: indiaDay(new Date()), reference: "" },
        money,
        new Date(),
        { messages: "by_hand", messageQueued: () => kicked++ },
      );
    const paid = await pay(appointmentId);
    await pay(silent.appointmentId);
    // Only the family that asked for updates gets it; the sender was told once.
    expect(kicked).toBe(1);
    expect(
      await db
        .select({ appointmentId: notifications.appointmentId, paymentId: notifications.paymentId })
        .from(notifications)
        .where(
          and(eq(notifications.channel, "whatsapp"), eq(notifications.kind, "family_receipt")),
        ),
    ).toEqual([{ appointmentId, paymentId: paid.id }]);

    // Without the Cloud API, it waits for the desk with its chat link, in the family's words.
    const { dueNow } = await messagesToSend(db, { siteUrl, secret: testSecret });
    expect(
      dueNow.map((message) => [message.kind, message.appointmentId, message.therapist]),
    ).toEqual([["family_receipt", appointmentId, ""]]);
    const text = new URL(dueNow[0]?.link ?? "").searchParams.get("text") ?? "";
    expect(text).toContain(
      `Thank you: we have received ₹1,200 for your home physiotherapy. Receipt ${paid.receiptNumber}, reference ${reference}.`,
    );
    const link = /https:\S+/.exec(text)?.[0] ?? "";
    const opened = new URL(link);
    expect(opened.pathname).toBe(`/status/receipt/${paid.id}`);
    expect(readStatusLinkKey(testSecret, opened.searchParams.get("key") ?? "")).toBe(appointmentId);
    expect((await visitsFamilySide(db, appointmentId)).receiptMessages).toEqual({
      [paid.id]: { state: "by_hand", at: expect.any(Date) },
    });

    // The link opens the receipt without typing: the key sets the status page's cookie and leaves
    // the address at once, then the PDF is answered.
    const services = { db, secret: testSecret } as unknown as AppServices;
    const get = async (path: string, cookie?: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(requestInfo, { clientAddress: "203.0.113.7", clientKey: "203.0.113.7" });
      const request = new Request(`http://localhost:5173${path}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      try {
        return await receiptLoader({ request, context, params: { id: paid.id } } as never);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        // A refusal (httpError) is thrown as data with its status.
        const status = (thrown as { init?: { status?: number } }).init?.status;
        if (status) return new Response(null, { status });
        throw thrown;
      }
    };
    const first = await get(`${opened.pathname}${opened.search}`);
    expect([first.status, first.headers.get("Location")]).toEqual([303, opened.pathname]);
    const cookie = first.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const pdf = await get(opened.pathname, cookie);
    expect([pdf.status, pdf.headers.get("Content-Type")]).toEqual([200, "application/pdf"]);
    // Another family's key opens their page, not this receipt.
    const foreign = await get(
      `${opened.pathname}?key=${statusLinkKey(testSecret, silent.appointmentId)}`,
    );
    const foreignCookie = foreign.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect((await get(opened.pathname, foreignCookie)).status).toBe(404);
    // A key cut short goes to the status page, which says the link is no longer good.
    const cut = await get(`${opened.pathname}?key=${opened.searchParams.get("key")?.slice(0, 30)}`);
    expect([cut.status, cut.headers.get("Location")?.startsWith("/status?key=")]).toEqual([
      303,
      true,
    ]);

    await markSentByHand(db, admin, dueNow[0]?.id ?? "");
    const [entry] = await db
      .select({ body: appointmentActivity.body })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "message_sent_by_hand"));
    expect(entry?.body).toBe("WhatsApp message sent by hand: receipt.");
  });

  it("numbers credit notes made at once by two instances in their own series, without a gap", async () => {
    const { db } = database;
    const first = await family();
    const second = await seedFamily(db, {
      phone: "98100 55555",
      startsAt: india("2026-12-01T13:00"),
    });
    const other = await database.openInstance();
    const receipts = await Promise.all(
      [first.appointmentId, second.appointmentId].map((appointmentId) =>
        recordPayment(
          db,
          admin,
          appointmentId,
          { method: "upi", amountPaise: 100_000, paidOn: "2026-12-02", reference: "" },
          money,
          saleTime,
        ).then((paid) => ({ appointmentId, paymentId: paid.id })),
      ),
    );
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const receipt = receipts[index % 2];
        if (!receipt) throw new Error("no receipt");
        return issueCreditNote(
          index % 2 === 0 ? db : other.db,
          admin,
          receipt.appointmentId,
          { paymentId: receipt.paymentId, amountPaise: 1_000, reason: `Correction ${index}` },
          money,
          saleTime,
        );
      }),
    );
    expect(made.map((note) => note.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `HP/26-27/C${String(index + 1).padStart(5, "0")}`),
    );
    // The receipts' own series went on unmoved.
    expect(
      (await db.select({ number: payments.receiptNumber }).from(payments))
        .map((row) => row.number)
        .sort(),
    ).toEqual(["HP/26-27/000001", "HP/26-27/000002"]);
  });

  it("writes the accountant's CSV: each receipt, refund and credit note of the span, India dates, rupees with two decimals", async () => {
    const { db } = database;
    const { appointmentId, reference } = await family();
    const pay = (at: Date, paise: number) =>
      recordPayment(
        db,
        admin,
        appointmentId,
        { method: "upi", amountPaise: paise, paidOn: indiaDay(at), reference: "=HYPERLINK(1)" },
        money,
        at,
      );
    // 31 March 23:59 and 1 April 00:00 in India: two financial years, two days.
    await pay(india("2027-03-31T23:59"), 120_050);
    const april = await pay(india("2027-04-01T00:00"), 80_000);
    await recordRefund(
      db,
      admin,
      appointmentId,
      {
        method: "cash",
        amountPaise: 30_000,
        paidOn: "2027-04-01",
        reference: "",
        reason: "Overpaid",
      },
      india("2027-04-01T10:00"),
    );
    await issueCreditNote(
      db,
      admin,
      appointmentId,
      { paymentId: april.id, amountPaise: 10_000, reason: "Recorded ₹100 too much" },
      money,
      india("2027-04-01T11:00"),
    );
    const { text, rows } = await paymentsCsv(db, { from: "2027-04-01", to: "2027-04-30" });
    expect(rows).toBe(3);
    expect(text.split(/\r?\n/).filter(Boolean)).toEqual([
      "\uFEFFDate,Number,Kind,Received from,Request,Method,Reference,Received (INR),Paid back (INR),Credited (INR),Corrects receipt,Reason,Paid on,Recorded by,Collected by",
      `2027-04-01,${april.receiptNumber},Receipt,Asha Rani,${reference},UPI,'=HYPERLINK(1),800.00,,,,,2027-04-01,admin@clinic.test,`,
      `2027-04-01,,Refund,Asha Rani,${reference},Cash,,,300.00,,,Overpaid,2027-04-01,admin@clinic.test,`,
      `2027-04-01,HP/27-28/C00001,Credit note,Asha Rani,${reference},UPI,,,,100.00,${april.receiptNumber},Recorded ₹100 too much,2027-04-01,admin@clinic.test,`,
    ]);
    expect((await paymentsCsv(db, { from: "2027-03-31", to: "2027-03-31" })).text).toContain(
      ",1200.50,",
    );
  });

  it("gives the owner the money of a period by week, month, method and who took it, and what stands now", async () => {
    const { db } = database;
    const { appointmentId, visitId } = await family();
    const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
    const therapistId = visit?.therapistId ?? "";
    // A package on 30 November, the visit of 1 December charged a session of it.
    await sellPackage(db, admin, appointmentId, money, india("2026-11-30T10:00"));
    await done(visitId);
    const pay = (at: string, paise: number, method: "cash" | "upi", collectedBy?: string) =>
      recordPayment(
        db,
        admin,
        appointmentId,
        {
          method,
          amountPaise: paise,
          paidOn: at.slice(0, 10),
          reference: "",
          ...(collectedBy ? { collectedBy } : {}),
        },
        money,
        india(at),
      );
    await pay("2026-11-30T11:00", 500_000, "upi");
    const atDoor = await pay("2026-12-01T10:30", 300_000, "cash", therapistId);
    await pay("2026-12-08T09:00", 200_000, "upi");
    await recordRefund(
      db,
      admin,
      appointmentId,
      {
        method: "upi",
        amountPaise: 50_000,
        paidOn: "2026-12-08",
        reference: "",
        reason: "Overpaid",
      },
      india("2026-12-08T12:00"),
    );
    // The cash receipt was ₹1,000 too much: corrected in the week of 7 December, under its
    // method and the therapist who took it.
    await issueCreditNote(
      db,
      admin,
      appointmentId,
      { paymentId: atDoor.id, amountPaise: 100_000, reason: "Counted twice" },
      money,
      india("2026-12-08T13:00"),
    );
    // Before the period: not counted in it.
    await pay("2026-11-20T10:00", 10_000, "upi");
    const figures = await moneyFigures(
      db,
      { start: india("2026-11-30T00:00"), end: india("2026-12-09T00:00") },
      india("2026-12-09T09:00"),
    );
    expect(figures).toEqual({
      received: "₹10,000",
      refunded: "₹500",
      credited: "₹1,000",
      net: "₹8,500",
      packagesSold: "1 package, ₹10,800",
      // ₹10,800 charged; ₹10,100 paid less ₹500 back and ₹1,000 credited.
      owed: "₹2,200 by 1 family",
      sessionsLeft: "9",
      cashHeld: "₹2,000",
      byWeek: [
        ["30 Nov 2026", "₹8,000", "₹0", "₹0"],
        ["7 Dec 2026", "₹2,000", "₹500", "₹1,000"],
      ],
      byMonth: [
        ["November 2026", "₹5,000", "₹0", "₹0"],
        ["December 2026", "₹5,000", "₹500", "₹1,000"],
      ],
      byMethod: [
        ["Cash", "₹3,000", "₹0", "₹1,000"],
        ["UPI", "₹7,000", "₹500", "₹0"],
      ],
      byCollector: [
        ["The desk", "₹7,000", "₹500", "₹0"],
        ["Dr. Rao", "₹3,000", "₹0", "₹1,000"],
      ],
    });
  });
});
