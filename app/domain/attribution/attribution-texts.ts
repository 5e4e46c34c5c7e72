// The attribution capability's words (decision 026): how staff read where a request came from,
// on its page, in its e-mail, the export and the insights. English only, as every staff screen.
import type { Channel } from "#db/schema.ts";

export const channelNames: Record<Channel, string> = {
  search: "Search",
  ads: "Ads",
  social: "Social",
  direct: "Direct",
  other: "Other sites",
};

/** The pieces of a request's source line (describeSource, channels.ts). */
export const sourceTexts = {
  campaign: (name: string) => `campaign ${name}`,
  landedOn: (path: string) => `; landed on ${path}`,
} as const;
