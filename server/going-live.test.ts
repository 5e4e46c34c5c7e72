import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pinnedEnv } from "#scripts/production-server.ts";

function startServer(settings: Record<string, string>) {
  return spawnSync(process.execPath, ["server/main.ts"], {
    env: pinnedEnv({ PORT: "3998", BUILD_DIR: "build-does-not-exist", ...settings }),
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("the going-live guard", () => {
  it("refuses to serve a public address with placeholder business details or no secret key, naming each", () => {
    const result = startServer({ SITE_URL: "https://physio.in", BUSINESS_EMAIL: "care@physio.in" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "Refusing to serve the public with placeholder business details or no secret key",
    );
    for (const name of [
      "BUSINESS_PHONE",
      "BUSINESS_WHATSAPP",
      "BUSINESS_STREET",
      "FEE_HOME_SESSION",
      "FEE_PACKAGE_SESSIONS",
      "FEE_PACKAGE_PRICE",
      "AUTH_SECRET",
    ]) {
      expect(result.stderr).toContain(name);
    }
    expect(result.stderr).not.toContain("BUSINESS_EMAIL");
  });

  it("refuses the sample fees when every other fact is real, naming each fee not set", () => {
    const result = startServer({
      SITE_URL: "https://physio.in",
      BUSINESS_PHONE: "+91 98110 12345",
      BUSINESS_WHATSAPP: "+91 98110 54321",
      BUSINESS_EMAIL: "care@physio.in",
      BUSINESS_STREET: "DLF Cyber Hub, Phase 2",
      DATA_CONTACT_NAME: "Dr. Meera Kapoor, data protection contact",
      DATA_CONTACT_EMAIL: "privacy@physio.in",
      FEE_PACKAGE_SESSIONS: "10",
      AUTH_SECRET: "k".repeat(43),
    });
    expect(result.status).toBe(1);
    const problems = result.stderr.split("\n").filter((line) => line.startsWith("  - "));
    expect(problems).toEqual([
      expect.stringMatching(
        /^ {2}- FEE_HOME_SESSION is not set: the pages would show the sample fees/,
      ),
      expect.stringMatching(
        /^ {2}- FEE_PACKAGE_PRICE is not set: the pages would show the sample fees/,
      ),
      expect.stringContaining("set the real values, or serve at a private address"),
    ]);
  });

  it("lets the placeholders through at a private address (and goes on to check the build)", () => {
    const result = startServer({ SITE_URL: "http://localhost:3000" });
    expect(result.status).toBe(1);
    expect(result.stderr).not.toContain("placeholder");
    expect(result.stderr).toContain("npm run build");
  });
});
