// A request's money on its page (decisions 045, 046; docs/payments.md): the packages sold with
// their sessions used and left, the charges, the payments with their receipts and credit notes,
// the balance, and the forms that sell a package, record a payment, record a refund and correct a
// receipt. Each form is a post that works
// before the JavaScript has loaded; its answer shows as a toast, a refusal beside its field.
import { useRef } from "react";
import { useToastedFetcher } from "#app/components/admin/use-toasted-fetcher.ts";
import { familyMessageStateNames } from "#app/domain/messages/family-desk-texts.ts";
import type { VisitsFamilySide } from "#app/domain/messages/visit-messages.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import type { Account, MoneyResult } from "#app/domain/money/money-form.ts";
import {
  dayName,
  paymentMethodNames,
  accountTexts as texts,
} from "#app/domain/money/money-texts.ts";
import { formatDate, indiaDay } from "#app/lib/dates.ts";
import { manualPaymentMethods } from "#db/enums.ts";

export interface AccountData {
  account: Account;
  /** Each receipt's WhatsApp message to the family, by the payment's id (decision 046). */
  receiptMessages: VisitsFamilySide["receiptMessages"];
  /** The package on sale now (the prices' current figures). */
  offer: { sessions: number; pricePaise: number };
  /** Today in India (yyyy-mm-dd): the payment date's first value and its latest. */
  today: string;
  /** Razorpay's payment links, when the clinic has it set up (decision 047); null: not offered. */
  online: { links: OnlineLink[] } | null;
}

interface OnlineLink {
  id: string;
  purpose: "due" | "package";
  amountPaise: number;
  status: "creating" | "created" | "paid" | "failed";
  shortUrl: string | null;
  createdAt: Date;
}

