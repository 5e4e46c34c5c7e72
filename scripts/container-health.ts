// The image's HEALTHCHECK (Dockerfile): exit 0 when this container's server answers /readyz with
// 200 (its database answers and its migrations are current), else 1. Read through the one
// configuration module, so the port and address are the server's own whatever set them.
import { getEnvOrExit } from "#app/config/env.server.ts";

// This instance's own port when it has one: PORT may be shared with others (REUSE_PORT), and the
// answer there could be another instance's.
const { HOST, PORT, INSTANCE_PORT } = getEnvOrExit();
// A server listening on every address is asked on loopback; one bound to an address, there.
const host = ["0.0.0.0", "::", ""].includes(HOST) ? "127.0.0.1" : HOST;
const origin = `http://${host.includes(":") ? `[${host}]` : host}:${INSTANCE_PORT ?? PORT}`;

try {
  const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(4_000) });
  await response.body?.cancel();
  if (!response.ok) console.error(`${origin}/readyz answered ${response.status}`);
  process.exitCode = response.ok ? 0 : 1;
} catch (error) {
  console.error(`${origin}/readyz: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
