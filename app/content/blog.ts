// Blog list page words; the posts themselves are in blog-posts.ts.

import { blogIndexHi } from "#app/content/hi/blog.ts";
import type { Localized } from "#app/content/localized.ts";
import type { PageSeo } from "#app/content/types.ts";

export interface BlogIndexContent {
  seo: PageSeo;
  hero: { heading: string; text: string };
}

const blogIndex: BlogIndexContent = {
  seo: {
    title: "Physiotherapy Blog | Tips for Recovery and Pain Relief",
    description:
      "Advice from certified physiotherapists on back pain, recovery after knee surgery, sports injury prevention, mobility as you age and managing chronic pain.",
    keywords: [
      "physiotherapy blog",
      "back pain tips",
      "knee surgery recovery",
      "sports injury prevention",
      "elderly mobility exercises",
      "home physiotherapy Delhi NCR",
    ],
  },
  hero: {
    heading: "Health & Wellness Blog",
    text: "Practical physiotherapy advice for recovery, pain relief and staying active at every age.",
  },
};

export const blogIndexByLang: Localized<BlogIndexContent> = { en: blogIndex, hi: blogIndexHi };
