// The newsletter's words (decision 026). The blog's sign-up block and what the sign-up answers, in
// each language: one record shape, both languages required by the type, sent by the blog route's
// loader (the block) and said by its action (the answers) in the language of the page. The pages
// its e-mails link to (confirm, unsubscribe) are in English only, as the e-mails are. The spec
// shows no checks of the newsletter's own: every word here is ours. {wait} is how long to wait
// ("in 5 minutes"), filled with fillText (app/lib/fill-text.ts).
import type { Localized } from "#app/content/localized.ts";

export interface NewsletterFormText {
  /** The sign-up block under the blog's posts. */
  signup: {
    heading: string;
    text: string;
    emailLabel: string;
    placeholder: string;
    subscribe: string;
  };
  invalidEmail: string;
  emailTooLong: string;
  /** The same for a new, a pending and an already confirmed address: nothing is revealed. */
  subscribed: string;
  failed: string;
  /** A refused sign-up (a 429): per connection, per mailbox, for the whole site. */
  limits: { client: string; mailbox: string; site: string };
}

const en: NewsletterFormText = {
  signup: {
    heading: "Subscribe to Our Newsletter",
    text: "Practical advice on recovery, pain relief and staying active, from our physiotherapists.",
    emailLabel: "Email address",
    placeholder: "Enter your email",
    subscribe: "Subscribe",
  },
  invalidEmail: "Please enter a valid e-mail address.",
  emailTooLong: "Your e-mail address must be at most 255 characters.",
  subscribed:
    "Thank you! Please check your inbox and confirm your subscription by the link we sent.",
  failed: "We could not sign you up just now. Please try again in a few minutes.",
  limits: {
    client: "You have signed up several times from this connection. Please try again {wait}.",
    mailbox:
      "We have already e-mailed this address several times today. Please look for our e-mail (also in spam), or try again {wait}.",
    site: "Many people are signing up just now. Please try again {wait}.",
  },
};

const hi: NewsletterFormText = {
  signup: {
    heading: "हमारा न्यूज़लेटर सब्सक्राइब करें",
    text: "हमारे फिज़ियोथेरेपिस्ट से काम की सलाह: जल्दी ठीक होने, दर्द से राहत और एक्टिव रहने के लिए।",
    emailLabel: "ईमेल पता",
    placeholder: "अपना ईमेल लिखें",
    subscribe: "सब्सक्राइब करें",
  },
  invalidEmail: "कृपया सही ईमेल पता लिखें।",
  emailTooLong: "आपका ईमेल पता 255 अक्षरों से ज़्यादा का नहीं हो सकता।",
  subscribed: "धन्यवाद! कृपया अपना इनबॉक्स देखें और हमारे भेजे लिंक से अपना सब्सक्रिप्शन कन्फ़र्म करें।",
  failed: "अभी हम आपका साइन-अप नहीं कर पाए। कृपया कुछ मिनट बाद फिर कोशिश करें।",
  limits: {
    client: "आप इस कनेक्शन से कई बार साइन-अप कर चुके हैं। कृपया {wait} फिर कोशिश करें।",
    mailbox:
      "हम आज इस पते पर कई बार ईमेल भेज चुके हैं। कृपया हमारा ईमेल देखें (स्पैम में भी), या {wait} फिर कोशिश करें।",
    site: "अभी बहुत से लोग साइन-अप कर रहे हैं। कृपया {wait} फिर कोशिश करें।",
  },
};

export const newsletterFormText: Localized<NewsletterFormText> = { en, hi };

/** The pages the newsletter's e-mails link to; {days}: how long a confirmation link works. */
export const newsletterPageTexts = {
  confirm: {
    title: "Newsletter subscription",
    confirmed: "Subscription confirmed",
    confirmedText:
      "Thank you. Our newsletter will come to your inbox; every issue has a link to unsubscribe.",
    invalid: "This link is not valid",
    invalidText:
      "The confirmation link has expired (links work for {days} days), was replaced by a newer e-mail, or the address has been unsubscribed. Subscribe again on our blog page to get a new link.",
  },
  unsubscribe: {
    title: "Unsubscribe from the newsletter",
    done: "You have been unsubscribed",
    doneText: "You will receive no more newsletter e-mails from us.",
    ask: "Unsubscribe from the newsletter?",
    askText: "Press the button and you will receive no more newsletter e-mails from us.",
    button: "Unsubscribe",
    invalid: "This link is not valid",
    invalidText:
      "We could not find a subscription for this unsubscribe link. If you still receive our newsletter, use the link in the latest e-mail.",
  },
  toBlog: "Go to the blog",
} as const;
