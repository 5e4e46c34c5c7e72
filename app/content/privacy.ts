// Privacy policy words. The layout adds the "Last Updated" date and, after "Contact Us",
// the data contact person, the e-mail address and postal address from configuration.
// Placeholders, filled from the settings by privacyIn: {months} (RETENTION_MONTHS),
// {newsletterDays} (NEWSLETTER_PENDING_DAYS), {dueDays} (PRIVACY_DUE_DAYS), {mailDays} (how long a
// sent e-mail's content is kept: the retention job's own period).

import { privacyHi } from "#app/content/hi/privacy.ts";
import type { Lang, Localized } from "#app/content/localized.ts";
import type { ContentBlock, PageSeo } from "#app/content/types.ts";

interface PrivacySection {
  heading: string;
  blocks: ContentBlock[];
}

export interface PrivacyContent {
  seo: PageSeo;
  sections: PrivacySection[];
  /** Before the data contact's name and e-mail, under "Contact Us". */
  contactPerson: string;
}

const privacy: PrivacyContent = {
  seo: {
    title: "Privacy Policy | Home Physiotherapy in Delhi NCR",
    description:
      "How we collect, use and protect the personal data you share when booking home physiotherapy in Delhi NCR, and your rights under India's DPDP Act, 2023.",
    keywords: [
      "privacy policy",
      "home physiotherapy privacy",
      "personal data protection",
      "DPDP Act 2023",
      "patient data privacy India",
      "physiotherapy Delhi NCR",
    ],
  },
  sections: [
    {
      heading: "Introduction",
      blocks: [
        {
          type: "p",
          text: "We provide physiotherapy at home across Delhi NCR. This policy explains what personal data we collect when you use our website or book a session, why we collect it, who we share it with and the choices you have.",
        },
        {
          type: "p",
          text: "We handle personal data in line with India's Digital Personal Data Protection Act, 2023 (the DPDP Act) and other applicable laws. By using our website or booking an appointment, you agree to the collection and use of your information as described here.",
        },
      ],
    },
    {
      heading: "Information We Collect",
      blocks: [
        {
          type: "p",
          text: "When you fill in the appointment form, we collect:",
        },
        {
          type: "ul",
          items: [
            "Your name",
            "Your phone number",
            "Your address and pincode, so that we can arrange a home visit",
            "Any message you choose to add, such as a short description of your condition or a preferred time (optional)",
            "Whether you want updates about your visits on WhatsApp (an optional box, unticked unless you tick it), and when you ticked it or stopped the updates",
          ],
        },
        {
          type: "p",
          text: "If you contact us by phone, e-mail or WhatsApp, we receive the details you share in that conversation. If you go on to receive treatment, your physiotherapist will record the health information needed to assess you and plan your care, such as your symptoms, medical history and progress.",
        },
        {
          type: "p",
          text: "When you browse our website, analytics cookies collect limited technical information, such as your browser and device type, approximate location, the pages you visit and how you arrived at the site. See the Cookies section below.",
        },
        {
          type: "note",
          text: "Please share only what is needed to arrange your care. You do not need to send medical reports through the website form.",
        },
      ],
    },
    {
      heading: "How We Use Your Information",
      blocks: [
        {
          type: "p",
          text: "We use your personal data only to arrange and deliver your care, specifically to:",
        },
        {
          type: "ul",
          items: [
            "Respond to your enquiry and confirm your appointment",
            "Match you with a certified physiotherapist who works near your area",
            "Plan, deliver and follow up on your treatment at home",
            "Contact you about your sessions, such as reminders or changes in timing",
            "Meet our legal and regulatory obligations",
          ],
        },
        {
          type: "p",
          text: "We use analytics information only in aggregate, to understand how the website is used and to improve it. We do not use your personal data for any purpose unrelated to your care without asking you first.",
        },
      ],
    },
    {
      heading: "Updates About Your Visits on WhatsApp",
      blocks: [
        {
          type: "p",
          text: "Only if you tick the box “Send me updates about my visits on WhatsApp at this number” on the appointment form, we send that number a short WhatsApp message when a visit is booked, moved or cancelled, and a reminder the evening before each visit. So that you know who is coming and when without having to call us.",
        },
        {
          type: "p",
          text: "Each message says the day, the time, the therapist's name, your reference and a link to your request's page, and nothing else: never anything about your health, and never your address, as a message can be read on a shared phone. When you reply to a reminder (to confirm the visit, or to ask us to change it), we note your answer on your request.",
        },
        {
          type: "p",
          text: "When we send these messages automatically, they go through Meta's WhatsApp Business platform, which processes them on our behalf only to deliver them and tells us whether each was delivered; otherwise a member of our staff sends the same message from our WhatsApp number. We keep a record of each message (which kind, when, and whether it was delivered), not a copy of its text.",
        },
        {
          type: "p",
          text: "You can stop them at any time, as easily as you asked for them: reply STOP to any of our messages, or use the link on your request's page. Nothing is sent after that; your visits stay as they are.",
        },
      ],
    },
    {
      heading: "Information Sharing and Disclosure",
      blocks: [
        {
          type: "p",
          text: "We do not sell, rent or trade your personal data. We share it only in the following cases:",
        },
        {
          type: "ul",
          items: [
            "With the physiotherapist assigned to you, who needs your details to visit and treat you",
            "With service providers who help us run our website and communications, such as website hosting and e-mail providers, and Meta's WhatsApp Business platform for the visit updates you asked for. They may use your data only to provide their service to us",
            "When required by law, or in response to a valid request from a court or government authority",
          ],
        },
        {
          type: "p",
          text: "If you choose to contact us on WhatsApp, your messages are also handled by WhatsApp under its own privacy policy.",
        },
      ],
    },
    {
      heading: "Data Security",
      blocks: [
        {
          type: "p",
          text: "We take reasonable security safeguards to protect your personal data from loss, misuse and unauthorised access, and we limit access to patient information to the people who need it to arrange or provide your care.",
        },
        {
          type: "p",
          text: "We keep your personal data only for as long as it is needed to provide your care and to meet our legal obligations, after which we delete it. No method of storing or sending data over the internet is completely secure, but we work to protect your information and will act promptly if a problem arises.",
        },
      ],
    },
    {
      heading: "How Long We Keep Your Data",
      blocks: [
        {
          type: "p",
          text: "We keep personal data only as long as we need it for the purpose you gave it for, then erase it:",
        },
        {
          type: "ul",
          items: [
            "Your appointment request (your name, phone number, address, PIN code, message and our notes about it): {months} months after the request is completed or closed. We then erase these details and keep only figures that do not identify you, such as the date, the area and how you found us.",
            "A newsletter sign-up that is never confirmed: {newsletterDays} days. A confirmed one: until you unsubscribe, which every newsletter e-mail lets you do.",
            "The content of e-mails we have sent you, such as a newsletter confirmation: {mailDays} days after they are delivered.",
            "The record of the WhatsApp updates about your visits (which kind, when, and whether each was delivered) and what you asked us to change about a visit: as long as your appointment request, and erased with it.",
            "The record of which member of our staff looked at or changed a request, and when: at least one year, as the law requires. It does not copy your details.",
            "Backup copies of our database, kept for a limited time so that nothing is lost. If a backup is ever restored, we erase again everything that was erased after it was made.",
          ],
        },
        {
          type: "p",
          text: "If you ask us to erase your details, or withdraw your consent, we erase them sooner, unless the law requires us to keep them.",
        },
      ],
    },
    {
      heading: "Your Rights",
      blocks: [
        {
          type: "p",
          text: "Under the DPDP Act, you have the right to:",
        },
        {
          type: "ul",
          items: [
            "Access: ask for a summary of the personal data we hold about you and how we use it",
            "Correction: ask us to correct, complete or update your personal data",
            "Erasure: ask us to delete your personal data when it is no longer needed, unless the law requires us to keep it",
            "Withdraw consent: withdraw your consent at any time. This does not affect anything done before you withdraw, but we may no longer be able to provide care that depends on that data",
            "Grievance redressal: raise a complaint with us about how we handle your personal data",
            "Nominate: name another person to exercise these rights on your behalf in the event of death or incapacity",
          ],
        },
        {
          type: "p",
          text: "You can use any of these rights as easily as you sent your request: call us or send us a WhatsApp message on our phone number, or e-mail our data protection contact named in the Contact Us section below. We may need to confirm your identity before acting on a request.",
        },
        {
          type: "p",
          text: "We answer within {dueDays} days, and never later than 90 days, as the DPDP Rules, 2025 require.",
        },
        {
          type: "p",
          text: "If you are not satisfied with our answer to a grievance, or we do not answer in time, you may complain to the Data Protection Board of India.",
        },
      ],
    },
    {
      heading: "Cookies",
      blocks: [
        {
          type: "p",
          text: "Cookies are small text files stored on your device by your browser. Our website uses analytics cookies from Google Analytics only to understand how visitors use the site, for example which pages are viewed most often. This information is reported to us in aggregate and does not identify you by name.",
        },
        {
          type: "p",
          text: "You can block or delete cookies in your browser settings, or install Google's opt-out browser add-on for Google Analytics. The website will continue to work if you do.",
        },
      ],
    },
    {
      heading: "Children's Privacy",
      blocks: [
        {
          type: "p",
          text: "Our website and booking service are not directed to people under 18 years of age, and we do not knowingly collect personal data directly from them.",
        },
        {
          type: "p",
          text: "If a minor needs physiotherapy, a parent or lawful guardian must make the booking and any request about the minor's personal data on their behalf. If we learn that we have received a minor's personal data without a parent's or guardian's consent, we will delete it.",
        },
      ],
    },
    {
      heading: "Changes to This Policy",
      blocks: [
        {
          type: "p",
          text: "We may update this policy from time to time, for example when our services or the law change. The updated version will be posted on this page with a new “Last Updated” date. Please check this page periodically to stay informed.",
        },
      ],
    },
    {
      heading: "Contact Us",
      blocks: [
        {
          type: "p",
          text: "If you have any questions about this policy, wish to exercise your rights or want to raise a grievance about how we handle your personal data, please write to our data protection contact below, or to us at our e-mail address.",
        },
      ],
    },
  ],
  contactPerson: "Data protection contact:",
};

export const privacyByLang: Localized<PrivacyContent> = { en: privacy, hi: privacyHi };

/** The settings the policy states: how long data is kept, and how soon a request is answered. */
export interface PrivacySettings {
  retentionMonths: number;
  newsletterPendingDays: number;
  dueDays: number;
  sentMailContentDays: number;
}

/** The policy in a language, its placeholders filled from the settings. */
export function privacyIn(lang: Lang, settings: PrivacySettings): PrivacyContent {
  const values: Record<string, string> = {
    months: String(settings.retentionMonths),
    newsletterDays: String(settings.newsletterPendingDays),
    dueDays: String(settings.dueDays),
    mailDays: String(settings.sentMailContentDays),
  };
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const content = privacyByLang[lang];
  return {
    ...content,
    sections: content.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) =>
        "items" in block
          ? { ...block, items: block.items.map(fill) }
          : { ...block, text: fill(block.text) },
      ),
    })),
  };
}
