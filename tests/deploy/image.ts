// The image under test: the project's Dockerfile, built as a clinic builds it (its settings as
// build arguments), once per run (global-setup.ts). Docker's cache keeps each layer whose inputs
// did not change, so a run after a change of sources builds the app again, not its dependencies.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCommand } from "#tests/deploy/docker.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The image built from the Dockerfile for this run (repository:tag). */
    deployImage: string;
  }
}

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
export const buildLog = join(tmpdir(), "home-physio-test-image-build.log");

/**
 * `docker build` of the project's folder. On the host's network: the build fetches packages
 * from the npm registry, which these machines reach only from the host (a clinic's server needs
 * no such flag).
 */
export async function buildImage(): Promise<void> {
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
