import { describe, expect, it } from "vitest";
import { checkSubmission, type Refusal } from "#app/domain/abuse/abuse.server.ts";
import {
  clientKeyOf,
  parseRateLimit,
  type RateLimiter,
  waitText,
} from "#app/domain/abuse/rate-limit.server.ts";
import {
  appointmentFormText,
  refusalText,
  waitIn,
} from "#app/domain/appointments/appointment-texts.ts";

// The rate limit itself runs on the real databases (tests/integration/rate-limit.test.ts); here
// only what checkSubmission makes of its answer.
const limiterAnswering = (answer: { retryAfterSeconds: number } | undefined): RateLimiter => ({
  hit: async () => answer,
  peek: async () => answer,
  refund: async () => {},
  reset: async () => {},
});
const open = limiterAnswering(undefined);
const now = Date.UTC(2026, 10, 23, 6, 30);
const rules = { minFillSeconds: 3, limiter: open, now };
const phone = "+91 98765 43210";
/** What the contact page says for a refusal, in English. */
const said = (refusal: Refusal | undefined) =>
  refusal ? refusalText(appointmentFormText.en.refusals, refusal, phone) : "";
const person = { honeypot: "", startedAt: String(now - 20_000), clientKey: "1.2.3.4" };

describe("checkSubmission", () => {
  it("lets a person through", async () => {
    expect(await checkSubmission(person, rules)).toBeUndefined();
  });

  it("refuses a filled hidden field, and says to call", async () => {
    const refusal = await checkSubmission({ ...person, honeypot: "http://spam" }, rules);
    expect(refusal).toMatchObject({ status: 400, reason: "honeypot" });
    expect(said(refusal)).toContain("+91 98765 43210");
  });

  it("refuses a form sent faster than a person fills it, but not one sent without JavaScript", async () => {
    const fast = { ...person, startedAt: String(now - 1_000) };
    expect(await checkSubmission(fast, rules)).toMatchObject({ status: 400, reason: "too-fast" });
    expect(await checkSubmission({ ...person, startedAt: "" }, rules)).toBeUndefined();
  });

  it.each([
    "abc",
    "-1",
    "Infinity",
    "NaN",
    "1e12",
    " 1",
    "0x10",
    "1.5",
    String(now - 8 * 86_400_000),
    String(now + 2 * 86_400_000),
    "9".repeat(17),
  ])("refuses a start time no browser of ours writes (%j)", async (startedAt) => {
    expect(await checkSubmission({ ...person, startedAt }, rules)).toMatchObject({
      status: 400,
      reason: "bad-start-time",
    });
  });

  it("accepts a start time a browser's clock a few hours off would write", async () => {
    expect(
      await checkSubmission({ ...person, startedAt: String(now - 5 * 3_600_000) }, rules),
    ).toBeUndefined();
  });

  it("answers 429 with the wait when the client is over its limit", async () => {
    const limited = limiterAnswering({ retryAfterSeconds: 300 });
    const refusal = await checkSubmission(person, { ...rules, limiter: limited });
    expect(refusal).toMatchObject({ status: 429, reason: "rate-limited", retryAfterSeconds: 300 });
    expect(said(refusal)).toContain("5 minutes");
  });
});

describe("how long to wait, as a refusal says it", () => {
  it.each([
    [1, "in 1 minute", "1 मिनट बाद"],
    [60, "in 1 minute", "1 मिनट बाद"],
    [61, "in 2 minutes", "2 मिनट बाद"],
    [5399, "in 90 minutes", "90 मिनट बाद"],
    [5400, "in 2 hours", "2 घंटे बाद"],
    [86_400, "in 24 hours", "24 घंटे बाद"],
  ])("%i s: %s, %s", (seconds, english, hindi) => {
    expect(waitText(seconds)).toBe(english);
    expect(waitIn(appointmentFormText.hi.refusals, seconds)).toBe(hindi);
  });
});

describe("clientKeyOf", () => {
  it("counts an IPv4 client by its address, and an IPv6 client by its /64", () => {
    expect(clientKeyOf("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKeyOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKeyOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("2001:db8:1:2::1")).toBe(clientKeyOf("2001:db8:1:2:ffff::9"));
    expect(clientKeyOf("2001:db8:1:3::1")).not.toBe(clientKeyOf("2001:db8:1:2::1"));
  });
});

describe("parseRateLimit", () => {
  it("reads count/period, or off", () => {
    expect(parseRateLimit("5/10m")).toEqual({ points: 5, durationSeconds: 600 });
    expect(parseRateLimit("100/h")).toEqual({ points: 100, durationSeconds: 3600 });
    expect(parseRateLimit("off")).toBe("off");
    expect(parseRateLimit("5 per minute")).toBeUndefined();
    expect(parseRateLimit("0/1m")).toBeUndefined();
  });
});
