// The start of a short command on the database from the server's shell (npm run admin, db:backup,
// db:restore): its arguments read or its usage shown, then the server's own settings.
import { setFlagsFromString } from "node:v8";
import { type Env, getEnvOrExit } from "#app/config/env.server.ts";

/**
 * Reads the command's arguments with `parse`: `help` (or --help, -h) prints `usage` and exits 0,
 * arguments `parse` cannot read (undefined) print it as an error and exit 2.
 */
export function commandArguments<T>(usage: string, parse: (args: string[]) => T | undefined): T {
  const args = process.argv.slice(2);
  if (args[0] === "help" || args[0] === "--help" || args[0] === "-h") {
    console.log(usage);
    process.exit(0);
  }
  const parsed = parse(args);
  if (parsed === undefined) {
    console.error(usage);
    process.exit(2);
  }
  return parsed;
}

/** The settings, as the server reads them (a bad one ends the command saying which). */
export function databaseCommandSettings(): Env {
  const env = getEnvOrExit();
  // PGlite is a large WebAssembly module. V8 runs it first as its baseline compiler's code and
  // recompiles the busy functions in the background with its optimising compiler; a process that
  // exits waits for that to finish: about 2 s here, for a command that runs a few queries. With
  // an unreachable budget nothing is recompiled, and the command exits as soon as it is done.
  // Servers keep the default: they run long enough to gain from the optimised code.
  setFlagsFromString(`--wasm-tiering-budget=${2 ** 31 - 1}`);
  return env;
}
