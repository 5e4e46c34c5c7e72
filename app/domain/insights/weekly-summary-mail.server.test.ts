// The weekly summary's wording that the integration test's week does not reach: a week across
// two years, durations, an empty week, and a place name that is not plain text.
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { Insights } from "#app/domain/insights/insights.server.ts";
import { resolvePeriod } from "#app/domain/insights/period.ts";
import {
  formatMinutes,
  weekLabel,
  weeklySummaryMail,
} from "#app/domain/insights/weekly-summary-mail.server.ts";

describe("weekLabel", () => {
  it("names the year once, or both when the week spans two", () => {
    expect(weekLabel({ from: "2026-11-16", to: "2026-11-22" })).toBe("Nov 16 – Nov 22, 2026");
    expect(weekLabel({ from: "2026-12-28", to: "2027-01-03" })).toBe("Dec 28, 2026 – Jan 03, 2027");
  });
});

describe("formatMinutes", () => {
  it("writes minutes, hours and minutes, then days and hours", () => {
    expect([0, 59, 60, 90, 47 * 60 + 59, 48 * 60, 50 * 60 + 20].map(formatMinutes)).toEqual([
      "0 min",
      "59 min",
      "1 h",
      "1 h 30 min",
      "47 h 59 min",
      "2 d",
      "2 d 2 h",
    ]);
  });
});

const { period } = resolvePeriod(
  { period: "dates", from: "2026-11-16", to: "2026-11-22" },
  new Date(),
);
const options = {
  siteName: "HomePhysio NCR",
  siteUrl: "https://homephysio.example",
  locate: () => undefined,
};

function insights(overrides: Partial<Insights>): Insights {
  return {
    period,
    total: 0,
    junk: 0,
    perBucket: ["16", "17", "18", "19", "20", "21", "22"].map((day) => ({
      key: `2026-11-${day}`,
      count: 0,
    })),
    byArea: [],
    byLanding: [],
    byChannel: [],
    byStatus: [],
    contact: {
      requests: 0,
      contacted: 0,
      medianMinutes: null,
      p90Minutes: null,
      withinPromise: 0,
      judged: 0,
    },
    contactByOwner: [],
    overdueNow: 0,
    visits: {
      firstVisit: { booked: 0, medianMinutes: null, p90Minutes: null, within: 0, judged: 0 },
      messages: {
        sent: 0,
        byHand: 0,
        delivered: 0,
        failed: 0,
        confirmed: 0,
        reminded: 0,
        done: 0,
        codeConfirmed: 0,
        notHome: {
          withReminder: { noShow: 0, judged: 0 },
          withoutReminder: { noShow: 0, judged: 0 },
        },
      },
      perWeek: [{ week: "2026-11-16", done: 0, noShow: 0, cancelled: 0, scheduled: 0 }],
      perTherapist: [],
    },
    ...overrides,
  };
}

describe("weeklySummaryMail", () => {
  it("says so when the week had no requests, and draws no bar", () => {
    const mail = weeklySummaryMail(insights({ overdueNow: 2 }), options);
    expect(mail.subject).toBe("Weekly summary: 0 requests, Nov 16 – Nov 22, 2026");
    expect(mail.text).toContain(
      [
        "Requests: 0",
        "Contacted within 24 hours: none to judge yet",
        "Median time to first contact: none contacted",
        "Overdue now (pending over 24 hours): 2",
      ].join("\n"),
    );
    expect(mail.text).toContain("Mon, Nov 16  0\nTue, Nov 17  0\n");
    expect(mail.text).toContain("By area (top 5)\nNone\n\nBy channel\nNone\n");
    expect(parseHtml(mail.html ?? "").querySelectorAll("td[bgcolor]")).toEqual([]);
  });

  it("writes one request in the singular", () => {
    const perBucket = insights({}).perBucket.map((day, i) => ({ ...day, count: i === 0 ? 1 : 0 }));
    expect(weeklySummaryMail(insights({ total: 1, perBucket }), options).subject).toBe(
      "Weekly summary: 1 request, Nov 16 – Nov 22, 2026",
    );
  });

  it("escapes every value in the HTML part", () => {
    const district = `<img src=x onerror="alert(1)"> & 'Co'`;
    const mail = weeklySummaryMail(
      insights({ total: 1, byArea: [{ key: { area: null, district }, count: 1 }] }),
      { ...options, siteName: "<b>Clinic</b>" },
    );
    const html = parseHtml(mail.html ?? "");
    expect(html.querySelectorAll("img, b, script")).toEqual([]);
    expect(html.querySelector("h1")?.text).toBe(
      "<b>Clinic</b> weekly summary, Nov 16 – Nov 22, 2026",
    );
    expect(html.text).toContain(`${district} (outside our areas)`);
    expect(mail.text).toContain(`${district} (outside our areas): 1`);
  });
});
