// The words of the money on the family's status page (/status, /hi/status; decision 045): what is
// due, the packages' sessions left, the receipts and credit notes, and the UPI payment. Hindi by
// docs/hindi-glossary.md (भुगतान for a payment, रसीद for a receipt). Placeholders in braces are
// filled with fillText.
import type { Localized } from "#app/content/localized.ts";

export interface FamilyMoneyText {
  heading: string;
  /** {amount} */
  due: string;
  nothingDue: string;
  /** {amount}: paid and not yet used. */
  inCredit: string;
  /** {sessions}, {left}, {day} */
  packageLine: string;
  receipts: string;
  noReceipts: string;
  /** {receipt}: a credit note, and the receipt it corrects. */
  creditNote: string;
  /** {amount} */
  payByUpi: string;
  upiHint: string;
  qrLabel: string;
  /** {amount}: pay what is due through Razorpay. */
  payOnline: string;
  /** {sessions}, {amount}: buy the current package through Razorpay. */
  buyPackage: string;
  onlineHint: string;
  linkFailed: string;
}

const en: FamilyMoneyText = {
  heading: "Payments",
  due: "To pay: {amount}",
  nothingDue: "Nothing to pay just now.",
  inCredit: "Paid in advance: {amount}",
  packageLine: "Package of {sessions} sessions: {left} left, valid until {day}",
  receipts: "Receipts",
  noReceipts: "No payment yet.",
  creditNote: "credit note correcting receipt {receipt}",
  payByUpi: "Pay {amount} by UPI",
  upiHint:
    "Opens your UPI app (Google Pay, PhonePe, Paytm, BHIM) with the amount and your reference filled in. We confirm the payment when it reaches us, and your receipt appears here.",
  qrLabel: "Or scan this code with any UPI app",
  payOnline: "Pay {amount} online",
  buyPackage: "Buy a package of {sessions} sessions online ({amount})",
  onlineHint:
    "Opens Razorpay's secure page: UPI, card, net banking or wallet. Your receipt appears here once the payment is through.",
  linkFailed: "Online payment is not available just now. Please try again in a few minutes.",
};

const hi: FamilyMoneyText = {
  heading: "भुगतान",
  due: "देय राशि: {amount}",
  nothingDue: "अभी कोई भुगतान बाकी नहीं है।",
  inCredit: "पहले से जमा: {amount}",
  packageLine: "{sessions} सेशन का पैकेज: {left} बाकी, {day} तक मान्य",
  receipts: "रसीदें",
  noReceipts: "अभी कोई भुगतान नहीं हुआ है।",
  creditNote: "रसीद {receipt} में सुधार का क्रेडिट नोट",
  payByUpi: "{amount} UPI से भुगतान करें",
  upiHint:
    "आपका UPI ऐप (Google Pay, PhonePe, Paytm, BHIM) राशि और आपके रेफ़रेंस के साथ खुलेगा। भुगतान हमारे पास पहुँचने पर हम उसकी पुष्टि करेंगे, और आपकी रसीद यहाँ दिखेगी।",
  qrLabel: "या किसी भी UPI ऐप से यह कोड स्कैन करें",
  payOnline: "{amount} ऑनलाइन भुगतान करें",
  buyPackage: "{sessions} सेशन का पैकेज ऑनलाइन खरीदें ({amount})",
  onlineHint:
    "Razorpay का सुरक्षित पेज खुलेगा: UPI, कार्ड, नेट बैंकिंग या वॉलेट। भुगतान पूरा होने पर आपकी रसीद यहाँ दिखेगी।",
  linkFailed: "ऑनलाइन भुगतान अभी उपलब्ध नहीं है। कृपया कुछ मिनट बाद फिर कोशिश करें।",
};

export const familyMoneyText: Localized<FamilyMoneyText> = { en, hi };
