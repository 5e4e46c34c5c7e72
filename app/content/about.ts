// About page words: who we are, why we do it and how we work.

import { aboutHi } from "#app/content/hi/about.ts";
import type { Localized } from "#app/content/localized.ts";
import type { Card, PageSeo } from "#app/content/types.ts";

interface FounderQuote {
  text: string;
  name: string;
  role: string;
}

export interface AboutContent {
  seo: PageSeo;
  hero: { heading: string; text: string };
  mission: { heading: string; paragraphs: [string, string] };
  values: { heading: string; cards: [Card, Card, Card] };
  team: {
    heading: string;
    paragraphs: string[];
    founderQuote: FounderQuote;
  };
  cta: {
    heading: string;
    text: string;
    /** Button to the form (bookPath). */
    buttonLabel: string;
  };
}

const about: AboutContent = {
  seo: {
    title: "About Us | Certified Home Physiotherapists in Delhi NCR",
    description:
      "Meet our certified physiotherapists with 10+ years of experience, bringing physiotherapy home to 500+ families across Gurugram, Delhi, Noida and Faridabad.",
    keywords: [
      "about home physiotherapy",
      "certified physiotherapists Delhi NCR",
      "home physiotherapist Gurugram",
      "physiotherapy at home Noida",
      "physiotherapy at home Faridabad",
      "experienced physiotherapists at home",
    ],
  },
  hero: {
    heading: "About Us",
    text: "We bring professional physiotherapy to your doorstep, so that you or your loved ones can recover safely and comfortably at home.",
  },
  mission: {
    heading: "Our Mission",
    paragraphs: [
      "Travelling to a clinic is hard when you are in pain, recovering from surgery or caring for an elderly parent. Our mission is to make good physiotherapy easy to reach by bringing it to your home, across Delhi NCR, every day of the week.",
      "We believe treatment works best when it fits into daily life. By working in your own surroundings, our physiotherapists can see how you move through your day, give practical advice and build an exercise plan that you can keep up between sessions.",
    ],
  },
  values: {
    heading: "Our Values",
    cards: [
      {
        icon: "award",
        title: "Excellence",
        description:
          "Our physiotherapists are certified and experienced, and follow sound clinical practice in every assessment and session.",
      },
      {
        icon: "heart",
        title: "Compassion",
        description:
          "We listen carefully, respect your home and your routine, and treat every patient with patience and dignity.",
      },
      {
        icon: "shield",
        title: "Integrity",
        description:
          "We are honest about what physiotherapy can do, explain each step of your plan and keep your information private.",
      },
    ],
  },
  team: {
    heading: "Our Team",
    paragraphs: [
      "Our team is made up of certified physiotherapists with more than 10 years of experience in orthopaedic, neurological, sports and geriatric care.",
      "Together we have served more than 500 local families across Gurugram, Delhi, Noida, Greater Noida and Faridabad, and we match each patient with a physiotherapist who works near their area.",
    ],
    founderQuote: {
      text: "I have seen too many patients miss sessions because the journey to a clinic was more than they could manage. At home, people are relaxed, families can take part, and the exercises become part of everyday life. That is why we chose to bring care to the patient.",
      name: "Founder",
      role: "Founder & Lead Physiotherapist",
    },
  },
  cta: {
    heading: "Start Your Recovery at Home",
    text: "Tell us what you need and we will arrange a visit from one of our certified physiotherapists. We reply to every request within 24 hours.",
    buttonLabel: "Book an Appointment",
  },
};

export const aboutByLang: Localized<AboutContent> = { en: about, hi: aboutHi };
