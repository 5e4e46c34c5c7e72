import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { getEnvOrExit } from "../app/config/env.server.ts";
import { toSiteConfig } from "../app/config/site-config.ts";
import { createRequestListener } from "./app.ts";
import { buildProblem } from "./build-stamp.ts";
import { loadFileStore } from "./file-store.ts";

const env = getEnvOrExit();
const site = toSiteConfig(env);
const buildDir = resolve(env.BUILD_DIR);
const problem = buildProblem(buildDir, site);
if (problem) {
  console.error(problem);
  process.exit(1);
}

const build = (await import(
  pathToFileURL(join(buildDir, "server", "index.js")).href
)) as ServerBuild;
const files = loadFileStore(join(buildDir, "client"));
const listener = createRequestListener({
  build,
  files,
  analytics: site.analyticsIds.length > 0,
  trustProxy: env.TRUST_PROXY,
});

const server = createServer(listener);
server.listen(env.PORT, env.HOST, () => {
  console.log(`Serving ${files.size} files from memory; listening on http://localhost:${env.PORT}`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Keep-alive connections must not hold the process open past a deploy's patience.
    setTimeout(() => process.exit(0), 5_000).unref();
    server.closeIdleConnections();
  });
}
