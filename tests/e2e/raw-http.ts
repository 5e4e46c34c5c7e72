// HTTP exactly as written: a request's bytes sent over a connection of its own, as an attacker
// (or a broken client) would send them, which Node's own client would refuse to. The answer is
// read until the server closes the connection.
import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  /** Header values by lower-case name; repeated headers joined with ", ". */
  headers: Map<string, string>;
  body: string;
  /** Milliseconds from sending the request to the end of the answer. */
  ms: number;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses one HTTP/1.x response: the final one, after any interim 1xx (100 Continue). */
function parseAnswer(raw: Buffer, ms: number): RawAnswer {
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 16).toString("latin1"))) {
    const interimEnd = raw.indexOf("\r\n\r\n");
    if (interimEnd < 0) break;
    raw = raw.subarray(interimEnd + 4);
  }
  const headEnd = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, headEnd < 0 ? raw.length : headEnd).toString("latin1");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  let body = headEnd < 0 ? Buffer.alloc(0) : raw.subarray(headEnd + 4);
  if (headers.get("transfer-encoding")?.toLowerCase() === "chunked") body = dechunk(body);
  const length = Number(headers.get("content-length"));
  if (Number.isFinite(length) && headers.has("content-length")) body = body.subarray(0, length);
  return { status, headers, body: body.toString("utf8"), ms };
}

/**
 * Sends `request` (a whole HTTP request: request line, headers, blank line, body) to the server
 * at `base` and resolves with its answer, read until the server closes the connection (send
 * `Connection: close`). Rejects if there is none within `timeoutMs`. With `halfClose`, the
 * client also closes its side once the request is written, as a client does that has nothing
 * more to send (the only way to tell a server that a body is shorter than announced).
 */
export function sendRaw(
  base: string,
  request: string | Buffer,
  timeoutMs = 30_000,
  options: { halfClose?: boolean } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      if (options.halfClose) socket.end(request);
      else socket.write(request);
    });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A server may answer and close while the request is still being written (a 413, a 414).
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    socket.on("close", () =>
      resolve(parseAnswer(Buffer.concat(chunks), performance.now() - started)),
    );
  });
}

/** A well-formed request with `Connection: close`, for the headers given (Host included). */
export function rawGet(
  path: string,
  headers: Record<string, string>,
  method = "GET",
  body = "",
): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${method} ${path} HTTP/1.1\r\n${[...lines, "Connection: close"].join("\r\n")}\r\n\r\n${body}`;
}

export interface HealthProbe {
  /** Resolves once the first probe has been answered (or has failed): the probe is under way. */
  started: Promise<void>;
  /** Stops probing; resolves with how many answers came, the slowest, and any that failed. */
  stop(): Promise<{ count: number; worstMs: number; p95Ms: number; failures: string[] }>;
}

/**
 * Asks `/healthz` over and over, one request at a time, each on a connection of its own, until
 * stopped: what a load balancer's health check sees while other requests are being answered.
 */
export function probeHealth(base: string): HealthProbe {
  const host = new URL(base).host;
  let running = true;
  let count = 0;
  let worstMs = 0;
  const times: number[] = [];
  const failures: string[] = [];
  const started = Promise.withResolvers<void>();
  const loop = (async () => {
    while (running) {
      try {
        const answer = await sendRaw(base, rawGet("/healthz", { Host: host }), 10_000);
        count++;
        worstMs = Math.max(worstMs, answer.ms);
        times.push(answer.ms);
        if (answer.status !== 200) failures.push(`status ${answer.status}`);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
      started.resolve();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    started: started.promise,
    async stop() {
      running = false;
      await loop;
      const sorted = times.toSorted((a, b) => a - b);
      const p95Ms = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
      return { count, worstMs, p95Ms, failures };
    },
  };
}

/**
 * How long /healthz may wait, on this machine as it is now, while `requests` requests are under
 * way: 500 ms, or three times its worst wait beside as many requests for a short `path` of the
 * same kind (a page from memory, a rendered 404), whichever is more. A slow or busy machine slows
 * both alike; a request that stalls the server (what the tests look for: a long path, a slow
 * render, a flood of bad input) slows only the other.
 */
export async function healthBudgetMs(
  base: string,
  requests: number,
  path = "/about",
): Promise<number> {
  const host = new URL(base).host;
  const probe = probeHealth(base);
  await probe.started;
  await Promise.all(
    Array.from({ length: requests }, () => sendRaw(base, rawGet(path, { Host: host }), 10_000)),
  );
  const { worstMs } = await probe.stop();
  return Math.max(500, 3 * worstMs);
}
