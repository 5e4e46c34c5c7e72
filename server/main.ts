// The production server: `npm run serve` (or `npm start`, which builds first when needed).
// Prerendered pages and assets are answered from memory on a plain node:http path; everything
// else goes to the app's request handler, loaded from the build (see app.ts).
import { createServer } from "node:http";
import type { Socket } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, getEnvOrExit, goingLiveProblems } from "#app/config/env.server.ts";
import { usesGoogleTag } from "#app/config/site-config.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { buildProblem, describeBuildProblem } from "#server/build-stamp.ts";
import { loadFileStore } from "#server/file-store.ts";
import { createStaticResponder } from "#server/static-responder.ts";
import { compileTrust } from "#server/trust.ts";

type ServerEntry = typeof import("#server/app.ts");

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = getEnvOrExit();
const notLive = goingLiveProblems(env);
if (notLive.length > 0) {
  refuse(
    new ConfigError(
      [
        ...notLive,
        `set the real values, or serve at a private address (SITE_URL is ${env.SITE_URL})`,
      ],
      "Refusing to serve the public with placeholder business details or no secret key",
    ).message,
  );
}
const buildDir = resolve(env.BUILD_DIR);
const problem = buildProblem(buildDir, env);
if (problem) {
  refuse(
    `${describeBuildProblem(problem, env.BUILD_DIR)} Run: npm run build (or, in a container, build its image again with these settings: docs/deployment.md)`,
  );
}

const {
  createApp,
  createEdgeHandler,
  createMonitoring,
  createPageCookie,
  createRoutes,
  startServices,
} = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerEntry;
const files = loadFileStore(join(buildDir, "client"));
const logger = getLogger();
let services: Awaited<ReturnType<ServerEntry["startServices"]>>;
try {
  services = await startServices(env);
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
const routes = createRoutes();
// The request log, and the metrics' counts when METRICS_TOKEN is set (server/metrics.ts).
const monitoring = await createMonitoring(env, services, routes);
const respondFromMemory = createStaticResponder({
  files,
  analytics: usesGoogleTag(env),
  trust: compileTrust(env.TRUST_PROXY),
  logRequest: monitoring.logFileRequest,
  pageCookie: createPageCookie(env),
});
// Set on SIGTERM: /readyz says "draining" while the server still serves (see below).
let draining = false;
const edge = createEdgeHandler(env, routes, monitoring, () => draining);
const app = createApp({ env, services, routes, logRequest: monitoring.logRequest });
if (env.TRUST_PROXY === true) {
  logger.warn(
    "TRUST_PROXY=true believes X-Forwarded-* headers from any client that reaches this port; name the load balancer's addresses instead (README, Settings)",
  );
}

const requested = new WeakSet<Socket>();
// Connections that never sent a request, for a prompt shutdown (see below).
const connections = new Set<Socket>();

/**
 * A server answering every request. A client that sends its headers, or its body, a byte at a
 * time holds a connection, not the process: it is cut off after headersTimeout and
 * requestTimeout (Node's defaults are 60 s and 5 minutes). Node looks for such clients only every
 * connectionsCheckingInterval, 30 s by default, which let them stay up to 30 s longer (a probe
 * measured ~41 s); every half second, the cut comes within half a second of the time, for a walk
 * over the open requests that costs nothing next to serving them
 * (tests/e2e/slow-clients.test.ts).
 */
function answering() {
  const server = createServer({ connectionsCheckingInterval: 500 }, (req, res) => {
    requested.add(req.socket);
    // While draining, each connection is closed once its answer is sent: the load balancer's
    // kept connections end here, cleanly, rather than when the server stops.
    if (draining) res.setHeader("Connection", "close");
    if (edge(req, res) || respondFromMemory(req, res)) return;
    app(req, res);
  });
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  // CONNECT asks for a tunnel, which no page of ours is: answered, not dropped.
  server.on("connect", (_req, socket: Socket) => {
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  return server;
}

const server = answering();
server.listen({ port: env.PORT, host: env.HOST, reusePort: env.REUSE_PORT }, () => {
  logger.info(
    { files: files.size, url: `http://localhost:${env.PORT}`, reusePort: env.REUSE_PORT },
    `Serving ${files.size} files from memory; listening on http://localhost:${env.PORT}`,
  );
});
// This instance's own port, when it shares PORT with others (REUSE_PORT): its /metrics and
// /readyz are this instance's, whichever instance the kernel would have handed PORT's connection.
const own = env.INSTANCE_PORT === undefined ? undefined : answering();
own?.listen(env.INSTANCE_PORT, env.HOST);
const servers = own ? [server, own] : [server];
// Each server's "close": it takes no more connections, and those it had are all ended.
const closed = servers.map((one) => new Promise((resolve) => one.once("close", resolve)));

/**
 * Stops taking requests, lets those under way finish, then closes the database cleanly. A port
 * shared with other instances (REUSE_PORT) is given up at once: from then on the kernel hands
 * every new connection to the others. With SHUTDOWN_DRAIN_SECONDS, /readyz says "draining" for
 * that long first, while everything is still served, so that a load balancer that asks it stops
 * sending here before a single request is refused.
 */
function shutDown() {
  draining = true;
  const drainMs = env.SHUTDOWN_DRAIN_SECONDS * 1000;
  if (env.REUSE_PORT) server.close();
  if (drainMs > 0) {
    logger.info({ seconds: env.SHUTDOWN_DRAIN_SECONDS }, "draining: /readyz answers 503");
  }
  setTimeout(stopServing, drainMs);
  // The whole stop, drain included, must not outlast a deploy's patience.
  setTimeout(() => process.exit(1), drainMs + 15_000).unref();
}

function stopServing() {
  void Promise.all(closed).then(() => services.close().finally(() => process.exit(0)));
  for (const one of servers) {
    if (one.listening) one.close();
    // Connections kept alive with no request under way, and those a browser opened for a
    // request that never came, are closed at once; the others once their response is sent.
    one.closeIdleConnections();
    setInterval(() => one.closeIdleConnections(), 50).unref();
  }
  for (const socket of connections) if (!requested.has(socket)) socket.destroy();
  // A request that never finishes must not hold the process open past a deploy's patience:
  // after 5 s every connection is cut, and the database is still closed.
  setTimeout(() => {
    if (connections.size > 0) {
      logger.warn({ connections: connections.size }, "Shutdown deadline: cutting open connections");
    }
    for (const one of servers) one.closeAllConnections();
  }, 5_000).unref();
}

for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, shutDown);
