// One JSON line per event on standard output, for whatever collects the process's output.
// Callers pass only what may be kept: never a query string, a body, a cookie or personal data
// (see server/request-log.ts).
import pino, { type Logger } from "pino";
import { getEnv } from "../config/env.server.ts";

export type { Logger };

let logger: Logger | undefined;

/** The process's logger, at `LOG_LEVEL`; made on first use, so importing this costs nothing. */
export function getLogger(): Logger {
  logger ??= pino({
    level: getEnv().LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return logger;
}
