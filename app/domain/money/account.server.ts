// What a family owes and has paid, one request at a time (decision 045; docs/payments.md): a
// package sold, the visits that use it or are charged one by one, the payments received (each
// with its receipt), the refunds and the credit notes. Every change is one transaction with its
// entry on the request's timeline, and nothing is ever edited or deleted: money paid back is a
// refund, and a receipt made wrongly is corrected by a credit note that refers to it (decision
// 046). The receipts of a financial year are numbered from `receipt_counters`, the credit notes
// from `credit_note_counters`, in the step's own transaction, so that two instances recording at
// once take the next two numbers, never the same one, and a step refused or rolled back leaves no
// gap.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import {
  type Actor,
  ErasedError,
  type NotStaff,
  recordChange,
  type Transaction,
} from "#app/domain/appointments/request-changes.server.ts";
import { queueFamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import {
  creditNoteNumber,
  financialYearOf,
  receiptNumber,
} from "#app/domain/money/financial-year.ts";
import type { Account, MoneyProblem } from "#app/domain/money/money-form.ts";
import { moneyTimeline } from "#app/domain/money/money-texts.ts";
import { currentPriceVersion, type MoneySettings } from "#app/domain/money/prices.server.ts";
import type { FamilyMessaging } from "#app/domain/visits/visits.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import type { PaymentMethod } from "#db/enums.ts";
import {
  appointments,
  charges,
  creditNotes,
  packages,
  payments,
  requestBalances,
  type VisitKind,
  visits,
} from "#db/schema.ts";

export class MoneyRefused extends Error {
  readonly problem: MoneyProblem;
  constructor(problem: MoneyProblem) {
    super(`money change refused: ${problem.kind}`);
    this.name = "MoneyRefused";
    this.problem = problem;
  }
}

/** How far back a payment's date may be: a year (a payment found late is still recorded). */
const oldestPaymentDays = 366;
const dayMs = 86_400_000;

/**
 * Moves a request's running sums (request_balances) by what a step charged and paid, at `at`: the
 * family owes from the moment the balance goes above zero, and owes nothing once it is back at or
 * below it. In the step's transaction; the upsert locks the row of sums, so two steps at once
 * (two visits of one request marked together) add up in turn.
 */
async function adjustBalance(
  tx: Transaction,
  appointmentId: string,
  delta: { chargedPaise?: number; paidPaise?: number },
  at: Date,
) {
  const charged = delta.chargedPaise ?? 0;
  const paid = delta.paidPaise ?? 0;
  await tx.execute(sql`
    insert into request_balances (appointment_id, charged_paise, paid_paise, owed_since)
    values (${appointmentId}, ${charged}, ${paid}, ${charged > paid ? at : null})
    on conflict (appointment_id) do update set
      charged_paise = request_balances.charged_paise + excluded.charged_paise,
      paid_paise = request_balances.paid_paise + excluded.paid_paise,
      owed_since = case
        when request_balances.charged_paise + excluded.charged_paise
          <= request_balances.paid_paise + excluded.paid_paise then null
        when request_balances.charged_paise > request_balances.paid_paise
          then request_balances.owed_since
        else ${at}::timestamptz end`);
}

/**
 * The next number of a financial year's series, in the step's transaction: the counter's row is
 * locked until it commits, so two instances take the next two numbers, and a step rolled back
 * gives its number back.
 */
async function nextInSeries(
  tx: Transaction,
  series: "receipt_counters" | "credit_note_counters",
  financialYear: string,
): Promise<number> {
  const counter = sql.identifier(series);
  const [row] = await queryRows<{ last_number: number }>(
    tx,
    sql`insert into ${counter} (financial_year, last_number) values (${financialYear}, 1)
        on conflict (financial_year) do update set last_number = ${counter}.last_number + 1
        returning last_number`,
  );
  if (!row) throw new Error(`the ${series} were not advanced`);
  return Number(row.last_number);
}

/** What the request has paid and not been paid back or credited (its row locked first). */
async function paidOf(tx: Transaction, appointmentId: string): Promise<number> {
  const [sums] = await tx
    .select({ paid: requestBalances.paidPaise })
    .from(requestBalances)
    .where(eq(requestBalances.appointmentId, appointmentId));
  return Number(sums?.paid ?? 0);
}

/** Locks the request's row; refuses an erased or missing one. Its name, language and reference. */
export async function lockRequest(tx: Transaction, appointmentId: string) {
  const [request] = await tx
    .select({
      name: appointments.name,
      language: appointments.language,
      reference: appointments.reference,
      erasedAt: appointments.erasedAt,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for("update");
  if (!request) throw new MoneyRefused({ kind: "no_request" });
  if (request.erasedAt !== null) throw new ErasedError();
  return request;
}

/**
 * Sells the current package (FEE_PACKAGE_SESSIONS sessions for FEE_PACKAGE_PRICE, valid
 * FEE_PACKAGE_DAYS days from today in India) to a request: the package and its charge. Its id.
 */
export async function sellPackage(
  db: Database,
  actor: Actor,
  appointmentId: string,
  money: MoneySettings,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockRequest(tx, appointmentId);
    return sellPackageIn(tx, actor, appointmentId, money, now);
  });
}

/** sellPackage's step, in a transaction that has locked the request. */
export async function sellPackageIn(
  tx: Transaction,
  actor: Actor | NotStaff,
  appointmentId: string,
  money: MoneySettings,
  now: Date,
): Promise<string> {
  const version = await currentPriceVersion(tx, money.prices);
  const [sold] = await tx
    .insert(packages)
    .values({
      appointmentId,
      priceVersionId: version.id,
      sessions: version.packageSessions,
      pricePaise: version.packagePricePaise,
      // India keeps one offset: D days after now is D days after today there.
      validUntil: indiaDay(new Date(now.getTime() + version.packageDays * dayMs)),
      soldBy: actor.id,
      soldByEmail: actor.email,
      soldAt: now,
    })
    .returning({ id: packages.id, validUntil: packages.validUntil });
  if (!sold) throw new Error("the package was not stored");
  await tx.insert(charges).values({
    appointmentId,
    kind: "package",
    amountPaise: version.packagePricePaise,
    packageId: sold.id,
    priceVersionId: version.id,
    createdAt: now,
  });
  await adjustBalance(tx, appointmentId, { chargedPaise: version.packagePricePaise }, now);
  await recordChange(tx, appointmentId, actor, {
    kind: "package_sold",
    body: moneyTimeline.packageSold(
      version.packageSessions,
      version.packagePricePaise,
      sold.validUntil,
    ),
  });
  return sold.id;
}

/**
 * What a visit that happened costs, inside the transaction that marks it (markVisit): the free
 * assessment nothing; a treatment done (or not home, when VISIT_NO_SHOW_CHARGE charges it) a
 * session of the oldest package still valid on the visit's day with sessions left, or else a
 * session's price. The request's packages are locked first, so two visits marked at once never
 * take the last session twice. What it charged.
 */
export async function settleVisit(
  tx: Transaction,
  visit: { id: string; appointmentId: string; kind: VisitKind; startsAt: Date },
  outcome: "done" | "no_show",
  money: MoneySettings,
  now = new Date(),
): Promise<"free" | "package_session" | "session" | "no_show"> {
  if (visit.kind === "assessment") return "free";
  if (outcome === "no_show" && !money.chargeNoShow) return "free";
  // The request's packages locked, oldest first: two visits marked at once never take the last
  // session twice.
  const held = await tx
    .select({
      id: packages.id,
      priceVersionId: packages.priceVersionId,
      sessions: packages.sessions,
      sessionsUsed: packages.sessionsUsed,
      validUntil: packages.validUntil,
    })
    .from(packages)
    .where(eq(packages.appointmentId, visit.appointmentId))
    .orderBy(asc(packages.soldAt), asc(packages.id))
    .for("update");
  const day = indiaDay(visit.startsAt);
  const open = held.find((sold) => sold.validUntil >= day && sold.sessionsUsed < sold.sessions);
  if (open) {
    await tx
      .update(packages)
      .set({ sessionsUsed: sql`${packages.sessionsUsed} + 1` })
      .where(eq(packages.id, open.id));
    await tx.insert(charges).values({
      appointmentId: visit.appointmentId,
      kind: "package_session",
      amountPaise: 0,
      visitId: visit.id,
      packageId: open.id,
      priceVersionId: open.priceVersionId,
      createdAt: now,
    });
    return "package_session";
  }
  const version = await currentPriceVersion(tx, money.prices);
  const kind = outcome === "done" ? "session" : "no_show";
  await tx.insert(charges).values({
    appointmentId: visit.appointmentId,
    kind,
    amountPaise: version.homeSessionPaise,
    visitId: visit.id,
    priceVersionId: version.id,
    createdAt: now,
  });
  await adjustBalance(tx, visit.appointmentId, { chargedPaise: version.homeSessionPaise }, now);
  return kind;
}

export interface PaymentInput {
  method: PaymentMethod;
  amountPaise: number;
  /** The India day the money changed hands (yyyy-mm-dd). */
  paidOn: string;
  reference: string;
  /** The therapist who took it at the door: theirs to hand in, if cash. */
  collectedBy?: string;
  /** Razorpay's payment id, for money paid online (booked once: a unique column). */
  gatewayPaymentId?: string;
}

/** Refuses a payment's day after today or more than a year back, in India. */
function checkPaidOn(paidOn: string, now: Date) {
  const today = indiaDay(now);
  if (paidOn > today) throw new MoneyRefused({ kind: "paid_on_future" });
  if (paidOn < indiaDay(new Date(now.getTime() - oldestPaymentDays * dayMs))) {
    throw new MoneyRefused({ kind: "paid_on_too_old" });
  }
}

/**
 * Records money received for a request, with its receipt: the next number of the financial year
 * the receipt is made in (India time), made out to the request's name, in its language; and, when
 * the family asked for WhatsApp updates, a message with a link to the receipt (decision 046),
 * queued in the same transaction. The payment's id and receipt number.
 */
export async function recordPayment(
  db: Database,
  actor: Actor,
  appointmentId: string,
  payment: PaymentInput,
  money: Pick<MoneySettings, "receiptPrefix">,
  now = new Date(),
  messaging: FamilyMessaging = {},
): Promise<{ id: string; receiptNumber: string }> {
  checkPaidOn(payment.paidOn, now);
  const recorded = await db.transaction(async (tx) => {
    await lockRequest(tx, appointmentId);
    return recordPaymentIn(tx, actor, appointmentId, payment, money, now, messaging);
  });
  if (recorded.queued !== null) messaging.messageQueued?.();
  return { id: recorded.id, receiptNumber: recorded.receiptNumber };
}

/**
 * recordPayment's step, in a transaction that has locked the request (lockRequest). The payment's
 * id and receipt number, and the receipt's message if one was queued (wake the sender after the
 * commit).
 */
export async function recordPaymentIn(
  tx: Transaction,
  actor: Actor | NotStaff,
  appointmentId: string,
  payment: PaymentInput,
  money: Pick<MoneySettings, "receiptPrefix">,
  now: Date,
  messaging: FamilyMessaging,
): Promise<{ id: string; receiptNumber: string; queued: string | null }> {
  const [request] = await tx
    .select({ name: appointments.name, language: appointments.language })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!request) throw new MoneyRefused({ kind: "no_request" });
  const financialYear = financialYearOf(now);
  const seq = await nextInSeries(tx, "receipt_counters", financialYear);
  const number = receiptNumber(money.receiptPrefix, financialYear, seq);
  const [stored] = await tx
    .insert(payments)
    .values({
      appointmentId,
      direction: "in",
      method: payment.method,
      amountPaise: payment.amountPaise,
      paidOn: payment.paidOn,
      reference: payment.reference,
      payerName: request.name,
      language: request.language,
      financialYear,
      receiptSeq: seq,
      receiptNumber: number,
      recordedBy: actor.id,
      recordedByEmail: actor.email,
      recordedAt: now,
      collectedBy: payment.collectedBy ?? null,
      gatewayPaymentId: payment.gatewayPaymentId ?? null,
    })
    .returning({ id: payments.id });
  if (!stored) throw new Error("the payment was not stored");
  await adjustBalance(tx, appointmentId, { paidPaise: payment.amountPaise }, now);
  await recordChange(tx, appointmentId, actor, {
    kind: "payment_received",
    body: moneyTimeline.paymentReceived(payment.amountPaise, payment.method, number),
  });
  const queued = await queueFamilyMessage(
    tx,
    { appointmentId, paymentId: stored.id, kind: "family_receipt" },
    messaging.messages ?? "by_hand",
  );
  return { id: stored.id, receiptNumber: number, queued };
}

