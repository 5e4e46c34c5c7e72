// The edge: every request passes here first, before the memory fast path and Express, on plain
// node:http. It answers at once, in a few microseconds and with a short plain-text body, what no
// route should ever see: a URL too long or too deep, a Host that is no host name, forwarded
// headers a trusted proxy could not have sent, a method the path does not take, a variant of a
// page's URL (sent to the one URL), and the health check. Two answers wait on the database: the
// readiness check and the metrics (decision 039), both for machines, neither a page. Nothing here
// runs a regular expression that can backtrack on request data, and nothing costs more than the
// request is long.
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import type { RequestLogger } from "#app/lib/logger.server.ts";
import type { Readiness } from "#app/lib/readiness.server.ts";
import { isScraper, type Metrics } from "#server/metrics.ts";
import { elapsedMs } from "#server/request-log.ts";
import { pageOf, type RouteTable } from "#server/route-table.ts";
import { baseSecurityHeaders, isHttps } from "#server/security-headers.ts";
import { fromTrustedProxy, type Trust } from "#server/trust.ts";

/** Longer request targets answer 414 (browsers and proxies handle far longer; no page needs it). */
export const maxTargetLength = 2048;
/** Deeper paths answer 404: our deepest page has two segments, an asset three. */
export const maxSegments = 16;

export interface EdgeOptions {
  routes: RouteTable;
  trust: Trust;
  logRequest: RequestLogger;
  /** /readyz: whether this instance can store a request now (app/lib/readiness.server.ts). */
  readiness?: () => Promise<Readiness>;
  /** True once the server is stopping (SIGTERM): /readyz then says so, for the load balancer. */
  draining?: () => boolean;
  /** /metrics, for a scraper that sends `token` (METRICS_TOKEN); without it, /metrics is 404. */
  metrics?: { token: string; metrics: Metrics };
}

// A host name or IPv4 address with an optional port, or an IPv6 literal in brackets. Character
// classes and fixed counts only: linear on any input.
const hostPattern = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

