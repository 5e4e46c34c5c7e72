// The Hindi twins of the messages the Hindi pages answer with (app/domain/messages.ts): the same
// keys, said in plain Hindi, with the same figures. The server picks them by the language of the
// page a form was sent from; nothing here reaches the browser's JavaScript.
import type { newsletterLimitMessages, newsletterMessages } from "./messages.ts";

/** The newsletter form's answers, in Hindi. */
export const newsletterMessagesHi: { [K in keyof typeof newsletterMessages]: string } = {
  invalidEmail: "कृपया सही ईमेल पता लिखें।",
  emailTooLong: "आपका ईमेल पता 255 अक्षरों से ज़्यादा का नहीं हो सकता।",
  subscribed: "धन्यवाद! कृपया अपना इनबॉक्स देखें और हमारे भेजे लिंक से अपना सब्सक्रिप्शन कन्फ़र्म करें।",
  failed: "अभी हम आपका साइन-अप नहीं कर पाए। कृपया कुछ मिनट बाद फिर कोशिश करें।",
};

/** A refused newsletter sign-up (a 429), in Hindi, given how long to wait ("5 मिनट बाद"). */
export const newsletterLimitMessagesHi: {
  [K in keyof typeof newsletterLimitMessages]: (wait: string) => string;
} = {
  client: (wait) => `आप इस कनेक्शन से कई बार साइन-अप कर चुके हैं। कृपया ${wait} फिर कोशिश करें।`,
  mailbox: (wait) =>
    `हम आज इस पते पर कई बार ईमेल भेज चुके हैं। कृपया हमारा ईमेल देखें (स्पैम में भी), या ${wait} फिर कोशिश करें।`,
  site: (wait) => `अभी बहुत से लोग साइन-अप कर रहे हैं। कृपया ${wait} फिर कोशिश करें।`,
};
