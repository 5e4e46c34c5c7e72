// The production server: `npm run serve` (or `npm start`, which builds first when needed).
// Prerendered pages and assets are answered from memory on a plain node:http path; everything
// else goes to the app's request handler, loaded from the build (see app.ts).
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, getEnvOrExit, goingLiveProblems } from "../app/config/env.server.ts";
import { fastRequestLogger, getLogger } from "../app/lib/logger.server.ts";
import { buildProblem, describeBuildProblem } from "./build-stamp.ts";
import { loadFileStore } from "./file-store.ts";
import { createStaticResponder } from "./static-responder.ts";

type ServerEntry = typeof import("./app.ts");

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
      "Refusing to serve the public with placeholder business details",
    ).message,
  );
}
const buildDir = resolve(env.BUILD_DIR);
const problem = buildProblem(buildDir, env);
if (problem) refuse(`${describeBuildProblem(problem, env.BUILD_DIR)} Run: npm run build`);

const { createApp } = (await import(
  pathToFileURL(join(buildDir, "server", "index.js")).href
)) as ServerEntry;
const files = loadFileStore(join(buildDir, "client"));
const logger = getLogger();
const respondFromMemory = createStaticResponder({
  files,
  analytics: Boolean(env.GA_MEASUREMENT_ID || env.GA_MEASUREMENT_ID_SECONDARY),
  trustProxy: env.TRUST_PROXY,
  logRequest: fastRequestLogger(),
});
const app = createApp({ env });

const server = createServer((req, res) => {
  if (!respondFromMemory(req, res)) app(req, res);
});
server.listen(env.PORT, env.HOST, () => {
  logger.info(
    { files: files.size, url: `http://localhost:${env.PORT}` },
    `Serving ${files.size} files from memory; listening on http://localhost:${env.PORT}`,
  );
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Keep-alive connections must not hold the process open past a deploy's patience.
    setTimeout(() => process.exit(0), 5_000).unref();
    server.closeIdleConnections();
  });
}
