// Contact page words. The layout shows the phone, e-mail and address from configuration
// beside each card and picks each card's icon by its kind.
import { supportHours } from "#app/content/business.ts";
import { contactHi } from "#app/content/hi/contact.ts";
import type { Localized } from "#app/content/localized.ts";
import type { PageSeo } from "#app/content/types.ts";

export type ContactCardKind = "phone" | "email" | "location" | "hours";

export interface ContactCard {
  kind: ContactCardKind;
  title: string;
  note: string;
}

export interface ContactContent {
  seo: PageSeo;
  hero: { heading: string; text: string };
  cards: [ContactCard, ContactCard, ContactCard, ContactCard];
  form: { heading: string; text: string };
}

const contact: ContactContent = {
  seo: {
    title: "Contact Us | Book Home Physiotherapy in Delhi NCR",
    description:
      "Book a certified physiotherapist at home in Gurugram, Delhi, Noida, Greater Noida or Faridabad. Open every day, 9 AM to 7 PM. We reply within 24 hours.",
    keywords: [
      "contact home physiotherapy",
      "book physiotherapist at home",
      "home physiotherapy appointment",
      "physiotherapist at home Gurugram",
      "physiotherapy at home Delhi NCR",
      "home physio booking Noida",
    ],
  },
  hero: {
    heading: "Get in Touch",
    text: "Book your appointment or reach out to us with any questions",
  },
  cards: [
    { kind: "phone", title: "Phone", note: "Mon-Sun 9am-7pm" },
    { kind: "email", title: "Email", note: "24/7 response" },
    // The configured address shows above this note, so the note must not repeat it.
    {
      kind: "location",
      title: "Location",
      note: "Our office; our physiotherapists come to your home",
    },
    { kind: "hours", title: "Hours", note: supportHours.label },
  ],
  form: {
    heading: "Book an Appointment",
    text: "Fill out the form below and we'll get back to you within 24 hours",
  },
};

export const contactByLang: Localized<ContactContent> = { en: contact, hi: contactHi };
