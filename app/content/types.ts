// Content records: the site's words as typed data, laid out by the templates in app/components.
import type { AreaSlug, ServiceSlug } from "#app/content/catalog.ts";

/** Icons available to content; each maps to one lucide icon in app/components/ui/icon.tsx. */
export type IconName =
  | "activity"
  | "award"
  | "baby"
  | "bone"
  | "brain"
  | "calendar"
  | "clipboard"
  | "clock"
  | "dumbbell"
  | "footprints"
  | "heart"
  | "heart-pulse"
  | "home"
  | "hand-heart"
  | "message"
  | "map-pin"
  | "phone"
  | "shield"
  | "smile"
  | "sparkles"
  | "stethoscope"
  | "target"
  | "trending-up"
  | "user-check"
  | "users"
  | "wallet"
  | "zap";

export interface Card {
  icon: IconName;
  title: string;
  description: string;
  /** A page of the site the card leads to, shown as a "Learn more" link. */
  link?: CardLink;
}

export interface CardLink {
  /** Path of the page, e.g. "/senior-physiotherapy-at-home". */
  to: string;
  /** Name of that page, completing the link's name for screen readers: "Learn more about …". */
  pageName: string;
}

/** One question of a page's FAQ, shown as text and as schema.org FAQPage data. */
export interface FaqEntry {
  question: string;
  answer: string;
}

export interface Testimonial {
  name: string;
  /** Shown in the avatar circle. */
  initials: string;
  location: string;
  /** Always 5 in the spec; kept as data so the stars render from it. */
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
}

/** Marketing rating used in structured data (schema.org AggregateRating). */
export interface Rating {
  value: number;
  count: number;
}

export interface PageSeo {
  title: string;
  description: string;
  keywords: string[];
}

/** A chat (WhatsApp) button: label plus the message prefilled in the chat. */
export interface ChatAction {
  label: string;
  message: string;
}

/** The closing call to action of a template page: a chat button, after a booking one if any. */
interface CallToAction {
  heading: string;
  text: string;
  chat: ChatAction;
}

export interface ServiceAreaPage {
  slug: AreaSlug;
  /** Display name, e.g. "Greater Noida". */
  name: string;
  seo: PageSeo;
  rating: Rating;
  hero: {
    heading: string;
    text: string;
    /** Button to the form (bookPath); absent when the page books by chat only. */
    bookLabel?: string;
    chat: ChatAction;
  };
  whyChoose: { heading: string; cards: [Card, Card, Card] };
  services: { heading: string; cards: [Card, Card, Card, Card] };
  localities: { heading: string; text: string; list: string[] };
  testimonials: Testimonial[];
  cta: CallToAction & {
    /** Button to the form (bookPath); absent when the page books by chat only. */
    bookLabel?: string;
  };
}

export interface ServicePage {
  slug: ServiceSlug;
  /** Short name used in footer and home cards, e.g. "Stroke Rehabilitation". */
  name: string;
  /** One-line summary for the home page card. */
  summary: string;
  icon: IconName;
  seo: PageSeo;
  rating: Rating;
  hero: { heading: string; text: string; chat: ChatAction };
  /** Optional "about" paragraphs under the hero. */
  about?: { heading: string; paragraphs: string[] };
  benefits: { heading: string; cards: Card[] };
  /** Conditions treated or services delivered. */
  conditions: { heading: string; items: string[] };
  /** Eight reasons / deliverables / approaches. */
  reasons: { heading: string; items: string[] };
  cta: CallToAction;
}

/** A block of an article body. */
export type ContentBlock =
  | { type: "p"; text: string }
  | { type: "h2"; text: string }
  | { type: "h3"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "ol"; items: string[] }
  | { type: "note"; text: string };

type BlogCategory =
  | "Pain Management"
  | "Post-Surgery Care"
  | "General Health"
  | "Sports Medicine"
  | "Elderly Care";

export interface BlogPost {
  id: 1 | 2 | 3 | 4 | 5 | 6;
  title: string;
  excerpt: string;
  /** Display date, e.g. "Mar 12, 2026"; ISO form kept for structured data. */
  date: string;
  isoDate: string;
  readTime: string;
  category: BlogCategory;
  keywords: string[];
  content: ContentBlock[];
}
