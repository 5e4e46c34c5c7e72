// What a visit costs: the fees section (home, service and contact pages) and the FAQs' question
// about cost, in each language. The figures are settings (FEE_HOME_SESSION, FEE_PACKAGE_SESSIONS,
// FEE_PACKAGE_PRICE in app/config/env.server.ts), filled in by the loaders; unset, they are
// sample figures, which the section says, and which a public site refuses (goingLiveProblems).
// The one free offer is the free first assessment, named as the spec's home button names it
// ("Book a Free Assessment"; in Hindi मुफ़्त जाँच, docs/hindi-glossary.md).
// Placeholders: {session}, {package} and {perSession} (rupees, written with the ₹ sign),
// {count} (the package's sessions), {days} (the days it is valid for).
import { feesHi } from "#app/content/hi/fees.ts";
import type { Lang, Localized } from "#app/content/localized.ts";
import type { FaqEntry } from "#app/content/types.ts";

/** One line of the fees: what it is, its price, and what it includes. */
interface FeeItem {
  title: string;
  price: string;
  text: string;
}

export interface FeesText {
  heading: string;
  intro: string;
  /** The free assessment, a session at home, a package of sessions. */
  items: [FeeItem, FeeItem, FeeItem];
  /** Between a line's title and its price: "Session at home: ₹1,200". */
  priceAfter: string;
  note: string;
  /** Shown while any figure is a sample (a setting not set). */
  sampleNote: string;
  /** The FAQs' question about cost, on every page with an FAQ. */
  question: FaqEntry;
}

/**
 * The fees section as a page shows it: the figures filled in, each line's price in its title
 * ("Session at home: ₹1,200"), the note after the intro, and while a figure is a sample, the
 * sample note before the intro.
 */
export interface FeesSection {
  heading: string;
  intro: string;
  items: { title: string; text: string }[];
}

/** The fees in rupees, as the settings give them (`feesOf` in app/config/env.server.ts). */
export interface FeeFigures {
  homeSession: number;
  packageSessions: number;
  packagePrice: number;
  /** The days a package is valid for, from the day it is bought. */
  packageDays: number;
  /** Whether any figure is the sample one: the clinic has not set it. */
  sample: boolean;
}

const en: FeesText = {
  heading: "Fees",
  intro:
    "What physiotherapy at home costs, before you book. At the free assessment the physiotherapist explains the plan and what it costs; you decide after it.",
  items: [
    {
      title: "Free assessment",
      price: "₹0",
      text: "The first visit: a certified physiotherapist examines you at home, explains what they find and proposes a plan.",
    },
    {
      title: "Session at home",
      price: "{session}",
      text: "One session of treatment with a certified physiotherapist, at your home.",
    },
    {
      title: "Package of {count} sessions",
      price: "{package}",
      text: "{count} sessions paid together, {perSession} a session, to be used within {days} days: for longer plans, such as rehabilitation after a stroke or surgery.",
    },
  ],
  priceAfter: ": ",
  note: "No hidden charges: you know what your whole plan costs before treatment starts.",
  sampleNote: "Example figures only: our own fees are not set here yet.",
  question: {
    question: "How much does physiotherapy at home cost?",
    answer:
      "The first visit is a free assessment: the physiotherapist examines you and explains the plan and what it costs. After that, a session at home costs {session}, or {package} for a package of {count} sessions ({perSession} a session). There are no hidden charges.",
  },
};

export const feesByLang: Localized<FeesText> = { en, hi: feesHi };

/** Rupees as India writes them: ₹1,200, ₹10,800 (Western digits in both languages). */
export function rupees(amount: number): string {
  return `₹${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }).format(amount)}`;
}

/** The section and the FAQ question of a language, with the figures filled in. */
export function feesIn(
  lang: Lang,
  figures: FeeFigures,
): { section: FeesSection; question: FaqEntry } {
  const text = feesByLang[lang];
  const values: Record<string, string> = {
    session: rupees(figures.homeSession),
    package: rupees(figures.packagePrice),
    perSession: rupees(Math.round(figures.packagePrice / figures.packageSessions)),
    count: String(figures.packageSessions),
    days: String(figures.packageDays),
  };
  const fill = (words: string) =>
    words.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return {
    section: {
      heading: text.heading,
      intro: [...(figures.sample ? [text.sampleNote] : []), text.intro, text.note].join(" "),
      items: text.items.map((item) => ({
        title: `${fill(item.title)}${text.priceAfter}${fill(item.price)}`,
        text: fill(item.text),
      })),
    },
    question: { question: text.question.question, answer: fill(text.question.answer) },
  };
}

/** A page's FAQ with the question about cost second, after the page's first question. */
export function withFeesQuestion(entries: readonly FaqEntry[], question: FaqEntry): FaqEntry[] {
  return [...entries.slice(0, 1), question, ...entries.slice(1)];
}
