// The rolling upgrade (docs/database.md, "Upgrades without downtime"): the previous release
// (scripts/previous-release.ts: the commit before the one that added the newest migration, or
// PREVIOUS_RELEASE) serves on a PostgreSQL database while this checkout's build starts on the same
// database and migrates it. Requests go to both throughout, as a load balancer would send them:
// public pages, appointment requests (the form as a browser sends it) and the staff dashboard.
// None may be refused (no 5xx, no connection error, no answer but the expected one), no server
// may log an error (a background job's query counts as much as a page's), and every request
// acknowledged (a 303 to its reference) is stored exactly once. Then the previous release stops as
// a deployment stops it (no more requests sent to it, then SIGTERM), and starts again on the
// migrated database, as it must for a rollback.
//
// The previous release runs as a plain Node process built from `git archive`
// (scripts/release-checkout.ts), not in a container: the image is tested on its own, and a second
// image build would not fit `npm run test:deploy`'s budget beside it. Measured on two busy cores
// (2026-11-27, load ~10): 35 s with the previous release built by an earlier run; 1 min 48 s
// building it (npm ci 37 s, build 31 s); 2 min 22 s with an empty npm cache (npm ci 63 s); this
// checkout's build adds 30 to 90 s when `npm test` has not made it.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { parse as parseHtml } from "node-html-parser";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import { previousRelease } from "#scripts/previous-release.ts";
import {
  pinnedEnv,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { buildFolder, buildRelease, checkOutRelease } from "#scripts/release-checkout.ts";
import { buildProblem } from "#server/build-stamp.ts";
import { createTestDatabase, faultsInLog } from "#tests/e2e/appointments.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, signInCookie } from "#tests/e2e/staff.ts";

/** Milliseconds since this file started: when each answer came, on one clock. */
const clock = () => Math.round(performance.now());

/** One instance the requests go to. */
interface Target {
  /** "previous", "new", "previous, again". */
  name: string;
  url: string;
  /** The appointment form's fields as its /contact page has them (the hidden ones' values). */
  form: Record<string, string>;
  /** A member of staff's session. */
  cookie: string;
}

interface Outcome {
  target: string;
  kind: "page" | "request" | "received" | "dashboard";
  path: string;
  /** When it was sent, and how long its answer took (ms). */
  at: number;
  ms: number;
  /** What was wrong with the answer, when something was. */
  problem?: string;
}

interface Acknowledged {
  target: string;
  message: string;
  reference: string;
}

/** Public pages, rendered or prerendered, in both languages. */
const publicPages = ["/", "/about", "/contact", "/hi", "/hi/contact", "/privacy-policy"];

/** Everything sent, answered or not, and the requests acknowledged. */
const outcomes: Outcome[] = [];
const acknowledged: Acknowledged[] = [];
let sequence = 0;

/**
 * Sends one request and keeps its outcome: a problem unless it answered `expected` in time and
 * `check` finds nothing wrong with its body.
 */
async function send(
  target: Target,
  kind: Outcome["kind"],
  path: string,
  init: RequestInit,
  expected: number,
  check: (response: Response, body: string) => string | undefined = () => undefined,
): Promise<Response | undefined> {
  const at = clock();
  const outcome: Outcome = { target: target.name, kind, path, at, ms: 0 };
  outcomes.push(outcome);
  try {
    // A stall past 30 s is a refusal as a visitor sees it.
    const response = await fetch(`${target.url}${path}`, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.text();
    outcome.ms = clock() - at;
    if (response.status !== expected) {
      // The server's log says why (checked at the end).
      outcome.problem = `answered ${response.status}, not ${expected}`;
    } else {
      outcome.problem = check(response, body);
    }
    return response;
  } catch (error) {
    outcome.ms = clock() - at;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    outcome.problem = `no answer: ${cause ?? (error as Error).message}`;
    return undefined;
  }
}

/**
 * An appointment request, as a browser without JavaScript sends the form; then the page it is
 * sent to, unless `followed` is false.
 */
async function sendAppointment(target: Target, followed = true): Promise<void> {
  const message = `Rolling upgrade request ${++sequence}, sent to the ${target.name} release`;
  const body = new URLSearchParams({
    ...target.form,
    name: "Rolling Patient",
    phone: "9876543210",
    address: "H-12, Sector 43, Gurugram",
    pincode: "122002",
    message,
  });
  const response = await send(
    target,
    "request",
    "/contact",
    { method: "POST", body, headers: { origin: target.url } },
    303,
    (answer) =>
      new URL(answer.headers.get("location") ?? "", target.url).searchParams.get("ref")
        ? undefined
        : `no reference in ${answer.headers.get("location")}`,
  );
  const location = response?.status === 303 ? response.headers.get("location") : null;
  const reference = location && new URL(location, target.url).searchParams.get("ref");
  if (!location || !reference) return;
  acknowledged.push({ target: target.name, message, reference });
  if (!followed) return;
  await send(target, "received", location, {}, 200, (_answer, page) =>
    page.includes(reference) ? undefined : "the page does not show the reference",
  );
}

async function loadDashboard(target: Target): Promise<void> {
  await send(
    target,
    "dashboard",
    "/admin",
    { headers: { cookie: target.cookie } },
    200,
    (_a, page) => (page.includes("Rolling Patient") ? undefined : "the dashboard lists no request"),
  );
}

/** Requests sent to one instance by a few clients at once, until stopped (or 5 minutes). */
class Traffic {
  private stopping = false;
  private readonly clients: Promise<void>[];
  /** Requests answered (or failed) so far. */
  answered = 0;
  private readonly target: Target;

  constructor(target: Target, clients = 2) {
    this.target = target;
    this.clients = Array.from({ length: clients }, (_, client) => this.client(client));
  }

  private async client(client: number) {
    const deadline = Date.now() + 5 * 60_000;
    for (let step = client; !this.stopping && Date.now() < deadline; step++) {
      if (step % 3 === 0) {
        const path = publicPages[step % publicPages.length] ?? "/";
        await send(this.target, "page", path, {}, 200);
      } else if (step % 3 === 1) {
        await sendAppointment(this.target);
      } else {
        await loadDashboard(this.target);
      }
      this.answered++;
      // About 50 requests a second to each instance on a quiet machine: more than the site's
      // busiest minute, and light enough for the servers to start beside it on two cores.
      await sleep(20);
    }
  }

  /** Sends no more; resolves once each request sent has its answer. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.clients);
  }
}

/**
 * Lets the traffic run for `ms` at least, and until each instance has answered `count` more
 * requests (a busy machine answers fewer a second); two minutes at most.
 */
async function keepSending(traffics: Traffic[], count: number, ms: number): Promise<void> {
  const from = traffics.map((traffic) => traffic.answered);
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const enough = traffics.every((traffic, i) => traffic.answered - (from[i] ?? 0) >= count);
    if (enough && Date.now() - started >= ms) return;
    await sleep(50);
  }
}

/** `count` appointment requests to `target`, `clients` at a time: the rows stored before. */
async function storeRequests(target: Target, count: number, clients: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) await sendAppointment(target, false);
    }),
  );
}

