// The request handler of both servers: `server/main.ts` (production) loads it from the build,
// `server/dev.ts` through Vite. It is bundled with the app (it is the server build's entry, see
// vite.config.ts), so the request contexts it fills are the very objects the routes read.

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
import type { Env } from "../app/config/env.server.ts";
import { getLogger } from "../app/lib/logger.server.ts";
import { requestNonce } from "../app/lib/request-nonce.ts";
import { createRouteNamer, requestLog } from "./request-log.ts";
import { securityHeaders } from "./security-headers.ts";

// The server build itself, for prerendering and for React Router's tools: this module is the
// bundle's entry, so the build's exports must come out of it.
export * from "virtual:react-router/server-build";

export interface AppOptions {
  env: Env;
  /** Development only: Vite's middlewares, which serve the modules and assets. */
  assets?: RequestHandler;
}

/** Everything a route can read from its request context; filled once per request, here. */
function createRequestContext(res: Response): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestNonce, res.locals.nonce);
  return context;
}

/** Express: security headers, the request log, the health check, then React Router. */
export function createApp({ env, assets }: AppOptions) {
  const logger = getLogger();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(requestLog(logger, createRouteNamer(build.routes)));
  app.use(
    securityHeaders({
      analytics: Boolean(env.GA_MEASUREMENT_ID || env.GA_MEASUREMENT_ID_SECONDARY),
      trustProxy: env.TRUST_PROXY,
    }),
  );

  app.get("/healthz", (_req, res) => {
    res.locals.route = "/healthz";
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  if (assets) app.use(assets);
  app.use(compression());
  app.all(
    "/{*path}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (_req, res) => createRequestContext(res),
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
