import { about } from "~/content/about";
import { blogPosts } from "~/content/blog-posts";
import { home } from "~/content/home";
import { serviceAreas } from "~/content/service-areas";
import { services } from "~/content/services";
import type { Rating } from "~/content/types";
import { overallRating } from "~/lib/seo";

export interface ExpectedPage {
  path: string;
  h1: string;
  /** A sentence of the page's main content that must be in the server's HTML. */
  text: string;
  rating: Rating;
}

function firstParagraph(blocks: { type: string; text?: string }[]): string {
  return blocks.find((block) => block.type === "p")?.text ?? "";
}

/** What each public route must show without JavaScript, taken from the content records. */
export const expectedPages: ExpectedPage[] = [
  {
    path: "/",
    h1: home.hero.heading,
    text: home.howItWorks.steps[0].description,
    rating: home.rating,
  },
  {
    path: "/about",
    h1: about.hero.heading,
    text: about.mission.paragraphs[0],
    rating: overallRating,
  },
  {
    path: "/blog",
    h1: "Health & Wellness Blog",
    text: blogPosts[0]?.excerpt ?? "",
    rating: overallRating,
  },
  ...blogPosts.map((post) => ({
    path: `/blog/${post.id}`,
    h1: post.title,
    text: firstParagraph(post.content),
    rating: overallRating,
  })),
  {
    path: "/contact",
    h1: "Get in Touch",
    text: "Fill out the form below and we'll get back to you within 24 hours",
    rating: overallRating,
  },
  {
    path: "/privacy-policy",
    h1: "Privacy Policy",
    text: "not directed to people under 18 years of age",
    rating: overallRating,
  },
  ...serviceAreas.map((area) => ({
    path: `/service-areas/${area.slug}`,
    h1: area.hero.heading,
    text: area.localities.list.at(-1) ?? "",
    rating: area.rating,
  })),
  ...services.map((service) => ({
    path: `/${service.slug}`,
    h1: service.hero.heading,
    text: service.reasons.items.at(-1) ?? "",
    rating: service.rating,
  })),
];
