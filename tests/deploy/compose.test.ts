// deploy/compose.yaml as Compose itself reads it (the `docker compose` plugin, or else Debian's
// docker-compose: both check the Compose specification), with the example env file filled in as
// a clinic fills it; and deploy/caddy/Caddyfile as Caddy itself reads it. No image is pulled: these
// machines reach no registry, and `config` and `validate` need none.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mustRun, runCommand } from "#tests/deploy/docker.ts";

const domain = "clinic.example.in";
const password = "d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5";

/** The example env file with these values set (an empty line `NAME=` gets the value). */
function filledIn(values: Record<string, string>): string {
  let text = readFileSync("deploy/.env.example", "utf8");
  for (const [name, value] of Object.entries(values)) {
    text = text.replace(new RegExp(`^${name}=$`, "m"), `${name}=${value}`);
  }
  return text;
}

/** Compose's command on this machine: the plugin when there is one, else docker-compose. */
async function compose(): Promise<string[]> {
  const plugin = await runCommand("docker", ["compose", "version"]);
  return plugin.code === 0 ? ["docker", "compose"] : ["docker-compose"];
}

describe("deploy/compose.yaml", () => {
  // The deploy folder as a clinic has it, its .env beside the compose file, outside the project's.
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const deployFolder = (env: string) => {
    const root = mkdtempSync(join(tmpdir(), "physio-compose-"));
    folders.push(root);
    const deploy = join(root, "deploy");
    cpSync("deploy", deploy, { recursive: true });
    writeFileSync(join(deploy, ".env"), env);
    return join(deploy, "compose.yaml");
  };
  const config = async (env: string, what: string[] = []) => {
    const [command = "docker-compose", ...args] = await compose();
    return runCommand(command, [...args, "--file", deployFolder(env), "config", ...what]);
  };

  it("passes Compose's check: PostgreSQL, two app instances and Caddy, the app's settings from the env file", async () => {
    const env = filledIn({ SITE_DOMAIN: domain, POSTGRES_PASSWORD: password });
    const services = await config(env, ["--services"]);
    expect(services.code, services.stderr).toBe(0);
    expect(services.stdout.trim().split("\n").sort()).toEqual([
      "app-net",
      "app1",
      "app2",
      "caddy",
      "db",
    ]);
    const volumes = await config(env, ["--volumes"]);
    expect(volumes.stdout.trim().split("\n").sort()).toEqual([
      "alert-state",
      "backups",
      "caddy-config",
      "caddy-data",
      "postgres",
    ]);
    const resolved = await config(env);
    expect(resolved.code, resolved.stderr).toBe(0);
    const text = resolved.stdout;
    expect(text).toContain(`SITE_URL: https://${domain}`);
    expect(text).toContain(`DATABASE_URL: postgres://physio:${password}@db:5432/physio`);
    expect(text).toMatch(/TRUST_PROXY: ['"]?1['"]?$/m);
    expect(text).toContain("BACKUP_DIR: /backups");
    expect(text).toContain("AUTH_SIGN_UP: closed");
    // Both instances: each line above once per instance.
    expect(text.match(/DATABASE_URL: /g)).toHaveLength(2);
  });

  it.each([
    ["SITE_DOMAIN", { POSTGRES_PASSWORD: password }],
    ["POSTGRES_PASSWORD", { SITE_DOMAIN: domain }],
  ])("refuses an env file without %s, naming it", async (missing, values) => {
    const result = await config(filledIn(values));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`set ${missing} in deploy/.env`);
  });

  it("is given its secrets by an env file that git never commits", async () => {
    expect(readFileSync("deploy/compose.yaml", "utf8")).toMatch(/^\s+env_file: \.env$/m);
    expect((await runCommand("git", ["check-ignore", "--quiet", "deploy/.env"])).code).toBe(0);
  });
});

describe("deploy/caddy/Caddyfile", () => {
  const env = { ...process.env, SITE_DOMAIN: domain };
  const args = ["--config", "deploy/caddy/Caddyfile", "--adapter", "caddyfile"];

  it("is valid to Caddy", async () => {
    const result = await runCommand("caddy", ["validate", ...args], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Valid configuration");
  });

  it("serves SITE_DOMAIN from the instances' shared port, retrying only what was never sent, and no passive check", async () => {
    const adapted = JSON.parse(await mustRun("caddy", ["adapt", ...args], { env }));
    const server = Object.values(adapted.apps.http.servers)[0] as {
      routes: { match: { host: string[] }[]; handle: { routes: { handle: unknown[] }[] }[] }[];
    };
    const [route] = server.routes;
    expect(route?.match).toEqual([{ host: [domain] }]);
    const proxy = route?.handle[0]?.routes[0]?.handle[0] as {
      handler: string;
      upstreams: { dial: string }[];
      health_checks?: unknown;
      load_balancing: { try_duration: number; retry_match?: unknown };
    };
    expect(proxy.handler).toBe("reverse_proxy");
    expect(proxy.upstreams).toEqual([{ dial: "app-net:3000" }]);
    // A passive check took the healthy instance out for a crashed one's broken requests.
    expect(proxy.health_checks).toBeUndefined();
    // Retries: for a request that could not be sent; a sent one only if a GET (Caddy's default).
    expect(proxy.load_balancing.try_duration).toBeGreaterThan(0);
    expect(proxy.load_balancing.retry_match).toBeUndefined();
  });

  it("signs its own certificate when CADDY_LOCAL_CERTS is local_certs, and asks Let's Encrypt otherwise", async () => {
    const issuers = async (extra: Record<string, string>) => {
      const adapted = JSON.parse(
        await mustRun("caddy", ["adapt", ...args], { env: { ...env, ...extra } }),
      );
      return adapted.apps.tls?.automation?.policies?.[0]?.issuers ?? [];
    };
    expect(await issuers({ CADDY_LOCAL_CERTS: "local_certs" })).toEqual([{ module: "internal" }]);
    expect(await issuers({})).toEqual([]);
  });
});
