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
    for (const name of ["BUSINESS_PHONE", "BUSINESS_WHATSAPP", "BUSINESS_STREET", "AUTH_SECRET"]) {
      expect(result.stderr).toContain(name);
    }
    expect(result.stderr).not.toContain("BUSINESS_EMAIL");
  });

  it("lets the placeholders through at a private address (and goes on to check the build)", () => {
    const result = startServer({ SITE_URL: "http://localhost:3000" });
    expect(result.status).toBe(1);
    expect(result.stderr).not.toContain("placeholder");
    expect(result.stderr).toContain("npm run build");
  });
});
