// A check run at once and then every `everyMs`, one at a time: a check asked for while another
// is under way runs after it. The weekly summary and the daily retention run use it; what makes
// each happen once across instances is in their own transactions, not in this timing.

export interface PeriodicCheck<T> {
  /** Checks now (after any check under way); resolves what this check found. */
  check(): Promise<T>;
  /** Stops checking, and waits for the check under way. */
  stop(): Promise<void>;
}

/** Starts checking with `once`; `idle` is what a check resolves before the first or once stopped. */
export function startPeriodicCheck<T>(
  once: () => Promise<T>,
  everyMs: number,
  idle: T,
): PeriodicCheck<T> {
  let stopped = false;
  let running: Promise<T> = Promise.resolve(idle);
  const check = () => {
    if (stopped) return Promise.resolve(idle);
    running = running.then(once);
    return running;
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  void check();
  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
