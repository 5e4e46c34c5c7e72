// The request log: one line per request with its method, route, status and duration. The route
// is the pattern that answered ("/blog/:id", "*" for not found), never the request's own path
// or query, so nothing a visitor typed into a URL or a form (a name, a phone number) is kept.
import type { NextFunction, Request, Response } from "express";
import { type DataRouteObject, matchRoutes, type ServerBuild } from "react-router";
import type { RequestLogger } from "../app/lib/logger.server.ts";

type Manifest = ServerBuild["routes"];

/** React Router's flat route manifest as the nested tree matchRoutes expects. */
function routeTree(manifest: Manifest): DataRouteObject[] {
  const nodes = new Map<string, DataRouteObject>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    } as DataRouteObject);
  }
  const roots: DataRouteObject[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id) as DataRouteObject;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) parent.children?.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Names the route pattern a path is answered by: "/blog/:id", "/", or "*" for not found. */
export function createRouteNamer(manifest: Manifest): (pathname: string) => string {
  const tree = routeTree(manifest);
  // matchRoutes ranks every route again on each call: the answers for the paths seen most are
  // kept (a bounded number, so that made-up paths cannot grow it).
  const known = new Map<string, string>();
  return (pathname) => {
    const cached = known.get(pathname);
    if (cached !== undefined) return cached;
    const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
    const matches = matchRoutes(tree, path) ?? [];
    const patterns = matches.map((match) => match.route.path).filter(Boolean);
    const name = patterns.length ? `/${patterns.join("/")}`.replace(/\/+/g, "/") : "/";
    if (known.size >= 1000) known.clear();
    if (pathname.length <= 200) known.set(pathname, name);
    return name;
  };
}

/** Milliseconds since `start` (a process.hrtime.bigint() reading), to 0.1 ms. */
export function elapsedMs(start: bigint): number {
  return Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
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
    const start = process.hrtime.bigint();
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
