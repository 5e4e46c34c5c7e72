// Where a request came from, without a script and without personal data. A site session is a
// person's pages of the site until their browser closes ("visit" names a home visit here,
// decision 028). Its first page (prerendered, answered from memory) leaves a session cookie
// saying which page it was, which other site sent the visitor (the Referer's host name) and the
// campaign's labels (utm_*, an ad click id); the appointment form's action reads it back and
// stores it with the request, beside the page the form was sent from. No JavaScript is needed at
// either end, so it works the same with JavaScript off, and the home page's budget pays nothing.
// See decision 018.

import { parseCookie, stringifySetCookie } from "cookie";
import { type Channel, channelOf } from "#app/domain/attribution/channels.ts";
import type { Lang } from "#app/lib/lang.ts";
import { z } from "#app/lib/zod.ts";
import { type ClickIdParam, clickIdParams } from "#db/schema.ts";

// The cookie's name on the wire predates the code's word "site session": renaming it would lose
// the source of every browser mid-session (decision 018).
const siteSessionCookieName = "hp_visit";

/** How a site session began: what its first page's request said. */
export interface SiteSession {
  landingPath: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  clickIdParam: ClickIdParam | null;
  clickId: string | null;
}

/** What is stored with a request about where it came from (columns of `appointments`). */
export interface RequestSource extends Omit<SiteSession, "landingPath"> {
  landingPath: string | null;
  sentFromPath: string | null;
  /** Null when the request carried no site session (no cookie): its source is not known. */
  channel: Channel | null;
  /** The language of the page the form was sent from (staff call back in it). */
  language: Lang;
}

export const unknownSource: RequestSource = {
  landingPath: null,
  sentFromPath: null,
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  clickIdParam: null,
  clickId: null,
  channel: null,
  language: "en",
};

const labelMax = 100;
/** A campaign's label as stored: no control or invisible characters, trimmed, at most 100. */
function label(value: string | null | undefined): string | null {
  if (value == null) return null;
  const clean = value.replace(/\p{C}/gu, "").trim().slice(0, labelMax);
  return clean === "" ? null : clean;
}

/** Ad networks' click ids are URL-safe tokens; anything else is not one. */
const clickIdPattern = /^[A-Za-z0-9._~-]{1,200}$/;
/** A page of the site: lower-case letters, digits, dashes and slashes. */
const pathPattern = /^\/[a-z0-9/-]{0,199}$/;
/** A host name as URL parsing gives it (lower-case, punycode). */
const hostPattern = /^[a-z0-9.-]{1,253}$/;

/** A host name without "www.", "m." and the like, which say nothing of the site. */
function siteHost(hostname: string): string {
  return hostname.replace(/^(www|m|l|lm|mobile)\./, "");
}

/**
 * The referring site's host name, or null when the Referer is missing, unreadable or this site
 * (one of `ownHosts`: the request's Host header and the site's address, port and all).
 */
function referrerOf(
  referer: string | undefined,
  ownHosts: readonly (string | undefined)[],
): { host: string | null; internal: boolean } {
  if (!referer) return { host: null, internal: false };
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return { host: null, internal: false };
  }
  if (ownHosts.some((own) => own?.toLowerCase() === url.host))
    return { host: null, internal: true };
  // android-app://com.google.android.googlequicksearchbox/ is how apps refer.
  if (!["http:", "https:", "android-app:"].includes(url.protocol)) {
    return { host: null, internal: false };
  }
  const host = siteHost(url.hostname);
  return { host: hostPattern.test(host) ? host : null, internal: false };
}

/** No Referer, or one that plainly names a page of this site (a quick test; `referrerOf` decides). */
function isOwnPage(
  referer: string | undefined,
  ownHosts: readonly (string | undefined)[],
): boolean {
  if (!referer) return true;
  return ownHosts.some(
    (own) => own && (referer.startsWith(`https://${own}/`) || referer.startsWith(`http://${own}/`)),
  );
}

/** The campaign's labels and an ad click id, from a landing page's query string. */
function campaignOf(query: string) {
  const params = new URLSearchParams(query);
  const clickIdParam = clickIdParams.find((name) => params.has(name)) ?? null;
  const clickId = clickIdParam ? (params.get(clickIdParam) ?? "") : "";
  const valid = clickIdParam !== null && clickIdPattern.test(clickId);
  return {
    utmSource: label(params.get("utm_source")),
    utmMedium: label(params.get("utm_medium")),
    utmCampaign: label(params.get("utm_campaign")),
    clickIdParam: valid ? clickIdParam : null,
    clickId: valid ? clickId : null,
  };
}

