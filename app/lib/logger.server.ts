// One JSON line per event on standard output, for whatever collects the process's output.
// Callers pass only what may be kept: never a query string, a body, a cookie or personal data
// (see server/request-log.ts).
import pino, { type DestinationStream, type Logger } from "pino";
import { isRouteErrorResponse } from "react-router";
import { type Env, getEnv } from "../config/env.server.ts";

export type { Logger };

export function createLogger(level: Env["LOG_LEVEL"], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

let logger: Logger | undefined;

/** The process's logger, at `LOG_LEVEL`; made on first use, so importing this costs nothing. */
export function getLogger(): Logger {
  logger ??= createLogger(getEnv().LOG_LEVEL);
  return logger;
}

/**
 * Reports an error a request ran into. A 4xx answer a route gave on purpose (not found, method
 * not allowed) is the visitor's doing: the request log's status line says all there is, so it
 * is not reported. Anything else is a fault of ours and is logged with its stack.
 */
export function reportError(log: Logger, error: unknown, message: string): void {
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error({ err: error }, message);
}
