// After `react-router build` (and the islands' build beside it, decision 040): precompress every
// text file of the client build (brotli and gzip, maximum effort, once) and stamp the build with
// the settings and sources it was made from.
import { readFileSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { getEnvOrExit } from "#app/config/env.server.ts";
import { writeStamp } from "#server/build-stamp.ts";
import { compress, shouldCompress, walkFiles } from "#server/file-store.ts";

const env = getEnvOrExit();
const buildDir = resolve(env.BUILD_DIR);
const clientDir = join(buildDir, "client");

let count = 0;
for (const file of walkFiles(clientDir)) {
  const ext = extname(file);
  if (ext === ".br" || ext === ".gz") continue;
  const body = readFileSync(file);
  if (!shouldCompress(file, body.length)) continue;
  const { br, gzip } = compress(body);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzip);
  count++;
}
writeStamp(buildDir, env);
console.log(`postbuild: precompressed ${count} files; stamped ${buildDir}/stamp.json`);
