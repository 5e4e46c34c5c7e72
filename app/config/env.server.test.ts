import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";
import { toSiteConfig } from "./site-config";

describe("parseEnv", () => {
  it("starts with working defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.GA_MEASUREMENT_ID).toBeUndefined();
  });

  it("treats an empty variable as unset", () => {
    expect(parseEnv({ GA_MEASUREMENT_ID: "", PORT: "" }).PORT).toBe(3000);
  });

  it("names every bad variable in one error", () => {
    let error: unknown;
    try {
      parseEnv({ BUSINESS_PHONE: "call us", SITE_URL: "not a url", GA_MEASUREMENT_ID: "12345" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toContain("BUSINESS_PHONE");
    expect(problems).toContain("SITE_URL");
    expect(problems).toContain("GA_MEASUREMENT_ID");
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:/);
  });

  it("rejects a PIN code that is not six digits", () => {
    expect(() => parseEnv({ BUSINESS_POSTAL_CODE: "12200" })).toThrow(/BUSINESS_POSTAL_CODE/);
  });

  it("drops a trailing slash from the site URL so canonical links never double it", () => {
    expect(parseEnv({ SITE_URL: "https://example.in/" }).SITE_URL).toBe("https://example.in");
  });
});

describe("toSiteConfig", () => {
  it("derives tel: and chat numbers with India's country code", () => {
    const site = toSiteConfig(
      parseEnv({ BUSINESS_PHONE: "98110 12345", BUSINESS_WHATSAPP: "+91-98110-54321" }),
    );
    expect(site.phone).toEqual({ display: "98110 12345", href: "tel:+919811012345" });
    expect(site.whatsapp).toBe("919811054321");
  });

  it("lists only the analytics ids that are set", () => {
    expect(toSiteConfig(parseEnv({})).analyticsIds).toEqual([]);
    expect(
      toSiteConfig(
        parseEnv({ GA_MEASUREMENT_ID: "G-ABC1234", GA_MEASUREMENT_ID_SECONDARY: "G-XYZ9876" }),
      ).analyticsIds,
    ).toEqual(["G-ABC1234", "G-XYZ9876"]);
  });
});
