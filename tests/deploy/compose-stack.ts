// The site as docs/deployment.md puts it on a server, for the deployment tests: a copy of this
// checkout (its files as git sees them, so a fresh clone with this work in it), its deploy/.env
// filled in as the guide says, and `docker compose -f deploy/compose.yaml up -d --build`, with
// tests/deploy/compose.loopback.yaml beside it (this workplace's traffic stays on loopback).
// Requests go to Caddy over HTTPS, as a browser's would: to https://physio.test on 127.0.0.1 (the
// hosts entry of the guide's recipe), the certificate checked against the root Caddy made
// (local_certs).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { docker, mustRun, runCommand } from "#tests/deploy/docker.ts";

const siteDomain = "physio.test";
const stackOrigin = `https://${siteDomain}`;

/** Compose's command on this machine: the plugin when there is one, else docker-compose. */
async function composeCommand(): Promise<string[]> {
  const plugin = await runCommand("docker", ["compose", "version"]);
  return plugin.code === 0 ? ["docker", "compose"] : ["docker-compose"];
}

/** The example env file with these values set (an empty line `NAME=` gets the value). */
function filledIn(example: string, values: Record<string, string>): string {
  let text = example;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=.*$`, "m");
    text = line.test(text) ? text.replace(line, `${name}=${value}`) : `${text}\n${name}=${value}\n`;
  }
  return text;
}

/** This checkout's files as a fresh clone with this work would have them, in a new folder. */
function copyOfCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), "physio-stack-"));
  const files = execFileSync("git", [
    "ls-files",
    "--cached",
    "--others",
    "--exclude-standard",
    "-z",
  ])
    .toString()
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    try {
      mkdirSync(join(root, dirname(file)), { recursive: true });
      cpSync(file, join(root, file));
    } catch (error) {
      // A file git still lists but this work deleted.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return root;
}

export interface HttpsAnswer {
  status: number;
  location: string | undefined;
  body: string;
  /** Who answered (Caddy says `Server: Caddy`; the app's own headers name it) and what. */
  headers: Record<string, string | string[] | undefined>;
}

export interface Stack {
  /** The copy the stack runs from. */
  readonly dir: string;
  /** `docker compose -p <project> -f deploy/compose.yaml -f compose.loopback.yaml <args>`. */
  compose(args: string[]): Promise<string>;
  /** A request to Caddy, over HTTPS with its local certificate checked. */
  https(
    method: string,
    path: string,
    options?: { form?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<HttpsAnswer>;
  /** A query on the stack's PostgreSQL, from outside. */
  query<Row>(text: string): Promise<Row[]>;
  /** The id of the container of a service. */
  container(service: string): Promise<string>;
  /** Each container's memory in MiB, as `docker stats` reads its cgroup. */
  memory(): Promise<Record<string, number>>;
  /** Waits until Docker says each of these services' containers is healthy. */
  healthy(services: string[], timeoutMs?: number): Promise<void>;
  /** Stops and removes everything, volumes included. */
  down(): Promise<void>;
}

export interface StackOptions {
  /** Settings added to deploy/.env, after the guide's. */
  settings: Record<string, string>;
}

/**
 * Makes the copy, fills in deploy/.env as the guide's local recipe says, builds and starts the
 * stack, and waits until the site answers over HTTPS.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const dir = copyOfCheckout();
  const project = `physio-stack-${randomBytes(3).toString("hex")}`;
  const example = readFileSync(join(dir, "deploy", ".env.example"), "utf8");
  writeFileSync(
    join(dir, "deploy", ".env"),
    filledIn(example, {
      COMPOSE_PROJECT_NAME: project,
      SITE_DOMAIN: siteDomain,
      POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("base64"),
      POSTGRES_IMAGE: "home-physio-postgres:15",
      CADDY_IMAGE: "home-physio-caddy:2",
      CADDY_LOCAL_CERTS: "local_certs",
      ...options.settings,
    }),
    { mode: 0o600 },
  );
  cpSync(
    join(import.meta.dirname, "compose.loopback.yaml"),
    join(dir, "deploy", "compose.loopback.yaml"),
  );
  // On the host's network Caddy listens on 80 and 443 itself, and Compose refuses a published
  // port there (an override cannot take a list away): the one line the copy's file goes without.
  // And PostgreSQL listens on its loopback address alone, added to the compose file's own command
  // (an override's command would replace it, and with it the file's logging settings).
  const composePath = join(dir, "deploy", "compose.yaml");
  const composeText = readFileSync(composePath, "utf8");
  const withoutPorts = composeText.replace(/^ {4}ports:\n(?: {6}- .*\n)+/m, "");
  if (withoutPorts === composeText) throw new Error("deploy/compose.yaml publishes no ports?");
  const onLoopback = withoutPorts.replace(
    /^( {4}command: \["postgres", .*)\]$/m,
    '$1, "-c", "listen_addresses=127.0.0.4"]',
  );
  if (onLoopback === withoutPorts) throw new Error("deploy/compose.yaml runs no postgres command?");
  writeFileSync(composePath, onLoopback);
  const [command = "docker-compose", ...base] = await composeCommand();
  const files = ["-f", "deploy/compose.yaml", "-f", "deploy/compose.loopback.yaml"];
  const compose = async (args: string[]) =>
    (await mustRun(command, [...base, "-p", project, ...files, ...args], { cwd: dir })).trim();

  let agent: Agent | undefined;
  const password = /^POSTGRES_PASSWORD=(.*)$/m.exec(
    readFileSync(join(dir, "deploy", ".env"), "utf8"),
  )?.[1];
  const databaseUrl = `postgres://physio:${password}@127.0.0.4:5432/physio`;
  const stack: Stack = {
    dir,
    compose,
    async https(method, path, { form, headers = {} } = {}) {
      if (!agent) throw new Error("the stack has not started");
      const body = form ? new URLSearchParams(form).toString() : undefined;
      return new Promise<HttpsAnswer>((resolve, reject) => {
        const req = request(
          {
            agent,
            host: siteDomain,
            port: 443,
            method,
            path,
            timeout: 30_000,
            headers: {
              ...headers,
              ...(body === undefined
                ? {}
                : {
                    "content-type": "application/x-www-form-urlencoded",
                    "content-length": Buffer.byteLength(body),
                    origin: stackOrigin,
                  }),
            },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                location: res.headers.location,
                body: text,
                headers: res.headers,
              }),
            );
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error("no answer in 30 s")));
        req.on("error", reject);
        req.end(body);
      });
    },
    async query(text) {
      // A client a query: one made before the database was stopped would be broken after it.
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on("error", () => {});
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async container(service) {
      return compose(["ps", "-q", service]);
    },
    async memory() {
      const ids = (await compose(["ps", "-q"])).split("\n").filter(Boolean);
      const lines = await docker([
        ...["stats", "--no-stream", "--format", "{{.Name}} {{.MemUsage}}"],
        ...ids,
      ]);
      const figures: Record<string, number> = {};
      for (const line of lines.split("\n")) {
        const match = /^(\S+) ([\d.]+)(KiB|MiB|GiB|B) /.exec(line);
        if (!match) continue;
        const [, name = "", value = "0", unit = "MiB"] = match;
        const scale = { B: 1 / 1024 ** 2, KiB: 1 / 1024, MiB: 1, GiB: 1024 }[unit] ?? 1;
        const service = name.replace(`${project}_`, "").replace(/_\d+$/, "");
        figures[service] = Number(value) * scale;
      }
      return figures;
    },
    async healthy(services, timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = await Promise.all(
          services.map(async (service) =>
            docker([
              "inspect",
              "--format",
              "{{.State.Health.Status}}",
              await stack.container(service),
            ]),
          ),
        );
        if (states.every((state) => state === "healthy")) return;
        if (Date.now() > deadline) {
          throw new Error(`not healthy: ${services.join(", ")} (${states.join(", ")})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    async down() {
      agent?.destroy();
      await runCommand(command, [...base, "-p", project, ...files, "down", "--volumes"], {
        cwd: dir,
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    await compose(["up", "-d", "--build"]);
    // The instances are healthy once they have migrated the database and serve.
    await stack.healthy(["app1", "app2"]);
    // Caddy's own root, which it made for local_certs: what a browser is told to trust.
    const caddy = await stack.container("caddy");
    let ca = "";
    for (let tries = 0; tries < 100 && !ca.includes("BEGIN CERTIFICATE"); tries++) {
      const read = await runCommand("docker", [
        ...["exec", caddy, "cat", "/data/caddy/pki/authorities/local/root.crt"],
      ]);
      ca = read.stdout;
      if (!ca.includes("BEGIN CERTIFICATE")) await new Promise((r) => setTimeout(r, 200));
    }
    agent = new Agent({
      keepAlive: true,
      ca,
      // The hosts entry of the guide's recipe (127.0.0.1 physio.test), for this process alone.
      lookup: (_host, lookupOptions, callback) => {
        if ((lookupOptions as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(
            null,
            [{ address: "127.0.0.1", family: 4 }],
          );
        } else callback(null, "127.0.0.1", 4);
      },
    });
    // Caddy has its certificate and passes requests on.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await stack.https("GET", "/").catch((error: Error) => error);
      if (!(answer instanceof Error) && answer.status === 200) break;
      if (Date.now() > deadline) {
        throw new Error(`the site does not answer over HTTPS: ${String(answer)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return stack;
  } catch (error) {
    const logs = await runCommand(
      command,
      [...base, "-p", project, ...files, "logs", "--tail=40"],
      {
        cwd: dir,
      },
    );
    await stack.down();
    throw new Error(`${(error as Error).message}\n${logs.stdout.slice(-8_000)}`);
  }
}
