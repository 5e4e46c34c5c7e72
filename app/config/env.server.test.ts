import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv as parseDotenv } from "node:util";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  feesOf,
  goingLiveProblems,
  loadEnv,
  parseEnv,
  placeholders,
  sampleFees,
  settingNames,
} from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { toStaffSettings, toVisitSettings } from "#app/config/staff-settings.server.ts";

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

  it("takes the business numbers in any spelling of a phone number, and refuses others", () => {
    expect(parseEnv({ BUSINESS_PHONE: "(0124) 456-7890" }).BUSINESS_PHONE).toBe("(0124) 456-7890");
    for (const value of ["98100 1234", "0000000000", "98100 12345 ext 2", "+91 98100 123456"]) {
      expect(() => parseEnv({ BUSINESS_WHATSAPP: value }), value).toThrow(/BUSINESS_WHATSAPP/);
    }
  });

  it("takes a one-line WhatsApp greeting with only the {clinic} and {patient} placeholders", () => {
    expect(parseEnv({}).WHATSAPP_GREETING).toBe(
      "Hello {patient}, this is {clinic}. We received your request for a home physiotherapy visit.",
    );
    expect(parseEnv({ WHATSAPP_GREETING: " Namaste {patient}! " }).WHATSAPP_GREETING).toBe(
      "Namaste {patient}!",
    );
    for (const value of [
      "Hello {patient},\nthis is {clinic}.",
      "Hello\r{patient}",
      "Hello\u2028{patient}",
      "Hello {name}",
      "Hello {Patient}",
      "x".repeat(301),
    ]) {
      expect(() => parseEnv({ WHATSAPP_GREETING: value }), value).toThrow(/WHATSAPP_GREETING/);
    }
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
    const landline = toSiteConfig(
      parseEnv({ BUSINESS_PHONE: "(011) 2345 6789", BUSINESS_WHATSAPP: "0091 98110 54321" }),
    );
    expect(landline.phone.href).toBe("tel:+911123456789");
    expect(landline.whatsapp).toBe("919811054321");
  });

  it("keeps the staff-side greeting out of what the browser receives", () => {
    const greeting = "Hello {patient}, {clinic} here.";
    expect(JSON.stringify(toSiteConfig(parseEnv({ WHATSAPP_GREETING: greeting })))).not.toContain(
      "here.",
    );
    expect(
      toStaffSettings(
        parseEnv({ WHATSAPP_GREETING: greeting, WHATSAPP_GREETING_HI: "नमस्ते {patient}" }),
      ),
    ).toEqual({
      clinic: "HomePhysio NCR",
      whatsappGreeting: greeting,
      whatsappGreetingHi: "नमस्ते {patient}",
    });
    expect(() => parseEnv({ WHATSAPP_GREETING_HI: "नमस्ते {name}" })).toThrow(/WHATSAPP_GREETING_HI/);
  });

  it("takes a visit's length of 45, 60 or 90 minutes and a travel time up to 4 hours", () => {
    expect(toVisitSettings(parseEnv({}))).toEqual({
      visitMinutes: 60,
      travelMinutes: 30,
      codeRequired: false,
      care: { measureEvery: 4, adminsRead: false },
    });
    expect(
      toVisitSettings(
        parseEnv({
          VISIT_DEFAULT_MINUTES: "45",
          VISIT_TRAVEL_MINUTES: "0",
          VISIT_CODE_REQUIRED: "true",
          CARE_MEASURE_EVERY_SESSIONS: "6",
          CARE_ADMINS_READ: "true",
        }),
      ),
    ).toEqual({
      visitMinutes: 45,
      travelMinutes: 0,
      codeRequired: true,
      care: { measureEvery: 6, adminsRead: true },
    });
    expect(() => parseEnv({ CARE_MEASURE_EVERY_SESSIONS: "0" })).toThrow(
      /CARE_MEASURE_EVERY_SESSIONS/,
    );
    expect(() => parseEnv({ VISIT_CODE_REQUIRED: "maybe" })).toThrow(/VISIT_CODE_REQUIRED/);
    expect(() => parseEnv({ VISIT_DEFAULT_MINUTES: "50" })).toThrow(/VISIT_DEFAULT_MINUTES/);
    expect(() => parseEnv({ VISIT_TRAVEL_MINUTES: "241" })).toThrow(/VISIT_TRAVEL_MINUTES/);
    expect(() => parseEnv({ VISIT_TRAVEL_MINUTES: "-5" })).toThrow(/VISIT_TRAVEL_MINUTES/);
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

describe("loadEnv", () => {
  const dir = mkdtempSync(join(tmpdir(), "env-"));
  writeFileSync(join(dir, ".env"), "BUSINESS_NAME=From Env File\nPORT=4100\n");
  writeFileSync(join(dir, "other.env"), "BUSINESS_NAME=From Other File\n");

  it("reads .env in the working directory, under the process's own variables", () => {
    expect(loadEnv({}, dir).BUSINESS_NAME).toBe("From Env File");
    expect(loadEnv({ PORT: "4200" }, dir).PORT).toBe(4200);
  });

  it("reads the file ENV_FILE names instead, and none for /dev/null", () => {
    expect(loadEnv({ ENV_FILE: "other.env" }, dir).BUSINESS_NAME).toBe("From Other File");
    expect(loadEnv({ ENV_FILE: "/dev/null" }, dir).BUSINESS_NAME).toBe("HomePhysio NCR");
  });

  it("refuses an ENV_FILE that does not exist rather than run on defaults", () => {
    expect(() => loadEnv({ ENV_FILE: "missing.env" }, dir)).toThrow(/ENV_FILE/);
  });
});

describe("goingLiveProblems", () => {
  const real = {
    BUSINESS_PHONE: "+91 98110 12345",
    BUSINESS_WHATSAPP: "+91 98110 54321",
    BUSINESS_EMAIL: "care@physio.in",
    BUSINESS_STREET: "DLF Cyber Hub, Phase 2",
    DATA_CONTACT_NAME: "Dr. Meera Kapoor, data protection contact",
    DATA_CONTACT_EMAIL: "privacy@physio.in",
    FEE_HOME_SESSION: "1200",
    FEE_PACKAGE_SESSIONS: "10",
    FEE_PACKAGE_PRICE: "10800",
    AUTH_SECRET: "k".repeat(43),
  };

  it("names every placeholder still set, and a missing AUTH_SECRET, when the site URL is public", () => {
    const problems = goingLiveProblems(parseEnv({ SITE_URL: "https://physio.in" }));
    expect(problems).toHaveLength(10);
    for (const name of [...Object.keys(placeholders), ...Object.keys(sampleFees), "AUTH_SECRET"]) {
      expect(problems.join("\n")).toContain(name);
    }
    const one = goingLiveProblems(
      parseEnv({
        ...real,
        SITE_URL: "https://physio.in",
        BUSINESS_EMAIL: placeholders.BUSINESS_EMAIL,
      }),
    );
    expect(one).toEqual([expect.stringContaining("BUSINESS_EMAIL")]);
    const { AUTH_SECRET: _, ...withoutSecret } = real;
    expect(
      goingLiveProblems(parseEnv({ ...withoutSecret, SITE_URL: "https://physio.in" })),
    ).toEqual([expect.stringMatching(/^AUTH_SECRET is not set/)]);
  });

  it("refuses the sample fees at a public address, each fee by name, whatever else is real", () => {
    const { FEE_PACKAGE_PRICE: _, ...withoutPackagePrice } = real;
    expect(
      goingLiveProblems(parseEnv({ ...withoutPackagePrice, SITE_URL: "https://physio.in" })),
    ).toEqual([
      "FEE_PACKAGE_PRICE is not set: the pages would show the sample fees (9000) as the clinic's",
    ]);
    // A fee the clinic sets that happens to equal a sample figure is the clinic's: set is set.
    expect(
      goingLiveProblems(
        parseEnv({ ...real, SITE_URL: "https://physio.in", FEE_HOME_SESSION: "1000" }),
      ),
    ).toEqual([]);
  });

  it("refuses a Cloud API reached without HTTPS at a public address", () => {
    const whatsapp = {
      WHATSAPP_TOKEN: "EAAG-token",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_APP_SECRET: "app-secret-0123",
      WHATSAPP_VERIFY_TOKEN: "verify-token-0123456789",
    };
    const at = (apiUrl: string) =>
      goingLiveProblems(
        parseEnv({ ...real, ...whatsapp, SITE_URL: "https://physio.in", WHATSAPP_API_URL: apiUrl }),
      );
    expect(at("http://graph.facebook.com/v23.0")).toEqual([
      "WHATSAPP_API_URL is not https: the Cloud API is reached over HTTPS only",
    ]);
    expect(at("https://graph.facebook.com/v23.0")).toEqual([]);
  });

  it("lets the placeholders run on this machine and private networks, and real facts anywhere", () => {
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:8080",
      "http://192.168.1.20",
      "http://10.0.0.5",
      "http://physio.test",
      "http://[::1]:3000",
    ]) {
      expect(goingLiveProblems(parseEnv({ SITE_URL: url })), url).toEqual([]);
    }
    expect(goingLiveProblems(parseEnv({ ...real, SITE_URL: "https://physio.in" }))).toEqual([]);
  });
});

