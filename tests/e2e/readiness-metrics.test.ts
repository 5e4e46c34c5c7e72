// /readyz and /metrics on the production server (decision 039). /readyz answers 503 while the
// server's PostgreSQL is stopped (tests/database-proxy.ts takes it away and gives it back) and
// 200 once it is back, the app's pool reconnecting; /healthz stays 200 throughout. /metrics is
// refused without METRICS_TOKEN's bearer (and absent when the setting is unset); with it, it
// lists the requests by route and status, their durations, the outbox's figures stored in the
// database, the live streams open, the last retention run and backup, and the process's figures.
import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { type DatabaseProxy, startDatabaseProxy } from "#tests/database-proxy.ts";
import {
  createTestDatabase,
  fastSubmissions,
  postAppointment,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import { dataTemplate, testSite, useServer } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

const token = "metrics-token-for-the-tests-0123456789";
const scraper = { authorization: `Bearer ${token}` };

/** The value of one series, by its name and labels as written; undefined when absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, { headers: scraper });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

async function readiness(url: string) {
  const response = await fetch(`${url}/readyz`);
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    body: await response.json(),
  };
}

describe("/readyz and /metrics on PostgreSQL, with the database stopped and back", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let proxy: DatabaseProxy | undefined;
  let server: RunningServer | undefined;
  /** A query on the server's database, not through the proxy. */
  async function query<Row>(text: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database.url);
    await seedStaff({ databaseUrl: database.url });
    server = await startProductionServer(
      {
        ...testSite.settings,
        ...fastSubmissions,
        DATABASE_URL: proxy.url,
        METRICS_TOKEN: token,
      },
      undefined,
      { dataTemplate },
    );
    // The retention job runs as the server starts: done before any test takes the database away.
    await vi.waitFor(
      async () => {
        if ((await query("select day from retention_runs")).length === 0) {
          throw new Error("the retention job has not recorded its run");
        }
      },
      { timeout: 15_000, interval: 100 },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it("says degraded, not unready, while the database is stopped: pages answer, staff screens and the form say so; ready again once it is back", async () => {
    const url = server?.url ?? "";
    const running = proxy as DatabaseProxy;
    expect(await readiness(url)).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ready", database: "ok", migrations: "current" },
    });
    const cookie = await signInCookie(url, admin);

    await running.stop();
    // 200 all the same: every instance shares the database, and each still serves the public
    // pages; a load balancer that took them out would only stop those too (decision 041).
    await expect
      .poll(async () => (await readiness(url)).body.status, { timeout: 15_000, interval: 100 })
      .toBe("degraded");
    expect(await readiness(url)).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "degraded", database: "unavailable", migrations: "unknown" },
    });
    // Alive all the same: a restart would not bring the database back.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // The public pages, from memory.
    for (const path of ["/", "/contact", "/hi", "/about"]) {
      expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    }
    // A staff screen and the family's status page say the records cannot be reached (503).
    const staffPage = await fetch(`${url}/admin`, { headers: { cookie } });
    expect(staffPage.status).toBe(503);
    const staffText = await staffPage.text();
    expect(staffText).toContain("Our records cannot be reached just now");
    expect(staffText).toContain("+91 98765 43210");
    const statusPage = await fetch(`${url}/hi/status`);
    expect(statusPage.status).toBe(503);
    expect(await statusPage.text()).toContain("अभी हमारा रिकॉर्ड खुल नहीं पा रहा है");
    // The form: not stored, with the phone number, the person's words kept in the form.
    const refused = await postAppointment(url, { ...validAppointment, name: "Not Stored" });
    expect(refused.status).toBe(503);
    const refusal = await refused.text();
    expect(refusal).toContain(
      "Failed to submit appointment request. Please try again. Your request was not stored. Please call us on +91 98765 43210 and we will book you in.",
    );
    expect(refusal).toContain('value="Not Stored"');
    // The metrics say what this process knows, and that the database's figures are missing.
    const blind = await scrape(url);
    expect(seriesValue(blind, "operations_reading_up")).toBe(0);
    expect(blind).not.toContain("outbox_messages_queued");

    await running.start();
    await expect
      .poll(async () => (await readiness(url)).body.status, { timeout: 15_000, interval: 100 })
      .toBe("ready");
    expect((await fetch(`${url}/admin`, { headers: { cookie } })).status).toBe(200);
    const response = await postAppointment(url, { ...validAppointment, name: "Ready Again" });
    expect(response.status).toBe(303);
    expect(await query("select name from appointments")).toEqual([{ name: "Ready Again" }]);
    // The log says when the database went and when it came back: once each.
    const lines = (server?.output() ?? "").split("\n");
    expect(lines.filter((line) => line.includes('"msg":"database unreachable'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('"msg":"database reachable again'))).toHaveLength(
      1,
    );
    expect(lines.filter((line) => line.includes('"msg":"degraded:'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('"msg":"ready:'))).toHaveLength(1);
  });

  it("shows the outbox's waiting and failed messages and the retention job's run, as stored", async () => {
    const url = server?.url ?? "";
    // Messages no sender will touch: e-mails not due for an hour, a WhatsApp message (no sender
    // runs without the Cloud API's settings), and one given up two minutes ago.
    await query(
      `insert into notifications (kind, recipient, channel, state, created_at, next_attempt_at, failed_at)
       values ('appointment_staff', 'desk@clinic.test', 'email', 'queued', now() - interval '30 minutes', now() + interval '1 hour', null),
              ('appointment_staff', 'desk@clinic.test', 'email', 'failed', now() - interval '50 minutes', now() - interval '4 minutes', now() - interval '2 minutes'),
              ('family_visit_booked', 'family', 'whatsapp', 'queued', now() - interval '5 minutes', now() + interval '1 hour', null)`,
    );
    const [run] = await query<{ ran_at: Date }>("select ran_at from retention_runs");
    const text = await scrape(url);
    expect(seriesValue(text, "operations_reading_up")).toBe(1);
    expect(seriesValue(text, "retention_last_run_timestamp_seconds")).toBe(
      (run?.ran_at.getTime() ?? 0) / 1000,
    );
    // A request's own staff e-mail may be waiting too: at least the one stored above.
    expect(seriesValue(text, 'outbox_messages_queued{channel="email"}')).toBeGreaterThanOrEqual(1);
    expect(
      seriesValue(text, 'outbox_oldest_message_age_seconds{channel="email"}'),
    ).toBeGreaterThanOrEqual(30 * 60);
    expect(seriesValue(text, 'outbox_messages_failed_last_hour{channel="email"}')).toBe(1);
    expect(seriesValue(text, 'outbox_messages_queued{channel="whatsapp"}')).toBe(1);
    expect(seriesValue(text, 'outbox_messages_failed_last_hour{channel="whatsapp"}')).toBe(0);
    expect(seriesValue(text, "backup_last_written_timestamp_seconds")).toBe(0);
    // PostgreSQL's disk is not this machine's to measure.
    expect(text).not.toContain("database_disk_used_ratio");
  });
});

