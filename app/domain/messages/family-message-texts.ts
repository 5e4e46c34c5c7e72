// What the WhatsApp messages to a family say (decision 038), in each language: the body of each
// approved template, with its parameters in braces — a visit's five ({day}, {time}, {therapist},
// {reference}, {link}), a receipt's four ({amount}, {number}, {reference}, {link}; decision 046) —
// which Meta numbers {{1}} … in that order (docs/messages.md), and the reminder's two reply
// buttons. A message sent by hand from a chat link says the same, filled in, but where a chat has
// no buttons: the reminder sent by hand asks for a reply in words, which the desk records
// (`byHandBodies`; docs/messages.md, "Sending by hand").
// Nothing medical, no address: a message can be read on a shared phone's lock screen. Meta refuses
// a template whose body begins or ends with a parameter: each begins with words, and ends with how
// to stop the updates (messages-doc.test.ts checks both).
import type { Localized } from "#app/content/localized.ts";
import type { Lang } from "#app/lib/lang.ts";

/** The messages about a visit. */
export const visitMessageKinds = [
  "family_visit_booked",
  "family_visit_moved",
  "family_visit_cancelled",
  "family_visit_reminder",
] as const;
export type VisitMessageKind = (typeof visitMessageKinds)[number];
export const familyMessageKinds = [
  ...visitMessageKinds,
  "family_receipt",
  "family_payment_link",
] as const;
export type FamilyMessageKind = (typeof familyMessageKinds)[number];

export const isFamilyMessageKind = (kind: string): kind is FamilyMessageKind =>
  (familyMessageKinds as readonly string[]).includes(kind);

/** A visit's message's parameters, in Meta's order ({{1}} … {{5}}). */
const visitMessageParameters = ["day", "time", "therapist", "reference", "link"] as const;
/** The reminder's: the visit's code too (decision 048), {{1}} … {{6}}. */
const reminderMessageParameters = [
  "day",
  "time",
  "therapist",
  "reference",
  "code",
  "link",
] as const;
/** A receipt's message's parameters, in Meta's order ({{1}} … {{4}}). */
const receiptMessageParameters = ["amount", "number", "reference", "link"] as const;
/** A payment link's message's parameters, in Meta's order ({{1}} … {{3}}). */
const paymentLinkMessageParameters = ["amount", "reference", "link"] as const;
export type FamilyMessageParameter =
  | (typeof reminderMessageParameters)[number]
  | (typeof receiptMessageParameters)[number];

/** A kind's template parameters, in Meta's order. */
export const parametersOf = (kind: FamilyMessageKind): readonly FamilyMessageParameter[] =>
  kind === "family_receipt"
    ? receiptMessageParameters
    : kind === "family_payment_link"
      ? paymentLinkMessageParameters
      : kind === "family_visit_reminder"
        ? reminderMessageParameters
        : visitMessageParameters;

export interface FamilyMessageText {
  bodies: Record<FamilyMessageKind, string>;
  /** The reminder's quick-reply buttons: the visit confirmed, or an ask to change it. */
  buttons: { confirm: string; change: string };
  /** What a reply of these words (any case) does besides the buttons. */
  stopWords: readonly string[];
  /**
   * A kind's text sent by hand from the clinic's own WhatsApp, where the template's would not do:
   * a chat has no reply buttons, so the reminder asks for a YES, or a better time, in words.
   */
  byHandBodies: Partial<Record<FamilyMessageKind, string>>;
}

