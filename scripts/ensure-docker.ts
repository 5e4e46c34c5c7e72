// The first step of `npm run test:deploy`: the deployment tests build and run the image with
// Docker, check the compose file with Compose, Caddy's configuration with Caddy and a scrape of
// /metrics with Prometheus' promtool, and make the stand-in of the official Node image with
// debootstrap (tests/deploy/). A machine without them gets them here (Debian/Ubuntu as root:
// apt-get), and a Docker daemon that is not running is started in the background; or a message
// says exactly what to install or start.
import { spawn, spawnSync } from "node:child_process";
import { openSync } from "node:fs";
import { onPath } from "#scripts/executables.ts";

export interface DockerMachine {
  onPath: (command: string) => boolean;
  /** A Docker daemon answers the docker command (a local one, or DOCKER_HOST's). */
  daemonAnswers: boolean;
  /** `docker compose` (the plugin) or `docker-compose` runs. */
  hasCompose: boolean;
  hasAptGet: boolean;
  isRoot: boolean;
}

export type DockerPlan =
  | { action: "ready" }
  | { action: "prepare"; install: string[]; startDaemon: boolean }
  | { action: "refuse"; message: string };

/** Debian's packages of what the tests run, each named by one of its commands. */
const packages = [
  { command: "docker", name: "docker.io" },
  { command: "caddy", name: "caddy" },
  { command: "debootstrap", name: "debootstrap" },
  // Debian has promtool only in the package of the Prometheus server.
  { command: "promtool", name: "prometheus" },
] as const;

const howToInstall = (names: string[]) =>
  `Install them with \`apt-get update && apt-get install -y ${names.join(" ")}\` (as root), and start Docker (systemctl start docker, or dockerd).`;

/** What `npm run test:deploy` does about Docker and its tools on this machine. */
export function planDocker(machine: DockerMachine): DockerPlan {
  const install: string[] = packages
    .filter(({ command }) => !machine.onPath(command))
    .map(({ name }) => name);
  // The daemon is started from Debian's package when it runs nowhere and is not installed here.
  if (!machine.daemonAnswers && !machine.onPath("dockerd") && !install.includes("docker.io")) {
    install.unshift("docker.io");
  }
  if (!machine.hasCompose) install.push("docker-compose");
  const startDaemon = !machine.daemonAnswers;
  if (install.length === 0 && !startDaemon) return { action: "ready" };
  if (!machine.isRoot || (install.length > 0 && !machine.hasAptGet)) {
    const why = machine.isRoot ? "this machine has no apt-get" : "this user is not root";
    const missing =
      install.length > 0
        ? `The deployment tests need ${install.join(", ")}, missing here`
        : "The deployment tests need a Docker daemon, and none answers";
    return {
      action: "refuse",
      message: `${missing}; ${why}, so it cannot be done here. ${howToInstall(install.length > 0 ? install : ["docker.io"])}`,
    };
  }
  return { action: "prepare", install, startDaemon };
}

const succeeds = (command: string, args: string[]) =>
  onPath(command) && spawnSync(command, args, { stdio: "ignore", timeout: 30_000 }).status === 0;

const daemonAnswers = () => succeeds("docker", ["version", "--format", "{{.Server.Version}}"]);

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

function fail(message: string): never {
  console.error(`ensure-docker: ${message}`);
  process.exit(1);
}

/** Starts dockerd in the background, its log in /var/log/dockerd.log; waits until it answers. */
async function startDaemon(): Promise<void> {
  const logFile = "/var/log/dockerd.log";
  const log = openSync(logFile, "a");
  const daemon = spawn("dockerd", [], { detached: true, stdio: ["ignore", log, log] });
  daemon.unref();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (daemon.exitCode !== null) fail(`dockerd exited with ${daemon.exitCode}; see ${logFile}`);
    if (daemonAnswers()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`dockerd did not answer within 60 s; see ${logFile}`);
}

async function main() {
  const plan = planDocker({
    onPath,
    daemonAnswers: daemonAnswers(),
    hasCompose:
      succeeds("docker", ["compose", "version"]) || succeeds("docker-compose", ["version"]),
    hasAptGet: onPath("apt-get"),
    isRoot: process.getuid?.() === 0,
  });
  if (plan.action === "ready") return;
  if (plan.action === "refuse") fail(plan.message);
  if (plan.install.length > 0) {
    console.log(`ensure-docker: installing ${plan.install.join(", ")} with apt-get…`);
    if (
      !run("apt-get", ["update", "-qq"]) ||
      !run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...plan.install])
    ) {
      fail(`apt-get could not install them. ${howToInstall(plan.install)}`);
    }
  }
  // Installing Docker on a machine with systemd starts its daemon.
  if (plan.startDaemon && !daemonAnswers()) {
    console.log("ensure-docker: no Docker daemon answers; starting dockerd in the background…");
    await startDaemon();
  }
}

if (import.meta.main) await main();
