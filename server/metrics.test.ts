import { describe, expect, it } from "vitest";
import { isScraper } from "#server/metrics.ts";

describe("isScraper", () => {
  const token = "c0ffee-metrics-token-0123456789";

  it("accepts the bearer token, whatever the scheme's case", () => {
    expect(isScraper(`Bearer ${token}`, token)).toBe(true);
    expect(isScraper(`bearer ${token}`, token)).toBe(true);
    expect(isScraper(`Bearer  ${token} `, token)).toBe(true);
  });

  it("refuses no header, another scheme, and any other token", () => {
    const refused = [
      undefined,
      "",
      token,
      `Basic ${token}`,
      "Bearer",
      "Bearer ",
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      `Bearer ${token.toUpperCase()}`,
      `Bearer x${token}`,
    ];
    for (const header of refused) expect(isScraper(header, token), String(header)).toBe(false);
  });
});