/** The instance as a target: its form's fields, read from its /contact page, and a session. */
async function targetOf(name: string, server: RunningServer, cookie?: string): Promise<Target> {
  const page = parseHtml(await (await fetch(`${server.url}/contact`)).text());
  const form = page.querySelector('form[method="post"][action="/contact"]');
  if (!form) throw new Error(`${name}: no appointment form on /contact`);
  const fields = Object.fromEntries(
    form
      .querySelectorAll("input, textarea")
      .filter((field) => field.getAttribute("name") && field.getAttribute("type") !== "checkbox")
      .map((field) => [field.getAttribute("name") as string, field.getAttribute("value") ?? ""]),
  );
  return {
    name,
    url: server.url,
    form: fields,
    cookie: cookie ?? (await signInCookie(server.url, admin)),
  };
}

/** `npm run admin -- create` of the release in `dir`: an admin, made with that release's code. */
function createAdmin(dir: string, settings: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/admin.ts", "create", admin.email], {
      cwd: dir,
      env: pinnedEnv(settings),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.stdin.end(`${admin.password}\n`);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`admin create failed (${code}): ${output}`)),
    );
  });
}

/** This checkout's build of the test site, made unless it is there from these sources. */
async function buildThisRelease(): Promise<number> {
  const env = parseEnv(pinnedEnv(testSite.settings));
  if (!buildProblem(testSite.buildDir, env, { compareSources: true })) return 0;
  const started = clock();
  await buildFolder(process.cwd(), testSite.settings);
  return clock() - started;
}

