import { Writable } from "node:stream";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { createLogger, reportError } from "#app/lib/logger.server.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("reportError", () => {
  it("logs a fault of ours once, with its stack", () => {
    const { logger, lines } = capture();
    reportError(logger, new Error("database unreachable"), "route failed");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "route failed" });
    expect((lines[0] as { err: { stack: string } }).err.stack).toMatch(
      /database unreachable\n\s+at /,
    );
  });

  it("never logs a failed query's parameters (a patient's details)", () => {
    const { logger, lines } = capture();
    const error = new Error(
      'Failed query: insert into "appointments" params: Asha Rani,9876543210',
    );
    reportError(logger, error, "route failed");
    expect(JSON.stringify(lines)).not.toContain("9876543210");
    expect(JSON.stringify(lines)).toContain("params: [redacted]");
  });

  it("does not report a 4xx answer a route gave on purpose", () => {
    const { logger, lines } = capture();
    reportError(logger, routeErrorResponse(404), "route failed");
    reportError(logger, routeErrorResponse(405), "route failed");
    expect(lines).toEqual([]);
  });

  it("still reports a 5xx answer", () => {
    const { logger, lines } = capture();
    reportError(logger, routeErrorResponse(503), "route failed");
    expect(lines).toHaveLength(1);
  });
});

/** What React Router hands handleError when a route answers with an error status. */
function routeErrorResponse(status: number) {
  return new ErrorResponse(status, "", null);
}
