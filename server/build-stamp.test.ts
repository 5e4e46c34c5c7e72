import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import {
  buildProblem,
  describeBuildProblem,
  settingsFingerprint,
  sourcesFingerprint,
  writeStamp,
} from "#server/build-stamp.ts";

describe("settingsFingerprint", () => {
  it("changes with every setting a page shows, and not with where the server listens", () => {
    const base = settingsFingerprint(parseEnv({}));
    expect(settingsFingerprint(parseEnv({ BUSINESS_NAME: "Other" }))).not.toBe(base);
    expect(settingsFingerprint(parseEnv({ SITE_URL: "https://physio.in" }))).not.toBe(base);
    expect(settingsFingerprint(parseEnv({ GA_MEASUREMENT_ID: "G-ABC1234" }))).not.toBe(base);
    // The periods the privacy policy and the form's notice state, at build time.
    for (const name of ["RETENTION_MONTHS", "NEWSLETTER_PENDING_DAYS", "PRIVACY_DUE_DAYS"]) {
      expect(settingsFingerprint(parseEnv({ [name]: "11" })), name).not.toBe(base);
    }
    expect(settingsFingerprint(parseEnv({ PORT: "4000", HOST: "127.0.0.1" }))).toBe(base);
  });
});

describe("sourcesFingerprint", () => {
  it("follows the bytes of app and build-script files, ignoring tests", () => {
    const root = mkdtempSync(join(tmpdir(), "sources-"));
    mkdirSync(join(root, "app"));
    mkdirSync(join(root, "scripts"));
    writeFileSync(join(root, "app", "page.tsx"), "one");
    writeFileSync(join(root, "scripts", "postbuild.ts"), "one");
    const first = sourcesFingerprint(root);
    writeFileSync(join(root, "app", "page.test.tsx"), "a test changed");
    expect(sourcesFingerprint(root)).toBe(first);
    writeFileSync(join(root, "scripts", "postbuild.ts"), "two");
    const second = sourcesFingerprint(root);
    expect(second).not.toBe(first);
    writeFileSync(join(root, "app", "page.tsx"), "two");
    expect(sourcesFingerprint(root)).not.toBe(second);
  });
});

describe("buildProblem", () => {
  it("tells a folder with no finished build from one built with other settings, and from one to serve", () => {
    const buildDir = mkdtempSync(join(tmpdir(), "build-"));
    const env = parseEnv({ BUSINESS_NAME: "Stamp Physio" });
    // An interrupted build leaves files but no stamp.
    mkdirSync(join(buildDir, "client"));
    expect(buildProblem(buildDir, env)).toBe("missing");
    expect(describeBuildProblem("missing", "build-x")).toBe(
      "There is no finished build in build-x/.",
    );
    writeStamp(buildDir, parseEnv({ BUSINESS_NAME: "Other Physio" }));
    expect(buildProblem(buildDir, env)).toBe("settings");
    writeStamp(buildDir, env);
    expect(buildProblem(buildDir, env)).toBeUndefined();
    expect(buildProblem(buildDir, env, { compareSources: true })).toBeUndefined();
  });
});
