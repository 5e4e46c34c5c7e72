import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pinnedEnv } from "#scripts/production-server.ts";

describe("server start-up", () => {
  it("refuses to start on a bad setting, naming every bad variable", () => {
    const result = spawnSync(process.execPath, ["server/main.ts"], {
      env: pinnedEnv({ BUSINESS_PHONE: "call us", BUSINESS_EMAIL: "not-an-address", PORT: "3999" }),
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain("BUSINESS_PHONE");
    expect(result.stderr).toContain("BUSINESS_EMAIL");
  });

  it("refuses to start without a finished build", () => {
    const result = spawnSync(process.execPath, ["server/main.ts"], {
      env: pinnedEnv({ BUILD_DIR: "build-does-not-exist", PORT: "3999" }),
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("npm run build");
  });
});