export interface PageRequest {
  /** The page's path, without its query. */
  path: string;
  /** The query string, without its "?" ("" when none). */
  query: string;
  referer: string | undefined;
  /** The site's own host names (the Host header, SITE_URL's): a Referer from them is no source. */
  ownHosts: readonly (string | undefined)[];
  cookie: string | undefined;
}

/**
 * The site session a page request begins, or undefined when it goes on one already under way: a
 * new one is one with no session cookie yet, or one sent by another site or by a campaign's link
 * (the latest such arrival is what brought the visitor back).
 */
export function siteSessionBegunBy(request: PageRequest): SiteSession | undefined {
  const hasSession = request.cookie?.includes(`${siteSessionCookieName}=`) ?? false;
  // Every page of a session after its first is on the memory path's hot path: with the cookie
  // back, no query and no Referer, or one of our own pages', nothing needs parsing.
  if (hasSession && request.query === "" && isOwnPage(request.referer, request.ownHosts)) {
    return undefined;
  }
  const campaign = campaignOf(request.query);
  const referrer = referrerOf(request.referer, request.ownHosts);
  const tagged =
    campaign.utmSource || campaign.utmMedium || campaign.utmCampaign || campaign.clickId;
  if (hasSession && !tagged && !referrer.host) return undefined;
  if (!pathPattern.test(request.path)) return undefined;
  return { landingPath: request.path, referrerHost: referrer.host, ...campaign };
}

/** The Set-Cookie header that keeps a site session for the browser's session. */
export function siteSessionCookie(session: SiteSession, secure: boolean): string {
  const compact = [
    session.landingPath,
    session.referrerHost,
    session.utmSource,
    session.utmMedium,
    session.utmCampaign,
    session.clickIdParam,
    session.clickId,
  ];
  return stringifySetCookie({
    name: siteSessionCookieName,
    value: JSON.stringify(compact),
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}

const nullable = (schema: z.ZodString) => schema.nullable();
/** The cookie's value as the visitor's browser sends it back: checked like any input. */
const storedSiteSession = z.tuple([
  z.string().regex(pathPattern),
  nullable(z.string().regex(hostPattern)),
  nullable(z.string().max(labelMax)),
  nullable(z.string().max(labelMax)),
  nullable(z.string().max(labelMax)),
  z.enum(clickIdParams).nullable(),
  nullable(z.string().regex(clickIdPattern)),
]);

/** The site session a request's Cookie header carries, or null when none (or none of ours). */
export function siteSessionFromCookies(
  cookieHeader: string | null | undefined,
): SiteSession | null {
  if (!cookieHeader) return null;
  const value = parseCookie(cookieHeader)[siteSessionCookieName];
  if (!value) return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = storedSiteSession.safeParse(json);
  if (!parsed.success) return null;
  const [landingPath, referrerHost, utmSource, utmMedium, utmCampaign, clickIdParam, clickId] =
    parsed.data;
  return {
    landingPath,
    referrerHost,
    utmSource: label(utmSource),
    utmMedium: label(utmMedium),
    utmCampaign: label(utmCampaign),
    clickIdParam: clickId ? clickIdParam : null,
    clickId: clickIdParam ? clickId : null,
  };
}

/**
 * What is stored about where a request came from: its site session (when the cookie came back and named
 * a page of the site) and the page the form was sent from (when it is one), told into a channel.
 */
export function requestSourceOf(
  session: SiteSession | null,
  sentFrom: string | null,
  isPage: (path: string) => boolean,
): RequestSource {
  // A prerendered page's form (so every form sent without JavaScript) names its page as it was
  // rendered at build time, "/contact/": the page is the same without the final slash.
  const page = sentFrom && sentFrom.length > 1 ? sentFrom.replace(/\/$/, "") : sentFrom;
  const sentFromPath = page && isPage(page) ? page : null;
  if (!session || !isPage(session.landingPath)) return { ...unknownSource, sentFromPath };
  return { ...unknownSource, ...session, sentFromPath, channel: channelOf(session) };
}