describe("the fees", () => {
  it("are the settings' figures, or the samples (marked so) where a setting is unset", () => {
    expect(feesOf(parseEnv({}))).toEqual({
      homeSession: 1000,
      packageSessions: 10,
      packagePrice: 9000,
      packageDays: 90,
      sample: true,
    });
    expect(
      feesOf(
        parseEnv({
          FEE_HOME_SESSION: "1200",
          FEE_PACKAGE_SESSIONS: "12",
          FEE_PACKAGE_PRICE: "13000",
          FEE_PACKAGE_DAYS: "60",
        }),
      ),
    ).toEqual({
      homeSession: 1200,
      packageSessions: 12,
      packagePrice: 13000,
      packageDays: 60,
      sample: false,
    });
    expect(feesOf(parseEnv({ FEE_HOME_SESSION: "1200" })).sample).toBe(true);
  });

  it("refuses a figure that is not whole rupees or a number of sessions, naming the setting", () => {
    for (const [name, value] of [
      ["FEE_HOME_SESSION", "1,200"],
      ["FEE_HOME_SESSION", "₹1200"],
      ["FEE_HOME_SESSION", "0"],
      ["FEE_PACKAGE_PRICE", "10800.50"],
      ["FEE_PACKAGE_SESSIONS", "1"],
      ["FEE_PACKAGE_SESSIONS", "ten"],
    ]) {
      expect(() => parseEnv({ [name as string]: value }), `${name}=${value}`).toThrow(
        new RegExp(`${name}: must be`),
      );
    }
  });
});