describe("/metrics with METRICS_TOKEN (PGlite)", () => {
  const server = useStaffServer({ METRICS_TOKEN: token }, [], { postgres: false });

  it("refuses a request without the token, or with another, and says how to send it", async () => {
    const url = server.url();
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${token.slice(1)}` },
      { authorization: `Basic ${token}` },
    ];
    for (const headers of refused) {
      const response = await fetch(`${url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = await response.text();
      expect(body).toContain("Authorization: Bearer <METRICS_TOKEN>");
      expect(body).not.toContain("http_requests_total");
    }
  });

  it("lists the requests by route (never the path) and status, and their durations", async () => {
    const url = server.url();
    const home = await (await fetch(`${url}/`)).text();
    const asset = /(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    expect(asset).toBeDefined();
    const paths = ["/about", "/about", `${asset}`, "/blog/99", "/ramesh@example.com/9876501234"];
    const statuses: number[] = [];
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, { redirect: "manual" });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 404, 404]);
    const text = await scrape(url);
    const requests = (labels: string) => seriesValue(text, `http_requests_total{${labels}}`);
    // The memory fast path's pages and files, the app's routes, the edge's own answers.
    expect(requests('route="/about",method="GET",status="200"')).toBe(2);
    expect(requests('route="/",method="GET",status="200"')).toBeGreaterThanOrEqual(1);
    expect(requests('route="(file)",method="GET",status="200"')).toBeGreaterThanOrEqual(1);
    expect(requests('route="/blog/:id",method="GET",status="404"')).toBe(1);
    expect(requests('route="/*",method="GET",status="404"')).toBe(1);
    expect(requests('route="/healthz",method="GET",status="200"')).toBeGreaterThanOrEqual(1);
    for (const typed of ["/blog/99", "ramesh", "9876501234", String(asset)]) {
      expect(text).not.toContain(typed);
    }
    expect(
      seriesValue(text, 'http_request_duration_seconds_count{route="/about"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      seriesValue(text, 'http_request_duration_seconds_bucket{le="+Inf",route="/blog/:id"}'),
    ).toBe(1);
    // Every series the issue lists, and prom-client's figures of the process.
    for (const name of [
      "outbox_messages_queued",
      "outbox_oldest_message_age_seconds",
      "outbox_messages_failed_last_hour",
      "live_stream_clients",
      "retention_last_run_timestamp_seconds",
      "backup_last_written_timestamp_seconds",
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    }
    const disk = seriesValue(text, "database_disk_used_ratio") ?? -1;
    expect(disk).toBeGreaterThan(0);
    expect(disk).toBeLessThanOrEqual(1);
    expect(await readiness(url)).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ready", database: "ok", migrations: "current" },
    });
  });

  it("counts the dashboards' live streams open on this instance", async () => {
    const url = server.url();
    const cookie = await signInCookie(url, admin);
    const streams = [new AbortController(), new AbortController()];
    const opened = await Promise.all(
      streams.map((abort) =>
        fetch(`${url}/admin/events`, { headers: { cookie }, signal: abort.signal }),
      ),
    );
    expect(opened.map((response) => response.status)).toEqual([200, 200]);
    await expect.poll(async () => seriesValue(await scrape(url), "live_stream_clients")).toBe(2);
    streams[0]?.abort();
    await expect.poll(async () => seriesValue(await scrape(url), "live_stream_clients")).toBe(1);
    streams[1]?.abort();
    await expect.poll(async () => seriesValue(await scrape(url), "live_stream_clients")).toBe(0);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  const url = useServer(testSite);

  it("is not there: 404, whatever is sent", async () => {
    for (const headers of [{}, scraper] as Record<string, string>[]) {
      const response = await fetch(`${url()}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("http_requests_total");
    }
    expect((await readiness(url())).status).toBe(200);
  });

  it("has neither endpoint as a page: not built, not in the sitemap, answering reads only", async () => {
    const sitemap = await (await fetch(`${url()}/sitemap.xml`)).text();
    expect(sitemap).toContain("<urlset");
    for (const name of ["readyz", "metrics"]) {
      expect(existsSync(join(testSite.buildDir, "client", name))).toBe(false);
      expect(sitemap).not.toContain(name);
      const posted = await fetch(`${url()}/${name}`, { method: "POST", headers: scraper });
      expect(posted.status).toBe(405);
      expect(posted.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
    const head = await fetch(`${url()}/readyz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});
