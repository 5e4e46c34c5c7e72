// Bots without puzzles: many of our patients are elderly, so there is no CAPTCHA. A hidden field
// people never fill, a minimum time between opening the form and sending it, and a per-client
// rate limit. Every refusal tells a person what to do instead; nothing is dropped silently: the
// refusal is a reason, and the route says it in the page's language (refusalText,
// app/domain/appointments/appointment-texts.ts).
import type { RateLimiter } from "#app/domain/abuse/rate-limit.server.ts";

export type Refusal =
  | { status: 400; reason: "honeypot" | "too-fast" | "bad-start-time" }
  | { status: 429; reason: "rate-limited"; retryAfterSeconds: number };

export interface SubmissionSignals {
  /** The hidden field's value: people leave it empty. */
  honeypot: string;
  /** When the form became usable in the browser (ms since the epoch); empty without JavaScript. */
  startedAt: string;
  /** The client as rate limits count it (an IPv6 client's /64). */
  clientKey: string;
}

/**
 * How far a browser's clock may stand from ours and a form may stay open: a start time outside
 * this window is not a time any browser of ours wrote.
 */
const plausibleStart = { pastMs: 7 * 86_400_000, futureMs: 86_400_000 };

/**
 * The start time the form's script writes: whole milliseconds since the epoch, as digits, within
 * `plausibleStart` of now. Undefined for anything else (`abc`, `-1`, `Infinity`, `1e3`, a year
 * ago), which no browser running our script sends.
 */
function plausibleStartTime(value: string, now: number): number | undefined {
  if (!/^\d{1,16}$/.test(value)) return undefined;
  const started = Number(value);
  if (started < now - plausibleStart.pastMs || started > now + plausibleStart.futureMs) {
    return undefined;
  }
  return started;
}

export async function checkSubmission(
  signals: SubmissionSignals,
  rules: {
    minFillSeconds: number;
    limiter: RateLimiter;
    now?: number;
  },
): Promise<Refusal | undefined> {
  if (signals.honeypot.trim() !== "") return { status: 400, reason: "honeypot" };
  // Without JavaScript there is no start time; the other checks still apply. A start time that
  // is there must be one our script wrote.
  if (signals.startedAt !== "") {
    const now = rules.now ?? Date.now();
    const started = plausibleStartTime(signals.startedAt, now);
    if (started === undefined || (now - started) / 1000 < rules.minFillSeconds) {
      return {
        status: 400,
        reason: started === undefined ? "bad-start-time" : "too-fast",
      };
    }
  }
  const limited = await rules.limiter.hit(signals.clientKey);
  if (limited) {
    return {
      status: 429,
      reason: "rate-limited",
      retryAfterSeconds: limited.retryAfterSeconds,
    };
  }
  return undefined;
}
