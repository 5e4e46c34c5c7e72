// The request log: one line per request with its method, route, status and duration. The route
// is the pattern that answered ("/blog/:id", "*" for not found), never the request's own path
// or query, so nothing a visitor typed into a URL or a form (a name, a phone number) is kept.
import type { NextFunction, Request, Response } from "express";
import type { RequestLogger } from "#app/lib/logger.server.ts";

/** Milliseconds since `start` (a performance.now() reading), to 0.1 ms. */
export function elapsedMs(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** Set by handlers outside React Router (the health check) to name themselves in the log. */
    route?: string;
  }
}

/** Express middleware: logs each request once its response has been sent (or abandoned). */
export function requestLog(logRequest: RequestLogger, routeOf: (pathname: string) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now();
    res.once("close", () => {
      logRequest(
        req.method,
        res.locals.route ?? routeOf(req.path),
        res.statusCode,
        elapsedMs(start),
        !res.writableFinished,
      );
    });
    next();
  };
}
