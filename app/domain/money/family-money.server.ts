// The money as the family sees it on their status page (decision 045): what is due, the packages'
// sessions left, the receipts, and — when the clinic has a UPI id — a UPI link for what is due, and
// its QR code (drawn on the server as SVG by the `qrcode` library: no script on the page). Every
// word and figure is already in the page's language.
import type { Database } from "#app/db.server.ts";
import { accountOf } from "#app/domain/money/account.server.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import { familyMoneyText } from "#app/domain/money/family-money-texts.ts";
import type { PriceList } from "#app/domain/money/prices.server.ts";
import { upiPayLink } from "#app/domain/money/upi.ts";
import { indiaTimeZone } from "#app/lib/dates.ts";
import { fillText } from "#app/lib/fill-text.ts";
import type { Lang } from "#app/lib/lang.ts";

export interface FamilyMoneyView {
  heading: string;
  /** "To pay: ₹1,200", "Paid in advance: ₹500" or "Nothing to pay just now." */
  balance: string;
  duePaise: number;
  packages: string[];
  receiptsHeading: string;
  /**
   * Each receipt and credit note, oldest first, and the address of its PDF; a credit note says
   * which receipt it corrects.
   */
  receipts: { number: string; day: string; amount: string; href: string; note?: string }[];
  noReceipts: string;
  /**
   * Paying through Razorpay (decision 047), when the clinic has it: what is due, and a package;
   * each a button that opens Razorpay's page.
   */
  online: { payDue: string | null; buyPackage: string; hint: string } | null;
  /** The UPI payment of what is due; null when nothing is due or the clinic has no UPI id. */
  upi: { link: string; label: string; hint: string; qrLabel: string; qrSvg: string } | null;
}

const dateFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-IN", {
    timeZone: indiaTimeZone,
    day: "numeric",
    month: "long",
    year: "numeric",
  }),
  hi: new Intl.DateTimeFormat("hi-IN", {
    timeZone: indiaTimeZone,
    day: "numeric",
    month: "long",
    year: "numeric",
  }),
};

/** "1 December 2026" / "1 दिसंबर 2026": a day in India, in the family's language. */
export function familyDate(date: Date, lang: Lang): string {
  return dateFormats[lang].format(date);
}

/** A yyyy-mm-dd India day as a date the family reads. */
const familyDayOf = (day: string, lang: Lang) =>
  familyDate(new Date(`${day}T12:00:00+05:30`), lang);

export async function familyMoney(
  db: Database,
  request: { appointmentId: string; reference: string },
  lang: Lang,
  clinic: {
    name: string;
    upiId: string | undefined;
    /** With Razorpay set up: the package on sale now. */
    online?: Pick<PriceList, "packageSessions" | "packagePricePaise"> | null;
  },
): Promise<FamilyMoneyView> {
  const t = familyMoneyText[lang];
  const account = await accountOf(db, request.appointmentId);
  const due = account.balancePaise;
  const amount = formatPaise(Math.abs(due));
  const link =
    due > 0 && clinic.upiId
      ? upiPayLink({
          upiId: clinic.upiId,
          payee: clinic.name,
          amountPaise: due,
          note: request.reference,
        })
      : null;
  return {
    heading: t.heading,
    balance:
      due > 0
        ? fillText(t.due, { amount })
        : due < 0
          ? fillText(t.inCredit, { amount })
          : t.nothingDue,
    duePaise: due,
    packages: account.packages.map((sold) =>
      fillText(t.packageLine, {
        sessions: String(sold.sessions),
        left: String(sold.sessions - sold.used),
        day: familyDayOf(sold.validUntil, lang),
      }),
    ),
    receiptsHeading: t.receipts,
    receipts: [
      ...account.payments.flatMap((payment) =>
        payment.direction === "in" && payment.receiptNumber
          ? [
              {
                at: payment.recordedAt,
                number: payment.receiptNumber,
                day: familyDate(payment.recordedAt, lang),
                amount: formatPaise(payment.amountPaise),
                href: `/status/receipt/${payment.id}`,
              },
            ]
          : [],
      ),
      ...account.creditNotes.map((note) => ({
        at: note.recordedAt,
        number: note.number,
        day: familyDate(note.recordedAt, lang),
        amount: `−${formatPaise(note.amountPaise)}`,
        href: `/status/credit-note/${note.id}`,
        note: fillText(t.creditNote, { receipt: note.receiptNumber }),
      })),
    ]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map(({ at: _at, ...shown }) => shown),
    noReceipts: t.noReceipts,
    online: clinic.online
      ? {
          payDue: due >= 100 ? fillText(t.payOnline, { amount }) : null,
          buyPackage: fillText(t.buyPackage, {
            sessions: String(clinic.online.packageSessions),
            amount: formatPaise(clinic.online.packagePricePaise),
          }),
          hint: t.onlineHint,
        }
      : null,
    upi: link
      ? {
          link,
          label: fillText(t.payByUpi, { amount }),
          hint: t.upiHint,
          qrLabel: t.qrLabel,
          // The library is loaded when a family first has something to pay, not at server start.
          qrSvg: await (await import("qrcode")).default.toString(link, {
            type: "svg",
            margin: 1,
            errorCorrectionLevel: "M",
          }),
        }
      : null,
  };
}
