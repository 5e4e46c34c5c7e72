// The request handler of both servers: `server/main.ts` (production) loads it from the build,
// `server/dev.ts` through Vite. It is bundled with the app (it is the server build's entry, see
// vite.config.ts), so the request contexts it fills are the very objects the routes read.

import type { IncomingMessage } from "node:http";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { RouterContextProvider } from "react-router";
import type { Env } from "#app/config/env.server.ts";
import { usesGoogleTag } from "#app/config/site-config.ts";
import { publicPaths } from "#app/content/public-routes.ts";
import { clientKeyOf } from "#app/domain/abuse/rate-limit.server.ts";
import {
  siteSessionBegunBy,
  siteSessionCookie,
} from "#app/domain/attribution/site-session.server.ts";
import { fastRequestLogger, getLogger, type RequestLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { requestNonce } from "#app/lib/request-nonce.ts";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import { createEdge, type EdgeOptions } from "#server/edge.ts";
import { countedRequests, createMetrics } from "#server/metrics.ts";
import { limitBodySize, requireSameOrigin } from "#server/request-guards.ts";
import { requestLog } from "#server/request-log.ts";
import { createRouteTable, type RouteTable } from "#server/route-table.ts";
import { securityHeaders } from "#server/security-headers.ts";
import { compileTrust } from "#server/trust.ts";

// The server build itself, for prerendering and for React Router's tools: this module is the
// bundle's entry, so the build's exports must come out of it.
export * from "virtual:react-router/server-build";
// The servers start the services from the bundle, so that the context they fill is the routes'.
export { startServices } from "#app/services.server.ts";

/** What both servers need of the routes (server/route-table.ts). */
export function createRoutes(): RouteTable {
  return createRouteTable(build.routes, publicPaths());
}

/** What logs and counts each request, and answers /readyz and /metrics (decision 039). */
export interface Monitoring {
  /** The edge's and the app's: the request log's line, and the count when metrics are on. */
  logRequest: RequestLogger;
  /**
   * The memory fast path's: its line names the file; its count, the route of a page's file, or
   * "(file)" for an asset, so that the series stay as few as the routes.
   */
  logFileRequest: RequestLogger;
  edge: Pick<EdgeOptions, "readiness" | "metrics">;
}

export async function createMonitoring(
  env: Env,
  services: AppServices,
  routes: RouteTable,
): Promise<Monitoring> {
  const log = fastRequestLogger();
  const readiness = () => services.readiness.check();
  const token = env.METRICS_TOKEN;
  if (!token) return { logRequest: log, logFileRequest: log, edge: { readiness } };
  const metrics = await createMetrics({
    readOperations: services.readOperations,
    // Each open dashboard's stream listens for appointment changes once.
    liveStreamClients: () => services.appointmentEvents.subscribers,
  });
  const fileRoute = (path: string) => {
    const { name } = routes.lookup(path);
    return name.endsWith("*") ? "(file)" : name;
  };
  return {
    logRequest: countedRequests(log, metrics),
    logFileRequest: (method, path, status, ms, aborted) => {
      log(method, path, status, ms, aborted);
      metrics.observe(method, fileRoute(path), status, ms, aborted);
    },
    edge: { readiness, metrics: { token, metrics } },
  };
}

/** The edge both servers put in front of everything (server/edge.ts). */
export function createEdgeHandler(
  env: Env,
  routes: RouteTable,
  monitoring?: Monitoring,
  draining?: () => boolean,
) {
  return createEdge({
    routes,
    trust: compileTrust(env.TRUST_PROXY),
    logRequest: monitoring?.logRequest ?? fastRequestLogger(),
    ...monitoring?.edge,
    draining,
  });
}

/**
 * The cookie that says where a site session began, for its first page (and for one that
 * another site or a campaign's link sent): app/domain/attribution/site-session.server.ts.
 */
export function createPageCookie(env: Env) {
  const siteHost = new URL(env.SITE_URL).host;
  return (req: IncomingMessage, query: string, path: string, https: boolean) => {
    const session = siteSessionBegunBy({
      path,
      query,
      referer: req.headers.referer,
      ownHosts: [req.headers.host, siteHost],
      cookie: req.headers.cookie,
    });
    return session ? siteSessionCookie(session, https) : undefined;
  };
}

export interface AppOptions {
  env: Env;
  services: AppServices;
  routes: RouteTable;
  /** Development only: Vite's middlewares, which serve the modules and assets. */
  assets?: RequestHandler;
  /** The request log (and count): createMonitoring's, else the log alone. */
  logRequest?: RequestLogger;
}

/** Everything a route can read from its request context; filled once per request, here. */
function createRequestContext(
  req: Request,
  res: Response,
  services: AppServices,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestNonce, res.locals.nonce);
  context.set(servicesContext, services);
  const clientAddress = req.ip ?? req.socket.remoteAddress ?? "unknown";
  context.set(requestInfo, { clientAddress, clientKey: clientKeyOf(clientAddress) });
  return context;
}

/** Far above what the appointment form can hold (about 1,400 characters), far below harm. */
const maxBodyBytes = 32 * 1024;

/** Express: security headers, the request log, the health check, then React Router. */
export function createApp({ env, services, routes, assets, logRequest }: AppOptions) {
  const logger = getLogger();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(requestLog(logRequest ?? fastRequestLogger(), (path) => routes.lookup(path).name));
  app.use(securityHeaders({ analytics: usesGoogleTag(env), trust: compileTrust(env.TRUST_PROXY) }));

  if (assets) app.use(assets);
  // In production the public pages are answered from memory, which sets the site session's cookie
  // (server/main.ts); the development server renders them here.
  if (env.NODE_ENV !== "production") {
    const pages = new Set(publicPaths());
    const pageCookie = createPageCookie(env);
    app.use((req, res, next) => {
      const url = req.originalUrl;
      const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
      const cookie =
        req.method === "GET" && pages.has(req.path) && pageCookie(req, query, req.path, req.secure);
      if (cookie) res.append("Set-Cookie", cookie);
      next();
    });
  }
  const phone = env.BUSINESS_PHONE;
  app.use(limitBodySize(maxBodyBytes, phone), requireSameOrigin(env.SITE_URL, phone));
  // Pages and data are compressed; what answers a form (a redirect, a few bytes of data) is not,
  // and is spared the wrapping of the response that compression costs.
  const compress = compression();
  // The dashboard's event stream is never compressed: each event must leave at once.
  app.use((req, res, next) =>
    (req.method === "GET" || req.method === "HEAD") && req.path !== "/admin/events"
      ? compress(req, res, next)
      : next(),
  );
  app.all(
    "/{*path}",
    createRequestHandler({
      // In production the build never changes: handing it over as is lets React Router prepare
      // its route tables once, where a function makes it prepare them again for every request.
      // In development Vite may replace the module, so it is asked for each time.
      build:
        env.NODE_ENV === "production" ? build : () => import("virtual:react-router/server-build"),
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res) => createRequestContext(req, res, services),
    }),
  );

  // A fault of ours: log it with its stack, answer without details.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error }, "request failed");
    if (res.headersSent) return res.destroy();
    res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}
