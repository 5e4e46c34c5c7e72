// An earlier release, runnable: its files from git (`git archive`), its dependencies, its build.
// For the rolling-upgrade test (tests/deploy/rolling-upgrade.test.ts), which serves the previous
// release (scripts/previous-release.ts) while this checkout's build migrates the database, and for
// the pages benchmark (scripts/bench-pages.ts), which measures the site before the islands beside
// this checkout's.
//
// Kept in the temporary directory between runs, one per checkout and use (a "shelf"): the same
// release is built once, not at every run, and never deleted while a run waits; the benchmark's
// release does not push out the test's. A node_modules of its own holds some 46,000 files
// (900 MB), which took 100 s to delete on a busy machine.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pinnedEnv } from "#scripts/production-server.ts";

export interface ReleaseCheckout {
  /** The folder holding the release's files, its node_modules and (once built) its `build/`. */
  dir: string;
  /** Built with these settings by an earlier run: nothing left to do. */
  reused: boolean;
  /** How its dependencies came: "npm ci", or this checkout's own when the lockfiles match. */
  dependencies: "npm ci" | "this checkout's node_modules";
  /** Milliseconds each step took (0 when reused). */
  timings: { archive: number; install: number; build: number };
  /** The settings it is built with (BUILD_DIR is `build`). */
  settings: Record<string, string>;
}

/** Runs a command to its end; rejects with the end of what it wrote when it fails. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    const keep = (chunk: Buffer) => {
      log = (log + chunk).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", fail);
    child.on("exit", (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`${command} ${args.join(" ")} failed (${code ?? signal}):\n${log}`)),
    );
  });
}

/**
 * `npm run build` in `dir` with exactly `settings` (BUILD_DIR among them); its log only on
 * failure. Once more when React Router's prerender gave up waiting for a page: it waits 10 s, not
 * configurable, which a busy machine's first page can take (tests/e2e/build-sites.ts).
 */
export async function buildFolder(dir: string, settings: Record<string, string>): Promise<void> {
  const build = () => run("npm", ["run", "build"], { cwd: dir, env: pinnedEnv(settings) });
  try {
    await build();
  } catch (error) {
    if (!/Prerender: Request failed .* due to timeout/.test(String(error))) throw error;
    await build();
  }
}

async function timed(step: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await step();
  return Math.round(performance.now() - started);
}

const hash = (text: string) => createHash("sha256").update(text).digest("hex");
const lockfileOf = (folder: string) => {
  const path = join(folder, "package-lock.json");
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
};
const readyFile = ".release-ready.json";

/**
 * Moves a folder out of the way and deletes it in the background: a run that ends first leaves
 * it to the next (`clearOthers`).
 */
function discard(root: string, path: string) {
  const trash = join(root, `trash-${randomBytes(4).toString("hex")}`);
  renameSync(path, trash);
  void rm(trash, { recursive: true, force: true }).catch(() => {});
}

/** Every other release of this checkout discarded, and what earlier runs left to delete. */
function clearOthers(root: string, keep: string) {
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (path === keep) continue;
    if (name.startsWith("trash-")) void rm(path, { recursive: true, force: true }).catch(() => {});
    else discard(root, path);
  }
}

/**
 * Where a release is kept: `root` is its shelf (all that a checkout of it discards), `dir` its
 * own folder, named by its commit and the settings it is built with. Shelves are siblings, so
 * that clearing one leaves the others.
 */
export function releaseFolder(
  commit: string,
  buildSettings: Record<string, string>,
  checkout: string,
  shelf: string,
): { root: string; dir: string } {
  const root = join(
    tmpdir(),
    "physio-releases",
    hash(resolve(checkout)).slice(0, 12) + (shelf ? `-${shelf}` : ""),
  );
  const key = hash(JSON.stringify({ commit, buildSettings })).slice(0, 12);
  return { root, dir: join(root, `${commit.slice(0, 12)}-${key}`) };
}

/**
 * The release at `commit`, to be built with `settings`, in its folder for this checkout: as an
 * earlier run left it when that run built it (`reused`), else made anew from `git archive`, with
 * its dependencies installed from its own lockfile by `npm ci`, or, when that lockfile is this
 * checkout's, this checkout's node_modules (the same packages; a minute saved). `buildRelease`
 * builds it. A shelf keeps one release: checking out another on the same shelf discards the one
 * it held; the rolling-upgrade test's is the unnamed shelf.
 */
export async function checkOutRelease(
  commit: string,
  settings: Record<string, string>,
  checkout = process.cwd(),
  shelf = "",
): Promise<ReleaseCheckout> {
  const buildSettings = { ...settings, BUILD_DIR: "build" };
  const { root, dir } = releaseFolder(commit, buildSettings, checkout, shelf);
  mkdirSync(root, { recursive: true });
  clearOthers(root, dir);
  const ready = join(dir, readyFile);
  if (existsSync(ready)) {
    const made = JSON.parse(readFileSync(ready, "utf8")) as Pick<ReleaseCheckout, "dependencies">;
    const linkedStillRight =
      made.dependencies !== "this checkout's node_modules" ||
      lockfileOf(dir) === lockfileOf(checkout);
    if (linkedStillRight) {
      return {
        dir,
        reused: true,
        dependencies: made.dependencies,
        timings: { archive: 0, install: 0, build: 0 },
        settings: buildSettings,
      };
    }
  }
  // Not ready: a run stopped while making it, or the checkout's lockfile changed since.
  if (existsSync(dir)) discard(root, dir);
  mkdirSync(dir);
  const archive = await timed(() =>
    run("sh", ["-c", `git -C "${resolve(checkout)}" archive "${commit}" | tar -x -C "${dir}"`], {
      cwd: dir,
    }),
  );
  const linked =
    lockfileOf(dir) !== undefined &&
    lockfileOf(dir) === lockfileOf(checkout) &&
    existsSync(join(checkout, "node_modules"));
  const install = await timed(async () => {
    if (linked) {
      symlinkSync(resolve(checkout, "node_modules"), join(dir, "node_modules"), "dir");
      return;
    }
    await run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: dir,
      // Never NODE_ENV=production, with which npm would leave out the build's tools.
      env: { ...process.env, NODE_ENV: "development", npm_config_loglevel: "warn" },
    });
  });
  return {
    dir,
    reused: false,
    dependencies: linked ? "this checkout's node_modules" : "npm ci",
    timings: { archive, install, build: 0 },
    settings: buildSettings,
  };
}

/** Builds the release into its `build/` (unless an earlier run did), and marks it ready. */
export async function buildRelease(release: ReleaseCheckout): Promise<void> {
  if (release.reused) return;
  release.timings.build = await timed(() => buildFolder(release.dir, release.settings));
  writeFileSync(
    join(release.dir, readyFile),
    JSON.stringify({ dependencies: release.dependencies }),
  );
}
