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
import { buildForBench, median, startBenchServer } from "#scripts/bench-server.ts";

const page = "/about";
const rounds = 5;
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

/**
 * nginx serving the build's files. `asDeployed`: with the response headers our server sends for
 * the page (security headers, CSP, Cache-Control) and a JSON access log line per request to
 * /dev/null, as ours logs and the benchmark discards: the same work a deployment of the site on
 * nginx would do. Without: nginx's minimal answer and no log.
 */
function startNginx(
  clientDir: string,
  port: number,
  asDeployed?: { headers: [string, string][] },
): { process: ChildProcess; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const addHeaders = (asDeployed?.headers ?? [])
    .map(([name, value]) => `    add_header ${name} "${value.replace(/"/g, '\\"')}" always;`)
    .join("\n");
  const log = asDeployed
    ? `log_format json escape=json '{"time":"$time_iso8601","method":"$request_method","route":"$uri","status":$status,"ms":$request_time}';
  access_log /dev/null json;`
    : "access_log off;";
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  ${log}
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
    listen 127.0.0.1:${port};
    root ${clientDir};
    gzip_static on;
    ${asDeployed ? "gzip_vary on; etag on;" : ""}
${addHeaders}
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
const nginxDeployedPort = nginxPort + 1;
console.log(`Building ${buildDir}/ …`);
buildForBench(buildDir, origin);
const ours = await startBenchServer(buildDir, ourPort, origin);

/** The headers our server sends with the page, but those nginx makes itself. */
async function ourPageHeaders(): Promise<[string, string][]> {
  const response = await fetch(`http://127.0.0.1:${ourPort}${page}`, {
    headers: { "accept-encoding": "gzip" },
  });
  await response.arrayBuffer();
  const own = new Set([
    "content-type",
    "content-length",
    "content-encoding",
    "etag",
    "vary",
    "date",
    "connection",
    "keep-alive",
  ]);
  return [...response.headers].filter(([name]) => !own.has(name));
}

const nginxInstalled = existsSync(nginxPath);
if (!nginxInstalled) {
  console.log("nginx is not installed (apt-get install nginx-light): measuring our server alone.");
}
const servers: { key: "ours" | "nginx" | "nginxDeployed"; label: string; url: string }[] = [
  {
    key: "ours",
    label: "ours (node:http fast path, from memory, request log on)",
    url: `http://127.0.0.1:${ourPort}${page}`,
  },
];
const nginxes: { process: ChildProcess; dir: string }[] = [];
const samples = { ours: [] as number[], nginx: [] as number[], nginxDeployed: [] as number[] };
try {
  if (nginxInstalled) {
    const clientDir = resolve(buildDir, "client");
    nginxes.push(startNginx(clientDir, nginxPort));
    nginxes.push(startNginx(clientDir, nginxDeployedPort, { headers: await ourPageHeaders() }));
    servers.push(
      {
        key: "nginx",
        label: "nginx (1 worker, gzip_static, no log)",
        url: `http://127.0.0.1:${nginxPort}${page}`,
      },
      {
        key: "nginxDeployed",
        label: "nginx as deployed (the same, with our headers and a JSON access log)",
        url: `http://127.0.0.1:${nginxDeployedPort}${page}`,
      },
    );
    for (const server of servers.slice(1)) await waitFor(server.url);
  }
  // Warm every server up before counting.
  for (const server of servers) await measure(server.url);
  for (let round = 1; round <= rounds; round++) {
    for (const server of servers) samples[server.key].push(await measure(server.url));
    console.log(
      `round ${round}: ${servers.map((server) => `${server.key} ${Math.round(samples[server.key].at(-1) ?? 0)} req/s`).join(", ")}`,
    );
  }
} finally {
  await ours.stop();
  for (const nginx of nginxes) {
    nginx.process.kill("SIGTERM");
    rmSync(nginx.dir, { recursive: true, force: true });
  }
}

/**
 * The median of the rounds' ratios: each round measures both servers within a few seconds of
 * each other, so a slow spell of this shared machine lowers both figures of a round, not one.
 */
const ratio = (key: "nginx" | "nginxDeployed") =>
  median(samples.ours.map((value, index) => value / (samples[key][index] ?? Number.NaN)));
const lines = [
  `GET ${page} (prerendered, gzip), ${connections} connections, ${seconds} s × ${rounds} rounds, the servers one after the other in each round, load from ${useWrk ? "wrk (1 thread)" : "autocannon"}; medians of requests per second.`,
  "",
  "| Server | req/s (median) | rounds |",
  "|---|---|---|",
  ...servers.map(
    (server) =>
      `| ${server.label} | ${Math.round(median(samples[server.key]))} | ${samples[server.key].map(Math.round).join(", ")} |`,
  ),
  ...(nginxInstalled
    ? [
        "",
        `Ratio ours / nginx (median of the rounds' ratios): ${ratio("nginx").toFixed(2)}; ours / nginx as deployed: ${ratio("nginxDeployed").toFixed(2)}`,
      ]
    : []),
];
console.log(`\n${lines.join("\n")}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/serve.md", `${lines.join("\n")}\n`);
