// The words of an appointment request (decision 026): what the form, its confirmation and its
// refusals say to a family, in each language: one record shape, both languages required by the
// type, sent by the contact route's loader with the page, so that they never weigh on the
// JavaScript (only the English field messages do: the form's schema starts with them). The
// product specification's words are here word for word and marked "spec" (its validation
// messages, section 5; its toasts and error catalogue, section 8): the browser tests write them
// out literally. The staff screens' words are front-desk-texts.ts's. Placeholders in braces
// ({phone}, {area}, {from}, {to}, {reference}, {wait}, {n}) are filled with fillText
// (app/lib/fill-text.ts) where shown.
import { supportHours } from "#app/content/business.ts";
import type { Localized } from "#app/content/localized.ts";
import type { Refusal } from "#app/domain/abuse/abuse.server.ts";
import type { AppointmentField } from "#app/domain/appointments/appointment-form.ts";
import { fillText } from "#app/lib/fill-text.ts";
import type { PreferredTime } from "#db/enums.ts";

type Toast = { title: string; description: string };

/**
 * The form's field errors (spec), and ours for what the spec does not check (line breaks in a
 * one-line field, stray characters in a phone number). English is also the schema's default.
 */
export const appointmentFieldMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be less than 100 characters",
  nameOneLine: "Name must be on one line",
  phoneTooShort: "Phone number must be at least 10 digits",
  phoneTooLong: "Phone number must be less than 15 digits",
  phoneCharacters: "Phone number may contain only digits, spaces, dashes, brackets and a leading +",
  addressRequired: "Address is required",
  addressTooLong: "Address must be less than 200 characters",
  addressOneLine: "Address must be on one line",
  pincodeLength: "Pin code must be 6 digits",
  pincodeNumeric: "Pin code must be numeric",
  messageTooLong: "Message must be less than 1000 characters",
} as const;

export type AppointmentFieldMessages = { [K in keyof typeof appointmentFieldMessages]: string };

export interface AppointmentFormText {
  formLabel: string;
  labels: Record<AppointmentField, string>;
  fields: AppointmentFieldMessages;
  /**
   * The optional box, unticked (decision 038), and what it means beside it: what is sent, and how
   * it stops.
   */
  whatsappUpdates: { label: string; hint: string };
  /** The optional "When suits you best?" boxes (decision 050). */
  preferredTimes: { legend: string; names: Record<PreferredTime, string> };
  /** Under the PIN code: {area} is the area's name, {phone} the clinic's number. */
  areaServed: string;
  areaNotServed: string;
  send: string;
  sending: string;
  honeypotLabel: string;
  /** The spec's toasts: sent, saved but not e-mailed, not saved, anything else. */
  toasts: { sent: Toast; notifyLater: Toast; failed: Toast; unexpected: Toast };
  /** What the confirmation says beside the spec's words: it stays until the visitor leaves. */
  confirmation: {
    referenceLabel: string;
    referenceHint: string;
    /** {phone}, {from}, {to}: the clinic's number and hours. */
    next: string;
    call: string;
    chat: string;
    /** The chat's first message, {reference} filled in. */
    chatMessage: string;
    another: string;
    /** Sentence form of the clinic's hours: {from} … {to}. */
    from: string;
    to: string;
    home: string;
  };
  /** Refusals, said by the server. {phone}: the clinic's number; {wait}: how long to wait. */
  refusals: {
    unreadable: string;
    honeypot: string;
    tooFast: string;
    rateLimited: string;
    /** After the spec's "Failed to submit…" when the database is away: nothing was kept. */
    notStored: string;
    /** How long to wait, by minutes or hours. */
    waitMinutes: string;
    waitMinute: string;
    waitHours: string;
    waitHour: string;
  };
}

