// Two containers of the image on one PostgreSQL (the run's: tests/postgres-server.ts), as
// deploy/compose.yaml runs them behind Caddy: the first admin made with `docker exec` in one of
// them (docs/deployment.md), signed in on the other, whose dashboard's live stream says a request
// came the moment it is sent to the first, and whose dashboard then lists it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Container, useDocker } from "#tests/deploy/containers.ts";
import { docker } from "#tests/deploy/docker.ts";
import {
  createTestDatabase,
  fastSubmissions,
  postAppointment,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import { admin, signInCookie } from "#tests/e2e/staff.ts";

/** Reads a server-sent-events stream; resolves with the first event named `name`. */
function nextEvent(stream: ReadableStream<Uint8Array>, name: string) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const found = (async () => {
    while (true) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended without "${name}":\n${text}`);
      text += decoder.decode(value, { stream: true });
      if (text.includes(`event: ${name}\n`)) return text;
    }
  })();
  return { found, text: () => text, cancel: () => reader.cancel().catch(() => {}) };
}

describe("two containers on one PostgreSQL", () => {
  const scope = useDocker();
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let first: Container;
  let second: Container;

  beforeAll(async () => {
    database = await createTestDatabase();
    const settings = {
      ...fastSubmissions,
      DATABASE_URL: database.url,
      AUTH_SECRET: "two-containers-share-this-secret-key-0123456789",
    };
    [first, second] = await Promise.all([scope.start(settings), scope.start(settings)]);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("shows a request sent to one live on the other's dashboard", async () => {
    const made = await docker(
      ["exec", "--interactive", first.name, "node", "scripts/admin.ts", "create", admin.email],
      { input: `${admin.password}\n` },
    );
    expect(made).toContain(`Created ${admin.email}`);
    const cookie = await signInCookie(second.url, admin);
    const live = await fetch(`${second.url}/admin/events`, { headers: { cookie } });
    expect(live.status).toBe(200);
    if (!live.body) throw new Error("the live stream has no body");
    const events = nextEvent(live.body, "change");
    try {
      await expect.poll(() => events.text(), { timeout: 10_000 }).toContain(": connected");
      const sentAt = Date.now();
      const sent = await postAppointment(first.url, {
        ...validAppointment,
        name: "Across Containers",
      });
      expect(sent.status).toBe(303);
      await events.found;
      // As tests/e2e/multi-instance.test.ts allows between two servers outside containers.
      expect(Date.now() - sentAt).toBeLessThan(2_000);
    } finally {
      await events.cancel();
    }
    const dashboard = await fetch(`${second.url}/admin`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Across Containers");
  });
});
