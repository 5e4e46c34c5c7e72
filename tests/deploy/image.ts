// The image under test: the project's Dockerfile, built as a clinic builds it (its settings as
// build arguments), once per run by the file that runs it (image.test.ts). Docker's cache keeps
// each layer whose inputs did not change, so a run after a change of sources builds the app
// again, not its dependencies.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBaseImage } from "#tests/deploy/base-image.ts";
import { runCommand } from "#tests/deploy/docker.ts";

export const testImage = "home-physio-test:deploy";

/** The clinic the image is built for: its pages show these, and its server refuses others. */
export const buildSettings = {
  BUSINESS_NAME: "Container Test Clinic",
  BUSINESS_PHONE: "+91 98111 22334",
  BUSINESS_WHATSAPP: "+91 98111 22334",
  BUSINESS_EMAIL: "care@container.test",
  FEE_HOME_SESSION: "1300",
  FEE_PACKAGE_SESSIONS: "10",
  FEE_PACKAGE_PRICE: "11700",
} as const;

/** The last build's log: which steps Docker's cache kept, and what the others wrote. */
const buildLog = join(tmpdir(), "home-physio-test-image-build.log");

/**
 * `docker build` of the project's folder. On the host's network: the build fetches packages
 * from the npm registry, which these machines reach only from the host (a clinic's server needs
 * no such flag).
 */
async function buildImage(): Promise<void> {
  const args = Object.entries(buildSettings).flatMap(([name, value]) => [
    "--build-arg",
    `${name}=${value}`,
  ]);
  const result = await runCommand("docker", [
    ...["build", "--network", "host", "--tag", testImage, ...args, "."],
  ]);
  const log = `${result.stdout}\n${result.stderr}`;
  writeFileSync(buildLog, log);
  if (result.code !== 0) {
    throw new Error(`docker build failed (exit ${result.code}):\n${log.slice(-6_000)}`);
  }
}

/**
 * The image, built now (Docker's cache permitting) on the official Node image or, where that is
 * missing, its stand-in (base-image.ts); a line saying what it took, for the run's output.
 */
export async function prepareImage(): Promise<string> {
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
  return `${base} (${baseSeconds} s); built ${testImage} in ${seconds} s (its log: ${buildLog})`;
}
