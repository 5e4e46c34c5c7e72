// `npm run admin` as a person runs it: the real command in a process of its own, on a database
// of its own, the password piped on standard input. What it prints and how it exits, and what
// it stored, read afterwards as the server would.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, type TestContext } from "vitest";
import { type DatabaseHandle, DataDirLockedError, openDatabase } from "#app/db.server.ts";
import { createStaffAuth, hasRole } from "#app/domain/staff/auth.server.ts";
import { accounts, therapists, users } from "#db/schema.ts";
import { pinnedEnv } from "#scripts/production-server.ts";
import {
  createPostgresDatabase,
  databaseKinds,
  freshPgliteFolder,
} from "#tests/integration/databases.ts";
import { shortLivedNodeFlags } from "#tests/node-flags.ts";

const root = join(import.meta.dirname, "../..");
const script = join(root, "scripts/admin.ts");

// How long one run of the command may take before a test fails: 2 to 3 s on an idle 2-core
// machine, ten times that beside a browser test run and the other integration files (three runs
// side by side took 29 s in all at a load of 10); six runs one after the other took 59 s beside
// a CPU burner on one core, and gave out at 210 s (35 s a run) beside a busier one. The budget is
// generous so that only a command that hangs fails, never a machine that is busy (decision 029):
// each test gets one per run it makes, one after the other or side by side, and one more for its
// database.
const runBudgetMs = 60_000;
const budget = (runs: number) => (runs + 1) * runBudgetMs;

