import { describe, expect, it } from "vitest";
import { checkSubmission } from "./abuse.server";
import { parseRateLimit, type RateLimiter } from "./rate-limit.server";

const open: RateLimiter = { hit: async () => undefined };
const rules = { minFillSeconds: 3, limiter: open, phone: "+91 98765 43210", now: 1_000_000 };
const person = { honeypot: "", startedAt: String(1_000_000 - 20_000), clientAddress: "1.2.3.4" };

describe("checkSubmission", () => {
  it("lets a person through", async () => {
    expect(await checkSubmission(person, rules)).toBeUndefined();
  });

  it("refuses a filled hidden field, and says to call", async () => {
    const refusal = await checkSubmission({ ...person, honeypot: "http://spam" }, rules);
    expect(refusal).toMatchObject({ status: 400, reason: "honeypot" });
    expect(refusal?.message).toContain("+91 98765 43210");
  });

  it("refuses a form sent faster than a person fills it, but not one sent without JavaScript", async () => {
    const fast = { ...person, startedAt: String(1_000_000 - 1_000) };
    expect(await checkSubmission(fast, rules)).toMatchObject({ status: 400, reason: "too-fast" });
    expect(await checkSubmission({ ...person, startedAt: "" }, rules)).toBeUndefined();
  });

  it("answers 429 with the wait when the client is over its limit", async () => {
    const limited: RateLimiter = { hit: async () => ({ retryAfterSeconds: 300 }) };
    const refusal = await checkSubmission(person, { ...rules, limiter: limited });
    expect(refusal).toMatchObject({ status: 429, reason: "rate-limited", retryAfterSeconds: 300 });
    expect(refusal?.message).toContain("5 minutes");
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
