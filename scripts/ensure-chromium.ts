// The first step of `npm test`: the browser tests need Chromium and never skip, so a machine
// without it gets it here (Debian/Ubuntu as root: apt-get), or a message saying exactly what to
// install, before anything else runs.
import { spawnSync } from "node:child_process";
import { isExecutable, onPath } from "#scripts/executables.ts";

export const defaultChromium = "/usr/bin/chromium";

export interface ChromiumMachine {
  /** `CHROMIUM_PATH` when it is set (see scripts/chromium.ts). */
  configuredPath: string | undefined;
  isExecutable: (path: string) => boolean;
  hasAptGet: boolean;
  isRoot: boolean;
}

export type ChromiumDecision =
  | { action: "use"; path: string }
  | { action: "install"; path: string }
  | { action: "refuse"; message: string };

const howToInstall =
  "Install it with `apt-get update && apt-get install -y chromium` (as root), or set CHROMIUM_PATH to a Chromium binary.";

/** What `npm test` does about its browser on this machine. */
export function decideChromium(machine: ChromiumMachine): ChromiumDecision {
  if (machine.configuredPath && machine.configuredPath !== defaultChromium) {
    if (machine.isExecutable(machine.configuredPath)) {
      return { action: "use", path: machine.configuredPath };
    }
    // Installing the system Chromium would not help: the tests would still use this path.
    return {
      action: "refuse",
      message: `CHROMIUM_PATH is ${machine.configuredPath}, which is not an executable file. Point it at a Chromium binary, or unset it to use ${defaultChromium}.`,
    };
  }
  if (machine.isExecutable(defaultChromium)) return { action: "use", path: defaultChromium };
  if (machine.hasAptGet && machine.isRoot) return { action: "install", path: defaultChromium };
  const why = machine.hasAptGet ? "this user is not root" : "this machine has no apt-get";
  return {
    action: "refuse",
    message: `The browser tests need Chromium, and there is none at ${defaultChromium} (nor CHROMIUM_PATH set); ${why}, so it cannot be installed here. ${howToInstall}`,
  };
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

/** The Chromium's version line, or undefined when it does not start. */
function versionOf(path: string): string | undefined {
  const result = spawnSync(path, ["--version"], { encoding: "utf8", timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function fail(message: string): never {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

async function main() {
  // Read through the one configuration module, as the tests do (the environment, then `.env`).
  const { getEnvOrExit } = await import("#app/config/env.server.ts");
  const decision = decideChromium({
    configuredPath: getEnvOrExit().CHROMIUM_PATH,
    isExecutable,
    hasAptGet: onPath("apt-get"),
    isRoot: process.getuid?.() === 0,
  });
  if (decision.action === "refuse") fail(decision.message);
  if (decision.action === "install") {
    console.log(`ensure-chromium: no Chromium at ${decision.path}; installing it with apt-get…`);
    if (
      !run("apt-get", ["update", "-qq"]) ||
      !run("apt-get", ["install", "-y", "-qq", "chromium"])
    ) {
      fail(`apt-get could not install Chromium. ${howToInstall}`);
    }
  }
  const version = versionOf(decision.path);
  if (!version) {
    fail(
      `${decision.path} is there but does not run (\`${decision.path} --version\` failed). ${howToInstall}`,
    );
  }
  if (decision.action === "install") console.log(`ensure-chromium: installed ${version}`);
}

if (import.meta.main) await main();
