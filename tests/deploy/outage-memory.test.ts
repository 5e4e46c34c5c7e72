// Memory through a long database outage (decision 041): a production server on PostgreSQL, the
// database taken away for five minutes (tests/database-proxy.ts: nothing listens, as when
// PostgreSQL is stopped) under a request every 100 ms (a form, then a page, in turn). Its memory
// stays under the figure docs/deployment.md states, and flat: what the collector leaves live in
// the last minute no more than in the first but for a margin. It tries the database a few times
// a minute, never more (before decision 041 a failed reconnect doubled the attempts each second,
// and the process grew to 4.5 GiB in two minutes). Once the database is back, every request is stored again within 10 s. The
// figures are printed.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  type RunningServer,
  setServerNodeFlags,
  startProductionServer,
} from "#scripts/production-server.ts";
import { type DatabaseProxy, startDatabaseProxy } from "#tests/database-proxy.ts";
import { createTestDatabase, fastSubmissions, validAppointment } from "#tests/e2e/appointments.ts";
import { testSite } from "#tests/e2e/sites.ts";

/** docs/deployment.md's figure for an instance, through an outage included. */
const instanceMemoryMiB = 300;
const outageMs = 5 * 60_000;

/**
 * The server process's own memory in MiB, as the kernel counts it: its anonymous resident pages
 * (RssAnon), which a container's memory limit counts, leaving out the Node binary's pages it
 * shares with the page cache.
 */
function ownMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^RssAnon:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

const token = "outage-memory-metrics-token-0123456789";

/** V8's heap in use now, in MiB, from the server's own metrics. */
async function heapUsedMiB(url: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const line = text.split("\n").find((l) => l.startsWith("nodejs_heap_size_used_bytes "));
  return Number(line?.split(" ")[1] ?? Number.NaN) / 1024 ** 2;
}

interface Answer {
  at: number;
  form: boolean;
  status: number;
}

