// PGlite has no lock between processes: two on one folder would silently lose writes. The folder
// lock lets one process in, refuses the next with a clear message, and takes over a lock whose
// process has died. The other process here is a real one (open-data-dir.ts under `node`).
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { DataDirLockedError, openDatabase } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { appointments } from "#db/schema.ts";
import { freshPgliteFolder } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";
import { shortLivedNodeFlags } from "#tests/node-flags.ts";

const script = join(import.meta.dirname, "open-data-dir.ts");

type Report =
  | { opened: true; pid: number; lock: string; appointments: number }
  | { opened: false; name: string; message: string };

function startSecondProcess(dataDir: string, mode: "open" | "hold") {
  const child = spawn(process.execPath, [...shortLivedNodeFlags, script, dataDir, mode], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code));
  });
  /** The process's one line of report, once written. */
  const report = new Promise<Report>((resolve, reject) => {
    const check = () => {
      const line = stdout.split("\n")[0];
      if (stdout.includes("\n") && line) resolve(JSON.parse(line) as Report);
    };
    child.stdout.on("data", check);
    exited.then(
      () => reject(new Error(`the second process wrote no report:\n${stdout}\n${stderr}`)),
      reject,
    );
  });
  return { child, report, exited, stderr: () => stderr };
}

async function runSecondProcess(dataDir: string) {
  const run = startSecondProcess(dataDir, "open");
  const [report, exitCode] = await Promise.all([run.report, run.exited]);
  return { report, exitCode, stderr: run.stderr() };
}

/** The pid of a process that has exited (and so runs no more). */
/** The other process opened the folder (finding our one row), held it under its own pid, and let it go. */
function expectOpenedAndReleased(
  opened: Awaited<ReturnType<typeof runSecondProcess>>,
  lockFile: string,
) {
  expect(opened.report).toMatchObject({ opened: true, appointments: 1 });
  if (!opened.report.opened) throw new Error("not opened");
  expect(opened.report.lock).toBe(String(opened.report.pid));
  expect(opened.exitCode).toBe(0);
  expect(existsSync(lockFile)).toBe(false);
}

async function pidOfExitedProcess(): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  if (!child.pid) throw new Error("no pid");
  return child.pid;
}

// Each test starts real processes that open PGlite (seconds each on a busy 2-core machine): the
// budget is generous, so that only a lock that fails fails the test, never a slow machine.
describe("the PGlite folder lock", { timeout: 180_000 }, () => {
  /** A folder holding one request, stored once and copied for each test that needs one. */
  let withOneRequest = "";
  beforeAll(async () => {
    withOneRequest = freshPgliteFolder();
    const handle = await openDatabase({ dataDir: withOneRequest });
    try {
      await createAppointment(handle.db, appointmentInput(), staffMail);
    } finally {
      await handle.close();
    }
  });
  afterAll(() => rmSync(withOneRequest, { recursive: true, force: true }));

  /** A folder of this test's own: empty (migrated), or a copy of the one holding a request. */
  const folder = (holding: "nothing" | "one request") => {
    const dataDir =
      holding === "nothing" ? freshPgliteFolder() : mkdtempSync(join(tmpdir(), "physio-it-"));
    if (holding === "one request") cpSync(withOneRequest, dataDir, { recursive: true });
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    return { dataDir, lockFile: join(dataDir, "server.lock") };
  };

  it("refuses a second process while one holds the folder, and lets it in after close", async () => {
    const { dataDir, lockFile } = folder("nothing");
    const handle = await openDatabase({ dataDir });
    try {
      await createAppointment(handle.db, appointmentInput(), staffMail);
      expect(readFileSync(lockFile, "utf8")).toBe(`${process.pid}\n`);

      const refused = await runSecondProcess(dataDir);
      expect(refused.report).toEqual({
        opened: false,
        name: "DataDirLockedError",
        message: new DataDirLockedError(dataDir, process.pid).message,
      });
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toBe("");
      // The refused process left the lock and the data of the one holding the folder alone.
      expect(readFileSync(lockFile, "utf8")).toBe(`${process.pid}\n`);
      expect(await handle.db.$count(appointments)).toBe(1);
    } finally {
      await handle.close();
    }
    expect(existsSync(lockFile)).toBe(false);

    const opened = await runSecondProcess(dataDir);
    expectOpenedAndReleased(opened, lockFile);
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const { dataDir, lockFile } = folder("one request");
    const deadPid = await pidOfExitedProcess();
    writeFileSync(lockFile, `${deadPid}\n`);
    const opened = await runSecondProcess(dataDir);
    expectOpenedAndReleased(opened, lockFile);
  });

  it("refuses this process while another holds the folder, and takes over once it is killed", async () => {
    const { dataDir, lockFile } = folder("one request");
    const holder = startSecondProcess(dataDir, "hold");
    onTestFinished(() => {
      holder.child.kill("SIGKILL");
    });
    expect(await holder.report).toMatchObject({ opened: true, pid: holder.child.pid });

    const refusal = await openDatabase({ dataDir }).then(
      async (handle) => {
        await handle.close();
        return undefined;
      },
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(`(pid ${holder.child.pid})`);
    expect((refusal as Error).message).toContain(dataDir);

    holder.child.kill("SIGKILL");
    expect(await holder.exited).toBeNull();
    // Killed, it could not remove its lock: the next process takes it over.
    expect(readFileSync(lockFile, "utf8")).toBe(`${holder.child.pid}\n`);
    const handle = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockFile, "utf8")).toBe(`${process.pid}\n`);
      expect(await handle.db.$count(appointments)).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
