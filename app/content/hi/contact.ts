// Hindi of the contact page words. The layout shows the phone, e-mail and address from
// configuration beside each card, so the notes do not repeat them.
import type { ContactContent } from "#app/content/contact.ts";
import { supportHoursLabelHi } from "#app/content/hi/business.ts";

export const contactHi: ContactContent = {
  seo: {
    title: "संपर्क करें | दिल्ली एनसीआर में होम फिज़ियोथेरेपी बुक करें",
    description:
      "गुरुग्राम, दिल्ली, नोएडा, ग्रेटर नोएडा या फरीदाबाद में घर पर सर्टिफाइड फिज़ियोथेरेपिस्ट बुक करें। हर दिन सुबह 9 से शाम 7 बजे तक। हम 24 घंटे में जवाब देते हैं।",
    keywords: [
      "होम फिज़ियोथेरेपी संपर्क",
      "घर पर फिज़ियोथेरेपिस्ट बुक करें",
      "होम फिज़ियोथेरेपी अपॉइंटमेंट",
      "घर पर फिज़ियोथेरेपिस्ट गुरुग्राम",
      "घर पर फिज़ियोथेरेपी दिल्ली एनसीआर",
      "होम फिज़ियो बुकिंग नोएडा",
    ],
  },
  hero: {
    heading: "हमसे संपर्क करें",
    text: "अपना अपॉइंटमेंट बुक करें या कोई भी सवाल हो तो हमसे पूछें",
  },
  cards: [
    { kind: "phone", title: "फ़ोन", note: "सोम–रवि, सुबह 9 – शाम 7" },
    { kind: "email", title: "ईमेल", note: "24/7 जवाब" },
    // The configured address shows above this note, so the note must not repeat it.
    {
      kind: "location",
      title: "लोकेशन",
      note: "हमारा ऑफ़िस; हमारे फिज़ियोथेरेपिस्ट आपके घर आते हैं",
    },
    { kind: "hours", title: "समय", note: supportHoursLabelHi },
  ],
  form: {
    heading: "अपॉइंटमेंट बुक करें",
    text: "नीचे दिया फ़ॉर्म भरें, हम 24 घंटे के अंदर आपसे संपर्क करेंगे",
  },
};
