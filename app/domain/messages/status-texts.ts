// The words of the family's status page, "My request" (/status, /hi/status; decision 038), in each
// language (decision 026): the look-up, what the page shows of a request, its repeats and their
// visits, the ask to move or cancel a visit (or a new time for one missed), the stop of WhatsApp
// updates and their start again, and each refusal. Hindi by docs/hindi-glossary.md. Placeholders
// in braces are filled with fillText where shown.
import type { Localized } from "#app/content/localized.ts";
import type { therapistLanguages } from "#db/enums.ts";
import type { VisitStatus } from "#db/schema.ts";

/** How a visit stands, as the family reads it; `passed`: still scheduled, its time gone. */
export type FamilyVisitState = Exclude<VisitStatus, "scheduled"> | "to_come" | "passed";

export interface StatusPageText {
  title: string;
  /** The look-up form. */
  lookup: {
    heading: string;
    intro: string;
    reference: string;
    referenceHint: string;
    digits: string;
    digitsHint: string;
    submit: string;
  };
  /** The form's own checks (what was typed cannot be a reference or four digits). */
  invalid: { reference: string; digits: string };
  /** A pair that names no request: one message, never which half was wrong. */
  noMatch: string;
  /** Too many tries: {wait} ("in 5 minutes"), {phone}. */
  rateLimited: string;
  /** The look-up has ended (30 minutes) before a change was sent. */
  expired: string;
  /** A link from a message that no longer opens the page (older than 30 days, cut short, erased). */
  linkExpired: string;
  /** The page of a request. */
  request: {
    /** {reference} */
    heading: string;
    received: string;
    /** The first contact was a call (or any change of the request's status by staff). */
    calledBack: string;
    /** The first contact was the booking of a visit: nobody called (docs/messages.md). */
    visitBooked: string;
    /** {at} {reference}: the first contact was on the family's other request. */
    contactOnEarlier: string;
    contactOnLater: string;
    notCalledYet: string;
    /** {reference} {day}: the family's other request, shown as one with this one. */
    joinedEarlier: string;
    joinedLater: string;
    next: string;
    noNext: string;
    visits: string;
    noVisits: string;
    /** {n}: how many visits were done. */
    doneCount: string;
    doneOne: string;
    doneNone: string;
    /** "Session {index} of {size}" of a course. */
    session: string;
    assessment: string;
    treatment: string;
    therapist: string;
    /** {number} */
    registration: string;
    /** {languages} */
    speaks: string;
    states: Record<FamilyVisitState, string>;
    /** {day}: when the ask was sent. */
    askedMove: string;
    askedCancel: string;
    /** {day}: a new time asked for a visit missed. */
    askedAgain: string;
    /** {code}: the visit's code, for the family to tell the therapist (decision 048). */
    visitCode: string;
    another: string;
    call: string;
  };
  /** The ask to move or cancel a visit to come, or for a new time for a visit missed. */
  ask: {
    open: string;
    /** The missed visit's fold, and its one optional field besides the time. */
    again: string;
    againReason: string;
    kind: string;
    move: string;
    cancel: string;
    reason: string;
    reasonHint: string;
    preferred: string;
    preferredHint: string;
    submit: string;
    reasonEmpty: string;
    /** {max} */
    reasonTooLong: string;
    preferredTooLong: string;
    unreadable: string;
    refused: Record<"no_visit" | "not_scheduled" | "already_asked", string>;
  };
  /** WhatsApp updates: on, off, never asked for; the stop, asked once, and the start again. */
  updates: {
    on: string;
    stopped: string;
    none: string;
    stop: string;
    /** The question a first tap on `stop` brings, and its two answers. */
    stopAsk: string;
    confirmStop: string;
    keep: string;
    start: string;
    /** What starting again sends, beside the button: the consent, informed. */
    startHint: string;
  };
  /** "at" between a day and a time: "Tuesday, 1 December at 2:30 PM". */
  dayAt: string;
  languageNames: Record<(typeof therapistLanguages)[number], string>;
}