const en: AppointmentFormText = {
  formLabel: "Appointment request",
  labels: {
    name: "Full Name",
    phone: "Phone Number",
    address: "Address",
    pincode: "Pin Code",
    message: "Message (optional)",
  },
  fields: appointmentFieldMessages,
  whatsappUpdates: {
    label: "Send me updates about my visits on WhatsApp at this number",
    hint: "Optional. The day, time and therapist of each visit, and a reminder the evening before; nothing about your health. Reply STOP at any time to end them.",
  },
  preferredTimes: {
    legend: "When suits you best for visits? (optional)",
    names: {
      morning: "Morning (before 12 noon)",
      afternoon: "Afternoon (12 to 5 pm)",
      evening: "Evening (after 5 pm)",
    },
  },
  areaServed: "Good news: this looks like {area}, where we visit.",
  areaNotServed:
    "This PIN code looks outside the areas we usually serve. Send the request anyway, or call us on {phone} to ask.",
  send: "Send Request",
  // spec
  sending: "Sending...",
  honeypotLabel: "Leave this field empty",
  // spec, all four
  toasts: {
    sent: {
      title: "Appointment Request Received!",
      description: "We'll contact you shortly to confirm your appointment.",
    },
    notifyLater: {
      title: "Note",
      description: "Appointment saved but email notification failed. We'll contact you soon!",
    },
    failed: {
      title: "Error",
      description: "Failed to submit appointment request. Please try again.",
    },
    unexpected: { title: "Error", description: "An unexpected error occurred. Please try again." },
  },
  confirmation: {
    referenceLabel: "Your reference",
    referenceHint: "Quote it when we call, or when you call us.",
    next: "We will call you from {phone} within 24 hours, between {from} and {to}.",
    call: "Call us now",
    chat: "WhatsApp us",
    chatMessage: "Hello, I sent a home-visit request. My reference is {reference}.",
    another: "Send another request",
    from: supportHours.from,
    to: supportHours.to,
    home: "Return to Home",
  },
  refusals: {
    unreadable:
      "We could not read this request. Please fill in the form again, or call us on {phone}.",
    honeypot: "We could not accept this request. Please press send again, or call us on {phone}.",
    tooFast: "That was quicker than we expected. Please check your details and press send again.",
    rateLimited:
      "We have received several requests from your connection. Please try again {wait}, or call us on {phone} and we will book you in.",
    notStored: "Your request was not stored. Please call us on {phone} and we will book you in.",
    waitMinutes: "in {n} minutes",
    waitMinute: "in 1 minute",
    waitHours: "in {n} hours",
    waitHour: "in 1 hour",
  },
};

