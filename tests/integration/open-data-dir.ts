// A second process on a PGlite folder, for data-dir-lock.test.ts (run with `node`, not Vitest):
//   node open-data-dir.ts <dataDir> open   opens the folder, reports, closes, exits
//   node open-data-dir.ts <dataDir> hold   opens the folder, reports, and waits to be killed
// It writes one JSON line: { opened: true, pid, lock, appointments } or { opened: false, name, message }.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDatabase } from "#app/db.server.ts";
import { appointments } from "#db/schema.ts";

const [dataDir = "", mode = "open"] = process.argv.slice(2);
const migrationsFolder = resolve(import.meta.dirname, "../../db/migrations");

try {
  const handle = await openDatabase({ dataDir, migrationsFolder });
  const lock = readFileSync(join(dataDir, "server.lock"), "utf8").trim();
  const count = await handle.db.$count(appointments);
  process.stdout.write(
    `${JSON.stringify({ opened: true, pid: process.pid, lock, appointments: count })}\n`,
  );
  if (mode === "hold") setInterval(() => {}, 60_000);
  else await handle.close();
} catch (error) {
  const { name, message } = error as Error;
  process.stdout.write(`${JSON.stringify({ opened: false, name, message })}\n`);
  process.exitCode = 1;
}
