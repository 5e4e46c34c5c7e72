import { describe, expect, it } from "vitest";
import {
  formatDay,
  formatMinutes,
  formatPeriod,
  formatShare,
  formatShortDay,
} from "#app/domain/insights/insights-texts.ts";

describe("the insights page's words", () => {
  it("writes a time to first contact as a person would say it", () => {
    expect(formatMinutes(null)).toBe("—");
    expect(formatMinutes(0)).toBe("0 min");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(60)).toBe("1 h 00 min");
    expect(formatMinutes(125)).toBe("2 h 05 min");
    expect(formatMinutes(1465)).toBe("24 h 25 min");
    expect(formatMinutes(47 * 60 + 59)).toBe("47 h 59 min");
    expect(formatMinutes(48 * 60)).toBe("2 d 00 h");
    expect(formatMinutes(76 * 60 + 30)).toBe("3 d 04 h");
  });

  it("writes a share as a whole percentage, and nothing of nothing", () => {
    expect(formatShare(2, 3)).toBe("67%");
    expect(formatShare(3, 3)).toBe("100%");
    expect(formatShare(0, 0)).toBe("—");
  });

  it("writes India's days", () => {
    expect(formatDay("2026-11-16")).toBe("Nov 16, 2026");
    expect(formatShortDay("2026-11-05")).toBe("Nov 05");
    expect(formatPeriod("2026-11-16", "2026-11-22")).toBe("Nov 16, 2026 – Nov 22, 2026");
  });
});
