// /readyz's question (app/lib/readiness.server.ts): does the database answer, in time, and hold
// every migration this build ships? On both databases against the migrations as shipped and as a
// build with one more, or one fewer, would ship them; on PostgreSQL also with the database taken
// away (through tests/database-proxy.ts) and given back, the app's own pool reconnecting.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { createReadinessCheck, type Readiness } from "#app/lib/readiness.server.ts";
import { startDatabaseProxy } from "#tests/database-proxy.ts";
import { createPostgresDatabase, describeEachDatabase } from "#tests/integration/databases.ts";

const shippedFolder = resolve("db/migrations");
const ready: Readiness = { ready: true, database: "ok", migrations: "current" };
const gone: Readiness = { ready: false, database: "unavailable", migrations: "unknown" };

/** A copy of the shipped migrations whose journal `change` rewrites: another build's. */
function otherBuild(change: (entries: { when: number; tag: string }[]) => void): string {
  const folder = mkdtempSync(join(tmpdir(), "physio-migrations-"));
  cpSync(shippedFolder, folder, { recursive: true });
  const path = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(path, "utf8"));
  change(journal.entries);
  writeFileSync(path, JSON.stringify(journal));
  return folder;
}

describeEachDatabase("readiness", (database) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("is ready when the database holds every migration this build ships", async () => {
    expect(await createReadinessCheck(database.handle).check()).toEqual(ready);
  });

  it("is not ready when this build ships a migration the database lacks", async () => {
    const newer = otherBuild((entries) => {
      const last = entries.at(-1) as { when: number; tag: string };
      entries.push({ ...last, when: last.when + 60_000, tag: "9999_not_applied" });
    });
    folders.push(newer);
    const check = createReadinessCheck(database.handle, { migrationsFolder: newer });
    expect(await check.check()).toEqual({ ready: false, database: "ok", migrations: "behind" });
  });

  it("is ready when a newer release has migrated the database further than this build knows", async () => {
    const older = otherBuild((entries) => {
      entries.pop();
    });
    folders.push(older);
    const check = createReadinessCheck(database.handle, { migrationsFolder: older });
    expect(await check.check()).toEqual(ready);
  });
});

/**
 * A database of the tests' PostgreSQL reached through a proxy the test can stop, freeze or
 * swallow connections with, and the app's own handle on it; all three closed when the test ends.
 */
async function proxiedDatabase() {
  const created = await createPostgresDatabase();
  const proxy = await startDatabaseProxy(created.url);
  const handle = await openDatabase({ databaseUrl: proxy.url, dataDir: "", poolSize: 4 });
  onTestFinished(async () => {
    await handle.close();
    await proxy.close();
    await created.drop();
  });
  return { proxy, handle };
}

describe("readiness with the database taken away (postgres)", () => {
  it("answers not ready at once when PostgreSQL is stopped, and ready again once it is back", async () => {
    const { proxy, handle } = await proxiedDatabase();
    const changes: Readiness[] = [];
    const check = createReadinessCheck(handle, { onChange: (now) => changes.push(now) });
    expect(await check.check()).toEqual(ready);
    await proxy.stop();
    const started = performance.now();
    expect(await check.check()).toEqual(gone);
    // Refused connections: known at once, not when the 2 s allowed are up.
    expect(performance.now() - started).toBeLessThan(1_900);
    await proxy.start();
    // The pool that lost its connections opens new ones.
    expect(await check.check()).toEqual(ready);
    // Told once of each change, for the log: not of each call.
    expect(changes).toEqual([gone, ready]);
  });

  it("answers within 2 s when PostgreSQL does not answer, with one question out however often it is asked", async () => {
    const { proxy, handle } = await proxiedDatabase();
    const check = createReadinessCheck(handle);
    expect(await check.check()).toEqual(ready);
    proxy.blackHole();
    // The pool has seen its idle connection end: the calls below must open another.
    await expect.poll(() => handle.pool?.idleCount).toBe(0);
    const before = proxy.accepted;
    const started = performance.now();
    // A load balancer's calls, and an impatient one's: none waits past the time allowed.
    const answers = await Promise.all(Array.from({ length: 20 }, () => check.check()));
    const took = performance.now() - started;
    expect(answers).toEqual(Array.from({ length: 20 }, () => gone));
    // 2 s, which a busy machine may stretch, never to the pool's 5 s wait for a connection.
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(4_500);
    // The pool's connection timeout (5 s) is longer than the 2 s allowed: one connection was
    // tried for all twenty calls, and the next call while it is out tries no other.
    expect(proxy.accepted - before).toBe(1);
    expect(await check.check()).toEqual(gone);
    expect(proxy.accepted - before).toBe(1);
    await proxy.start();
    await expect.poll(() => check.check(), { timeout: 15_000, interval: 200 }).toEqual(ready);
  });

  it("answers within 2 s when an open connection stops answering, and drops that connection", async () => {
    const { proxy, handle } = await proxiedDatabase();
    const check = createReadinessCheck(handle);
    expect(await check.check()).toEqual(ready);
    expect(handle.pool?.idleCount).toBe(1);
    // The connection the next question goes out on stays open and says nothing more.
    proxy.stall();
    const started = performance.now();
    expect(await check.check()).toEqual(gone);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(4_500);
    // pg's own timeout took it out of the pool: it is not handed to a request after this.
    await expect.poll(() => handle.pool?.totalCount).toBe(0);
    await proxy.start();
    expect(await check.check()).toEqual(ready);
  });
});
