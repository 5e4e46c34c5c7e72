// The deployment tests' setup: the image built from the Dockerfile (on the stand-in of the
// official Node image when that is missing: base-image.ts), and meanwhile the run's PostgreSQL
// server (tests/postgres-server.ts), which the containers reach on the host's loopback.
import type { TestProject } from "vitest/node";
import { ensureBaseImage } from "#tests/deploy/base-image.ts";
import { runCommand } from "#tests/deploy/docker.ts";
import { buildImage, buildLog, testImage } from "#tests/deploy/image.ts";
import { providePostgres } from "#tests/postgres-server.ts";

async function prepareImage(): Promise<void> {
  const daemon = await runCommand("docker", ["version", "--format", "{{.Server.Version}}"]).catch(
    (error: Error) => ({ code: 1, stdout: "", stderr: error.message }),
  );
  if (daemon.code !== 0) {
    throw new Error(
      `The deployment tests need Docker, and no Docker daemon answers (${daemon.stderr.trim()}). \`npm run test:deploy\` installs and starts it (scripts/ensure-docker.ts).`,
    );
  }
  let started = performance.now();
  const base = await ensureBaseImage();
  const baseSeconds = Math.round((performance.now() - started) / 1000);
  started = performance.now();
  await buildImage();
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `deploy: ${base} (${baseSeconds} s); built ${testImage} in ${seconds} s (log: ${buildLog})`,
  );
}

export default async function setup(project: TestProject) {
  const postgres = providePostgres(project);
  const [image, started] = await Promise.allSettled([prepareImage(), postgres]);
  if (image.status === "rejected") {
    if (started.status === "fulfilled") await started.value();
    throw image.reason;
  }
  if (started.status === "rejected") throw started.reason;
  project.provide("deployImage", testImage);
  return started.value;
}
