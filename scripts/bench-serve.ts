// `npm run bench:serve`: requests per second for one prerendered page from our server and, when
// nginx is installed, from nginx serving the same file, in one run; prints the ratio.
// Both serve the precompressed gzip file (the client asks for gzip), both run one process
// (nginx: one worker), and one load generator drives each the same way, alternating, three
// rounds. The generator is wrk (C) when installed: autocannon (Node) tops out near 5-6k req/s
// on these machines, below either server, and would measure itself instead.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { buildForBench, median, startBenchServer } from "./bench-server.ts";

const page = "/about";
const rounds = 3;
const seconds = 10;
const connections = 50;
const nginxPath = "/usr/sbin/nginx";
const buildDir = "build-bench-serve";
const ourPort = 4174;
const wrkPath = "/usr/bin/wrk";
const useWrk = existsSync(wrkPath);
const nginxPort = 4175;

async function measure(url: string): Promise<number> {
  if (useWrk) {
    const run = spawnSync(
      wrkPath,
      ["-t1", `-c${connections}`, `-d${seconds}s`, "-H", "Accept-Encoding: gzip", url],
      { encoding: "utf8" },
    );
    if (run.status !== 0 || /Non-2xx|Socket errors/.test(run.stdout)) {
      throw new Error(`${url}: wrk reported failures:\n${run.stdout}${run.stderr}`);
    }
    return Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1] ?? Number.NaN);
  }
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip" },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

function startNginx(clientDir: string): { process: ChildProcess; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  types { text/html html; }
  server {
    listen 127.0.0.1:${nginxPort};
    root ${clientDir};
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
  }
}`;
  writeFileSync(join(dir, "nginx.conf"), conf);
  const child = spawn(nginxPath, ["-c", join(dir, "nginx.conf"), "-p", dir], { stdio: "inherit" });
  return { process: child, dir };
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const origin = `http://localhost:${ourPort}`;
console.log(`Building ${buildDir}/ …`);
buildForBench(buildDir, origin);
const ours = await startBenchServer(buildDir, ourPort, origin);
const nginx = existsSync(nginxPath) ? startNginx(resolve(buildDir, "client")) : undefined;
if (!nginx)
  console.log("nginx is not installed (apt-get install nginx-light): measuring our server alone.");

const samples = { ours: [] as number[], nginx: [] as number[] };
try {
  if (nginx) await waitFor(`http://127.0.0.1:${nginxPort}${page}`);
  // Warm both up before counting.
  await measure(`http://127.0.0.1:${ourPort}${page}`);
  for (let round = 1; round <= rounds; round++) {
    samples.ours.push(await measure(`http://127.0.0.1:${ourPort}${page}`));
    if (nginx) samples.nginx.push(await measure(`http://127.0.0.1:${nginxPort}${page}`));
    console.log(
      `round ${round}: ours ${Math.round(samples.ours.at(-1) ?? 0)} req/s${nginx ? `, nginx ${Math.round(samples.nginx.at(-1) ?? 0)} req/s` : ""}`,
    );
  }
} finally {
  await ours.stop();
  nginx?.process.kill("SIGTERM");
  if (nginx) rmSync(nginx.dir, { recursive: true, force: true });
}

const oursMedian = median(samples.ours);
const nginxMedian = nginx ? median(samples.nginx) : undefined;
const lines = [
  `GET ${page} (prerendered, gzip), ${connections} connections, ${seconds} s × ${rounds} rounds, load from ${useWrk ? "wrk (1 thread)" : "autocannon"}; medians of requests per second.`,
  "",
  "| Server | req/s (median) | rounds |",
  "|---|---|---|",
  `| ours (node:http fast path, from memory) | ${Math.round(oursMedian)} | ${samples.ours.map(Math.round).join(", ")} |`,
  ...(nginxMedian
    ? [
        `| nginx (1 worker, gzip_static) | ${Math.round(nginxMedian)} | ${samples.nginx.map(Math.round).join(", ")} |`,
        "",
        `Ratio ours / nginx: ${(oursMedian / nginxMedian).toFixed(2)}`,
      ]
    : []),
];
console.log(`\n${lines.join("\n")}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/serve.md", `${lines.join("\n")}\n`);
