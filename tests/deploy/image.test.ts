// The image built from the Dockerfile (image.ts), run as a clinic runs it. On its own, as
// `docker run` with a volume for the embedded database: the server runs as the node user and is
// the container's first process, its health check turns healthy, the pages are the build's (its
// settings given as build arguments), a request answered before `docker kill` is there after a
// restart, and `docker stop` ends it cleanly without losing a request it answered. Two containers
// on one PostgreSQL (the run's: tests/postgres-server.ts), as deploy/compose.yaml runs them
// behind Caddy: a request sent to one shows live on the other's dashboard. What is stored is read
// as the clinic reads it, by an admin made with the image's own `scripts/admin.ts`
// (docs/deployment.md). And the final image holds what the server needs, and no more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Container, inspect, runOnce, useDocker } from "#tests/deploy/containers.ts";
import { docker, runCommand } from "#tests/deploy/docker.ts";
import { buildSettings, prepareImage, testImage } from "#tests/deploy/image.ts";
import {
  createTestDatabase,
  fastSubmissions,
  postAppointment,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import { admin, signInCookie } from "#tests/e2e/staff.ts";

beforeAll(async () => {
  console.log(`deploy: ${await prepareImage()}`);
});

/** A volume with an admin in its database, made as the guide says, before the server has it. */
async function volumeWithAdmin(scope: ReturnType<typeof useDocker>): Promise<string> {
  const volume = await scope.volume();
  const made = await runOnce(
    ["--volume", `${volume}:/data`],
    ["scripts/admin.ts", "create", admin.email],
    `${admin.password}\n`,
  );
  expect(made).toContain(`Created ${admin.email}`);
  return volume;
}

/** The names of every stored request, from the admin's CSV export. */
async function exportedNames(container: Container): Promise<string[]> {
  const cookie = await signInCookie(container.url, admin);
  const response = await fetch(`${container.url}/admin/export.csv`, {
    headers: { cookie, "sec-fetch-site": "same-origin" },
  });
  expect(response.status).toBe(200);
  const [, ...rows] = (await response.text()).trim().split(/\r?\n/);
  // The second column, Name: the test's names hold no comma or quote.
  return rows.map((row) => row.split(",")[1] ?? "");
}

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

describe("the final image", () => {
  const inImage = (script: string) =>
    docker(["run", "--rm", "--entrypoint", "sh", testImage, "-c", script]);

  it("holds the build, the server's sources and the production dependencies alone", async () => {
    expect((await inImage("ls -A /app")).split("\n")).toEqual([
      "app",
      "build",
      "db",
      "node_modules",
      "package-lock.json",
      "package.json",
      "scripts",
      "server",
    ]);
    const modules = (await inImage("ls -A /app/node_modules /app/node_modules/@*")).split(/\s+/);
    expect(modules).toContain("pg");
    expect(modules).toContain("pglite");
    for (const tool of ["vite", "vitest", "typescript", "drizzle-kit", "dev", "tailwindcss"]) {
      expect(modules).not.toContain(tool);
    }
    expect(
      await inImage(
        "find /app -path /app/node_modules -prune -o -name '*.test.ts' -print -o -name '.env' -print",
      ),
    ).toBe("");
  });

  it("has no compiler", async () => {
    const found = await inImage(
      "for tool in cc gcc g++ clang make python3; do command -v $tool; done; true",
    );
    expect(found).toBe("");
  });
});

describe("the image with a PGlite volume", () => {
  const scope = useDocker();

  it("serves the build's pages as the node user, from Node as the first process, and turns healthy", async () => {
    // The image's health check, run every 2 s rather than its 30 s: the test need not wait.
    const container = await scope.start({}, [
      ...["--volume", `${await scope.volume()}:/data`, "--health-interval=2s"],
    ]);
    // Process 1 is the server itself, so Docker's signals reach it; its user is node (1000).
    const status = await docker(["exec", container.name, "cat", "/proc/1/status"]);
    expect(status).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m);
    expect(await docker(["exec", container.name, "cat", "/proc/1/cmdline"])).toBe(
      "node\0server/main.ts\0",
    );
    const home = await (await fetch(`${container.url}/`)).text();
    expect(home).toContain(buildSettings.BUSINESS_NAME);
    expect(home).toContain(buildSettings.BUSINESS_PHONE);
    await expect
      .poll(() => inspect(container.name, "{{.State.Health.Status}}"), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe("healthy");
  });

  it("refuses to serve its pages with a business setting other than the build's", async () => {
    const result = await runCommand("docker", [
      ...["run", "--rm", "--env", "BUSINESS_PHONE=+91 90000 11111"],
      testImage,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("was made with other business");
    expect(result.stderr).toContain("in a container, build its image again with these settings");
  });

  it("keeps a request answered before docker kill, and serves it after a restart", async () => {
    const volume = await volumeWithAdmin(scope);
    const container = await scope.start({ ...fastSubmissions }, ["--volume", `${volume}:/data`]);
    const sent = await postAppointment(container.url, { ...validAppointment, name: "Killed Then" });
    expect(sent.status).toBe(303);
    await docker(["kill", container.name]);
    expect(await inspect(container.name, "{{.State.ExitCode}}")).toBe("137");
    await docker(["start", container.name]);
    await container.waitUntilServing();
    expect(await exportedNames(container)).toEqual(["Killed Then"]);
  });

  it("loses no request it answered to docker stop, and stops by itself", async () => {
    const volume = await volumeWithAdmin(scope);
    const container = await scope.start({ ...fastSubmissions }, ["--volume", `${volume}:/data`]);
    const answered: string[] = [];
    const unexpected: string[] = [];
    let sent = 0;
    let stopping: Promise<string> | undefined;
    const client = async () => {
      while (true) {
        const name = `Stopped ${++sent}`;
        try {
          const response = await postAppointment(container.url, { ...validAppointment, name });
          await response.arrayBuffer();
          if (response.status === 303) answered.push(name);
          else unexpected.push(`${name}: ${response.status}`);
        } catch (error) {
          // Refused or cut off: the server has stopped taking requests. Before the stop, a fault.
          if (!stopping) unexpected.push(`${name}: ${String(error)}`);
          return;
        }
        stopping ??= answered.length >= 20 ? docker(["stop", container.name]) : undefined;
      }
    };
    await Promise.all(Array.from({ length: 4 }, client));
    await stopping;
    expect(unexpected).toEqual([]);
    // Exit code 0: it finished by itself within Docker's 10 s, not killed (137) at their end.
    expect(await inspect(container.name, "{{.State.ExitCode}}")).toBe("0");
    await docker(["start", container.name]);
    await container.waitUntilServing();
    const stored = await exportedNames(container);
    expect(answered.filter((name) => !stored.includes(name))).toEqual([]);
    expect(new Set(stored).size).toBe(stored.length);
  });
});

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