// Commands still running when a test gives up are ended with the file.
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/admin.ts <args>` with exactly these settings, `input` on standard input. */
function runAdmin(args: string[], settings: Record<string, string>, input = ""): Promise<Run> {
  const child = spawn(process.execPath, [...shortLivedNodeFlags, script, ...args], {
    cwd: root,
    env: pinnedEnv({ LOG_LEVEL: "silent", ...settings }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  // The command may exit before it reads (a refusal comes before the password is asked for).
  child.stdin.on("error", () => {});
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A refusal: exit 1, nothing on standard output, this one line on standard error. */
function expectRefused(run: Run, line: string) {
  expect(run).toEqual({ code: 1, stdout: "", stderr: `${line}\n` });
}

/** A database of its own for the command: its settings, and how to open it afterwards. */
async function commandDatabase(
  kind: (typeof databaseKinds)[number],
  { onTestFinished }: TestContext,
): Promise<{ settings: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const dataDir = freshPgliteFolder();
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  if (kind === "pglite") {
    return { settings: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
  }
  const database = await createPostgresDatabase();
  onTestFinished(database.drop);
  return {
    settings: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    open: () => openDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 1 }),
  };
}

// The tests mostly wait on the command's processes: side by side, on databases of their own.
describe.concurrent("npm run admin", () => {
  it.for(databaseKinds)(
    "creates an admin, lists, refuses a second account, revokes and refuses an unknown address (%s)",
    // Six runs one after the other, then the database opened to read what they stored.
    { timeout: budget(6) },
    async (kind, context) => {
      const { settings, open } = await commandDatabase(kind, context);
      const password = "typed pass 1";

      const created = await runAdmin(
        ["create", "Boss@Clinic.example"],
        settings,
        `${password}\nnot read\n`,
      );
      expect(created).toEqual({
        code: 0,
        stdout: "Created boss@clinic.example, confirmed, with the admin role.\n",
        stderr: "",
      });

      const listed = await runAdmin(["list"], settings);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(
        /^boss@clinic\.example {2}admin since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n$/,
      );

      expectRefused(
        await runAdmin(["create", "boss@clinic.example"], settings, "another pass 2\n"),
        "boss@clinic.example already has an account (grant gives it the role).",
      );

      expect(await runAdmin(["revoke", "BOSS@clinic.example"], settings)).toEqual({
        code: 0,
        stdout: "Revoked the admin role from boss@clinic.example.\n",
        stderr: "",
      });
      expect(await runAdmin(["list"], settings)).toEqual({
        code: 0,
        stdout: "No account has a role.\n",
        stderr: "",
      });
      expectRefused(
        await runAdmin(["grant", "nobody@clinic.example"], settings),
        "No account has the address nobody@clinic.example.",
      );

      // What is stored: one confirmed account, no longer an admin, whose password is a hash
      // that the typed password (and not the second create's) signs in with.
      const handle: DatabaseHandle = await open();
      try {
        const stored = await handle.db.select().from(users);
        expect(stored).toMatchObject([{ email: "boss@clinic.example", emailVerified: true }]);
        const [account] = await handle.db.select().from(accounts);
        expect(account?.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
        expect(account?.password).not.toContain(password);
        expect(await hasRole(handle.db, stored[0]?.id ?? "", "admin")).toBe(false);
        const staff = createStaffAuth(handle.db, {
          siteUrl: "http://localhost:3000",
          secret: "s".repeat(32),
          signUp: "closed",
          sessionIdleHours: 1,
          sendAccountLink: async () => {},
        });
        const asker = { clientAddress: "203.0.113.9" };
        expect(await staff.signIn("boss@clinic.example", password, asker)).toMatchObject({
          ok: true,
        });
        expect(await staff.signIn("boss@clinic.example", "another pass 2", asker)).toMatchObject({
          ok: false,
        });
      } finally {
        await handle.close();
      }
    },
  );

  // On PGlite only: what the command prints is the same on both databases, and what the role's
  // grant and revoke store (the profile made, kept inactive) is roles.test.ts's, on both; the
  // command on PostgreSQL is the test above. Six runs fewer (about 9 CPU seconds, 2026-11-27).
  it("grants and revokes the therapist role beside admin, and lists both (pglite)", {
    timeout: budget(6),
  }, async (context) => {
    const { settings, open } = await commandDatabase("pglite", context);
    const created = await runAdmin(["create", "asha@clinic.example"], settings, "typed pass 1\n");
    expect(created.code).toBe(0);

    expect(await runAdmin(["grant", "Asha@clinic.example", "therapist"], settings)).toEqual({
      code: 0,
      stdout:
        "Granted the therapist role to asha@clinic.example (their profile is at /admin/therapists).\n",
      stderr: "",
    });
    expect(await runAdmin(["grant", "asha@clinic.example"], settings)).toEqual({
      code: 0,
      stdout: "asha@clinic.example already has the admin role.\n",
      stderr: "",
    });
    const listed = await runAdmin(["list"], settings);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /^asha@clinic\.example {2}admin since \d{4}-[\d-]+T[\d:.]+Z, therapist since \d{4}-[\d-]+T[\d:.]+Z\n$/,
    );
    expect(await runAdmin(["revoke", "asha@clinic.example", "therapist"], settings)).toEqual({
      code: 0,
      stdout:
        "Revoked the therapist role from asha@clinic.example (their profile is kept, inactive; their calendar link no longer opens).\n",
      stderr: "",
    });
    expect(await runAdmin(["revoke", "asha@clinic.example", "therapist"], settings)).toEqual({
      code: 0,
      stdout: "asha@clinic.example does not have the therapist role: nothing changed.\n",
      stderr: "",
    });

    // Still an admin; the profile made by the grant is kept, inactive, named after the account.
    const handle: DatabaseHandle = await open();
    try {
      const [user] = await handle.db.select().from(users);
      expect(await hasRole(handle.db, user?.id ?? "", "admin")).toBe(true);
      expect(await hasRole(handle.db, user?.id ?? "", "therapist")).toBe(false);
      expect(await handle.db.select().from(therapists)).toMatchObject([
        { userId: user?.id, displayName: "asha", active: false },
      ]);
    } finally {
      await handle.close();
    }
  });

  it("says the PGlite folder is in use while another process holds it", {
    timeout: budget(1),
  }, async ({ onTestFinished }) => {
    const dataDir = freshPgliteFolder();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const handle = await openDatabase({ dataDir });
    try {
      expectRefused(
        await runAdmin(["list"], { DATA_DIR: dataDir }),
        new DataDirLockedError(dataDir, process.pid).message,
      );
    } finally {
      await handle.close();
    }
  });

  it("prints its usage and exits 2 on bad arguments, without opening the database", {
    timeout: budget(5),
  }, async () => {
    const dataDir = join(tmpdir(), `physio-admin-unused-${process.pid}`);
    const runs = await Promise.all(
      [
        [],
        ["grant"],
        ["promote", "boss@clinic.example"],
        ["grant", "boss@clinic.example", "owner"],
        ["create", "boss@clinic.example", "therapist"],
      ].map((args) => runAdmin(args, { DATA_DIR: dataDir })),
    );
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(/^Usage: npm run admin -- <command>\n/);
    }
    expect(existsSync(dataDir)).toBe(false);
  });
});
