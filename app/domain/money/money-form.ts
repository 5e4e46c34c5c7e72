// What staff send about a request's money from its page (the "Account" section): one schema for
// the browser and the server. Amounts are read as paise by parseRupees; the currency, when a form
// names one, must be the rupee. It imports no server code; its words are in money-texts.ts.
import { parseRupees } from "#app/domain/money/amounts.ts";
import { moneyFormMessages as messages } from "#app/domain/money/money-texts.ts";
import { typedText } from "#app/lib/typed-text.ts";
import { z } from "#app/lib/zod.ts";
import { manualPaymentMethods, type PaymentMethod } from "#db/enums.ts";
import type { ChargeKind } from "#db/schema.ts";

/** Why a money change is refused (the words: moneyProblemMessage in money-texts.ts). */
export type MoneyProblem =
  | { kind: "no_request" }
  | { kind: "paid_on_future" | "paid_on_too_old" }
  | { kind: "refund_too_large"; refundablePaise: number }
  | { kind: "no_receipt" }
  | { kind: "nothing_due" }
  | { kind: "credit_too_large"; creditablePaise: number };

const moneyIntents = [
  "package-sell",
  "payment-record",
  "payment-refund",
  "credit-note",
  "link-due",
  "link-package",
] as const;
export type MoneyIntent = (typeof moneyIntents)[number];

export function isMoneyIntent(intent: unknown): intent is MoneyIntent {
  return (moneyIntents as readonly unknown[]).includes(intent);
}

const amount = z.string(messages.amount.empty).transform((typed, ctx) => {
  const read = parseRupees(typed);
  if ("problem" in read) {
    ctx.addIssue({ code: "custom", message: messages.amount[read.problem] });
    return z.NEVER;
  }
  return read.paise;
});

/** The rupee only: a form may say so ("INR"), and nothing else is accepted. */
const currency = z
  .string()
  .optional()
  .refine(
    (value) => value === undefined || value.trim().toUpperCase() === "INR",
    messages.currency,
  );

const paidOn = z
  .string(messages.paidOn)
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, messages.paidOn);

const reference = z
  .string()
  .optional()
  .transform((value) => typedText(value ?? ""))
  .pipe(z.string().max(100, messages.reference));

const payment = {
  amount,
  currency,
  method: z.enum(manualPaymentMethods, messages.method),
  paidOn,
  reference,
};

/** Why money goes back, or a receipt is corrected: said in words, at most 500 characters. */
const reason = (message: string) =>
  z
    .string(message)
    .transform((value) => typedText(value))
    .pipe(z.string().min(1, message).max(500, message));

export const moneyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("package-sell") }),
  z.object({ intent: z.literal("payment-record"), ...payment }),
  z.object({
    intent: z.literal("payment-refund"),
    ...payment,
    reason: reason(messages.reason),
  }),
  z.object({ intent: z.literal("link-due") }),
  z.object({ intent: z.literal("link-package") }),
  z.object({
    intent: z.literal("credit-note"),
    paymentId: z.uuid(messages.receipt),
    amount,
    currency,
    reason: reason(messages.creditReason),
  }),
]);

/** What the account's forms answer. */
export type MoneyResult =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      field?: "amount" | "method" | "paidOn" | "reason" | "reference" | "paymentId";
    };

/** A package as the account shows it. */
interface AccountPackage {
  id: string;
  sessions: number;
  used: number;
  pricePaise: number;
  validUntil: string;
  soldAt: Date;
}

/** A charge as the account shows it: for a visit, its start. */
interface AccountCharge {
  id: string;
  kind: ChargeKind;
  amountPaise: number;
  visitStartsAt: Date | null;
  createdAt: Date;
}

/** A credit note as the account shows it: the receipt it corrects, by number. */
interface AccountCreditNote {
  id: string;
  number: string;
  paymentId: string;
  receiptNumber: string;
  amountPaise: number;
  reason: string;
  recordedAt: Date;
}

interface AccountPayment {
  id: string;
  direction: "in" | "out";
  method: PaymentMethod;
  amountPaise: number;
  paidOn: string;
  reference: string;
  reason: string | null;
  receiptNumber: string | null;
  recordedByEmail: string;
  recordedAt: Date;
}

/** A request's account: what was sold and charged, what was paid, and what is owed. */
export interface Account {
  packages: AccountPackage[];
  charges: AccountCharge[];
  payments: AccountPayment[];
  creditNotes: AccountCreditNote[];
  chargedPaise: number;
  /** Received less refunded and credited. */
  paidPaise: number;
  /** What the family owes (negative: what the clinic holds for them). */
  balancePaise: number;
}

/** The money on Insights, every figure written (money-figures.server.ts). */
export interface MoneyInsightsView {
  received: string;
  refunded: string;
  credited: string;
  net: string;
  packagesSold: string;
  owed: string;
  sessionsLeft: string;
  cashHeld: string;
  byWeek: string[][];
  byMonth: string[][];
  byMethod: string[][];
  byCollector: string[][];
}
