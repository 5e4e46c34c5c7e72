// Bots without puzzles: many of our patients are elderly, so there is no CAPTCHA. A hidden field
// people never fill, a minimum time between opening the form and sending it, and a per-client
// rate limit. Every refusal tells a person what to do instead; nothing is dropped silently.
import type { RateLimiter } from "./rate-limit.server.ts";

export type Refusal = {
  status: 400 | 429;
  reason: "honeypot" | "too-fast" | "rate-limited";
  message: string;
  retryAfterSeconds?: number;
};

export interface SubmissionSignals {
  /** The hidden field's value: people leave it empty. */
  honeypot: string;
  /** When the form became usable in the browser (ms since the epoch); empty without JavaScript. */
  startedAt: string;
  clientAddress: string;
}

export async function checkSubmission(
  signals: SubmissionSignals,
  rules: { minFillSeconds: number; limiter: RateLimiter; phone: string; now?: number },
): Promise<Refusal | undefined> {
  const callUs = `call us on ${rules.phone}`;
  if (signals.honeypot.trim() !== "") {
    return {
      status: 400,
      reason: "honeypot",
      message: `We could not accept this request. Please press send again, or ${callUs}.`,
    };
  }
  // Without JavaScript there is no start time; the other checks still apply.
  const started = Number(signals.startedAt);
  if (signals.startedAt !== "" && Number.isFinite(started)) {
    const seconds = ((rules.now ?? Date.now()) - started) / 1000;
    if (seconds < rules.minFillSeconds) {
      return {
        status: 400,
        reason: "too-fast",
        message:
          "That was quicker than we expected. Please check your details and press send again.",
      };
    }
  }
  const limited = await rules.limiter.hit(signals.clientAddress);
  if (limited) {
    const minutes = Math.max(1, Math.ceil(limited.retryAfterSeconds / 60));
    return {
      status: 429,
      reason: "rate-limited",
      retryAfterSeconds: limited.retryAfterSeconds,
      message: `We have received several requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or ${callUs} and we will book you in.`,
    };
  }
  return undefined;
}
