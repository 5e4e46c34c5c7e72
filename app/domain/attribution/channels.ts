// How a site session reached the site, told from what its first page's request said: the referring
// site's host name and the campaign's labels (utm_*), or an ad's click id. Browser-safe: the
// insights page shows these names. The rule is ours, kept short and written down in
// docs/decisions/018-request-sources.md.

import { channelNames, sourceTexts } from "#app/domain/attribution/attribution-texts.ts";
import type { ClickIdParam, Channel as StoredChannel } from "#db/schema.ts";

export type Channel = StoredChannel;
/** The schema's list, in the order they are shown; kept here so that the browser never loads the
 * schema's module (a unit test holds the two lists equal). */
export const channels = [
  "search",
  "ads",
  "social",
  "direct",
  "other",
] as const satisfies readonly Channel[];

/** utm_medium values that mean a paid click or view (lower-cased). */
const paidMedia = new Set([
  "cpc",
  "ppc",
  "paid",
  "paidsearch",
  "paid_search",
  "paid-search",
  "cpm",
  "cpv",
  "display",
  "banner",
  "ads",
  "ad",
  "paid_social",
  "paidsocial",
  "paid-social",
]);
const socialMedia = new Set(["social", "social-media", "social_media", "social-network", "sm"]);
const searchMedia = new Set(["organic", "seo"]);

/** Host names (or their parents) of social sites and their Android apps' referrers. */
const socialHosts = [
  "facebook.com",
  "fb.com",
  "fb.me",
  "instagram.com",
  "t.co",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "lnkd.in",
  "youtube.com",
  "youtu.be",
  "pinterest.com",
  "reddit.com",
  "quora.com",
  "whatsapp.com",
  "wa.me",
  "t.me",
  "telegram.org",
  "sharechat.com",
  "threads.net",
  "com.facebook.katana",
  "com.instagram.android",
  "com.whatsapp",
];
const searchHosts = [
  "bing.com",
  "duckduckgo.com",
  "yahoo.com",
  "ecosia.org",
  "search.brave.com",
  "startpage.com",
  "baidu.com",
  "yandex.com",
  "yandex.ru",
  "com.google.android.googlequicksearchbox",
];
/** google.com, google.co.in, …: every country's Google. */
const googleHost = /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/;

const within = (host: string, domains: string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

export interface ChannelSignals {
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  clickIdParam: ClickIdParam | null;
}

/**
 * Ads when the session carried an ad click id or a paid medium; then what the campaign's medium
 * says; then the referring site (a search engine, a social site, any other); direct when nothing
 * said where it came from. A campaign tag without a medium we know (an e-mail, a QR code) is
 * "other".
 */
export function channelOf(signals: ChannelSignals): Channel {
  const medium = signals.utmMedium?.toLowerCase() ?? null;
  const source = signals.utmSource?.toLowerCase() ?? null;
  const host = signals.referrerHost;
  if (signals.clickIdParam || (medium && paidMedia.has(medium))) return "ads";
  if (medium && socialMedia.has(medium)) return "social";
  if (medium && searchMedia.has(medium)) return "search";
  if (host && within(host, socialHosts)) return "social";
  if (host && (googleHost.test(host) || within(host, searchHosts))) return "search";
  if (!medium && source && within(source, socialHosts.concat(["facebook", "instagram"]))) {
    return "social";
  }
  if (host || medium || source) return "other";
  return "direct";
}

export interface SourceFacts extends ChannelSignals {
  channel: Channel | null;
  landingPath: string | null;
  utmCampaign: string | null;
}

/**
 * Where a request came from, in one line for staff: "Ads: google / cpc, campaign knee-2026,
 * gclid; landed on /services/knee-replacement". Null when it was not recorded.
 */
export function describeSource(source: SourceFacts): string | null {
  if (!source.channel) return null;
  const campaign = [source.utmSource, source.utmMedium].filter(Boolean).join(" / ");
  const details = [
    source.referrerHost,
    campaign || null,
    source.utmCampaign ? sourceTexts.campaign(source.utmCampaign) : null,
    source.clickIdParam,
  ].filter(Boolean);
  const landed = source.landingPath ? sourceTexts.landedOn(source.landingPath) : "";
  return `${channelNames[source.channel]}${details.length ? `: ${details.join(", ")}` : ""}${landed}`;
}
