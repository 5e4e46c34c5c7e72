// After `react-router build`: let prerendered pages paint before their JavaScript loads (see
// defer-hydration.ts), precompress every text file of the client build (brotli and gzip,
// maximum effort, once) and stamp the build with the configuration it was made with.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { getEnv } from "../app/config/env.server.ts";
import { toSiteConfig } from "../app/config/site-config.ts";
import { writeStamp } from "../server/build-stamp.ts";
import { deferHydration } from "./defer-hydration.ts";

const env = getEnv();
const buildDir = resolve(env.BUILD_DIR);
const clientDir = join(buildDir, "client");
const textTypes = new Set([".html", ".js", ".css", ".svg", ".json", ".xml", ".txt", ".data"]);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let count = 0;
for (const file of walk(clientDir)) {
  if (!textTypes.has(extname(file))) continue;
  if (extname(file) === ".html") writeFileSync(file, deferHydration(readFileSync(file, "utf8")));
  const body = readFileSync(file);
  if (body.length <= 512) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
writeStamp(buildDir, toSiteConfig(env));
console.log(`postbuild: precompressed ${count} files; stamped ${buildDir}/stamp.json`);
