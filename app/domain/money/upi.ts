// The UPI payment link a family's phone opens (NPCI's UPI linking specification, "upi://pay"):
// the clinic's UPI id (`pa`), its name (`pn`), the amount in rupees with two decimals (`am`),
// the currency (`cu`, always INR) and the note (`tn`: the request's reference, which staff match
// the money by). Every value is percent-encoded; a space is %20, which every UPI app reads.
import { rupeesDecimal } from "#app/domain/money/amounts.ts";

export function upiPayLink(payment: {
  upiId: string;
  payee: string;
  amountPaise: number;
  note: string;
}): string {
  const fields: [string, string][] = [
    ["pa", payment.upiId],
    ["pn", payment.payee],
    ["am", rupeesDecimal(payment.amountPaise)],
    ["cu", "INR"],
    ["tn", payment.note],
  ];
  return `upi://pay?${fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}`;
}
