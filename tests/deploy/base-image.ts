// The images the Dockerfile and deploy/compose.yaml start from, made on this machine when they are
// missing: no image registry is reachable from the machines the tests run on, and the Dockerfile
// must build unchanged from the official Node image on a clinic's server. deploy/offline-images.sh
// makes them, as it does on a clinic's server without a registry (one recipe for both): Debian
// bookworm from Debian's mirror (debootstrap, the minimal variant) as debian:bookworm-slim, on it
// the Node the project pins (its `node` devDependency) and npm as node:24-bookworm-slim, and
// Debian's PostgreSQL and Caddy as home-physio-postgres:15 and home-physio-caddy:2. Each is made
// once: an image of its name already there (the stand-in, or the official image itself) is used
// as it is, so that with all four there the script returns at once.
import { join } from "node:path";
import { runCommand } from "#tests/deploy/docker.ts";

/** The image the Dockerfile names in its FROM lines. */
const baseImage = "node:24-bookworm-slim";

const script = join(import.meta.dirname, "..", "..", "deploy", "offline-images.sh");

/**
 * Makes the images that are missing (deploy/offline-images.sh), the builds on the host's network
 * as the tests' own build (image.ts). Making one needs root (debootstrap), Debian's mirror and the
 * npm registry. Returns what it did, for the log.
 */
export async function ensureBaseImage(): Promise<string> {
  const result = await runCommand("bash", [script], {
    env: { ...process.env, DOCKER_BUILD_NETWORK: "host" },
  });
  const output = `${result.stdout}\n${result.stderr}`.trim();
  if (result.code !== 0) {
    if (process.getuid?.() !== 0) {
      throw new Error(
        `An image the deployment tests start from is missing (${baseImage}, or the stand-ins for PostgreSQL and Caddy), and deploy/offline-images.sh makes them with debootstrap, which needs root. Run the deployment tests as root, or pull the official images on a machine that reaches Docker Hub. The script said:\n${output.slice(-2_000)}`,
      );
    }
    throw new Error(
      `bash deploy/offline-images.sh failed (exit ${result.code}):\n${output.slice(-6_000)}`,
    );
  }
  // Its lines of "==> ": what became of each image.
  const done = result.stdout
    .split("\n")
    .filter((line) => line.startsWith("==> "))
    .map((line) => line.slice(4));
  return `deploy/offline-images.sh: ${done.join("; ")}`;
}

if (import.meta.main) console.log(await ensureBaseImage());
