// The requests this process answered, for /metrics: a count by route, method and status, and the
// durations by route in the histogram's buckets. Kept as plain numbers, which counting a request
// only adds to (a map look-up, a few additions: some tens of nanoseconds where prom-client's own
// counter and histogram validate and hash their labels at each call, a microsecond or more
// together, on a fast path that serves a page in some 20 µs). At each scrape they are handed to
// prom-client as the metric objects its registries exchange (`getMetricsAsJSON`'s form), which it
// writes in Prometheus' text format as it writes its own.
import type { RequestLogger } from "#app/lib/logger.server.ts";

/** Seconds: from the memory fast path's tens of microseconds to a slow export's seconds. */
const durationBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The methods our routes take; any other (Node's parser knows some 30) is "other". */
const methods = ["GET", "HEAD", "POST", "OPTIONS", "other"] as const;
const methodIndex = (method: string) => {
  const index = (methods as readonly string[]).indexOf(method);
  return index < 0 ? methods.length - 1 : index;
};

interface RouteTally {
  /** Requests by status and method: the key is status × 8 + the method's index. */
  answered: Map<number, number>;
  /** Timed requests per bucket (not cumulative), the last past the largest bound. */
  buckets: number[];
  seconds: number;
  timed: number;
}

/** A metric object as prom-client's registries exchange them (Registry#getMetricsAsJSON). */
interface MetricObject {
  name: string;
  help: string;
  type: "counter" | "histogram";
  aggregator: "sum";
  values: { metricName?: string; labels: Record<string, string | number>; value: number }[];
}

export interface RequestTally {
  /** Counts one request; a request the client left is counted, not timed. */
  count: RequestLogger;
  /** The counts and durations so far, as prom-client's metric objects. */
  metricObjects(): MetricObject[];
}

export function createRequestTally(): RequestTally {
  // Routes are our route table's patterns and a few names of our own: a bounded number.
  const routes = new Map<string, RouteTally>();
  return {
    count(method, route, status, ms, aborted) {
      let tally = routes.get(route);
      if (!tally) {
        tally = {
          answered: new Map(),
          buckets: new Array(durationBuckets.length + 1).fill(0),
          seconds: 0,
          timed: 0,
        };
        routes.set(route, tally);
      }
      const key = status * 8 + methodIndex(method);
      tally.answered.set(key, (tally.answered.get(key) ?? 0) + 1);
      if (aborted) return;
      const seconds = ms / 1000;
      let bucket = 0;
      while (bucket < durationBuckets.length && seconds > (durationBuckets[bucket] as number)) {
        bucket++;
      }
      tally.buckets[bucket] = (tally.buckets[bucket] ?? 0) + 1;
      tally.seconds += seconds;
      tally.timed++;
    },
    metricObjects() {
      const requests: MetricObject = {
        name: "http_requests_total",
        help: "Requests answered, by the route that answered (its pattern, never the path), method and status.",
        type: "counter",
        aggregator: "sum",
        values: [],
      };
      const name = "http_request_duration_seconds";
      const durations: MetricObject = {
        name,
        help: "Time from a request's arrival to its response's end, by route; requests the client left before the end are not timed.",
        type: "histogram",
        aggregator: "sum",
        values: [],
      };
      for (const [route, tally] of routes) {
        for (const [key, value] of tally.answered) {
          const method = methods[key % 8] as string;
          requests.values.push({ labels: { route, method, status: Math.floor(key / 8) }, value });
        }
        if (tally.timed === 0) continue;
        let below = 0;
        durationBuckets.forEach((bound, index) => {
          below += tally.buckets[index] ?? 0;
          durations.values.push({
            metricName: `${name}_bucket`,
            labels: { le: bound, route },
            value: below,
          });
        });
        durations.values.push(
          { metricName: `${name}_bucket`, labels: { le: "+Inf", route }, value: tally.timed },
          { metricName: `${name}_sum`, labels: { route }, value: tally.seconds },
          { metricName: `${name}_count`, labels: { route }, value: tally.timed },
        );
      }
      return [requests, durations];
    },
  };
}