describe("five minutes without the database", () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it("keeps memory flat and under the stated figure, tries a few times a minute, and stores again within 10 s of its return", async () => {
    const database = await createTestDatabase();
    cleanUps.push(() => database.drop());
    const proxy: DatabaseProxy = await startDatabaseProxy(database.url);
    cleanUps.push(() => proxy.close());
    // V8's heap as the compose file's container sizes it (a 512 MiB limit gives 259 MiB): on a
    // machine of 24 GiB it would take 4 GiB and collect lazily, and a flat line would say nothing.
    setServerNodeFlags(["--max-old-space-size=259"]);
    cleanUps.push(async () => setServerNodeFlags([]));
    const server: RunningServer = await startProductionServer({
      ...testSite.settings,
      ...fastSubmissions,
      DATABASE_URL: proxy.url,
      METRICS_TOKEN: token,
    });
    cleanUps.push(() => server.stop());
    const pid = server.process.pid as number;

    const started = performance.now();
    const now = () => Math.round(performance.now() - started);
    const answers: Answer[] = [];
    let tick = 0;
    let outstanding = 0;
    const timer = setInterval(() => {
      const form = tick++ % 2 === 0;
      const at = now();
      outstanding++;
      const sent = form
        ? fetch(`${server.url}/contact`, {
            method: "POST",
            body: new URLSearchParams({ ...validAppointment, message: `Outage ${tick}` }),
            headers: { origin: server.url },
            redirect: "manual",
          })
        : fetch(`${server.url}/`);
      sent
        .then(async (response) => {
          await response.body?.cancel();
          answers.push({ at, form, status: response.status });
        })
        .catch(() => answers.push({ at, form, status: 0 }))
        .finally(() => {
          outstanding--;
        });
    }, 100);
    cleanUps.push(async () => clearInterval(timer));

    await sleep(10_000);
    const before = ownMiB(pid);
    await proxy.stop();
    const stoppedAt = now();
    // Every 2 s: the process's memory, and the heap in use. The heap's lowest reading in a minute
    // is about what the collector leaves live; a leak raises it from minute to minute.
    const samples: { at: number; mib: number; heap: number }[] = [];
    while (now() < stoppedAt + outageMs) {
      await sleep(2_000);
      samples.push({
        at: now() - stoppedAt,
        mib: ownMiB(pid),
        heap: await heapUsedMiB(server.url),
      });
    }
    // How often it tries: a stopped proxy refuses connections without counting them, so for the
    // last ten seconds it takes them and never answers (as a cut network would), and counts.
    await proxy.start();
    proxy.blackHole();
    const heldFrom = proxy.accepted;
    await sleep(10_000);
    const attemptsPerTenSeconds = proxy.accepted - heldFrom;
    await proxy.start();
    const backAt = now();
    await sleep(15_000);
    clearInterval(timer);
    while (outstanding > 0) await sleep(20);

    const firstMinute = samples.filter((sample) => sample.at <= 60_000);
    const lastMinute = samples.filter((sample) => sample.at > outageMs - 60_000);
    const lowestHeap = (minute: typeof samples) => Math.min(...minute.map((sample) => sample.heap));
    const highest = Math.max(...samples.map((sample) => sample.mib));
    const during = answers.filter((answer) => answer.at > stoppedAt && answer.at < backAt);
    const firstStored = answers.find(
      (answer) => answer.at >= backAt && answer.form && answer.status === 303,
    );
    console.log(
      [
        `outage of ${outageMs / 60_000} min under a request every 100 ms: the process's own memory ${before.toFixed(0)} MiB before,`,
        `${highest.toFixed(0)} MiB at most during; the heap live after collection (lowest reading)`,
        `${lowestHeap(firstMinute).toFixed(1)} MiB in the first minute, ${lowestHeap(lastMinute).toFixed(1)} MiB in the last;`,
        `${during.length} requests answered meanwhile (pages ${during.filter((a) => !a.form && a.status === 200).length} × 200,`,
        `forms ${during.filter((a) => a.form && a.status === 503).length} × 503);`,
        `${attemptsPerTenSeconds} connection attempts in 10 s with the database unreachable;`,
        `first request stored ${(firstStored?.at ?? Number.NaN) - backAt} ms after its return.`,
      ].join(" "),
    );

    expect(highest).toBeLessThan(instanceMemoryMiB);
    // Flat, not fixed: the lowest of thirty readings is only about what a collection leaves live
    // (none is forced), so it moves by several MiB between minutes without a leak. One run gave
    // 45.9 → 55.9 MiB (2026-11-29), at 3,100 requests; the leak this guards against grew
    // gigabytes in two minutes.
    expect(lowestHeap(lastMinute) - lowestHeap(firstMinute)).toBeLessThan(16);
    // The pool's probe and the two listeners, each at most every 5 s at the ceiling (and a few
    // more as each starts its schedule again).
    expect(attemptsPerTenSeconds).toBeLessThanOrEqual(12);
    // Pages answered throughout; each form refused as not stored, never a fault.
    expect(during.filter((answer) => !answer.form && answer.status !== 200)).toEqual([]);
    expect(
      during.filter((answer) => answer.form && answer.status !== 503 && answer.status !== 303),
    ).toEqual([]);
    expect(during.length).toBeGreaterThan(2_500);
    // Stored again within 10 s of the database's return, and every form after that.
    expect((firstStored?.at ?? Number.POSITIVE_INFINITY) - backAt).toBeLessThan(10_000);
    expect(
      answers.filter(
        (answer) => answer.at >= backAt + 10_000 && answer.form && answer.status !== 303,
      ),
    ).toEqual([]);
    const stored = await new pg.Client({ connectionString: database.url });
    await stored.connect();
    try {
      const rows = (await stored.query("select count(*)::int as n from appointments")).rows;
      expect(rows[0].n).toBe(
        answers.filter((answer) => answer.form && answer.status === 303).length,
      );
    } finally {
      await stored.end();
    }
  });
});
