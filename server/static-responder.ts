import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestLogger } from "../app/lib/logger.server.ts";
import { buildCsp } from "./csp.ts";
import type { StoredFile } from "./file-store.ts";
import { elapsedMs } from "./request-log.ts";
import { baseSecurityHeaders, isHttps } from "./security-headers.ts";

// The hot path: prerendered pages, their navigation data and hashed assets, answered from memory
// with headers computed once per file. Everything here is the same for every visitor, so no
// per-request work (no nonce, no routing) is needed; anything it does not answer goes to Express.

type Encoding = "br" | "gzip" | "identity";

interface Prepared {
  file: StoredFile;
  /** Flat [name, value, name, value, …] header lists, for plain HTTP and for HTTPS. */
  headers: { http: string[]; https: string[] };
}

function prepare(file: StoredFile, analytics: boolean): Prepared {
  const build = (https: boolean) => {
    const pairs: [string, string][] = [
      ["Content-Type", file.contentType],
      ["Cache-Control", file.cacheControl],
      ["ETag", file.etag],
      ["Vary", "Accept-Encoding"],
      [
        "Content-Security-Policy",
        buildCsp({
          scripts: file.inline?.scripts ?? [],
          styles: file.inline?.styles ?? [],
          analytics,
          https,
        }),
      ],
      ...baseSecurityHeaders(https),
    ];
    return pairs.flat();
  };
  return { file, headers: { http: build(false), https: build(true) } };
}

function pickEncoding(accepted: string | undefined, file: StoredFile): Encoding {
  if (accepted) {
    if (file.br && accepted.includes("br")) return "br";
    if (file.gzip && accepted.includes("gzip")) return "gzip";
  }
  return "identity";
}

export function createStaticResponder(options: {
  files: Map<string, StoredFile>;
  analytics: boolean;
  trustProxy: boolean;
  logRequest: RequestLogger;
}) {
  const prepared = new Map<string, Prepared>();
  for (const [path, file] of options.files) prepared.set(path, prepare(file, options.analytics));

  /** Answers the request from memory and returns true, or returns false to pass it on. */
  return function respondFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const start = process.hrtime.bigint();
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    let path = queryAt < 0 ? url : url.slice(0, queryAt);
    // "/about/" is the same page as "/about": served as is, never redirected.
    if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "") || "/";
    const entry = prepared.get(path);
    if (!entry) return false;

    const { file } = entry;
    const headers = isHttps(req, options.trustProxy) ? entry.headers.https : entry.headers.http;
    const log = (status: number) =>
      options.logRequest(req.method ?? "GET", path, status, elapsedMs(start));
    if (req.headers["if-none-match"] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      log(304);
      return true;
    }
    const encoding = pickEncoding(req.headers["accept-encoding"], file);
    const body = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : file.body;
    const length = String(body?.length ?? 0);
    res.writeHead(
      200,
      encoding === "identity"
        ? [...headers, "Content-Length", length]
        : [...headers, "Content-Encoding", encoding, "Content-Length", length],
    );
    res.end(req.method === "HEAD" ? undefined : body);
    log(200);
    return true;
  };
}
