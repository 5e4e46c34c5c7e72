import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { StoredFile } from "./file-store.ts";
import { securityHeaders } from "./security-headers.ts";
import { createStaticResponder } from "./static-responder.ts";

export interface AppOptions {
  build: ServerBuild;
  files: Map<string, StoredFile>;
  analytics: boolean;
  trustProxy: boolean;
}

/** The React Router server build exports its request-nonce context from entry.server. */
type EntryWithNonce = { requestNonce?: Parameters<RouterContextProvider["set"]>[0] };

/** Express, for everything rendered per request: 404s, unknown posts, actions, the health check. */
function createDynamicApp(options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);
  app.use(securityHeaders(options));

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  const { requestNonce } = options.build.entry.module as EntryWithNonce;
  app.use(compression());
  app.all(
    "/{*path}",
    createRequestHandler({
      build: options.build,
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        if (requestNonce) context.set(requestNonce, res.locals.nonce);
        return context;
      },
    }),
  );
  return app;
}

/** The server's request listener: memory first, then Express. */
export function createRequestListener(options: AppOptions) {
  const respondFromMemory = createStaticResponder(options);
  const app = createDynamicApp(options);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!respondFromMemory(req, res)) app(req, res);
  };
}
