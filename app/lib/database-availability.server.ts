// Whether PostgreSQL answers, as this instance last found it (decision 041). A connection that cannot
// be made marks the database away; from then on every query fails at once with
// DatabaseUnavailableError instead of dialling again (a request, a background job and the load
// balancer's check would each open a connection of their own, and on a network that drops
// packets wait for its timeout, piling up). One probe at a time, after a pause that doubles up
// to a ceiling, finds it back; then everything goes through again. Nothing here multiplies: one
// timer, one probe, however many callers.
import { EventEmitter } from "node:events";

/** A query refused at once because the database did not answer the last time it was asked. */
export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
  constructor(cause?: unknown) {
    super("The database is unreachable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** Whether `error` (or one it wraps, as drizzle wraps the driver's) says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 10; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The pause before the `attempt`-th probe (0, 1, 2…): half a second, doubling, at most
 * `ceilingMs`, each shortened by up to a fifth at random so that instances do not probe in step.
 */
export function probeDelayMs(attempt: number, ceilingMs: number, random = Math.random): number {
  const plain = Math.min(ceilingMs, 500 * 2 ** Math.min(attempt, 20));
  return Math.round(plain * (1 - 0.2 * random()));
}

export interface DatabaseAvailability {
  /** False from a failed connection until a probe gets through. */
  readonly up: boolean;
  /** When this instance found the database away (undefined while it answers). */
  readonly awaySince: Date | undefined;
  /** Called with the new state each time it changes. Returns a function that stops calling. */
  onChange(listener: (up: boolean) => void): () => void;
}

export interface AvailabilityGate extends DatabaseAvailability {
  /** A connection could not be made: the database is away (a probe is scheduled). */
  failed(error: unknown): void;
  /** A connection was made: the database answers. */
  succeeded(): void;
  /** Stops probing. */
  stop(): void;
}

export interface GateOptions {
  /** Makes one connection and closes it; rejects when it cannot. */
  probe(): Promise<void>;
  /** The longest pause between two probes (default 5 s). */
  ceilingMs?: number;
  /** Told once when the database goes away and once when it is back. */
  onAway?(error: unknown): void;
  onBack?(awayMs: number): void;
}

export function createAvailabilityGate(options: GateOptions): AvailabilityGate {
  const ceilingMs = options.ceilingMs ?? 5_000;
  const events = new EventEmitter();
  let awaySince: Date | undefined;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped || timer || awaySince === undefined) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        options.probe().then(
          () => gate.succeeded(),
          () => {
            attempt++;
            schedule();
          },
        );
      },
      probeDelayMs(attempt, ceilingMs),
    );
    timer.unref();
  };

  const gate: AvailabilityGate = {
    get up() {
      return awaySince === undefined;
    },
    get awaySince() {
      return awaySince;
    },
    onChange(listener) {
      events.on("change", listener);
      return () => events.off("change", listener);
    },
    failed(error) {
      if (awaySince !== undefined) return;
      awaySince = new Date();
      attempt = 0;
      options.onAway?.(error);
      events.emit("change", false);
      schedule();
    },
    succeeded() {
      if (awaySince === undefined) return;
      const awayMs = Date.now() - awaySince.getTime();
      awaySince = undefined;
      clearTimeout(timer);
      timer = undefined;
      options.onBack?.(awayMs);
      events.emit("change", true);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
  return gate;
}

/** A gate for a database that is never away: PGlite runs inside this process. */
export const alwaysAvailable: DatabaseAvailability = {
  up: true,
  awaySince: undefined,
  onChange: () => () => {},
};

/**
 * Logs a background job's failure at error level, unless it failed because the database is away:
 * that was said once, when it was found (db.server.ts), and would otherwise be said again at
 * every poll of every job until it is back.
 */
export function reportUnlessAway(
  log: { error(fields: object, message: string): void },
  error: unknown,
  message: string,
): void {
  if (!isDatabaseUnavailable(error)) log.error({ err: error }, message);
}
