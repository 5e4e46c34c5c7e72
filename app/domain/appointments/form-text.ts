// Everything the appointment form and its confirmation say to a visitor, in each language: one
// record shape, both languages required by the type. The English record is the spec's words
// (app/domain/messages.ts) unchanged; the Hindi one says the same in plain Hindi. The contact
// route sends the page's language's record with the page, so the words never weigh on the
// JavaScript, and the server answers in the language of the page the form was sent from.
// Placeholders in braces ({phone}, {area}, {from}, {to}, {reference}) are filled where shown.
import { supportHours } from "../../content/business.ts";
import type { Localized } from "../../content/localized.ts";
import {
  appointmentFieldMessages,
  appointmentMessages,
  confirmationMessages,
} from "../messages.ts";
import type { AppointmentField } from "./appointment-form.ts";

type Toast = { title: string; description: string };
export type AppointmentFieldMessages = { [K in keyof typeof appointmentFieldMessages]: string };

export interface AppointmentFormText {
  formLabel: string;
  labels: Record<AppointmentField, string>;
  fields: AppointmentFieldMessages;
  /** Under the PIN code: {area} is the area's name, {phone} the clinic's number. */
  areaServed: string;
  areaNotServed: string;
  send: string;
  sending: string;
  honeypotLabel: string;
  toasts: { [K in keyof typeof appointmentMessages]: Toast };
  confirmation: { [K in keyof typeof confirmationMessages]: string } & {
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
  areaServed: "Good news: this looks like {area}, where we visit.",
  areaNotServed:
    "This PIN code looks outside the areas we usually serve. Send the request anyway, or call us on {phone} to ask.",
  send: "Send Request",
  sending: "Sending...",
  honeypotLabel: "Leave this field empty",
  toasts: appointmentMessages,
  confirmation: {
    ...confirmationMessages,
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
    message: "संदेश (ज़रूरी नहीं)",
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
    messageTooLong: "संदेश 1000 अक्षरों से छोटा होना चाहिए",
  },
  areaServed: "अच्छी ख़बर: यह {area} का लगता है, जहाँ हम आते हैं।",
  areaNotServed:
    "यह पिन कोड हमारे आम इलाक़ों से बाहर का लगता है। फिर भी अनुरोध भेजें, या पूछने के लिए हमें {phone} पर कॉल करें।",
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
    honeypot: "हम यह अनुरोध नहीं ले पाए। कृपया फिर से भेजें दबाएँ, या हमें {phone} पर कॉल करें।",
    tooFast: "यह हमारी उम्मीद से ज़्यादा जल्दी हुआ। कृपया अपनी जानकारी जाँचें और फिर से भेजें दबाएँ।",
    rateLimited:
      "आपके कनेक्शन से कई अनुरोध आ चुके हैं। कृपया {wait} फिर कोशिश करें, या हमें {phone} पर कॉल करें, हम आपकी बुकिंग कर देंगे।",
    waitMinutes: "{n} मिनट बाद",
    waitMinute: "1 मिनट बाद",
    waitHours: "{n} घंटे बाद",
    waitHour: "1 घंटे बाद",
  },
};

export const appointmentFormText: Localized<AppointmentFormText> = { en, hi };

/** A text with its {placeholders} filled; an unknown one stays as written. */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

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
