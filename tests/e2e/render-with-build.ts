// Renders routes with a build's server bundle the way prerendering does (React Router's request
// handler, production mode, the path with a trailing slash), before scripts/postbuild.ts
// rewrites them. A program of its own, so that it runs with the build's pinned settings and
// nothing of the test process's environment:
//   node tests/e2e/render-with-build.ts <buildDir> <outFile> <path>...
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";

const [buildDir = "build", outFile = "", ...paths] = process.argv.slice(2);

// Rendered at the time the build was made (its stamp's), so that what a page shows of "today"
// (the privacy policy's Last Updated date) is the build's day, even when India's midnight has
// passed since: `new Date()` and `Date.now()` answer that time.
const builtAt = Date.parse(
  JSON.parse(readFileSync(join(buildDir, "stamp.json"), "utf8")).builtAt as string,
);
class AtBuildTime extends Date {
  constructor(...args: [] | ConstructorParameters<DateConstructor>) {
    if (args.length === 0) super(builtAt);
    else super(...(args as ConstructorParameters<DateConstructor>));
  }
  static override now = () => builtAt;
}
globalThis.Date = AtBuildTime as DateConstructor;
// The bundle may export more than the ServerBuild (the server's own app factory); only the
// ServerBuild is used here.
const build = (await import(
  pathToFileURL(resolve(join(buildDir, "server", "index.js"))).href
)) as ServerBuild;
const handle = createRequestHandler(build, "production");

const pages: Record<string, { status: number; html: string }> = {};
for (const path of paths) {
  const response = await handle(new Request(`http://localhost${`${path}/`.replace(/\/+$/, "/")}`));
  pages[path] = { status: response.status, html: await response.text() };
}
writeFileSync(outFile, JSON.stringify(pages));
