import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { buildCsp } from "./csp.ts";
import type { StoredFile } from "./file-store.ts";
import { securityHeaders } from "./security-headers.ts";

export interface AppOptions {
  build: ServerBuild;
  files: Map<string, StoredFile>;
  analytics: boolean;
  trustProxy: boolean;
}

/** The React Router server build exports its request-nonce context from entry.server. */
type EntryWithNonce = { requestNonce?: Parameters<RouterContextProvider["set"]>[0] };

function pickEncoding(req: Request, file: StoredFile): "br" | "gzip" | undefined {
  const accepted = req.headers["accept-encoding"] ?? "";
  if (file.br && /\bbr\b/.test(accepted)) return "br";
  if (file.gzip && /\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

/** Answers from memory: a prerendered page, its navigation data, or a hashed asset. */
function sendStored(req: Request, res: Response, file: StoredFile, analytics: boolean) {
  if (file.inline) {
    res.setHeader(
      "Content-Security-Policy",
      buildCsp({ ...file.inline, analytics, https: req.secure }),
    );
  }
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Cache-Control", file.cacheControl);
  res.setHeader("ETag", file.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === file.etag) {
    res.status(304).end();
    return;
  }
  const encoding = pickEncoding(req, file);
  const body = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : file.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body?.length ?? 0));
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

export function createApp(options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);
  app.use(securityHeaders({ analytics: options.analytics }));

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // "/about/" is the same page as "/about": served as is, never redirected.
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const file = options.files.get(path);
    if (!file) return next();
    sendStored(req, res, file, options.analytics);
  });

  // Everything else is rendered on request: unknown paths (404), unknown posts, actions.
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
