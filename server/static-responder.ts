// The hot path: prerendered pages, their navigation data and hashed assets, answered from memory
// with headers computed once per file and encoding. Everything here is the same for every
// visitor, so no per-request work (no nonce, no routing) is needed; anything it does not answer
// goes to Express. Content negotiation and conditional requests follow the libraries Express
// itself uses: `negotiator` (q-values, case, wildcards) and `fresh` (If-None-Match, weak and
// listed tags, `*`); each encoding is a representation with an ETag of its own.
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import Negotiator from "negotiator";
import type { RequestLogger } from "#app/lib/logger.server.ts";
import { buildCsp } from "#server/csp.ts";
import type { StoredFile } from "#server/file-store.ts";
import { elapsedMs } from "#server/request-log.ts";
import { baseSecurityHeaders, isHttps } from "#server/security-headers.ts";
import type { Trust } from "#server/trust.ts";

type Encoding = "br" | "gzip" | "identity";
/** negotiator 1.0's encoding(), with the `preferred` option its published types lack. */
type PreferringEncoding = (
  available: readonly string[],
  options: { preferred: readonly string[] },
) => string | undefined;
/** Most preferred first, when a client accepts several equally. */
const preference: Encoding[] = ["br", "gzip", "identity"];

interface Variant {
  body: Buffer;
  etag: string;
  /** Flat [name, value, name, value, …] header lists, for plain HTTP and for HTTPS. */
  headers: { http: string[]; https: string[] };
}

interface Prepared {
  variants: Map<Encoding, Variant>;
  available: Encoding[];
  /** An HTML page: the first of a site session may carry a cookie (see `pageCookie`). */
  page: boolean;
}

/** The file's ETag for one encoding: `"<hash>"`, `"<hash>-br"`, `"<hash>-gz"`. */
function etagFor(file: StoredFile, encoding: Encoding): string {
  if (encoding === "identity") return file.etag;
  return `${file.etag.slice(0, -1)}-${encoding === "br" ? "br" : "gz"}"`;
}

/** The sets of encodings files come in, one array each: every file's list is one of these. */
const encodingSets: Encoding[][] = [];

function prepare(file: StoredFile, analytics: boolean): Prepared {
  const bodies: [Encoding, Buffer | undefined][] = [
    ["br", file.br],
    ["gzip", file.gzip],
    ["identity", file.body],
  ];
  const variants = new Map<Encoding, Variant>();
  for (const [encoding, body] of bodies) {
    if (!body) continue;
    const etag = etagFor(file, encoding);
    const build = (https: boolean) =>
      [
        ["Content-Type", file.contentType],
        ["Cache-Control", file.cacheControl],
        ["ETag", etag],
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
        ["Content-Length", String(body.length)],
        ...(encoding === "identity" ? [] : [["Content-Encoding", encoding]]),
      ].flat();
    variants.set(encoding, { body, etag, headers: { http: build(false), https: build(true) } });
  }
  const has = preference.filter((encoding) => variants.has(encoding));
  const available = encodingSets.find((set) => set.join() === has.join()) ?? has;
  if (!encodingSets.includes(available)) encodingSets.push(available);
  return { variants, available, page: file.contentType.startsWith("text/html") };
}

/**
 * The headers of a page that sets a cookie: kept private to the browser, so that no shared cache
 * stores one visitor's cookie for the next.
 */
function withCookie(headers: string[], cookie: string): string[] {
  const result = headers.slice();
  for (let i = 0; i < result.length; i += 2) {
    if (result[i] === "Cache-Control") result[i + 1] = "private, max-age=0, must-revalidate";
  }
  result.push("Set-Cookie", cookie);
  return result;
}

/** "/about/", "/about//" → "/about": a loop, not a regular expression, on request data. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}

/** Whether If-Match lets the request go on: `*`, or a strong match with this representation. */
function matchesIfMatch(ifMatch: string, etag: string): boolean {
  if (ifMatch.trim() === "*") return true;
  return ifMatch.split(",").some((tag) => tag.trim() === etag);
}

export function createStaticResponder(options: {
  files: Map<string, StoredFile>;
  analytics: boolean;
  trust: Trust;
  logRequest: RequestLogger;
  /** The Set-Cookie value a page's request should get, if any (the site session's source, server/app.ts). */
  pageCookie?: (
    req: IncomingMessage,
    query: string,
    path: string,
    https: boolean,
  ) => string | undefined;
}) {
  const prepared = new Map<string, Prepared>();
  for (const [path, file] of options.files) prepared.set(path, prepare(file, options.analytics));

  // Clients send few distinct Accept-Encoding values: each is negotiated once per set of
  // encodings a file has (a bounded number are kept, so that made-up values cannot grow it).
  const negotiated = new Map<Encoding[], Map<string, Encoding | null>>();
  const negotiate = (accept: string | undefined, available: Encoding[]): Encoding | undefined => {
    if (accept === undefined) return "identity";
    let known = negotiated.get(available);
    if (!known) {
      known = new Map();
      negotiated.set(available, known);
    }
    const cached = known.get(accept);
    if (cached !== undefined) return cached ?? undefined;
    const negotiator = new Negotiator({ headers: { "accept-encoding": accept } });
    const chosen = (negotiator.encoding as PreferringEncoding).call(negotiator, available, {
      preferred: preference,
    }) as Encoding | undefined;
    if (known.size >= 256) known.clear();
    if (accept.length <= 200) known.set(accept, chosen ?? null);
    return chosen;
  };

  /** Answers the request from memory and returns true, or returns false to pass it on. */
  return function respondFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const start = performance.now();
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    // "/about/" is the same page as "/about": served as is, never redirected.
    const path = withoutTrailingSlashes(queryAt < 0 ? url : url.slice(0, queryAt));
    const entry = prepared.get(path);
    if (!entry) return false;

    const log = (status: number) =>
      options.logRequest(req.method ?? "GET", path, status, elapsedMs(start));
    const encoding = negotiate(req.headers["accept-encoding"], entry.available);
    const variant = encoding && entry.variants.get(encoding);
    if (!variant) {
      res.writeHead(406, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      });
      res.end("Not Acceptable: no encoding you accept is one we have.");
      log(406);
      return true;
    }
    const https = isHttps(req, options.trust);
    let headers = https ? variant.headers.https : variant.headers.http;
    if (entry.page && options.pageCookie) {
      const cookie = options.pageCookie(
        req,
        queryAt < 0 ? "" : url.slice(queryAt + 1),
        path,
        https,
      );
      if (cookie) headers = withCookie(headers, cookie);
    }
    const ifMatch = req.headers["if-match"];
    if (ifMatch !== undefined && !matchesIfMatch(ifMatch, variant.etag)) {
      res.writeHead(412, { "Cache-Control": "no-store", "Content-Length": "0" });
      res.end();
      log(412);
      return true;
    }
    if (
      (req.headers["if-none-match"] !== undefined ||
        req.headers["if-modified-since"] !== undefined) &&
      fresh(req.headers, { etag: variant.etag })
    ) {
      res.writeHead(304, headers);
      res.end();
      log(304);
      return true;
    }
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : variant.body);
    log(200);
    return true;
  };
}
