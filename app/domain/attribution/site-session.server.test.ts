import { parseSetCookie } from "cookie";
import { describe, expect, it } from "vitest";
import { channelOf, channels, describeSource } from "#app/domain/attribution/channels.ts";
import {
  type PageRequest,
  requestSourceOf,
  type SiteSession,
  siteSessionBegunBy,
  siteSessionCookie,
  siteSessionFromCookies,
} from "#app/domain/attribution/site-session.server.ts";
import { channels as storedChannels } from "#db/schema.ts";

const own = "physio.example";
const page = (fields: Partial<PageRequest>): PageRequest => ({
  path: "/services/stroke-rehabilitation",
  query: "",
  referer: undefined,
  ownHosts: [own, "localhost:3000"],
  cookie: undefined,
  ...fields,
});
/** The Cookie header a browser sends back after the Set-Cookie of `siteSessionCookie`. */
const sentBack = (setCookie: string) => {
  const { name, value } = parseSetCookie(setCookie);
  return `other=1; ${name}=${encodeURIComponent(value ?? "")}`;
};
function begun(request: PageRequest): SiteSession {
  const session = siteSessionBegunBy(request);
  if (!session) throw new Error("no session begun");
  return session;
}
const isPage = (path: string) =>
  ["/", "/contact", "/services/stroke-rehabilitation"].includes(path);

describe("a site session's first page", () => {
  it("keeps the page, the referring site and the campaign, and the browser sends it back", () => {
    const session = begun(
      page({
        query: "utm_source=google&utm_medium=cpc&utm_campaign=stroke-nov&gclid=Cj0KCQ_abc-123",
        referer: "https://www.google.co.in/",
      }),
    );
    expect(session).toEqual({
      landingPath: "/services/stroke-rehabilitation",
      referrerHost: "google.co.in",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "stroke-nov",
      clickIdParam: "gclid",
      clickId: "Cj0KCQ_abc-123",
    });
    const cookie = siteSessionCookie(session, true);
    expect(cookie).toMatch(/^hp_visit=.+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(siteSessionFromCookies(sentBack(cookie))).toEqual(session);
  });

  it("begins a session without a cookie, and again for another site or a campaign, not for our own pages", () => {
    const cookie = `hp_visit=${encodeURIComponent('["/",null,null,null,null,null,null]')}`;
    expect(siteSessionBegunBy(page({ path: "/" }))?.landingPath).toBe("/");
    expect(siteSessionBegunBy(page({ cookie }))).toBeUndefined();
    expect(siteSessionBegunBy(page({ cookie, referer: `https://${own}/about` }))).toBeUndefined();
    expect(siteSessionBegunBy(page({ cookie, referer: "http://localhost:3000/" }))).toBeUndefined();
    expect(
      siteSessionBegunBy(page({ cookie, referer: "https://l.facebook.com/" }))?.referrerHost,
    ).toBe("facebook.com");
    expect(siteSessionBegunBy(page({ cookie, query: "utm_source=newsletter" }))?.utmSource).toBe(
      "newsletter",
    );
  });

  it("drops what is not a label or a click id, and trims what is too long", () => {
    const session = siteSessionBegunBy(
      page({
        query: `utm_source=%E2%80%AEevil%0D%0ASet-Cookie:x&utm_campaign=${"c".repeat(300)}&fbclid=%3Cscript%3E`,
        referer: "javascript:alert(1)",
      }),
    );
    expect(session).toMatchObject({
      referrerHost: null,
      utmSource: "evilSet-Cookie:x",
      utmCampaign: "c".repeat(100),
      clickIdParam: null,
      clickId: null,
    });
  });

  it("reads back nothing from a cookie that is not one of ours as we wrote it", () => {
    for (const value of [
      "not json",
      '["/contact"]',
      '["/<script>",null,null,null,null,null,null]',
      '["/","evil host",null,null,null,null,null]',
      `["/",null,"${"x".repeat(101)}",null,null,null,null]`,
    ]) {
      expect(siteSessionFromCookies(`hp_visit=${encodeURIComponent(value)}`), value).toBeNull();
    }
    expect(siteSessionFromCookies(undefined)).toBeNull();
    expect(siteSessionFromCookies("session=abc")).toBeNull();
  });
});

describe("what is stored with a request", () => {
  const session = begun(page({ referer: "https://duckduckgo.com/" }));

  it("is the session, the page the form was on and the channel", () => {
    expect(requestSourceOf(session, "/contact", isPage)).toEqual({
      landingPath: "/services/stroke-rehabilitation",
      sentFromPath: "/contact",
      referrerHost: "duckduckgo.com",
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      clickIdParam: null,
      clickId: null,
      channel: "search",
      // The form's language is the route's to say (/hi/contact): English unless it does.
      language: "en",
    });
  });

  it("keeps only pages of the site, and no channel without a session", () => {
    expect(requestSourceOf(session, "/admin", isPage).sentFromPath).toBeNull();
    // As a prerendered page's form names its page (without JavaScript): the same page.
    expect(requestSourceOf(session, "/contact/", isPage).sentFromPath).toBe("/contact");
    expect(requestSourceOf(session, "/", isPage).sentFromPath).toBe("/");
    expect(
      requestSourceOf({ ...session, landingPath: "/nowhere" }, "/contact", isPage),
    ).toMatchObject({
      landingPath: null,
      sentFromPath: "/contact",
      channel: null,
    });
    expect(requestSourceOf(null, "/contact", isPage)).toMatchObject({
      sentFromPath: "/contact",
      channel: null,
    });
  });
});

describe("the channel", () => {
  const none = { referrerHost: null, utmSource: null, utmMedium: null, clickIdParam: null };
  it.each([
    [{}, "direct"],
    [{ referrerHost: "google.com" }, "search"],
    [{ referrerHost: "google.co.in" }, "search"],
    [{ referrerHost: "com.google.android.googlequicksearchbox" }, "search"],
    [{ referrerHost: "bing.com" }, "search"],
    [{ referrerHost: "facebook.com" }, "social"],
    [{ referrerHost: "t.co" }, "social"],
    [{ referrerHost: "practo.com" }, "other"],
    [{ referrerHost: "google.com", clickIdParam: "gclid" }, "ads"],
    [{ utmSource: "google", utmMedium: "CPC" }, "ads"],
    [{ utmSource: "facebook", utmMedium: "paid_social" }, "ads"],
    [{ utmSource: "instagram", utmMedium: "social" }, "social"],
    [{ utmSource: "facebook" }, "social"],
    [{ utmSource: "newsletter", utmMedium: "email" }, "other"],
    [{ utmSource: "google", utmMedium: "organic" }, "search"],
  ] as const)("%o is %s", (signals, channel) => {
    expect(channelOf({ ...none, ...signals })).toBe(channel);
  });

  it("is one of the schema's, in the same order", () => {
    expect(channels).toEqual(storedChannels);
  });

  it("is said in one line for staff", () => {
    expect(
      describeSource({
        channel: "ads",
        referrerHost: "google.com",
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "knee-2026",
        clickIdParam: "gclid",
        landingPath: "/services/knee-replacement",
      }),
    ).toBe(
      "Ads: google.com, google / cpc, campaign knee-2026, gclid; landed on /services/knee-replacement",
    );
    expect(
      describeSource({ ...none, channel: "direct", utmCampaign: null, landingPath: "/" }),
    ).toBe("Direct; landed on /");
    expect(describeSource({ ...none, channel: null, utmCampaign: null, landingPath: null })).toBe(
      null,
    );
  });
});
