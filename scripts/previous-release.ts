// "The previous release": the one whose instances still serve while this one migrates the shared
// database. Both the migration check (scripts/check-migrations.ts) and the rolling-upgrade test
// (tests/deploy/rolling-upgrade.test.ts) read it from git here. By default it is the commit before
// the one that added the newest migration, so that they always judge the newest migration; with
// migrations not yet committed, the commit checked out (HEAD). PREVIOUS_RELEASE names another (a
// tag such as v1.4.0, or a commit): then every migration added since it is judged.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

export const migrationsFolder = "db/migrations";

export interface PreviousRelease {
  /** The full commit id. */
  commit: string;
  /** How it was chosen, for messages. */
  chosen: string;
  /** The migration files (names in db/migrations) the working tree has and it has not. */
  newMigrations: string[];
}

/** Refused: no previous release can be told (a shallow clone, an unknown name, no git). */
export class PreviousReleaseError extends Error {}

function git(cwd: string, args: string[]): { ok: boolean; out: string; err: string } {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (result.error) {
    throw new PreviousReleaseError(
      `git could not be run (${result.error.message}): the previous release is read from the history.`,
    );
  }
  return { ok: result.status === 0, out: result.stdout.trim(), err: result.stderr.trim() };
}

function mustGit(cwd: string, args: string[]): string {
  const result = git(cwd, args);
  if (!result.ok) throw new PreviousReleaseError(`git ${args.join(" ")} failed: ${result.err}`);
  return result.out;
}

/** The SQL files of db/migrations in the working tree, or at `commit`. */
function migrationFiles(cwd: string, commit?: string): string[] {
  const names = commit
    ? mustGit(cwd, ["ls-tree", "--name-only", `${commit}:${migrationsFolder}`]).split("\n")
    : readdirSync(join(cwd, migrationsFolder));
  return names.filter((name) => name.endsWith(".sql")).sort();
}

/**
 * The full commit id that `name` (a tag, a branch, a commit, `HEAD~2`) stands for in the clone at
 * `cwd`; `source` says where the name came from, for the message when the clone lacks it. Also
 * used by the pages benchmark for the release it measures against (`--before`).
 */
export function resolveCommit(cwd: string, name: string, source = name): string {
  const found = git(cwd, ["rev-parse", "--verify", "--quiet", `${name}^{commit}`]);
  if (!found.ok) {
    throw new PreviousReleaseError(
      `${source} names no commit of this clone. Fetch it (git fetch --tags, or git fetch --unshallow) or name a tag or commit it has.`,
    );
  }
  return found.out;
}

function chooseCommit(cwd: string, named: string | undefined): { commit: string; chosen: string } {
  if (!git(cwd, ["rev-parse", "--git-dir"]).ok) {
    throw new PreviousReleaseError(
      `${cwd} is not a git clone: the previous release is read from its history. Run from a clone of the repository.`,
    );
  }
  if (named) {
    const source = `PREVIOUS_RELEASE=${named}`;
    return { commit: resolveCommit(cwd, named, source), chosen: source };
  }
  if (mustGit(cwd, ["rev-parse", "--is-shallow-repository"]) === "true") {
    throw new PreviousReleaseError(
      "This clone is shallow (cloned with --depth): the commit before the newest migration may not be in it, and git cannot tell which commit added a migration. Fetch the whole history (git fetch --unshallow), or set PREVIOUS_RELEASE to a tag or commit this clone has.",
    );
  }
  const head = mustGit(cwd, ["rev-parse", "HEAD"]);
  const committed = new Set(migrationFiles(cwd, head));
  if (migrationFiles(cwd).some((name) => !committed.has(name))) {
    return { commit: head, chosen: "HEAD (the working tree has migrations not yet committed)" };
  }
  const added = mustGit(cwd, [
    "log",
    "--diff-filter=A",
    "--format=%H",
    "-1",
    "--",
    `${migrationsFolder}/*.sql`,
  ]);
  const parent = added ? git(cwd, ["rev-parse", "--verify", "--quiet", `${added}^`]) : undefined;
  if (!parent?.ok) {
    // No migration yet, or the first commit added it: there is no earlier release to break.
    return { commit: "", chosen: "none (no commit before the newest migration's)" };
  }
  return {
    commit: parent.out,
    chosen: `the commit before ${added.slice(0, 12)}, which added the newest migration`,
  };
}

/** The previous release of the checkout at `cwd`; `commit` is empty when there is none. */
export function previousRelease(
  cwd = process.cwd(),
  named = process.env.PREVIOUS_RELEASE || undefined,
): PreviousRelease {
  const { commit, chosen } = chooseCommit(cwd, named);
  const before = new Set(commit ? migrationFiles(cwd, commit) : []);
  return {
    commit,
    chosen,
    newMigrations: commit ? migrationFiles(cwd).filter((name) => !before.has(name)) : [],
  };
}

/** A file of the previous release, or undefined when it had none at that path. */
export function fileAt(cwd: string, commit: string, path: string): string | undefined {
  const result = spawnSync("git", ["show", `${commit}:${path}`], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return result.status === 0 ? result.stdout : undefined;
}
