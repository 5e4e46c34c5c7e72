// The image on its own, as `docker run` with a volume for the embedded database: the server runs
// as the node user and is the container's first process, its health check turns healthy, the
// pages are the build's (its settings given as build arguments), a request answered before
// `docker kill` is there after a restart, and `docker stop` ends it cleanly without losing a
// request it answered. What is stored is read as the clinic reads it: the admin's CSV export,
// the admin made with the image's own `scripts/admin.ts` (docs/deployment.md).
import { describe, expect, inject, it } from "vitest";
import { type Container, inspect, runOnce, useDocker } from "#tests/deploy/containers.ts";
import { docker, runCommand } from "#tests/deploy/docker.ts";
import { buildSettings } from "#tests/deploy/image.ts";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import { admin, signInCookie } from "#tests/e2e/staff.ts";

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
      inject("deployImage"),
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