/**
 * Records money paid back to a family, with its reason: never more than they have paid and not
 * been paid back. The refund's id.
 */
export async function recordRefund(
  db: Database,
  actor: Actor,
  appointmentId: string,
  refund: PaymentInput & { reason: string },
  now = new Date(),
): Promise<string> {
  checkPaidOn(refund.paidOn, now);
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, appointmentId);
    // What they have paid and not been paid back: the running sum (the request's row is locked,
    // and every payment's step locks it too).
    const refundablePaise = await paidOf(tx, appointmentId);
    if (refund.amountPaise > refundablePaise) {
      throw new MoneyRefused({ kind: "refund_too_large", refundablePaise });
    }
    const [stored] = await tx
      .insert(payments)
      .values({
        appointmentId,
        direction: "out",
        method: refund.method,
        amountPaise: refund.amountPaise,
        paidOn: refund.paidOn,
        reference: refund.reference,
        reason: refund.reason,
        payerName: request.name,
        language: request.language,
        recordedBy: actor.id,
        recordedByEmail: actor.email,
        recordedAt: now,
      })
      .returning({ id: payments.id });
    if (!stored) throw new Error("the refund was not stored");
    await adjustBalance(tx, appointmentId, { paidPaise: -refund.amountPaise }, now);
    await recordChange(tx, appointmentId, actor, {
      kind: "payment_refunded",
      body: moneyTimeline.refunded(refund.amountPaise, refund.method, refund.reason),
    });
    return stored.id;
  });
}