describe("TRUST_PROXY", () => {
  it("takes what Express's trust proxy takes: a boolean, a hop count, addresses and subnets", () => {
    const trust = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("true")).toBe(true);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.0/8, loopback")).toEqual(["10.0.0.0/8", "loopback"]);
    expect(trust("192.168.1.4,fd00::/8,uniquelocal")).toEqual([
      "192.168.1.4",
      "fd00::/8",
      "uniquelocal",
    ]);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
  });

  it("refuses anything else, naming the setting", () => {
    for (const value of ["yes", "10.0.0.0/33", "10.0.0/8", "lb.internal", "::1/129", "1,2"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("the settings' documentation", () => {
  const example = readFileSync(join(import.meta.dirname, "../../.env.example"), "utf8");
  const reference = readFileSync(join(import.meta.dirname, "../../docs/settings.md"), "utf8");

  it("documents every setting, set or as a commented-out example", () => {
    const named = new Set(
      [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] as string),
    );
    expect(settingNames.filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !(settingNames as string[]).includes(name))).toEqual([]);
  });

  it("lists every setting once in docs/settings.md's tables, and nothing that is not one", () => {
    // Each table row's first cell is one setting in backticks; a row that is anything else is
    // kept as written, so that it fails the comparison by name.
    const listed = reference
      .split("\n")
      .filter((line) => line.startsWith("|") && !/^\| (Variable|-+) /.test(line))
      .map((line) => {
        const cell = line.split("|")[1]?.trim() ?? "";
        return /^`[A-Z][A-Z0-9_]+`$/.test(cell) ? cell.slice(1, -1) : cell;
      });
    expect(listed.filter((name) => !(settingNames as string[]).includes(name))).toEqual([]);
    expect(settingNames.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.length).toBe(new Set(listed).size);
  });

  it("is a valid configuration as written, and with every example uncommented", () => {
    expect(() => parseEnv(parseDotenv(example))).not.toThrow();
    const uncommented = example.replace(/^# ([A-Z][A-Z0-9_]+=)/gm, "$1");
    expect(() => parseEnv(parseDotenv(uncommented))).not.toThrow();
  });
});
