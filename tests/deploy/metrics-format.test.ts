// /metrics as Prometheus itself judges it: a scrape of the production server, after it has
// answered requests down each of its paths (a page and a file from memory, a page rendered by the
// app, an appointment request, the edge's refusals and redirect, an unknown address), is handed to
// `promtool check metrics`, which must find nothing to say (docs/operations.md, "Readiness,
// liveness and metrics"). Prometheus scrapes a badly named series without complaint, so only its
// own check shows one: prom-client's default gauges named as counters passed every other test.
//
// promtool is Debian's `prometheus` package, which `npm run test:deploy` installs
// (scripts/ensure-docker.ts). The server runs on PGlite, for the one series PostgreSQL lacks
// (database_disk_used_ratio), from the browser tests' build of the test site: made here only when
// it is not there from these sources, as the rolling upgrade makes it. Two builds at once in one
// checkout collide (tests/e2e/build-sites.ts): on two cores the rolling upgrade, which builds at
// its start, begins before this file (Vitest starts larger and longer files first, and only a file
// that failed last time ahead of them), so this file finds the build made. Measured on two busy
// cores (2026-11-28, load ~3): 10 s with the build made, nearly all of it the server's start on a
// new PGlite folder; a build adds 30 to 45 s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import { onPath } from "#scripts/executables.ts";
import {
  pinnedEnv,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { buildFolder } from "#scripts/release-checkout.ts";
import { buildProblem } from "#server/build-stamp.ts";
import { runCommand } from "#tests/deploy/docker.ts";
import {
  fastSubmissions,
  faultsInLog,
  postAppointment,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import { testSite } from "#tests/e2e/sites.ts";

const token = "metrics-format-token-0123456789abcdef";

/**
 * The families the scrape must hold for promtool's verdict to cover them: every series of the
 * guide's table, and prom-client's figures of the process. An empty scrape passes promtool too.
 */
const expectedFamilies = [
  "http_requests_total counter",
  "http_request_duration_seconds histogram",
  "outbox_messages_queued gauge",
  "outbox_oldest_message_age_seconds gauge",
  "outbox_messages_failed_last_hour gauge",
  "live_stream_clients gauge",
  "retention_last_run_timestamp_seconds gauge",
  "backup_last_written_timestamp_seconds gauge",
  "database_disk_used_ratio gauge",
  "operations_reading_up gauge",
  "process_cpu_seconds_total counter",
  "process_resident_memory_bytes gauge",
  "nodejs_eventloop_lag_seconds gauge",
  "nodejs_active_handles gauge",
  "nodejs_heap_size_used_bytes gauge",
];

/** The test site's build, made unless it is there from these sources; how long that took (ms). */
async function ensureBuild(): Promise<number> {
  const env = parseEnv(pinnedEnv(testSite.settings));
  if (!buildProblem(testSite.buildDir, env, { compareSources: true })) return 0;
  const started = performance.now();
  await buildFolder(process.cwd(), testSite.settings);
  return Math.round(performance.now() - started);
}

/** Requests down each path a request can take through the server, so that each is counted. */
async function serveRequests(url: string): Promise<void> {
  const get = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${path}`, { redirect: "manual", ...init });
    return { status: response.status, body: await response.text() };
  };
  const home = await get("/");
  // A file the page links (its logo, a script): answered from memory, counted as "(file)".
  const asset = /(?:href|src)="(\/[^"?#]+\.[a-z0-9]+)"/.exec(home.body)?.[1];
  if (!asset) throw new Error(`the home page links no file:\n${home.body.slice(0, 2_000)}`);
  const answers = await Promise.all([
    get(asset),
    get("/hi/contact"),
    get("/readyz"),
    get("/no-such-page"),
    get("/About"),
    get("/%ff"),
    get("/", { method: "DELETE" }),
    get("/metrics"),
  ]);
  expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 404, 301, 400, 405, 401]);
  // A request stored puts a message in the outbox, for the outbox's series to have values.
  const appointment = await postAppointment(url, { ...validAppointment });
  expect(appointment.status, await appointment.text()).toBe(303);
}

describe("/metrics in Prometheus' own check", () => {
  let server: RunningServer | undefined;
  let buildMs = 0;

  beforeAll(async () => {
    if (!onPath("promtool")) {
      throw new Error(
        "promtool is not installed: `npm run test:deploy` installs it (scripts/ensure-docker.ts), or `apt-get install -y prometheus` as root.",
      );
    }
    buildMs = await ensureBuild();
    server = await startProductionServer({
      ...testSite.settings,
      ...fastSubmissions,
      METRICS_TOKEN: token,
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("passes `promtool check metrics` after requests of every kind", async () => {
    if (!server) throw new Error("the server is started in beforeAll");
    const started = performance.now();
    await serveRequests(server.url);
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const scrape = await response.text();
    expect(response.status, scrape).toBe(200);
    const families = scrape
      .split("\n")
      .filter((line) => line.startsWith("# TYPE "))
      .map((line) => line.slice("# TYPE ".length));
    expect(families).toEqual(expect.arrayContaining(expectedFamilies));
    // The database's figures are in this scrape, not left out as when it did not answer.
    expect(scrape).toMatch(/^operations_reading_up 1$/m);

    const check = await runCommand("promtool", ["check", "metrics"], {
      input: scrape,
      timeoutMs: 60_000,
    });
    const verdict = `${check.stdout}${check.stderr}`.trim();
    console.log(
      `Requests, scrape and promtool's check of ${families.length} families (${scrape.split("\n").length} lines) in ${Math.round(performance.now() - started)} ms; the build took ${buildMs} ms (0: already made).`,
    );
    expect(check.code, `promtool check metrics exited ${check.code}:\n${verdict}`).toBe(0);
    expect(faultsInLog(server.output())).toEqual([]);
  });
});
