// The words of a receipt (decision 045) and of a credit note (decision 046; docs/payments.md), in
// the family's language. Hindi by
// docs/hindi-glossary.md (रसीद, भुगतान). The tax note is the accountant's setting, printed as
// written on both languages' receipts.
import type { Localized } from "#app/content/localized.ts";
import type { PaymentMethod } from "#db/enums.ts";

export interface ReceiptText {
  title: string;
  number: string;
  date: string;
  receivedFrom: string;
  request: string;
  description: string;
  sac: string;
  amount: string;
  inWords: string;
  method: string;
  reference: string;
  methods: Record<PaymentMethod, string>;
  registration: string;
  gstin: string;
  phone: string;
  thanks: string;
  /** {clinic} */
  signature: string;
  creditNote: {
    title: string;
    number: string;
    /** {receipt}, {date} */
    against: string;
    issuedTo: string;
    amount: string;
    reason: string;
    /** {clinic} */
    signature: string;
  };
}

const en: ReceiptText = {
  title: "Receipt (bill of supply)",
  number: "Receipt number",
  date: "Date",
  receivedFrom: "Received from",
  request: "Request",
  description: "Physiotherapy at home (health care services)",
  sac: "SAC",
  amount: "Amount",
  inWords: "In words",
  method: "Paid by",
  reference: "Reference",
  methods: {
    cash: "Cash",
    upi: "UPI",
    bank_transfer: "Bank transfer",
    card: "Card",
    online: "Online (Razorpay)",
  },
  registration: "Registration",
  gstin: "GSTIN",
  phone: "Phone",
  thanks: "Received with thanks.",
  signature: "For {clinic}. A computer-made receipt: it needs no signature.",
  creditNote: {
    title: "Credit note",
    number: "Credit note number",
    against: "Against receipt {receipt} of {date}",
    issuedTo: "Issued to",
    amount: "Amount credited",
    reason: "Reason",
    signature: "For {clinic}. A computer-made credit note: it needs no signature.",
  },
};

const hi: ReceiptText = {
  title: "रसीद (बिल ऑफ़ सप्लाई)",
  number: "रसीद नंबर",
  date: "तारीख़",
  receivedFrom: "भुगतान करने वाले",
  request: "अनुरोध",
  description: "घर पर फिज़ियोथेरेपी (स्वास्थ्य सेवा)",
  sac: "SAC",
  amount: "राशि",
  inWords: "शब्दों में",
  method: "भुगतान का तरीका",
  reference: "रेफ़रेंस",
  methods: {
    cash: "नकद",
    upi: "UPI",
    bank_transfer: "बैंक ट्रांसफ़र",
    card: "कार्ड",
    online: "ऑनलाइन (Razorpay)",
  },
  registration: "रजिस्ट्रेशन",
  gstin: "GSTIN",
  phone: "फ़ोन",
  thanks: "धन्यवाद सहित प्राप्त।",
  signature: "{clinic} की ओर से। कंप्यूटर से बनी रसीद: इस पर हस्ताक्षर की ज़रूरत नहीं है।",
  creditNote: {
    title: "क्रेडिट नोट",
    number: "क्रेडिट नोट नंबर",
    against: "{date} की रसीद {receipt} के बदले",
    issuedTo: "जिनके नाम",
    amount: "वापस जमा राशि",
    reason: "कारण",
    signature: "{clinic} की ओर से। कंप्यूटर से बना क्रेडिट नोट: इस पर हस्ताक्षर की ज़रूरत नहीं है।",
  },
};

export const receiptText: Localized<ReceiptText> = { en, hi };
