// A per-client limit on appointment requests, counted in the database (rate-limiter-flexible's
// Drizzle store) so that every instance on one PostgreSQL shares it. Many Indian mobile users
// share one public address behind carrier NAT, so the default is generous and the refusal says
// what to do instead (call).
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimits } from "../../db/schema.ts";
import type { Database } from "./db.server.ts";

export interface RateLimitSpec {
  points: number;
  durationSeconds: number;
}

const units = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** "5/10m" → 5 requests per 10 minutes; "off" → no limit. Undefined when malformed. */
export function parseRateLimit(spec: string): RateLimitSpec | "off" | undefined {
  if (spec === "off") return "off";
  const match = /^(\d+)\/(\d*)([smhd])$/.exec(spec.trim());
  if (!match) return undefined;
  const points = Number(match[1]);
  const durationSeconds = Number(match[2] || 1) * units[match[3] as keyof typeof units];
  return points > 0 && durationSeconds > 0 ? { points, durationSeconds } : undefined;
}

export interface RateLimiter {
  /** Counts one request for `key`; how long to wait when over the limit, else undefined. */
  hit(key: string): Promise<{ retryAfterSeconds: number } | undefined>;
}

export function createRateLimiter(
  db: Database,
  name: string,
  spec: RateLimitSpec | "off",
): RateLimiter {
  if (spec === "off") return { hit: async () => undefined };
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points: spec.points,
    duration: spec.durationSeconds,
  });
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return undefined;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
  };
}
