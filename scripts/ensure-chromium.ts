// The first step of `npm test`: the browser tests need Chromium and never skip, so a machine
// without it gets it here (Debian/Ubuntu as root: apt-get), or a message saying exactly what to
// install, before anything else runs.
import { spawnSync } from "node:child_process";
import { isExecutable, onPath } from "#scripts/executables.ts";

/**
 * Debian's two builds of Chromium, by package: the full browser (the page benchmark's Lighthouse
 * and the screenshots) and the headless shell (the browser tests'; scripts/chromium.ts).
 */
export const debianChromium = {
  chromium: "/usr/bin/chromium",
  "chromium-headless-shell": "/usr/bin/chromium-headless-shell",
} as const;
const debianPaths: string[] = Object.values(debianChromium);

export interface ChromiumMachine {
  /** `CHROMIUM_PATH` when it is set (see scripts/chromium.ts). */
  configuredPath: string | undefined;
  isExecutable: (path: string) => boolean;
  hasAptGet: boolean;
  isRoot: boolean;
}

export type ChromiumDecision =
  | { action: "use"; paths: string[] }
  | { action: "install"; packages: string[]; paths: string[] }
  | { action: "refuse"; message: string };

const howToInstall =
  "Install it with `apt-get update && apt-get install -y chromium chromium-headless-shell` (as root), or set CHROMIUM_PATH to a Chromium binary.";

/** What `npm test` does about its browsers on this machine. */
export function decideChromium(machine: ChromiumMachine): ChromiumDecision {
  if (machine.configuredPath && !debianPaths.includes(machine.configuredPath)) {
    if (machine.isExecutable(machine.configuredPath)) {
      return { action: "use", paths: [machine.configuredPath] };
    }
    // Installing the system Chromium would not help: the tests would still use this path.
    return {
      action: "refuse",
      message: `CHROMIUM_PATH is ${machine.configuredPath}, which is not an executable file. Point it at a Chromium binary, or unset it to use Debian's (${debianPaths.join(", ")}).`,
    };
  }
  const missing = Object.entries(debianChromium).filter(([, path]) => !machine.isExecutable(path));
  if (missing.length === 0) return { action: "use", paths: debianPaths };
  const paths = missing.map(([, path]) => path);
  if (machine.hasAptGet && machine.isRoot) {
    return { action: "install", packages: missing.map(([name]) => name), paths };
  }
  // One of the two does for the tests (scripts/chromium.ts takes the full one when the shell is
  // missing); only the page benchmark needs the full one.
  const present = debianPaths.filter((path) => machine.isExecutable(path));
  if (present.length > 0) return { action: "use", paths: present };
  const why = machine.hasAptGet ? "this user is not root" : "this machine has no apt-get";
  return {
    action: "refuse",
    message: `The browser tests need Chromium, and there is none at ${paths.join(" or ")} (nor CHROMIUM_PATH set); ${why}, so it cannot be installed here. ${howToInstall}`,
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
    console.log(
      `ensure-chromium: no Chromium at ${decision.paths.join(" or ")}; installing ${decision.packages.join(" and ")} with apt-get…`,
    );
    if (
      !run("apt-get", ["update", "-qq"]) ||
      !run("apt-get", ["install", "-y", "-qq", ...decision.packages])
    ) {
      fail(`apt-get could not install Chromium. ${howToInstall}`);
    }
  }
  for (const path of decision.paths) {
    const version = versionOf(path);
    if (!version) {
      fail(`${path} is there but does not run (\`${path} --version\` failed). ${howToInstall}`);
    }
    if (decision.action === "install")
      console.log(`ensure-chromium: installed ${path}: ${version}`);
  }
}

if (import.meta.main) await main();