export const statusPageText: Localized<StatusPageText> = {
  en: {
    title: "My request",
    lookup: {
      heading: "See your request and visits",
      intro:
        "Type the reference you were given when you sent the request, and the last four digits of the phone number you gave us.",
      reference: "Reference",
      referenceHint: "Six letters and digits, such as 7K3Q2M",
      digits: "Last four digits of your phone number",
      digitsHint: "For 98765 43210, type 3210",
      submit: "Show my request",
    },
    invalid: {
      reference: "Type the six letters and digits of your reference, such as 7K3Q2M",
      digits: "Type the last four digits of your phone number",
    },
    noMatch:
      "We found no request with this reference and these digits. Please check both and try again, or call us.",
    rateLimited: "Too many tries. Please try again {wait}, or call us on {phone}.",
    expired:
      "For your privacy the page closes after 30 minutes. Please type your reference and digits again.",
    linkExpired:
      "This link no longer opens your request: it is more than 30 days old or not complete. Please type your reference and digits, or open the link in our latest message.",
    request: {
      heading: "Request {reference}",
      received: "Received",
      calledBack: "We called you",
      visitBooked: "Visit booked",
      contactOnEarlier: "{at}, on your earlier request {reference}",
      contactOnLater: "{at}, on your later request {reference}",
      notCalledYet: "We will call you within 24 hours of your request.",
      joinedEarlier:
        "Your earlier request {reference}, sent on {day}, is shown here too: the visits of both are below.",
      joinedLater:
        "Your later request {reference}, sent on {day}, is shown here too: the visits of both are below.",
      next: "Your next visit",
      noNext: "No visit is booked yet. We will call you to book one.",
      visits: "Your visits",
      noVisits: "No visits yet.",
      doneCount: "{n} visits done.",
      doneOne: "1 visit done.",
      doneNone: "No visit done yet.",
      session: "Session {index} of {size}",
      assessment: "First visit (assessment)",
      treatment: "Treatment",
      therapist: "Your physiotherapist",
      registration: "Registration no. {number}",
      speaks: "Speaks {languages}",
      states: {
        to_come: "To come",
        passed: "Being updated",
        done: "Done",
        cancelled: "Cancelled",
        no_show: "Patient not at home",
      },
      askedMove: "You asked to move this visit on {day}; we will call you.",
      askedCancel: "You asked to cancel this visit on {day}; we will call you.",
      askedAgain: "You asked for a new time on {day}; we will call you.",
      visitCode:
        "Visit code {code}: tell it to the therapist at the end of the visit, to confirm it took place.",
      another: "Look up another request",
      call: "Questions? Call us on {phone}.",
    },
    ask: {
      open: "Move or cancel this visit",
      again: "Ask for a new time",
      againReason: "Anything we should know? (optional)",
      kind: "What would you like?",
      move: "Move it to another time",
      cancel: "Cancel it",
      reason: "Why?",
      reasonHint: "At most 500 characters",
      preferred: "A better time for you (optional)",
      preferredHint: "Such as: Saturday morning",
      submit: "Send to the clinic",
      reasonEmpty: "Tell us why, in a few words",
      reasonTooLong: "Please keep it to {max} characters",
      preferredTooLong: "Please keep the time to {max} characters",
      unreadable: "We could not read this. Please try again.",
      refused: {
        no_visit: "This visit is not part of your request.",
        not_scheduled: "This visit can no longer be changed here. Please call us.",
        already_asked: "You have already asked about this visit; we will call you.",
      },
    },
    updates: {
      on: "Updates about your visits are sent on WhatsApp to the number you gave us.",
      stopped:
        "WhatsApp updates are stopped. We send you nothing on WhatsApp until you start them again.",
      none: "You did not ask for WhatsApp updates for this request.",
      stop: "Stop WhatsApp updates",
      stopAsk:
        "Stop WhatsApp updates? We will no longer send you the day, time and therapist of your visits. Your visits stay as they are.",
      confirmStop: "Yes, stop them",
      keep: "Keep them",
      start: "Start them again",
      startHint:
        "We will send the day, time and therapist of each visit, and a link to this page, to the number you gave us; nothing about your health. You can stop them here at any time.",
    },
    dayAt: "{day} at {time}",
    languageNames: {
      English: "English",
      Hindi: "Hindi",
      Punjabi: "Punjabi",
      Bengali: "Bengali",
      Urdu: "Urdu",
      Tamil: "Tamil",
      Telugu: "Telugu",
      Marathi: "Marathi",
      Gujarati: "Gujarati",
      Malayalam: "Malayalam",
      Kannada: "Kannada",
    },
  },
  hi: {
    title: "मेरा अनुरोध",
    lookup: {
      heading: "अपना अनुरोध और विज़िट देखें",
      intro: "अनुरोध भेजते समय मिला रेफ़रेंस नंबर, और हमें दिए फ़ोन नंबर के आखिरी चार अंक लिखें।",
      reference: "रेफ़रेंस नंबर",
      referenceHint: "छह अक्षर और अंक, जैसे 7K3Q2M",
      digits: "फ़ोन नंबर के आखिरी चार अंक",
      digitsHint: "98765 43210 के लिए 3210 लिखें",
      submit: "मेरा अनुरोध दिखाएँ",
    },
    invalid: {
      reference: "अपने रेफ़रेंस नंबर के छह अक्षर और अंक लिखें, जैसे 7K3Q2M",
      digits: "अपने फ़ोन नंबर के आखिरी चार अंक लिखें",
    },
    noMatch: "इस रेफ़रेंस नंबर और इन अंकों से कोई अनुरोध नहीं मिला। दोनों जाँचकर फिर से कोशिश करें, या हमें कॉल करें।",
    rateLimited: "बहुत बार कोशिश हो गई। कृपया {wait} फिर से कोशिश करें, या हमें {phone} पर कॉल करें।",
    expired: "आपकी निजता के लिए यह पेज 30 मिनट बाद बंद हो जाता है। कृपया रेफ़रेंस नंबर और अंक फिर से लिखें।",
    linkExpired:
      "यह लिंक अब आपका अनुरोध नहीं खोलता: यह 30 दिन से पुराना है या पूरा नहीं है। कृपया रेफ़रेंस नंबर और अंक लिखें, या हमारे सबसे नए मैसेज का लिंक खोलें।",
    request: {
      heading: "अनुरोध {reference}",
      received: "मिला",
      calledBack: "हमने आपको कॉल किया",
      visitBooked: "विज़िट बुक हुई",
      contactOnEarlier: "{at}, आपके पहले वाले अनुरोध {reference} पर",
      contactOnLater: "{at}, आपके बाद वाले अनुरोध {reference} पर",
      notCalledYet: "अनुरोध के 24 घंटे के अंदर हम आपको कॉल करेंगे।",
      joinedEarlier:
        "आपका पहले वाला अनुरोध {reference}, जो {day} को भेजा गया था, भी यहीं दिख रहा है: दोनों की विज़िट नीचे हैं।",
      joinedLater:
        "आपका बाद वाला अनुरोध {reference}, जो {day} को भेजा गया था, भी यहीं दिख रहा है: दोनों की विज़िट नीचे हैं।",
      next: "आपकी अगली विज़िट",
      noNext: "अभी कोई विज़िट बुक नहीं है। विज़िट बुक करने के लिए हम आपको कॉल करेंगे।",
      visits: "आपकी विज़िट",
      noVisits: "अभी कोई विज़िट नहीं।",
      doneCount: "{n} विज़िट हो चुकी हैं।",
      doneOne: "1 विज़िट हो चुकी है।",
      doneNone: "अभी कोई विज़िट नहीं हुई।",
      session: "{size} में से सेशन {index}",
      assessment: "पहली विज़िट (जाँच)",
      treatment: "इलाज",
      therapist: "आपके फिज़ियोथेरेपिस्ट",
      registration: "रजिस्ट्रेशन नंबर {number}",
      speaks: "भाषाएँ: {languages}",
      states: {
        to_come: "आने वाली",
        passed: "जानकारी अपडेट हो रही है",
        done: "हो गई",
        cancelled: "रद्द",
        no_show: "मरीज़ घर पर नहीं थे",
      },
      askedMove: "आपने {day} को यह विज़िट बदलने के लिए कहा; हम आपको कॉल करेंगे।",
      askedCancel: "आपने {day} को यह विज़िट रद्द करने के लिए कहा; हम आपको कॉल करेंगे।",
      askedAgain: "आपने {day} को नए समय के लिए कहा; हम आपको कॉल करेंगे।",
      visitCode: "विज़िट कोड {code}: विज़िट के अंत में थेरेपिस्ट को यह कोड बताएँ, ताकि पक्का हो कि विज़िट हुई।",
      another: "कोई और अनुरोध देखें",
      call: "कोई सवाल? हमें {phone} पर कॉल करें।",
    },
    ask: {
      open: "यह विज़िट बदलें या रद्द करें",
      again: "नया समय माँगें",
      againReason: "कुछ और बताना चाहें? (चाहें तो)",
      kind: "आप क्या चाहते हैं?",
      move: "दूसरे समय पर करें",
      cancel: "रद्द करें",
      reason: "क्यों?",
      reasonHint: "ज़्यादा से ज़्यादा 500 अक्षर",
      preferred: "आपके लिए बेहतर समय (चाहें तो)",
      preferredHint: "जैसे: शनिवार सुबह",
      submit: "क्लिनिक को भेजें",
      reasonEmpty: "कुछ शब्दों में वजह बताएँ",
      reasonTooLong: "कृपया {max} अक्षरों के अंदर लिखें",
      preferredTooLong: "कृपया समय {max} अक्षरों के अंदर लिखें",
      unreadable: "हम इसे पढ़ नहीं पाए। कृपया फिर से कोशिश करें।",
      refused: {
        no_visit: "यह विज़िट आपके अनुरोध की नहीं है।",
        not_scheduled: "यह विज़िट अब यहाँ से नहीं बदली जा सकती। कृपया हमें कॉल करें।",
        already_asked: "आप इस विज़िट के बारे में पहले ही कह चुके हैं; हम आपको कॉल करेंगे।",
      },
    },
    updates: {
      on: "आपकी विज़िट की जानकारी आपके दिए नंबर पर व्हाट्सऐप पर भेजी जाती है।",
      stopped: "व्हाट्सऐप मैसेज बंद हैं। जब तक आप इन्हें फिर से शुरू नहीं करते, हम व्हाट्सऐप पर कुछ नहीं भेजेंगे।",
      none: "आपने इस अनुरोध के लिए व्हाट्सऐप मैसेज नहीं माँगे थे।",
      stop: "व्हाट्सऐप मैसेज बंद करें",
      stopAsk:
        "व्हाट्सऐप मैसेज बंद करें? हम आपकी विज़िट का दिन, समय और थेरेपिस्ट का नाम नहीं भेजेंगे। आपकी विज़िट जैसी हैं वैसी ही रहेंगी।",
      confirmStop: "हाँ, बंद करें",
      keep: "चालू रखें",
      start: "फिर से शुरू करें",
      startHint:
        "हम हर विज़िट का दिन, समय और थेरेपिस्ट का नाम, और इस पेज का लिंक आपके दिए नंबर पर भेजेंगे; आपकी सेहत की कोई जानकारी नहीं। आप इन्हें यहाँ कभी भी बंद कर सकते हैं।",
    },
    dayAt: "{day} को {time} बजे",
    languageNames: {
      English: "अंग्रेज़ी",
      Hindi: "हिंदी",
      Punjabi: "पंजाबी",
      Bengali: "बांग्ला",
      Urdu: "उर्दू",
      Tamil: "तमिल",
      Telugu: "तेलुगु",
      Marathi: "मराठी",
      Gujarati: "गुजराती",
      Malayalam: "मलयालम",
      Kannada: "कन्नड़",
    },
  },
};

/** The longest reason and preferred time of an ask (characters), as family_asks allows them. */
export const statusAskLimits = { reason: 500, preferred: 200 } as const;

/** The link to the status page beside a request's confirmation: small, sent with the form. */
export const statusLinkText: Localized<{ lead: string; link: string }> = {
  en: {
    lead: "Later, see your request and your visits with this reference:",
    link: "My request",
  },
  hi: {
    lead: "बाद में इस रेफ़रेंस नंबर से अपना अनुरोध और विज़िट देखें:",
    link: "मेरा अनुरोध",
  },
};
