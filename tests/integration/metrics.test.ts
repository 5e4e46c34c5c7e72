// /metrics' series (server/metrics.ts) from what the database holds: the outbox's messages by
// channel (waiting, the oldest one's age, given up in the last hour), the retention job's last
// run, the last backup, and the live streams open, read through the operations reading of
// app/domain/operations and the dashboard's own event fan-out; and the requests counted as the
// request log hands them over, by route. On PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { startAppointmentEvents } from "#app/domain/appointments/appointment-events.server.ts";
import { readOperations } from "#app/domain/operations/operations-reading.server.ts";
import { backupRuns, notifications, retentionRuns } from "#db/schema.ts";
import { createMetrics } from "#server/metrics.ts";
import { startDatabaseProxy } from "#tests/database-proxy.ts";
import { createPostgresDatabase, describeEachDatabase } from "#tests/integration/databases.ts";

/** The value of one series in an exposition, by its name and labels as written; else undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase("metrics", (database) => {
  it("shows the outbox, retention, backup and live-stream figures stored now", async () => {
    const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    const later = sql`now() + interval '10 minutes'`;
    const message = { kind: "appointment_staff", recipient: "desk@clinic.test" } as const;
    await database.db.insert(notifications).values([
      // Waiting: the oldest queued 40 minutes ago, one waiting for its retry.
      { ...message, createdAt: ago(40), nextAttemptAt: later, attempts: 2 },
      { ...message, createdAt: ago(5), nextAttemptAt: later },
      // Given up a few minutes ago; and one long ago, which no longer counts.
      { ...message, state: "failed", createdAt: ago(90), failedAt: ago(3) },
      { ...message, state: "failed", createdAt: ago(3000), failedAt: ago(2900) },
      { ...message, state: "sent", sentAt: ago(1) },
      {
        ...message,
        channel: "whatsapp",
        kind: "family_visit_booked",
        recipient: "appointment",
        createdAt: ago(2),
        nextAttemptAt: later,
      },
    ]);
    const ranAt = new Date("2026-11-27T00:30:00Z");
    await database.db.insert(retentionRuns).values({ day: "2026-11-27", ranAt, result: {} });
    const backedUpAt = new Date("2026-11-27T21:00:07Z");
    await database.db.insert(backupRuns).values({
      kind: "manual",
      startedAt: new Date("2026-11-27T21:00:00Z"),
      finishedAt: backedUpAt,
      file: "2026-11-28T0230.jsonl.gz",
    });
    const events = await startAppointmentEvents(database.handle);
    const streams = [events.subscribe(() => {}), events.subscribe(() => {})];
    try {
      const metrics = await createMetrics({
        readOperations: () => readOperations(database.db, { dataDir: null }),
        liveStreamClients: () => events.subscribers,
      });
      const text = await metrics.render();
      expect(seriesValue(text, "operations_reading_up")).toBe(1);
      expect(seriesValue(text, 'outbox_messages_queued{channel="email"}')).toBe(2);
      expect(seriesValue(text, 'outbox_messages_queued{channel="whatsapp"}')).toBe(1);
      const oldest = seriesValue(text, 'outbox_oldest_message_age_seconds{channel="email"}') ?? 0;
      expect(oldest).toBeGreaterThanOrEqual(40 * 60);
      expect(oldest).toBeLessThan(41 * 60);
      expect(
        seriesValue(text, 'outbox_oldest_message_age_seconds{channel="whatsapp"}'),
      ).toBeLessThan(3 * 60);
      expect(seriesValue(text, 'outbox_messages_failed_last_hour{channel="email"}')).toBe(1);
      expect(seriesValue(text, 'outbox_messages_failed_last_hour{channel="whatsapp"}')).toBe(0);
      expect(seriesValue(text, "retention_last_run_timestamp_seconds")).toBe(
        ranAt.getTime() / 1000,
      );
      expect(seriesValue(text, "backup_last_written_timestamp_seconds")).toBe(
        backedUpAt.getTime() / 1000,
      );
      expect(seriesValue(text, "live_stream_clients")).toBe(2);
      for (const stop of streams) stop();
      expect(seriesValue(await metrics.render(), "live_stream_clients")).toBe(0);
    } finally {
      await events.close();
    }
  });

  it("shows nothing waiting and no run as zeros on an empty database", async () => {
    const metrics = await createMetrics({
      readOperations: () => readOperations(database.db, { dataDir: null }),
      liveStreamClients: () => 0,
    });
    const text = await metrics.render();
    for (const channel of ["email", "whatsapp"]) {
      expect(seriesValue(text, `outbox_messages_queued{channel="${channel}"}`)).toBe(0);
      expect(seriesValue(text, `outbox_oldest_message_age_seconds{channel="${channel}"}`)).toBe(0);
      expect(seriesValue(text, `outbox_messages_failed_last_hour{channel="${channel}"}`)).toBe(0);
    }
    expect(seriesValue(text, "retention_last_run_timestamp_seconds")).toBe(0);
    expect(seriesValue(text, "backup_last_written_timestamp_seconds")).toBe(0);
  });
});

it("counts requests by route, method and status, and times them by route", async () => {
  const metrics = await createMetrics({
    readOperations: () => Promise.reject(new Error("no database in this test")),
    liveStreamClients: () => 0,
  });
  metrics.observe("GET", "/blog/:id", 200, 12);
  metrics.observe("GET", "/blog/:id", 200, 30);
  metrics.observe("GET", "/blog/:id", 404, 4);
  metrics.observe("POST", "/contact", 303, 180);
  metrics.observe("PROPFIND", "(edge)", 405, 0.1);
  // A client that left a stream: counted, not timed (its time is the client's, not ours).
  metrics.observe("GET", "/admin/events", 200, 600_000, true);
  const text = await metrics.render();
  const requests = (labels: string) => seriesValue(text, `http_requests_total{${labels}}`);
  expect(requests('route="/blog/:id",method="GET",status="200"')).toBe(2);
  expect(requests('route="/blog/:id",method="GET",status="404"')).toBe(1);
  expect(requests('route="/contact",method="POST",status="303"')).toBe(1);
  expect(requests('route="(edge)",method="other",status="405"')).toBe(1);
  expect(requests('route="/admin/events",method="GET",status="200"')).toBe(1);
  const bucket = (route: string, le: string) =>
    seriesValue(text, `http_request_duration_seconds_bucket{le="${le}",route="${route}"}`);
  expect(bucket("/blog/:id", "0.005")).toBe(1);
  expect(bucket("/blog/:id", "0.025")).toBe(2);
  expect(bucket("/blog/:id", "+Inf")).toBe(3);
  expect(seriesValue(text, 'http_request_duration_seconds_sum{route="/blog/:id"}')).toBeCloseTo(
    0.046,
  );
  expect(
    seriesValue(text, 'http_request_duration_seconds_count{route="/admin/events"}'),
  ).toBeUndefined();
  // The database did not answer: said so, and its figures are left out rather than shown as 0.
  expect(seriesValue(text, "operations_reading_up")).toBe(0);
  expect(text).not.toContain("outbox_messages_queued");
  expect(text).not.toContain("retention_last_run_timestamp_seconds");
  // prom-client's figures of the process.
  expect(seriesValue(text, "process_cpu_seconds_total")).toBeGreaterThan(0);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
});

describe("metrics while PostgreSQL does not answer", () => {
  it("answers within 5 s, without the database's figures", async () => {
    const created = await createPostgresDatabase();
    const proxy = await startDatabaseProxy(created.url);
    const handle = await openDatabase({ databaseUrl: proxy.url, dataDir: "", poolSize: 4 });
    try {
      const metrics = await createMetrics({
        readOperations: () => readOperations(handle.db, { dataDir: null }),
        liveStreamClients: () => 0,
      });
      expect(seriesValue(await metrics.render(), "operations_reading_up")).toBe(1);
      // Its queries go out on the connections the first reading opened, which stay open and
      // say nothing more: nothing but the scrape's own limit ends the wait.
      expect(handle.pool?.idleCount).toBeGreaterThanOrEqual(2);
      proxy.stall();
      const started = performance.now();
      const text = await metrics.render();
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(4_900);
      // Well within Prometheus' 10 s, which a busy machine may stretch the 5 s towards.
      expect(took).toBeLessThan(8_000);
      expect(seriesValue(text, "operations_reading_up")).toBe(0);
      expect(text).not.toContain("outbox_messages_queued");
      expect(text).toMatch(/^process_cpu_seconds_total /m);
    } finally {
      await proxy.close();
      await handle.close();
      await created.drop();
    }
  });
});
