// The notice shown beside the appointment form, at the moment the data is collected (DPDP Act
// s. 5, Rules 2025 r. 3): what is collected, why, how long it is kept, the rights and how to use
// them, and the Board. Short and plain; the privacy policy says the rest. The contact route's
// loader sends it with the page, so the words never weigh on the JavaScript.
// Placeholders: {months} (RETENTION_MONTHS, filled by the loader), {name} (the data contact).
import type { Lang, Localized } from "#app/content/localized.ts";

/**
 * The version of these words, stored with every request sent beside them. Change it (to the day
 * the new words go live) whenever any word below changes; privacy-notice.test.ts holds each
 * version's fingerprint and fails until it is.
 */
export const privacyNoticeVersion = "2026-11-28";

/** Every version ever shown: a request sent from a page still open on an older one keeps it. */
export const privacyNoticeVersions: readonly string[] = [
  "2026-11-24",
  "2026-11-27",
  privacyNoticeVersion,
];

export interface PrivacyNoticeText {
  heading: string;
  /** What, why and how long, in two sentences. */
  summary: string;
  /** The rights, and that they are used as easily as the form was sent. */
  rights: string;
  /** The <summary> of the longer part. */
  more: string;
  collectedIntro: string;
  /** Each item collected, as stored: name, phone, address, PIN code, message, the source. */
  collected: string[];
  /**
   * The WhatsApp updates (decision 038): only with the box ticked, what they say and what never,
   * through whom, and how to stop them.
   */
  whatsappUpdates: string;
  /** {name}: the data contact. Followed by the three ways to reach them. */
  contactIntro: string;
  call: string;
  whatsapp: string;
  email: string;
  /** The WhatsApp chat's first message. */
  chatMessage: string;
  board: string;
  policyLink: string;
}

const en: PrivacyNoticeText = {
  heading: "Your details and your rights",
  summary:
    "We use what you send here only to arrange and follow up your home visit. We keep it for {months} months after your request is completed, then erase it.",
  rights:
    "You can ask to see, correct or erase it, withdraw your consent or make a complaint, as easily as you sent this form: by phone, WhatsApp or e-mail.",
  more: "What we collect, and whom to ask",
  collectedIntro: "With this form we collect:",
  collected: [
    "your name",
    "your phone number",
    "your address",
    "your PIN code",
    "your message, if you write one (it may tell us about your health)",
    "the page you sent it from, its language, and how you came to our site (for example a search, an ad or another website)",
    "whether you ticked the box for updates on WhatsApp",
  ],
  whatsappUpdates:
    "Only if you tick that box, we send this number a WhatsApp message when a visit is booked, moved or cancelled, and a reminder the evening before: the day, time, therapist, your reference and a link, never anything about your health. They go through Meta's WhatsApp Business platform, which delivers them for us. Reply STOP, or use the link on your request's page, to end them.",
  contactIntro:
    "To see, correct or erase your details, withdraw your consent or make a complaint, contact {name}:",
  call: "Call",
  whatsapp: "WhatsApp",
  email: "E-mail",
  chatMessage: "Hello, I have a question about my personal data.",
  board:
    "If you are not satisfied with our answer, you can complain to the Data Protection Board of India.",
  policyLink: "Read our full privacy policy",
};

const hi: PrivacyNoticeText = {
  heading: "आपकी जानकारी और आपके अधिकार",
  summary:
    "यहाँ भेजी गई जानकारी हम सिर्फ़ आपकी घर पर विज़िट तय करने और उसके फ़ॉलो-अप के लिए इस्तेमाल करते हैं। आपका अनुरोध पूरा होने के बाद हम इसे {months} महीने तक रखते हैं, फिर मिटा देते हैं।",
  rights:
    "आप इसे देखने, सुधारने या मिटाने के लिए कह सकते हैं, अपनी सहमति वापस ले सकते हैं या शिकायत कर सकते हैं, और यह इस फ़ॉर्म को भेजने जितना ही आसान है: बस फ़ोन, व्हाट्सऐप या ईमेल करें।",
  more: "हम क्या लेते हैं, और किससे पूछें",
  collectedIntro: "इस फ़ॉर्म से हम ये जानकारी लेते हैं:",
  collected: [
    "आपका नाम",
    "आपका फ़ोन नंबर",
    "आपका पता",
    "आपका पिन कोड",
    "आपका मैसेज, अगर आप लिखें (इसमें आपकी सेहत की बात हो सकती है)",
    "वह पेज जहाँ से आपने इसे भेजा, उसकी भाषा, और आप हमारी साइट पर कैसे पहुँचे (जैसे सर्च, विज्ञापन या कोई दूसरी वेबसाइट)",
    "आपने व्हाट्सऐप पर जानकारी वाला बॉक्स टिक किया या नहीं",
  ],
  whatsappUpdates:
    "सिर्फ़ तभी, जब आप वह बॉक्स टिक करें, हम इस नंबर पर व्हाट्सऐप मैसेज भेजते हैं: जब कोई विज़िट बुक हो, उसका समय बदले या वह रद्द हो, और एक दिन पहले शाम को याद दिलाने के लिए। उसमें दिन, समय, फिज़ियोथेरेपिस्ट का नाम, आपका रेफ़रेंस और एक लिंक होता है, आपकी सेहत की कोई बात नहीं। ये Meta के व्हाट्सऐप बिज़नेस प्लेटफ़ॉर्म से जाते हैं, जो इन्हें हमारी ओर से पहुँचाता है। बंद करने के लिए STOP लिखकर भेजें, या अपने अनुरोध के पेज का लिंक इस्तेमाल करें।",
  contactIntro:
    "अपनी जानकारी देखने, सुधारने या मिटाने, सहमति वापस लेने या शिकायत करने के लिए {name} से संपर्क करें:",
  call: "कॉल करें",
  whatsapp: "व्हाट्सऐप",
  email: "ईमेल",
  chatMessage: "नमस्ते, मेरा अपने व्यक्तिगत डेटा के बारे में एक सवाल है।",
  board:
    "अगर आप हमारे जवाब से संतुष्ट नहीं हैं, तो आप भारत के डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं।",
  policyLink: "पूरी प्राइवेसी पॉलिसी पढ़ें",
};

export const privacyNoticeText: Localized<PrivacyNoticeText> = { en, hi };

/** The notice as a page sends it: its words in the page's language, and their version. */
export interface PrivacyNotice {
  version: string;
  text: PrivacyNoticeText;
}

/** The notice in a language, with the retention period (RETENTION_MONTHS) filled in. */
export function privacyNoticeIn(lang: Lang, retentionMonths: number): PrivacyNotice {
  const text = privacyNoticeText[lang];
  return {
    version: privacyNoticeVersion,
    text: { ...text, summary: text.summary.replace("{months}", String(retentionMonths)) },
  };
}

/** A form's `notice` field as stored: a version that was shown, or null (none, or made up). */
export function shownNoticeVersion(value: unknown): string | null {
  return typeof value === "string" && privacyNoticeVersions.includes(value) ? value : null;
}
