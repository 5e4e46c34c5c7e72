// The per-client limit on appointment requests, counted in the database: N requests pass, the
// next is refused with how long to wait, and every instance on one database shares the count.
import { expect, it, vi } from "vitest";
import { createRateLimiter, parseRateLimit } from "#app/domain/abuse/rate-limit.server.ts";
import { rateLimits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";

const spec = (text: string) => {
  const parsed = parseRateLimit(text);
  if (!parsed) throw new Error(`bad rate limit ${text}`);
  return parsed;
};

describeEachDatabase("the rate limiter", (database) => {
  it("lets N requests through and refuses the next with the time to wait", async () => {
    const limiter = createRateLimiter(database.db, "appointment", spec("3/10m"));
    for (let i = 0; i < 3; i++) expect(await limiter.hit("203.0.113.7")).toBeUndefined();
    const refused = await limiter.hit("203.0.113.7");
    expect(refused?.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(600);
    // Still refused: a refusal does not reset the window.
    expect(await limiter.hit("203.0.113.7")).toEqual({ retryAfterSeconds: expect.any(Number) });

    // Another client, or another limit on the same client, counts on its own.
    expect(await limiter.hit("198.51.100.1")).toBeUndefined();
    expect(
      await createRateLimiter(database.db, "other", spec("3/10m")).hit("203.0.113.7"),
    ).toBeUndefined();
    // The counts are in the database, where every instance can see them.
    const stored = await database.db.select().from(rateLimits);
    expect(stored.length).toBe(3);
    expect(
      stored.find((row) => row.key.includes("appointment") && row.key.includes("203.0.113.7")),
    ).toMatchObject({ points: 5 });
  });

  it("lets requests through again once the window has passed", async () => {
    const limiter = createRateLimiter(database.db, "appointment", spec("2/1s"));
    expect(await limiter.hit("203.0.113.7")).toBeUndefined();
    expect(await limiter.hit("203.0.113.7")).toBeUndefined();
    expect(await limiter.hit("203.0.113.7")).toEqual({ retryAfterSeconds: 1 });
    // The window passes on the limiter's clock (Date), without this test waiting for it.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 1_100);
      expect(await limiter.hit("203.0.113.7")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts requests that arrive at the same moment exactly", async () => {
    const limiter = createRateLimiter(database.db, "appointment", spec("5/10m"));
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit("203.0.113.7")));
    expect(results.filter((result) => result === undefined)).toHaveLength(5);
  });

  it("shares one count between two instances", async () => {
    const other = await database.openInstance();
    const here = createRateLimiter(database.db, "appointment", spec("4/10m"));
    const there = createRateLimiter(other.db, "appointment", spec("4/10m"));
    expect(await here.hit("203.0.113.7")).toBeUndefined();
    expect(await there.hit("203.0.113.7")).toBeUndefined();
    expect(await here.hit("203.0.113.7")).toBeUndefined();
    expect(await there.hit("203.0.113.7")).toBeUndefined();
    expect(await here.hit("203.0.113.7")).toBeDefined();
    expect(await there.hit("203.0.113.7")).toBeDefined();

    // And at the same moment, through both.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? here : there).hit("198.51.100.1")),
    );
    expect(burst.filter((result) => result === undefined)).toHaveLength(4);
  });

  it("never refuses when off", async () => {
    const limiter = createRateLimiter(database.db, "appointment", spec("off"));
    for (let i = 0; i < 30; i++) expect(await limiter.hit("203.0.113.7")).toBeUndefined();
    expect(await database.db.$count(rateLimits)).toBe(0);
  });
});
