// The words of the money on staff pages (decision 045; docs/payments.md): the account on a
// request's page, its forms, their refusals and the timeline's entries. Staff pages are in
// English; what the family reads (the status page, the receipt) has its words in both languages
// where it is shown.
import type { AmountProblem } from "#app/domain/money/amounts.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import type { MoneyProblem } from "#app/domain/money/money-form.ts";
import type { PaymentMethod } from "#db/enums.ts";

export const paymentMethodNames: Record<PaymentMethod, string> = {
  cash: "Cash",
  upi: "UPI",
  bank_transfer: "Bank transfer",
  card: "Card",
  online: "Online (Razorpay)",
};

const shortDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const longMonth = new Intl.DateTimeFormat("en-GB", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "1 Dec 2026" from a yyyy-mm-dd India day. */
export function dayName(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

export const moneyTimeline = {
  packageSold: (sessions: number, pricePaise: number, validUntil: string) =>
    `Package of ${sessions} sessions sold for ${formatPaise(pricePaise)}, valid until ${dayName(validUntil)}.`,
  paymentReceived: (amountPaise: number, method: PaymentMethod, receipt: string) =>
    `${formatPaise(amountPaise)} received (${paymentMethodNames[method]}), receipt ${receipt}.`,
  refunded: (amountPaise: number, method: PaymentMethod, reason: string) =>
    `${formatPaise(amountPaise)} refunded (${paymentMethodNames[method]}): ${reason}`,
  paymentLink: (amountPaise: number, purpose: "due" | "package", url: string) =>
    `Payment link for ${formatPaise(amountPaise)} (${purpose === "package" ? "a package" : "what is due"}): ${url}`,
  creditNote: (amountPaise: number, number: string, receipt: string, reason: string) =>
    `Credit note ${number} of ${formatPaise(amountPaise)} on receipt ${receipt}: ${reason}`,
};

export const moneyFormMessages = {
  failed: "That did not work. Try again.",
  method: "Choose how the money was paid.",
  paidOn: "Enter the date the money was paid.",
  currency: "Amounts are in rupees (INR) only.",
  reason: "Say why the money is paid back (at most 500 characters).",
  creditReason: "Say what was wrong with the receipt (at most 500 characters).",
  noRazorpay: "Online payment is not set up (docs/payments.md).",
  linkFailed: "Razorpay did not make the link just now. Try again in a minute.",
  receipt: "Choose the receipt to correct.",
  reference: "The reference can be at most 100 characters.",
  amount: {
    empty: "Enter the amount in rupees.",
    not_a_number: "Enter the amount in rupees, in figures (for example 1200 or 1200.50).",
    not_positive: "The amount must be more than ₹0.",
    too_many_decimals: "An amount has at most two decimals (paise).",
    too_large: "An amount can be at most ₹10,00,000.",
  } satisfies Record<AmountProblem, string>,
};

/** What the account's forms say when they worked. */
export const moneyDone = {
  "package-sell": "Package sold.",
  "payment-record": (receipt: string) => `Payment recorded: receipt ${receipt}.`,
  "payment-refund": "Refund recorded.",
  "credit-note": (number: string) => `Credit note ${number} made.`,
  link: (amountPaise: number, url: string) =>
    `Payment link for ${formatPaise(amountPaise)} made: ${url}`,
};

export const accountTexts = {
  heading: "Account",
  packagesHeading: "Packages",
  chargesHeading: "Charges",
  paymentsHeading: "Payments",
  noPackages: "No package sold.",
  noCharges: "Nothing charged yet.",
  noPayments: "No payment recorded.",
  charged: "Charged",
  paid: "Paid",
  owes: (amount: number) => `Owes ${formatPaise(amount)}`,
  inCredit: (amount: number) => `In credit ${formatPaise(amount)}`,
  settled: "Nothing owed",
  packageLine: (sessions: number, used: number, validUntil: string) =>
    `${sessions} sessions: ${used} used, ${sessions - used} left, valid until ${dayName(validUntil)}`,
  chargeKinds: {
    package: "Package",
    session: "Session at home",
    no_show: "Patient not home",
    package_session: "Session from the package",
  },
  sell: (sessions: number, pricePaise: number) =>
    `Sell a package of ${sessions} sessions (${formatPaise(pricePaise)})`,
  recordPayment: "Record payment",
  recordRefund: "Record refund",
  creditNote: "Correct a receipt (credit note)",
  creditNoteHint:
    "A receipt is never changed. When one was made wrongly (a wrong amount, a payment recorded twice), a credit note takes back all or part of it; then record the payment again if it needs recording.",
  creditReceipt: "Receipt",
  creditNoteLine: (number: string, receipt: string) =>
    `Credit note ${number} on receipt ${receipt}`,
  whatWasWrong: "What was wrong",
  amount: "Amount (₹)",
  method: "Method",
  paidOn: "Paid on",
  reference: "Reference (optional)",
  referenceHint: "The UPI transaction id, or the bank's reference.",
  reason: "Reason",
  receipt: "Receipt",
  onWhatsapp: "WhatsApp:",
  onlineHeading: "Online payment (Razorpay)",
  linkDue: (amount: number) => `Send a payment link for what is due (${formatPaise(amount)})`,
  linkPackage: (sessions: number, pricePaise: number) =>
    `Send a payment link for a package of ${sessions} sessions (${formatPaise(pricePaise)})`,
  linkPurposes: { due: "What was due", package: "A package" },
  linkStates: {
    creating: "being made",
    created: "waiting for payment",
    paid: "paid",
    failed: "Razorpay did not make it",
  },
  refund: "Refund",
};

/** The words of a refused money change. */
export function moneyProblemMessage(problem: MoneyProblem): string {
  switch (problem.kind) {
    case "no_request":
      return "This request is not there any more.";
    case "paid_on_future":
      return "The date paid cannot be after today.";
    case "paid_on_too_old":
      return "The date paid can be at most a year ago.";
    case "refund_too_large":
      return `A refund can be at most what was paid and not yet paid back: ${formatPaise(problem.refundablePaise)}.`;
    case "no_receipt":
      return "That receipt is not one of this request's.";
    case "nothing_due":
      return "Nothing is owed: there is nothing to ask for.";
    case "credit_too_large":
      return `A credit note on this receipt can be at most ${formatPaise(problem.creditablePaise)}: the receipt less its credit notes, and no more than was paid and not paid back.`;
  }
}

/** The desk's money page (/admin/money): the cash with therapists and what families owe. */
export const moneyPageTexts = {
  title: "Money",
  back: "Back to requests",
  intro:
    "The cash therapists took at the door and have not handed in, and what families owe, the longest owed first.",
  cashHeading: "Cash with therapists",
  noCash: "No therapist holds cash.",
  cashColumns: {
    therapist: "Therapist",
    payments: "Payments",
    total: "Total",
    since: "Held since",
  },
  handIn: (amount: string, therapist: string) => `Received ${amount} from ${therapist}`,
  handedIn: (amount: string) => `${amount} received and marked handed in.`,
  nothingToHandIn: "That cash was handed in already.",
  onlineHeading: "Online payments to look at",
  onlineIntro:
    "Deliveries from Razorpay that were not booked as paid: a different amount, a link that is not ours, a refund or a failed payment. Check each in Razorpay's dashboard, record by hand what did arrive, then mark it seen.",
  noRefused: "Nothing to look at.",
  openRequest: "Open the request",
  markSeen: "Mark seen",
  eventSeen: "Marked seen.",
  eventSeenBefore: "Someone marked it seen already.",
  duesHeading: "What families owe",
  noDues: "No family owes anything.",
  duesColumns: { request: "Request", owes: "Owes", since: "Owed since" },
  duesLimited: (limit: number) => `The ${limit} longest owed are shown.`,
  failed: "That did not work. Try again.",
  loadFailed: "The money could not be shown just now. Please try again.",
  exportHeading: "Payments for the accountant",
  exportIntro:
    "Every receipt and refund made between two days (India dates), one row each, amounts in rupees with two decimals.",
  exportFrom: "From",
  exportTo: "To",
  exportButton: "Download CSV",
  pricesHeading: "Prices",
  priceLine: (session: string, sessions: number, packagePrice: string, days: number) =>
    `A session at home ${session}; a package of ${sessions} sessions ${packagePrice}, valid ${days} days. The assessment is free.`,
  pricesHow:
    "The prices are the settings FEE_HOME_SESSION, FEE_PACKAGE_SESSIONS, FEE_PACKAGE_PRICE and FEE_PACKAGE_DAYS: the public pages state them and every charge is made at them. To change one, change the setting and restart (docs/payments.md).",
  historyHeading: "Prices charged so far",
  historyLine: (from: string, line: string) => `From ${from}: ${line}`,
};

/** The money's section of Insights (docs/insights.md). */
export const moneyInsightsTexts = {
  section: "Money",
  received: "Received",
  refunded: "Paid back",
  credited: "Credit notes",
  net: "Net",
  packagesSoldLabel: "Packages sold",
  packagesSold: (count: number, total: string) =>
    `${count} ${count === 1 ? "package" : "packages"}, ${total}`,
  owedLabel: "Owed now",
  owed: (total: string, families: number) =>
    `${total} by ${families} ${families === 1 ? "family" : "families"}`,
  sessionsLeftLabel: "Sessions left on packages now",
  cashHeldLabel: "Cash with therapists now",
  periodNote:
    "Received, paid back and credit notes: the receipts, refunds and credit notes made in the period. Owed, sessions left and cash held: as they stand now, whatever the period.",
  byWeek: "By week",
  byMonth: "By month",
  byMethod: "By method",
  byCollector: "By who took it",
  columns: {
    week: "Week of",
    month: "Month",
    method: "Method",
    who: "Who",
    received: "Received",
    refunded: "Paid back",
    credited: "Credit notes",
  },
  desk: "The desk",
  weekOf: (day: string) => dayName(day),
  monthOf: (month: string) => longMonth.format(new Date(`${month}-01T00:00:00Z`)),
  list: "What families owe, and the cash with therapists",
  none: "No money in this period.",
};

/** What Razorpay's webhook answers (read by Razorpay's dashboard, and by a person testing it). */
export const razorpayWebhookText = {
  notFound: "Not Found",
  methodNotAllowed: "Method Not Allowed",
  unsigned: "The request is not signed (X-Razorpay-Signature).",
  badSignature: "The signature does not match the body.",
  notJson: "The body is not JSON.",
  received: "OK",
} as const;
