// Two instances on one PostgreSQL with different secret keys (docs/accounts.md): the second refuses to
// start, naming AUTH_SECRET and the fix, before any member of staff is signed in on one and sent
// to the sign-in page by the other. Here the second has no AUTH_SECRET, so it made a key of its
// own in its own data folder, as the tester's second instance did.
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { createTestDatabase } from "#tests/e2e/appointments.ts";
import { testSite } from "#tests/e2e/sites.ts";

describe("instances with different keys on one database", () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it("refuses the second to start, naming AUTH_SECRET; the same key starts beside the first", async () => {
    const database = await createTestDatabase();
    cleanUps.push(database.drop);
    const shared = { ...testSite.settings, DATABASE_URL: database.url };
    const key = "instances-share-this-secret-key-0123456789";
    const first: RunningServer = await startProductionServer({ ...shared, AUTH_SECRET: key });
    cleanUps.push(first.stop);

    const refused = await startProductionServer(shared).then(
      async (server) => {
        await server.stop();
        return "it started";
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain("server exited with 1");
    expect(refused).toContain(
      "Refusing to start: another instance on this database runs with a different secret key",
    );
    expect(refused).toContain("give every instance the same AUTH_SECRET (docs/accounts.md)");

    // The same key: a second instance as a deployment runs it.
    const second = await startProductionServer({ ...shared, AUTH_SECRET: key });
    cleanUps.push(second.stop);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });
});