/** Payment links: make one for what is due or for a package; those made, with their state. */
function OnlinePayment({
  online,
  owedPaise,
  offer,
}: {
  online: NonNullable<AccountData["online"]>;
  owedPaise: number;
  offer: AccountData["offer"];
}) {
  const fetcher = useToastedFetcher<MoneyResult>();
  return (
    <div className="space-y-2" data-online>
      <h3 className="font-semibold text-slate-900">{texts.onlineHeading}</h3>
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        {owedPaise > 0 ? (
          <button
            type="submit"
            name="intent"
            value="link-due"
            className={button}
            disabled={fetcher.state !== "idle"}
          >
            {texts.linkDue(owedPaise)}
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="link-package"
          className={button}
          disabled={fetcher.state !== "idle"}
        >
          {texts.linkPackage(offer.sessions, offer.pricePaise)}
        </button>
      </fetcher.Form>
      {online.links.length === 0 ? null : (
        <ul className="space-y-1" aria-label={texts.onlineHeading}>
          {online.links.map((link) => (
            <li key={link.id} className="text-slate-800" data-link-status={link.status}>
              {formatDate(new Date(link.createdAt))} · {texts.linkPurposes[link.purpose]} ·{" "}
              {formatPaise(link.amountPaise)} · {texts.linkStates[link.status]}
              {link.shortUrl && link.status === "created" ? (
                <>
                  {" "}
                  ·{" "}
                  <a href={link.shortUrl} className="font-medium text-brand-700 underline">
                    {link.shortUrl}
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const button =
  "inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ring-1 ring-brand-700 text-brand-800 hover:bg-brand-50";
const primary =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800";
const field = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3";
const label = "block text-sm font-medium text-slate-800";

function Balance({ account }: { account: Account }) {
  const owed = account.balancePaise;
  return (
    <p className="text-base font-semibold text-slate-900" data-balance={owed}>
      {owed > 0 ? texts.owes(owed) : owed < 0 ? texts.inCredit(-owed) : texts.settled}
      <span className="ml-2 text-sm font-normal text-slate-700">
        ({texts.charged} {formatPaise(account.chargedPaise)} · {texts.paid}{" "}
        {formatPaise(account.paidPaise)})
      </span>
    </p>
  );
}

/** The fields of a payment or a refund; `prefix` keeps the two forms' ids apart. */
function PaymentFields({
  prefix,
  today,
  refused,
}: {
  prefix: string;
  today: string;
  refused: MoneyResult | undefined;
}) {
  const problem = refused && !refused.ok ? refused : undefined;
  const invalid = (name: string) => problem?.field === name || undefined;
  const describedBy = (name: string) => (problem?.field === name ? `${prefix}-error` : undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className={label}>
        {texts.amount}
        <input
          name="amount"
          inputMode="decimal"
          required
          autoComplete="off"
          aria-invalid={invalid("amount")}
          aria-describedby={describedBy("amount")}
          className={field}
        />
      </label>
      <label className={label}>
        {texts.method}
        <select name="method" className={field} defaultValue="upi">
          {manualPaymentMethods.map((method) => (
            <option key={method} value={method}>
              {paymentMethodNames[method]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        {texts.paidOn}
        <input
          type="date"
          name="paidOn"
          required
          defaultValue={today}
          max={today}
          aria-invalid={invalid("paidOn")}
          aria-describedby={describedBy("paidOn")}
          className={field}
        />
      </label>
      <label className={label}>
        {texts.reference}
        <input
          name="reference"
          maxLength={100}
          autoComplete="off"
          aria-invalid={invalid("reference")}
          aria-describedby={describedBy("reference")}
          className={field}
        />
      </label>
      <input type="hidden" name="currency" value="INR" />
    </div>
  );
}

function PaymentForm({ today }: { today: string }) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useToastedFetcher<MoneyResult>(() => form.current?.reset());
  return (
    <fetcher.Form method="post" ref={form} className="space-y-3" aria-label={texts.recordPayment}>
      <input type="hidden" name="intent" value="payment-record" />
      <PaymentFields prefix="payment" today={today} refused={fetcher.data} />
      {fetcher.data && !fetcher.data.ok && fetcher.data.field ? (
        <p id="payment-error" className="text-sm text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
      <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
        {texts.recordPayment}
      </button>
    </fetcher.Form>
  );
}

function RefundForm({ today }: { today: string }) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useToastedFetcher<MoneyResult>(() => form.current?.reset());
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900">
        {texts.recordRefund}
      </summary>
      <fetcher.Form
        method="post"
        ref={form}
        className="mt-2 space-y-3"
        aria-label={texts.recordRefund}
      >
        <input type="hidden" name="intent" value="payment-refund" />
        <PaymentFields prefix="refund" today={today} refused={fetcher.data} />
        <label className={label}>
          {texts.reason}
          <input
            name="reason"
            required
            maxLength={500}
            aria-invalid={refused?.field === "reason" || undefined}
            aria-describedby={refused?.field === "reason" ? "refund-error" : undefined}
            className={field}
          />
        </label>
        {refused?.field ? (
          <p id="refund-error" className="text-sm text-red-800">
            {refused.message}
          </p>
        ) : null}
        <button type="submit" className={button} disabled={fetcher.state !== "idle"}>
          {texts.recordRefund}
        </button>
      </fetcher.Form>
    </details>
  );
}

/** A credit note on one of the request's receipts: the receipt, the amount taken back, why. */
function CreditNoteForm({ receipts }: { receipts: Account["payments"] }) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useToastedFetcher<MoneyResult>(() => form.current?.reset());
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const described = (name: string) => (refused?.field === name ? "credit-error" : undefined);
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900">
        {texts.creditNote}
      </summary>
      <fetcher.Form
        method="post"
        ref={form}
        className="mt-2 space-y-3"
        aria-label={texts.creditNote}
      >
        <p className="text-sm text-slate-700">{texts.creditNoteHint}</p>
        <input type="hidden" name="intent" value="credit-note" />
        <input type="hidden" name="currency" value="INR" />
        <div className="grid gap-3 sm:grid-cols-2">
          <label className={label}>
            {texts.creditReceipt}
            <select
              name="paymentId"
              className={field}
              aria-invalid={refused?.field === "paymentId" || undefined}
              aria-describedby={described("paymentId")}
            >
              {receipts.map((receipt) => (
                <option key={receipt.id} value={receipt.id}>
                  {receipt.receiptNumber} · {formatPaise(receipt.amountPaise)}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            {texts.amount}
            <input
              name="amount"
              inputMode="decimal"
              required
              autoComplete="off"
              aria-invalid={refused?.field === "amount" || undefined}
              aria-describedby={described("amount")}
              className={field}
            />
          </label>
        </div>
        <label className={label}>
          {texts.whatWasWrong}
          <input
            name="reason"
            required
            maxLength={500}
            aria-invalid={refused?.field === "reason" || undefined}
            aria-describedby={described("reason")}
            className={field}
          />
        </label>
        {refused?.field ? (
          <p id="credit-error" className="text-sm text-red-800">
            {refused.message}
          </p>
        ) : null}
        <button type="submit" className={button} disabled={fetcher.state !== "idle"}>
          {texts.creditNote}
        </button>
      </fetcher.Form>
    </details>
  );
}

function SellForm({ offer }: Pick<AccountData, "offer">) {
  const fetcher = useToastedFetcher<MoneyResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="package-sell" />
      <button type="submit" className={button} disabled={fetcher.state !== "idle"}>
        {texts.sell(offer.sessions, offer.pricePaise)}
      </button>
    </fetcher.Form>
  );
}

export function AccountSection({ data, erased }: { data: AccountData; erased: boolean }) {
  const { account } = data;
  const receipts = account.payments.filter((payment) => payment.direction === "in");
  return (
    <section className="rounded-lg border border-slate-200 p-4" aria-label={texts.heading}>
      <h2 className="text-lg font-semibold text-slate-900">{texts.heading}</h2>
      <div className="mt-3 space-y-4">
        <Balance account={account} />
        <div>
          <h3 className="font-semibold text-slate-900">{texts.packagesHeading}</h3>
          {account.packages.length === 0 ? (
            <p className="text-slate-700">{texts.noPackages}</p>
          ) : (
            <ul className="mt-1 space-y-1" aria-label={texts.packagesHeading}>
              {account.packages.map((sold) => (
                <li key={sold.id} className="text-slate-800">
                  {texts.packageLine(sold.sessions, sold.used, sold.validUntil)} ·{" "}
                  {formatPaise(sold.pricePaise)}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{texts.chargesHeading}</h3>
          {account.charges.length === 0 ? (
            <p className="text-slate-700">{texts.noCharges}</p>
          ) : (
            <ul className="mt-1 space-y-1" aria-label={texts.chargesHeading}>
              {account.charges.map((charge) => (
                <li key={charge.id} className="text-slate-800">
                  {texts.chargeKinds[charge.kind]}
                  {charge.visitStartsAt ? ` · ${formatDate(new Date(charge.visitStartsAt))}` : ""} ·{" "}
                  {formatPaise(charge.amountPaise)}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{texts.paymentsHeading}</h3>
          {account.payments.length === 0 ? (
            <p className="text-slate-700">{texts.noPayments}</p>
          ) : (
            <ul className="mt-1 space-y-1" aria-label={texts.paymentsHeading}>
              {account.payments.map((payment) => (
                <li key={payment.id} className="text-slate-800">
                  {dayName(payment.paidOn)} · {paymentMethodNames[payment.method]} ·{" "}
                  {payment.direction === "in" ? (
                    <>
                      {formatPaise(payment.amountPaise)} · {texts.receipt}{" "}
                      <a
                        href={`/admin/payments/${payment.id}/receipt.pdf`}
                        className="font-medium text-brand-700 underline"
                      >
                        {payment.receiptNumber}
                      </a>
                      {data.receiptMessages[payment.id] ? (
                        <span data-receipt-message>
                          {" "}
                          · {texts.onWhatsapp}{" "}
                          {
                            familyMessageStateNames[
                              data.receiptMessages[payment.id]?.state ?? "queued"
                            ]
                          }
                        </span>
                      ) : null}
                    </>
                  ) : (
                    `${texts.refund} ${formatPaise(payment.amountPaise)}: ${payment.reason}`
                  )}
                  {payment.reference ? ` · ${payment.reference}` : ""}
                </li>
              ))}
              {account.creditNotes.map((note) => (
                <li key={note.id} className="text-slate-800">
                  {dayName(indiaDay(new Date(note.recordedAt)))} ·{" "}
                  <a
                    href={`/admin/credit-notes/${note.id}/credit-note.pdf`}
                    className="font-medium text-brand-700 underline"
                  >
                    {texts.creditNoteLine(note.number, note.receiptNumber)}
                  </a>{" "}
                  · −{formatPaise(note.amountPaise)}: {note.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
        {erased || !data.online ? null : (
          <OnlinePayment online={data.online} owedPaise={account.balancePaise} offer={data.offer} />
        )}
        {erased ? null : (
          <div className="space-y-4 border-t border-slate-200 pt-3">
            <SellForm offer={data.offer} />
            <PaymentForm today={data.today} />
            <RefundForm today={data.today} />
            {receipts.length > 0 ? <CreditNoteForm receipts={receipts} /> : null}
          </div>
        )}
      </div>
    </section>
  );
}
