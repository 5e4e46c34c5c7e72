// One JSON line per event on standard output, for whatever collects the process's output.
// Callers pass only what may be kept: never a query string, a body, a cookie or personal data
// (see server/request-log.ts).
import pino, { type DestinationStream, type Logger } from "pino";
import { isRouteErrorResponse } from "react-router";
import { type Env, getEnv } from "#app/config/env.server.ts";

export type { Logger };

export function createLogger(level: Env["LOG_LEVEL"], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A failed query's error names its parameters: a patient's name, phone and address.
      serializers: {
        err: (error: unknown) => redactParams(pino.stdSerializers.err(error as Error)),
      },
    },
    destination ?? batchedStdout(),
  );
}

/**
 * Standard output, one write per turn of the event loop instead of one per line: under load the
 * request log would otherwise cost the memory fast path a third of its rate (bench:serve). Lines
 * still leave within the same turn; whatever is pending is written when the process exits.
 */
function batchedStdout(): DestinationStream {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    process.stdout.write(text);
  };
  process.once("exit", flush);
  return {
    write(line: string) {
      if (pending.push(line) === 1) setImmediate(flush);
    },
  };
}

let logger: Logger | undefined;
let stdout: DestinationStream | undefined;

/** The process's logger, at `LOG_LEVEL`; made on first use, so importing this costs nothing. */
export function getLogger(): Logger {
  stdout ??= batchedStdout();
  logger ??= createLogger(getEnv().LOG_LEVEL, stdout);
  return logger;
}

export type RequestLogger = (
  method: string,
  route: string,
  status: number,
  ms: number,
  aborted?: boolean,
) => void;

/**
 * The request line, one per request (see server/request-log.ts): the same JSON line the logger
 * writes, formatted directly, as pino's general path would cost the memory fast path a fifth of
 * its rate, and an appointment request a few per cent. Nothing when `info` is off.
 */
export function fastRequestLogger(): RequestLogger {
  const log = getLogger();
  if (!log.isLevelEnabled("info") || !stdout) return () => {};
  const out = stdout;
  // What repeats from line to line is formatted once: the time within one millisecond, and the
  // JSON of each method and route seen (a bounded number of them).
  let lastMs = 0;
  let lastTime = "";
  const quoted = new Map<string, string>();
  const quote = (text: string) => {
    let json = quoted.get(text);
    if (json === undefined) {
      json = JSON.stringify(text);
      if (quoted.size >= 500) quoted.clear();
      quoted.set(text, json);
    }
    return json;
  };
  return (method, route, status, ms, aborted) => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastTime = new Date(now).toISOString();
    }
    out.write(
      `{"level":"info","time":"${lastTime}","method":${quote(method)},"route":${quote(route)},"status":${status},"ms":${ms}${aborted ? ',"aborted":true' : ""},"msg":"request"}\n`,
    );
  };
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

function redactParams<T>(value: T): T {
  if (typeof value === "string") return value.replace(/params:[\s\S]*/g, "params: [redacted]") as T;
  if (Array.isArray(value)) return value.map(redactParams) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        key === "params" ? "[redacted]" : redactParams(field),
      ]),
    ) as T;
  }
  return value;
}
