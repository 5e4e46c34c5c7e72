// /metrics (decision 039): this instance's figures in Prometheus' text format, through prom-client.
// Each instance counts its own requests and answers for itself: a scraper asks every instance,
// and sums. The requests are counted where the request log writes its line (server/edge.ts, the
// memory fast path, server/request-log.ts), by the route that answered, never the request's
// path: a path can carry an id or a name (server/request-tally.ts). The outbox, the retention job
// and the backups are read from the database when scraped (an OperationsReading), the live
// streams from this process, the rest is prom-client's figures of the process.
// Made only when METRICS_TOKEN is set: otherwise nothing is counted and prom-client not loaded.
import { createHash, timingSafeEqual } from "node:crypto";
import type { OperationsReading } from "#app/domain/operations/operations-reading.ts";
import type { RequestLogger } from "#app/lib/logger.server.ts";
import { createRequestTally } from "#server/request-tally.ts";

export interface MetricsSources {
  /** The outbox, retention and backup figures, read when scraped. */
  readOperations(): Promise<OperationsReading>;
  /** The dashboards' live-update streams open on this instance now. */
  liveStreamClients(): number;
}

export interface Metrics {
  /** Counts one request (a RequestLogger's arguments, after the log's line). */
  observe: RequestLogger;
  /** The exposition: every series, with the operations figures read now. */
  render(): Promise<string>;
  readonly contentType: string;
}

const unixSeconds = (at: Date | null) => (at ? at.getTime() / 1000 : 0);

/** How long a scrape waits for the database's figures before it answers without them. */
const readingTimeoutMs = 5_000;

/** prom-client's default gauges whose names end in _total (see createMetrics). */
const totalsNamedAsCounters = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/** Registries' expositions, one after the other (each ends with a line break). */
async function join(...texts: Promise<string>[]): Promise<string> {
  return (await Promise.all(texts)).join("");
}

export async function createMetrics(sources: MetricsSources): Promise<Metrics> {
  const { AggregatorRegistry, Gauge, Registry, collectDefaultMetrics } = await import(
    "prom-client"
  );
  // Registries of its own, not prom-client's global one: each instance of these metrics (a test
  // makes several in one process) has its own figures, and names registered twice would throw.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Prometheus' own check (`promtool check metrics`) refuses these: gauges named as counters
  // (only a counter's name ends in _total). Each is the sum of the gauge of the same name without
  // the suffix, by type, which stays: `sum without (type) (nodejs_active_handles)`.
  for (const total of totalsNamedAsCounters) registry.removeSingleMetric(total);
  const registers = [registry];
  // The database's figures, shown only when this scrape could read them: a gauge left at its last
  // value, or at 0, would say something false ("the retention job never ran").
  const readings = new Registry();

  const requests = createRequestTally();
  const channel = ["channel"] as const;
  const queued = new Gauge({
    name: "outbox_messages_queued",
    help: "Messages waiting to be sent (queued, or waiting for a retry), by channel: email (staff and account e-mails), whatsapp (messages to families).",
    labelNames: channel,
    registers: [readings],
  });
  const oldest = new Gauge({
    name: "outbox_oldest_message_age_seconds",
    help: "Seconds since the oldest waiting message was queued, by channel; 0 when none waits.",
    labelNames: channel,
    registers: [readings],
  });
  const failed = new Gauge({
    name: "outbox_messages_failed_last_hour",
    help: "Messages given up (failed) in the last hour, by channel.",
    labelNames: channel,
    registers: [readings],
  });
  const lastRetention = new Gauge({
    name: "retention_last_run_timestamp_seconds",
    help: "When the daily retention job last ran (Unix time); 0 if never.",
    registers: [readings],
  });
  const lastBackup = new Gauge({
    name: "backup_last_written_timestamp_seconds",
    help: "When a backup was last written (Unix time); 0 if never.",
    registers: [readings],
  });
  const readingUp = new Gauge({
    name: "operations_reading_up",
    help: "1 when this scrape read the outbox, retention and backup figures from the database; 0 when it could not (those series are then absent).",
    registers,
  });
  new Gauge({
    name: "live_stream_clients",
    help: "The staff dashboards' live-update streams open on this instance.",
    registers,
    collect() {
      this.set(sources.liveStreamClients());
    },
  });

  const channels = ["email", "whatsapp"] as const;
  // Made at the first reading that has it: PostgreSQL's disk is not this machine's to measure.
  let diskUsed: InstanceType<typeof Gauge> | undefined;

  return {
    contentType: registry.contentType,
    observe: requests.count,
    async render() {
      let reading: OperationsReading | undefined;
      let timer: NodeJS.Timeout | undefined;
      try {
        // Within Prometheus' patience (a scrape times out after 10 s by default).
        const late = new Promise<undefined>((done) => {
          timer = setTimeout(() => done(undefined), readingTimeoutMs);
        });
        reading = await Promise.race([sources.readOperations(), late]);
      } catch {
        // The database did not answer: the scrape still says so, and what this process knows.
      } finally {
        clearTimeout(timer);
      }
      readingUp.set(reading ? 1 : 0);
      const counted = AggregatorRegistry.aggregate([requests.metricObjects()]);
      if (!reading) return join(registry.metrics(), counted.metrics());
      for (const name of channels) {
        const outbox = reading.outbox[name];
        queued.set({ channel: name }, outbox.queued);
        oldest.set({ channel: name }, outbox.oldestSeconds ?? 0);
        failed.set({ channel: name }, outbox.failedLastHour);
      }
      lastRetention.set(unixSeconds(reading.lastRetentionAt));
      lastBackup.set(unixSeconds(reading.lastBackupAt));
      if (reading.diskUsed !== null) {
        diskUsed ??= new Gauge({
          name: "database_disk_used_ratio",
          help: "The share of the embedded database's disk in use (0 to 1); absent on PostgreSQL.",
          registers: [readings],
        });
        diskUsed.set(reading.diskUsed);
      }
      return join(registry.metrics(), counted.metrics(), readings.metrics());
    },
  };
}

/** The request log's line, then the count: what every request path is handed as its logger. */
export function countedRequests(log: RequestLogger, metrics: Metrics | undefined): RequestLogger {
  if (!metrics) return log;
  return (method, route, status, ms, aborted) => {
    log(method, route, status, ms, aborted);
    metrics.observe(method, route, status, ms, aborted);
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Compared as digests of equal length,
 * in constant time: neither the token's length nor how much of it matched shows in the timing.
 */
export function isScraper(authorization: string | undefined, token: string): boolean {
  if (!authorization) return false;
  const space = authorization.indexOf(" ");
  const scheme = authorization.slice(0, Math.max(0, space)).toLowerCase();
  const matches = timingSafeEqual(digest(authorization.slice(space + 1).trim()), digest(token));
  return scheme === "bearer" && matches;
}