/**
 * Corrects a receipt made wrongly (decision 046): a credit note with the next number of the
 * financial year's credit notes, referring to the receipt, taking back `amountPaise` of it for
 * `reason`. Never more than the receipt less the credit notes already made on it, nor more than
 * the family has paid and not been paid back. The credit note's id and number.
 */
export async function issueCreditNote(
  db: Database,
  actor: Actor,
  appointmentId: string,
  note: { paymentId: string; amountPaise: number; reason: string },
  money: Pick<MoneySettings, "receiptPrefix">,
  now = new Date(),
): Promise<{ id: string; number: string }> {
  return db.transaction(async (tx) => {
    await lockRequest(tx, appointmentId);
    const [receipt] = await tx
      .select({
        number: payments.receiptNumber,
        amountPaise: payments.amountPaise,
        payerName: payments.payerName,
        language: payments.language,
      })
      .from(payments)
      .where(
        and(
          eq(payments.id, note.paymentId),
          eq(payments.appointmentId, appointmentId),
          eq(payments.direction, "in"),
        ),
      );
    if (!receipt?.number) throw new MoneyRefused({ kind: "no_receipt" });
    const [credited] = await tx
      .select({ sum: sql<number>`coalesce(sum(${creditNotes.amountPaise}), 0)` })
      .from(creditNotes)
      .where(eq(creditNotes.paymentId, note.paymentId));
    const creditablePaise = Math.min(
      receipt.amountPaise - Number(credited?.sum ?? 0),
      await paidOf(tx, appointmentId),
    );
    if (note.amountPaise > creditablePaise) {
      throw new MoneyRefused({
        kind: "credit_too_large",
        creditablePaise: Math.max(0, creditablePaise),
      });
    }
    const financialYear = financialYearOf(now);
    const seq = await nextInSeries(tx, "credit_note_counters", financialYear);
    const number = creditNoteNumber(money.receiptPrefix, financialYear, seq);
    const [stored] = await tx
      .insert(creditNotes)
      .values({
        appointmentId,
        paymentId: note.paymentId,
        amountPaise: note.amountPaise,
        reason: note.reason,
        payerName: receipt.payerName,
        language: receipt.language,
        financialYear,
        seq,
        number,
        recordedBy: actor.id,
        recordedByEmail: actor.email,
        recordedAt: now,
      })
      .returning({ id: creditNotes.id });
    if (!stored) throw new Error("the credit note was not stored");
    await adjustBalance(tx, appointmentId, { paidPaise: -note.amountPaise }, now);
    await recordChange(tx, appointmentId, actor, {
      kind: "credit_note_issued",
      body: moneyTimeline.creditNote(note.amountPaise, number, receipt.number, note.reason),
    });
    return { id: stored.id, number };
  });
}

