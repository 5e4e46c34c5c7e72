// Rate limits counted in the database (rate-limiter-flexible's Drizzle store), so that every
// instance on one PostgreSQL shares them. Each limit and why it is set where it is: docs/abuse.md.
import ipaddr from "ipaddr.js";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "#app/db.server.ts";
import { appointmentFormText, waitIn } from "#app/domain/appointments/appointment-texts.ts";
import { rateLimits } from "#db/schema.ts";

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

/**
 * What a client is counted as: its IPv4 address, or its IPv6 /64. One home or phone gets a
 * whole /64 and may pick any address in it, so counting single IPv6 addresses would let it
 * start a fresh count with every request. An IPv4 address written as IPv6 (::ffff:1.2.3.4) is
 * that IPv4 address. Anything unparsable is counted as itself.
 */
export function clientKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

export interface RateLimiter {
  /** Counts one for `key`; how long to wait when that is over the limit, else undefined. */
  hit(key: string): Promise<{ retryAfterSeconds: number } | undefined>;
  /** How long to wait when `key` has used up the limit already, else undefined; counts nothing. */
  peek(key: string): Promise<{ retryAfterSeconds: number } | undefined>;
  /** Takes back one counted for `key` (what was counted turned out not to count). */
  refund(key: string): Promise<void>;
  /** Forgets the count of `key`. */
  reset(key: string): Promise<void>;
}

const unlimited: RateLimiter = {
  hit: async () => undefined,
  peek: async () => undefined,
  refund: async () => {},
  reset: async () => {},
};

export function createRateLimiter(
  db: Database,
  name: string,
  spec: RateLimitSpec | "off",
): RateLimiter {
  if (spec === "off") return unlimited;
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points: spec.points,
    duration: spec.durationSeconds,
    // While the database is away (decision 041) this instance counts in its own memory instead: the
    // limit still holds, and a request goes on to be refused as not stored, with the phone
    // number, rather than failing on its count.
    insuranceLimiter: new RateLimiterMemory({
      keyPrefix: name,
      points: spec.points,
      duration: spec.durationSeconds,
    }),
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
    async peek(key) {
      const counted = await limiter.get(key);
      if (!counted || counted.consumedPoints < spec.points) return undefined;
      return { retryAfterSeconds: Math.max(1, Math.ceil(counted.msBeforeNext / 1000)) };
    },
    async refund(key) {
      const counted = await limiter.get(key);
      if (counted && counted.consumedPoints > 0) await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** "in 5 minutes", "in 1 minute", "in 2 hours": how long a refused person should wait. */
export function waitText(seconds: number): string {
  return waitIn(appointmentFormText.en.refusals, seconds);
}

export interface LimitCheck {
  limiter: RateLimiter;
  key: string;
  /** What a refused person reads, given how long to wait ("in 5 minutes"). */
  message: (wait: string) => string;
}

export interface LimitRefusal {
  retryAfterSeconds: number;
  message: string;
}

/**
 * Counts the request against each limit in turn, until one refuses: what a limit refused is not
 * counted by those after it (a flood from one client uses up that client's count, not the
 * mailbox's or the whole site's).
 */
export async function checkLimits(
  checks: LimitCheck[],
  /** How the wait is said: English by default (a Hindi page passes its own words). */
  sayWait: (seconds: number) => string = waitText,
): Promise<LimitRefusal | undefined> {
  for (const check of checks) {
    const limited = await check.limiter.hit(check.key);
    if (limited) {
      return {
        retryAfterSeconds: limited.retryAfterSeconds,
        message: check.message(sayWait(limited.retryAfterSeconds)),
      };
    }
  }
  return undefined;
}

/**
 * A sign-in attempt (or a current password typed to change it) against the failed sign-in
 * limits: counted before the password is checked, so that many sent at once cannot slip past,
 * and taken back when it succeeds, so that only failures stay counted. The account's count is per
 * client, so that a stranger elsewhere cannot use up the clinic's; when the client's own count
 * refuses, the account's is not touched.
 */
export function signInAttempt(
  limiters: { client: RateLimiter; account: RateLimiter },
  email: string,
  clientKey: string,
  message: (wait: string) => string,
) {
  const accountKey = `${email.toLowerCase()} ${clientKey}`;
  return {
    /** Counts the attempt; the refusal when it is over a limit. */
    start: () =>
      checkLimits([
        { limiter: limiters.client, key: clientKey, message },
        { limiter: limiters.account, key: accountKey, message },
      ]),
    /** The attempt succeeded: its count is taken back, and the account's mistakes forgotten. */
    succeeded: async () => {
      await Promise.all([limiters.client.refund(clientKey), limiters.account.reset(accountKey)]);
    },
  };
}
