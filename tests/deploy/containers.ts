// Containers of the image under test, on the host's network: each server listens on a port of
// its own on 127.0.0.1, so the test's requests, and the containers' way to the run's PostgreSQL,
// never leave the machine's loopback. Each test removes what it made (containers and volumes).
import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { freePort } from "#scripts/production-server.ts";
import { docker, runCommand } from "#tests/deploy/docker.ts";
import { testImage } from "#tests/deploy/image.ts";

/** A name no other test or run uses. */
const uniqueName = (what: string) =>
  `physio-test-${what}-${process.pid}-${randomBytes(3).toString("hex")}`;

export interface Container {
  name: string;
  url: string;
  /** Everything the container wrote so far (all its runs). */
  logs(): Promise<string>;
  /** Until /healthz answers (after a start or restart); throws with the logs if it never does. */
  waitUntilServing(): Promise<void>;
}

/** docker inspect's value of `format` for this container. */
export const inspect = (name: string, format: string) =>
  docker(["inspect", "--format", format, name]);

/** What a test block made with Docker, removed after it (afterAll), whatever its state. */
export interface DockerScope {
  /**
   * Starts a container of the image under test with these settings (and `args` before the
   * image, such as a volume), and waits until it serves.
   */
  start(settings: Record<string, string>, args?: string[]): Promise<Container>;
  /** A new named volume. */
  volume(): Promise<string>;
}

export function useDocker(): DockerScope {
  const containers: string[] = [];
  const volumes: string[] = [];
  afterAll(() => removeAll(containers, volumes));
  return {
    async start(settings, args = []) {
      const name = uniqueName("app");
      containers.push(name);
      const container = await createContainer(name, settings, args);
      await container.waitUntilServing();
      return container;
    },
    async volume() {
      const name = uniqueName("data");
      volumes.push(name);
      await docker(["volume", "create", name]);
      return name;
    },
  };
}

async function createContainer(
  name: string,
  settings: Record<string, string>,
  args: string[],
): Promise<Container> {
  const port = await freePort();
  const env = { ...settings, HOST: "127.0.0.1", PORT: String(port) };
  await docker([
    ...["run", "--detach", "--name", name, "--network", "host"],
    ...Object.entries(env).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
    ...args,
    testImage,
  ]);
  const container: Container = {
    name,
    url: `http://127.0.0.1:${port}`,
    async logs() {
      const result = await runCommand("docker", ["logs", name]);
      return `${result.stdout}${result.stderr}`;
    },
    async waitUntilServing() {
      // Generous: beside a busy run, a first start (a new database, every migration) is slow.
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if ((await inspect(name, "{{.State.Running}}")) !== "true") {
          throw new Error(`container ${name} stopped:\n${await container.logs()}`);
        }
        try {
          if ((await fetch(`${container.url}/healthz`)).ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`container ${name} did not serve within 120 s:\n${await container.logs()}`);
    },
  };
  return container;
}

/** Removes containers and volumes, whatever state they are in. */
async function removeAll(containers: string[], volumes: string[] = []): Promise<void> {
  if (containers.length > 0)
    await runCommand("docker", ["rm", "--force", "--volumes", ...containers]);
  if (volumes.length > 0) await runCommand("docker", ["volume", "rm", "--force", ...volumes]);
}

/** `docker run --rm` of the image with this command: its output; throws when it fails. */
export function runOnce(args: string[], command: string[], input?: string): Promise<string> {
  return docker(["run", "--rm", "--interactive", ...args, testImage, ...command], {
    input,
  });
}