function isHostHeader(value: string | undefined): boolean {
  if (!value) return false;
  const match = hostPattern.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/** Every comma-separated value of X-Forwarded-Proto is http or https. */
function isForwardedProto(value: string): boolean {
  return value.split(",").every((proto) => {
    const name = proto.trim().toLowerCase();
    return name === "http" || name === "https";
  });
}

/** Every comma-separated value of X-Forwarded-For is an address. */
function isForwardedFor(value: string): boolean {
  return value.split(",").every((address) => isIP(address.trim()) !== 0);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

const forwardedHeaders = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-for"] as const;

/** Why the forwarded headers cannot be believed; undefined when they can (or there are none). */
function forwardedProblem(req: IncomingMessage): string | undefined {
  const host = header(req, "x-forwarded-host");
  if (host !== undefined && !isHostHeader(host.split(",")[0]?.trim())) {
    return "X-Forwarded-Host is not a host name.";
  }
  const proto = header(req, "x-forwarded-proto");
  if (proto !== undefined && !isForwardedProto(proto)) return "X-Forwarded-Proto is not http(s).";
  const forwardedFor = header(req, "x-forwarded-for");
  if (forwardedFor !== undefined && !isForwardedFor(forwardedFor)) {
    return "X-Forwarded-For is not a list of addresses.";
  }
  return undefined;
}

/** Counts "/" up to `limit + 1`: the path's depth, without splitting a long path. */
function tooDeep(path: string, limit: number): boolean {
  let slashes = 0;
  for (let i = 0; i < path.length; i++) {
    if (path.charCodeAt(i) === 47 && ++slashes > limit) return true;
  }
  return false;
}

/**
 * /readyz's answer to a load balancer (decision 041): whether to send this instance requests. 503
 * when it is stopping, or when its database lacks a migration this build needs; otherwise 200.
 * A database that does not answer is 200 all the same, "degraded": every instance shares that
 * one database, so taking them out would only stop the public pages too, which each serves from
 * memory, and the form's answer that says the request was not stored and gives the phone number.
 */
export function readinessAnswer(
  readiness: Readiness | undefined,
  draining: boolean,
): { status: number; body: Record<string, string> } {
  if (draining) return { status: 503, body: { status: "draining" } };
  if (!readiness) return { status: 503, body: { status: "unavailable" } };
  const { ready, database, migrations } = readiness;
  if (ready) return { status: 200, body: { status: "ready", database, migrations } };
  if (database === "unavailable") {
    return { status: 200, body: { status: "degraded", database, migrations } };
  }
  return { status: 503, body: { status: "unavailable", database, migrations } };
}

export function createEdge(options: EdgeOptions) {
  const { routes, trust, logRequest, readiness, metrics } = options;
  const draining = options.draining ?? (() => false);

  /** A short answer made here (plain text unless said): no nonce, nothing to cache. */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    start: number,
    status: number,
    body: string,
    extra: [string, string][] = [],
    { type = "text/plain; charset=utf-8", route }: { type?: string; route?: string } = {},
  ): true {
    const headers: [string, string][] = [
      ["Content-Type", type],
      ["Content-Length", String(Buffer.byteLength(body))],
      ["Cache-Control", "no-store"],
      ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
      ...baseSecurityHeaders(isHttps(req, trust)),
      ...extra,
    ];
    // A malformed request may be followed by anything: answer it, then close the connection.
    if (status === 400 || status === 414) headers.push(["Connection", "close"]);
    res.writeHead(status, headers.flat());
    res.end(req.method === "HEAD" || status === 204 || status === 301 ? undefined : body);
    logRequest(req.method ?? "GET", route ?? "(edge)", status, elapsedMs(start));
    return true;
  }

  /** Answers the request and returns true, or returns false to pass it on. */
  return function edge(req: IncomingMessage, res: ServerResponse): boolean {
    const start = performance.now();
    const target = req.url ?? "/";
    if (target.length > maxTargetLength) {
      return answer(req, res, start, 414, "URI Too Long: this address is longer than any of ours.");
    }
    if (!isHostHeader(req.headers.host)) {
      return answer(req, res, start, 400, "Bad Request: the Host header is missing or malformed.");
    }
    if (fromTrustedProxy(req, trust)) {
      const problem = forwardedProblem(req);
      if (problem) return answer(req, res, start, 400, `Bad Request: ${problem}`);
    } else {
      // Not from our load balancer: nobody downstream may read them by mistake.
      for (const name of forwardedHeaders) {
        if (req.headers[name] !== undefined) delete req.headers[name];
      }
    }
    if (target.charCodeAt(0) !== 47) {
      return answer(req, res, start, 400, "Bad Request: the request target is not a path.");
    }
    const queryAt = target.indexOf("?");
    const path = queryAt < 0 ? target : target.slice(0, queryAt);
    if (tooDeep(path, maxSegments)) return answer(req, res, start, 404, "Not Found");

    const method = req.method ?? "GET";
    const reading = method === "GET" || method === "HEAD";
    if (reading && path === "/healthz") {
      return answer(req, res, start, 200, '{"status":"ok"}', [], {
        type: "application/json",
        route: "/healthz",
      });
    }
    if (reading && path === "/readyz" && readiness) {
      const json = { type: "application/json", route: "/readyz" };
      if (draining()) {
        const { status, body } = readinessAnswer(undefined, true);
        return answer(req, res, start, status, JSON.stringify(body), [], json);
      }
      readiness().then(
        (now) => {
          const { status, body } = readinessAnswer(now, draining());
          answer(req, res, start, status, JSON.stringify(body), [], json);
        },
        () => {
          const { status, body } = readinessAnswer(undefined, draining());
          answer(req, res, start, status, JSON.stringify(body), [], json);
        },
      );
      return true;
    }
    if (reading && path === "/metrics") {
      const route = { route: "/metrics" };
      if (!metrics) return answer(req, res, start, 404, "Not Found", [], route);
      if (!isScraper(req.headers.authorization, metrics.token)) {
        const challenge: [string, string] = ["WWW-Authenticate", 'Bearer realm="metrics"'];
        const body =
          "Unauthorized: /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.";
        return answer(req, res, start, 401, body, [challenge], route);
      }
      metrics.metrics.render().then(
        (text) =>
          answer(req, res, start, 200, text, [], { ...route, type: metrics.metrics.contentType }),
        () => answer(req, res, start, 500, "Internal Server Error", [], route),
      );
      return true;
    }

    if (!reading) {
      const { allow, name } = routes.lookup(path);
      if (method === "OPTIONS") {
        return answer(req, res, start, 204, "", [["Allow", allow]], { route: name });
      }
      if (!allow.split(", ").includes(method)) {
        return answer(req, res, start, 405, "Method Not Allowed", [["Allow", allow]], {
          route: name,
        });
      }
    }

    const page = pageOf(path);
    const canonical = routes.canonical(page);
    if (canonical === null) {
      return answer(req, res, start, 400, "Bad Request: the address is not valid UTF-8.");
    }
    if (canonical !== undefined) {
      // A page's navigation data has no variants: only the page's own URL is redirected.
      if (page !== path || !reading) return answer(req, res, start, 404, "Not Found");
      const query = queryAt < 0 ? "" : target.slice(queryAt);
      return answer(req, res, start, 301, "", [["Location", `${canonical}${query}`]], {
        route: "(redirect)",
      });
    }
    return false;
  };
}