const hi: AppointmentFormText = {
  formLabel: "अपॉइंटमेंट का अनुरोध",
  labels: {
    name: "पूरा नाम",
    phone: "फ़ोन नंबर",
    address: "पता",
    pincode: "पिन कोड",
    message: "मैसेज (ज़रूरी नहीं)",
  },
  fields: {
    nameRequired: "नाम लिखना ज़रूरी है",
    nameTooLong: "नाम 100 अक्षरों से छोटा होना चाहिए",
    nameOneLine: "नाम एक ही लाइन में लिखें",
    phoneTooShort: "फ़ोन नंबर में कम से कम 10 अंक होने चाहिए",
    phoneTooLong: "फ़ोन नंबर में 15 से कम अंक होने चाहिए",
    phoneCharacters: "फ़ोन नंबर में सिर्फ़ अंक, स्पेस, डैश, ब्रैकेट और शुरू में + हो सकता है",
    addressRequired: "पता लिखना ज़रूरी है",
    addressTooLong: "पता 200 अक्षरों से छोटा होना चाहिए",
    addressOneLine: "पता एक ही लाइन में लिखें",
    pincodeLength: "पिन कोड 6 अंकों का होना चाहिए",
    pincodeNumeric: "पिन कोड में सिर्फ़ अंक होने चाहिए",
    messageTooLong: "मैसेज 1000 अक्षरों से छोटा होना चाहिए",
  },
  whatsappUpdates: {
    label: "मेरी विज़िट की जानकारी इसी नंबर पर व्हाट्सऐप पर भेजें",
    hint: "ज़रूरी नहीं। हर विज़िट का दिन, समय और फिज़ियोथेरेपिस्ट का नाम, और विज़िट से एक दिन पहले शाम को याद दिलाने वाला मैसेज; आपकी सेहत की कोई बात नहीं। बंद करने के लिए कभी भी STOP लिखकर भेजें।",
  },
  preferredTimes: {
    legend: "विज़िट के लिए आपको कौन-सा समय ठीक रहेगा? (ज़रूरी नहीं)",
    names: {
      morning: "सुबह (दोपहर 12 बजे से पहले)",
      afternoon: "दोपहर (12 से 5 बजे तक)",
      evening: "शाम (5 बजे के बाद)",
    },
  },
  areaServed: "अच्छी खबर: यह {area} का लगता है, जहाँ हम आते हैं।",
  areaNotServed:
    "यह पिन कोड हमारे आम इलाकों से बाहर का लगता है। फिर भी अनुरोध भेजें, या पूछने के लिए हमें {phone} पर कॉल करें।",
  send: "अनुरोध भेजें",
  sending: "भेजा जा रहा है...",
  honeypotLabel: "यह खाना खाली छोड़ें",
  toasts: {
    sent: {
      title: "अपॉइंटमेंट का अनुरोध मिल गया!",
      description: "आपका अपॉइंटमेंट पक्का करने के लिए हम जल्द ही आपसे संपर्क करेंगे।",
    },
    notifyLater: {
      title: "ध्यान दें",
      description: "अपॉइंटमेंट सेव हो गया, पर ईमेल सूचना नहीं जा सकी। हम जल्द ही आपसे संपर्क करेंगे!",
    },
    failed: {
      title: "गड़बड़ी",
      description: "अपॉइंटमेंट का अनुरोध नहीं भेजा जा सका। कृपया फिर से कोशिश करें।",
    },
    unexpected: {
      title: "गड़बड़ी",
      description: "कोई अनचाही गड़बड़ी हो गई। कृपया फिर से कोशिश करें।",
    },
  },
  confirmation: {
    referenceLabel: "आपका रेफ़रेंस नंबर",
    referenceHint: "जब हम कॉल करें, या आप हमें कॉल करें, तब यह बताएँ।",
    next: "हम आपको {phone} से 24 घंटे के अंदर, {from} से {to} के बीच कॉल करेंगे।",
    call: "अभी कॉल करें",
    chat: "व्हाट्सऐप करें",
    chatMessage: "नमस्ते, मैंने घर पर विज़िट के लिए अनुरोध भेजा है। मेरा रेफ़रेंस {reference} है।",
    another: "एक और अनुरोध भेजें",
    from: "सुबह 9:00",
    to: "शाम 7:00",
    home: "होम पेज पर जाएँ",
  },
  refusals: {
    unreadable: "हम यह अनुरोध पढ़ नहीं पाए। कृपया फ़ॉर्म फिर से भरें, या हमें {phone} पर कॉल करें।",
    honeypot: "हम यह अनुरोध नहीं ले पाए। कृपया “अनुरोध भेजें” फिर से दबाएँ, या हमें {phone} पर कॉल करें।",
    tooFast:
      "फ़ॉर्म कुछ ज़्यादा ही जल्दी भेजा गया। कृपया अपनी जानकारी एक बार देख लें और “अनुरोध भेजें” फिर से दबाएँ।",
    rateLimited:
      "आपके कनेक्शन से कई अनुरोध आ चुके हैं। कृपया {wait} फिर कोशिश करें, या हमें {phone} पर कॉल करें, हम आपकी बुकिंग कर देंगे।",
    notStored: "आपका अनुरोध दर्ज नहीं हुआ। कृपया हमें {phone} पर कॉल करें, हम आपकी बुकिंग कर देंगे।",
    waitMinutes: "{n} मिनट बाद",
    waitMinute: "1 मिनट बाद",
    waitHours: "{n} घंटे बाद",
    waitHour: "1 घंटे बाद",
  },
};

export const appointmentFormText: Localized<AppointmentFormText> = { en, hi };

/** "in 5 minutes", "5 मिनट बाद": how long a refused person should wait, in a language. */
export function waitIn(refusals: AppointmentFormText["refusals"], seconds: number): string {
  if (seconds >= 5400) {
    const hours = Math.ceil(seconds / 3600);
    return hours === 1 ? refusals.waitHour : fillText(refusals.waitHours, { n: String(hours) });
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1
    ? refusals.waitMinute
    : fillText(refusals.waitMinutes, { n: String(minutes) });
}

/** What a screened-out request reads (checkSubmission's reason), in the page's language. */
export function refusalText(
  refusals: AppointmentFormText["refusals"],
  refusal: Refusal,
  phone: string,
): string {
  switch (refusal.reason) {
    case "honeypot":
      return fillText(refusals.honeypot, { phone });
    case "too-fast":
    case "bad-start-time":
      return refusals.tooFast;
    case "rate-limited":
      return fillText(refusals.rateLimited, {
        wait: waitIn(refusals, refusal.retryAfterSeconds),
        phone,
      });
  }
}