export async function accountOf(
  db: Pick<Database, "select">,
  appointmentId: string,
): Promise<Account> {
  const [packageRows, chargeRows, paymentRows, creditRows] = await Promise.all([
    db
      .select({
        id: packages.id,
        sessions: packages.sessions,
        used: packages.sessionsUsed,
        pricePaise: packages.pricePaise,
        validUntil: packages.validUntil,
        soldAt: packages.soldAt,
      })
      .from(packages)
      .where(eq(packages.appointmentId, appointmentId))
      .orderBy(asc(packages.soldAt), asc(packages.id)),
    db
      .select({
        id: charges.id,
        kind: charges.kind,
        amountPaise: charges.amountPaise,
        visitStartsAt: visits.startsAt,
        createdAt: charges.createdAt,
      })
      .from(charges)
      .leftJoin(visits, eq(visits.id, charges.visitId))
      .where(eq(charges.appointmentId, appointmentId))
      .orderBy(asc(charges.createdAt), asc(charges.id)),
    db
      .select({
        id: payments.id,
        direction: payments.direction,
        method: payments.method,
        amountPaise: payments.amountPaise,
        paidOn: payments.paidOn,
        reference: payments.reference,
        reason: payments.reason,
        receiptNumber: payments.receiptNumber,
        recordedByEmail: payments.recordedByEmail,
        recordedAt: payments.recordedAt,
      })
      .from(payments)
      .where(eq(payments.appointmentId, appointmentId))
      .orderBy(asc(payments.recordedAt), asc(payments.id)),
    db
      .select({
        id: creditNotes.id,
        number: creditNotes.number,
        paymentId: creditNotes.paymentId,
        receiptNumber: payments.receiptNumber,
        amountPaise: creditNotes.amountPaise,
        reason: creditNotes.reason,
        recordedAt: creditNotes.recordedAt,
      })
      .from(creditNotes)
      .innerJoin(payments, eq(payments.id, creditNotes.paymentId))
      .where(eq(creditNotes.appointmentId, appointmentId))
      .orderBy(asc(creditNotes.recordedAt), asc(creditNotes.id)),
  ]);
  const chargedPaise = chargeRows.reduce((sum, charge) => sum + charge.amountPaise, 0);
  const paidPaise =
    paymentRows.reduce(
      (sum, payment) =>
        sum + (payment.direction === "in" ? payment.amountPaise : -payment.amountPaise),
      0,
    ) - creditRows.reduce((sum, note) => sum + note.amountPaise, 0);
  return {
    packages: packageRows,
    charges: chargeRows,
    payments: paymentRows,
    creditNotes: creditRows.map((note) => ({ ...note, receiptNumber: note.receiptNumber ?? "" })),
    chargedPaise,
    paidPaise,
    balancePaise: chargedPaise - paidPaise,
  };
}

/**
 * What each of `appointmentIds` owes (charges less payments), for those that owe anything: the
 * therapist's "collect ₹X" on a visit's card.
 */
export async function duesOf(
  db: Pick<Database, "select">,
  appointmentIds: readonly string[],
): Promise<Map<string, number>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: requestBalances.appointmentId,
      due: sql<number>`${requestBalances.chargedPaise} - ${requestBalances.paidPaise}`,
    })
    .from(requestBalances)
    .where(
      and(
        inArray(requestBalances.appointmentId, [...appointmentIds]),
        sql`${requestBalances.chargedPaise} > ${requestBalances.paidPaise}`,
      ),
    );
  return new Map(rows.map((row) => [row.id, Number(row.due)]));
}