/** The longest answer of `target` sent within [from, to], and the number sent. */
function longest(target: string, from: number, to: number) {
  const sent = outcomes.filter((o) => o.target === target && o.at >= from && o.at <= to);
  return { ms: Math.max(0, ...sent.map((o) => o.ms)), sent: sent.length };
}

describe("a rolling upgrade on one PostgreSQL database", () => {
  const cleanUps: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it("keeps the previous release serving while the new one migrates: none refused, none lost", async () => {
    const started = clock();
    const previous = previousRelease();
    if (!previous.commit) throw new Error(`There is no previous release: ${previous.chosen}.`);
    const database = await createTestDatabase();
    cleanUps.push(() => database.drop());
    // The previous release's files and dependencies while this one builds, then its build: two
    // builds at once on two cores can make React Router's prerender give up.
    const [old, newBuildMs] = await Promise.all([
      checkOutRelease(previous.commit, testSite.settings),
      buildThisRelease(),
    ]);
    await buildRelease(old);
    const prepared = clock();
    const shared = {
      ...testSite.settings,
      DATABASE_URL: database.url,
      // One key for every instance, as a deployment's instances share it: a session made on one
      // is valid on the others.
      AUTH_SECRET: "rolling-upgrade-instances-share-this-key-0123456789",
      // Counted in the database, as in production, and never reached.
      APPOINTMENT_RATE_LIMIT: "1000000/1h",
    };
    const oldSettings = { ...shared, ...old.settings };
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    cleanUps.push(() => reader.end());
    const appliedMigrations = async () =>
      Number(
        (await reader.query("SELECT count(*) FROM drizzle.__drizzle_migrations")).rows[0].count,
      );

    // The previous release migrates the empty database to its own schema and makes the admin.
    await createAdmin(old.dir, oldSettings);
    const before = await appliedMigrations();
    const servers: RunningServer[] = [];
    const startOld = async () => {
      const server = await startProductionServer(oldSettings, undefined, { cwd: old.dir });
      servers.push(server);
      return server;
    };
    cleanUps.push(() => Promise.all(servers.map((server) => server.stop())).then(() => {}));
    const oldServer = await startOld();
    const oldTarget = await targetOf("previous", oldServer);
    // Rows for the migration to work on, stored by the previous release.
    const storing = clock();
    await storeRequests(oldTarget, 1_000, 10);
    const stored = clock();

    const oldTraffic = new Traffic(oldTarget);
    await keepSending([oldTraffic], 30, 1_000);
    // The new release starts on the same database: it migrates, then serves.
    const newStarting = clock();
    // When its migrations commit, seen from outside as the old instances would see them.
    let migratedAt: number | undefined;
    let watching = true;
    const watch = (async () => {
      while (watching && migratedAt === undefined) {
        if ((await appliedMigrations()) > before) migratedAt = clock();
        else await sleep(20);
      }
    })();
    const newServer = await startProductionServer(shared).finally(() => {
      watching = false;
    });
    servers.push(newServer);
    const newReady = clock();
    await watch;
    const newTraffic = new Traffic(await targetOf("new", newServer, oldTarget.cookie));
    await keepSending([oldTraffic, newTraffic], 30, 2_000);

    // The previous release is taken out: no more requests sent to it, then SIGTERM.
    await oldTraffic.stop();
    await oldServer.stop();
    expect(oldServer.process.exitCode, oldServer.output()).toBe(0);
    // …and can start again on the migrated database (a rollback, or a restart meanwhile).
    const againServer = await startOld();
    const againTraffic = new Traffic(
      await targetOf("previous, again", againServer, oldTarget.cookie),
    );
    await keepSending([againTraffic, newTraffic], 30, 1_000);
    await againTraffic.stop();
    await againServer.stop();
    await newTraffic.stop();
    await newServer.stop();
    const finished = clock();

    // What the test exercised: the new migrations, applied by the new release.
    expect(await appliedMigrations()).toBe(before + previous.newMigrations.length);
    const migrationWindow = longest("previous", newStarting, (migratedAt ?? newReady) + 500);
    const beforeWindow = longest("previous", stored, newStarting);
    console.log(
      [
        `Rolling upgrade from ${previous.commit.slice(0, 12)} (${previous.chosen}) over ${previous.newMigrations.join(", ")}.`,
        `Prepared in ${prepared - started} ms${old.reused ? " (the previous release as an earlier run built it)" : ""}: the previous release's archive ${old.timings.archive} ms, dependencies (${old.dependencies}) ${old.timings.install} ms, build ${old.timings.build} ms; this release's build ${newBuildMs} ms (0: already built).`,
        `The previous release stored 1,000 requests in ${stored - storing} ms.`,
        `The new release started in ${newReady - newStarting} ms; the migration committed ${migratedAt === undefined ? "?" : migratedAt - newStarting} ms after its start.`,
        `Longest answer of the previous release: ${beforeWindow.ms} ms before (${beforeWindow.sent} sent), ${migrationWindow.ms} ms while the new one started and migrated (${migrationWindow.sent} sent).`,
        `${outcomes.length} requests, ${acknowledged.length} appointment requests acknowledged; the whole test ${finished - started} ms.`,
      ].join("\n"),
    );

    // None refused: how many of each, by instance, kind and answer (the first of each listed).
    const refused = new Map<string, Outcome & { times: number }>();
    for (const outcome of outcomes.filter(({ problem }) => problem)) {
      const key = `${outcome.target} ${outcome.kind}: ${outcome.problem}`;
      const first = refused.get(key) ?? { ...outcome, times: 0 };
      first.times++;
      refused.set(key, first);
    }
    expect([...refused.values()]).toEqual([]);
    // Requests went to each instance while the other ran, and during the migration.
    expect(migrationWindow.sent).toBeGreaterThan(0);
    for (const name of ["previous", "new", "previous, again"]) {
      expect(outcomes.filter((outcome) => outcome.target === name).length).toBeGreaterThan(10);
    }
    // None lost: each acknowledged request stored once, and nothing else.
    const rows = (
      await reader.query<{ message: string | null; reference: string | null }>(
        "SELECT message, reference FROM appointments",
      )
    ).rows;
    const storedRefs = new Map<string, (string | null)[]>();
    for (const row of rows) {
      const refs = storedRefs.get(row.message ?? "") ?? [];
      refs.push(row.reference);
      storedRefs.set(row.message ?? "", refs);
    }
    const lostOrDoubled = acknowledged.filter(
      ({ message, reference }) => (storedRefs.get(message) ?? []).join() !== reference,
    );
    expect(lostOrDoubled).toEqual([]);
    expect(rows.length).toBe(acknowledged.length);
    // No error in any server's log: a background job's failed query shows only there.
    for (const server of servers) expect(faultsInLog(server.output())).toEqual([]);
  });
});