export const familyMessageText: Localized<FamilyMessageText> = {
  en: {
    bodies: {
      family_visit_booked:
        "Your home physiotherapy visit is booked for {day} at {time} with {therapist}. Reference {reference}. See it or ask to change it: {link} Reply STOP to end these updates.",
      family_visit_moved:
        "Your home physiotherapy visit has moved to {day} at {time} with {therapist}. Reference {reference}. See it or ask to change it: {link} Reply STOP to end these updates.",
      family_visit_cancelled:
        "Your home physiotherapy visit of {day} at {time} with {therapist} is cancelled. Reference {reference}. Your visits: {link} Reply STOP to end these updates.",
      family_visit_reminder:
        "Reminder: {therapist} comes for your home physiotherapy visit tomorrow, {day} at {time}. Reference {reference}. At the end of the visit, tell the therapist your visit code {code}. Please reply Confirm, or tap I need to change it. Your visits: {link} Reply STOP to end these updates.",
      family_receipt:
        "Thank you: we have received {amount} for your home physiotherapy. Receipt {number}, reference {reference}. Your receipt: {link} Reply STOP to end these updates.",
      family_payment_link:
        "Your payment link for home physiotherapy: {amount}, reference {reference}. Pay securely by UPI, card or net banking: {link} Reply STOP to end these updates.",
    },
    buttons: { confirm: "Confirm", change: "I need to change it" },
    stopWords: ["stop", "unsubscribe"],
    byHandBodies: {
      family_visit_reminder:
        "Reminder: {therapist} comes for your home physiotherapy visit tomorrow, {day} at {time}. Reference {reference}. At the end of the visit, tell the therapist your visit code {code}. Reply YES to confirm, or tell us a time that suits you better. Your visits: {link} Reply STOP to end these updates.",
    },
  },
  hi: {
    bodies: {
      family_visit_booked:
        "आपकी होम विज़िट (फिज़ियोथेरेपी) {day} को {time} बजे {therapist} के साथ बुक हो गई है। रेफ़रेंस {reference}। देखने या बदलने के लिए: {link} ये मैसेज बंद करने के लिए STOP लिखकर भेजें।",
      family_visit_moved:
        "आपकी होम विज़िट (फिज़ियोथेरेपी) का समय बदल गया है: अब {day} को {time} बजे, {therapist} के साथ। रेफ़रेंस {reference}। देखने या बदलने के लिए: {link} ये मैसेज बंद करने के लिए STOP लिखकर भेजें।",
      family_visit_cancelled:
        "आपकी होम विज़िट (फिज़ियोथेरेपी), जो {day} को {time} बजे {therapist} के साथ थी, रद्द कर दी गई है। रेफ़रेंस {reference}। आपकी विज़िट: {link} ये मैसेज बंद करने के लिए STOP लिखकर भेजें।",
      family_visit_reminder:
        "याद दिला दें: कल, {day} को {time} बजे {therapist} फिज़ियोथेरेपी के लिए आपके घर आएँगे। रेफ़रेंस {reference}। विज़िट के अंत में थेरेपिस्ट को अपना विज़िट कोड {code} बताएँ। कृपया पक्का करें दबाएँ, या मुझे बदलना है। आपकी विज़िट: {link} ये मैसेज बंद करने के लिए STOP लिखकर भेजें।",
      family_receipt:
        "धन्यवाद: आपकी होम फिज़ियोथेरेपी के लिए {amount} का भुगतान हमें मिल गया है। रसीद {number}, रेफ़रेंस {reference}। आपकी रसीद: {link} ये मैसेज बंद करने के लिए STOP लिखकर भेजें।",
      family_payment_link:
        "होम फिज़ियोथेरेपी के भुगतान का लिंक: {amount}, रेफ़रेंस {reference}। UPI, कार्ड या नेट बैंकिंग से सुरक्षित भुगतान करें: {link} ये मैसेज बंद करने के लिए STOP लिखकर भेजें।",
    },
    buttons: { confirm: "पक्का करें", change: "मुझे बदलना है" },
    stopWords: ["stop", "रोकें", "बंद"],
    byHandBodies: {
      family_visit_reminder:
        "याद दिला दें: कल, {day} को {time} बजे {therapist} फिज़ियोथेरेपी के लिए आपके घर आएँगे। रेफ़रेंस {reference}। विज़िट के अंत में थेरेपिस्ट को अपना विज़िट कोड {code} बताएँ। विज़िट पक्की करने के लिए YES या हाँ लिखकर भेजें, या हमें बताएँ कि आपके लिए कौन-सा समय बेहतर रहेगा। आपकी विज़िट: {link} ये मैसेज बंद करने के लिए STOP लिखकर भेजें।",
    },
  },
};

/** A kind's words sent by hand, in a language: its own where a chat needs them, else the template's. */
export const byHandBody = (lang: Lang, kind: FamilyMessageKind): string =>
  familyMessageText[lang].byHandBodies[kind] ?? familyMessageText[lang].bodies[kind];
