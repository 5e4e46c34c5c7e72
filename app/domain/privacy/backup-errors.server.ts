// Errors of a backup or a restore in words that hold no row's data. A database error's message,
// detail and context quote the values it refused ("Failing row contains (…)", "invalid input
// syntax for type json … line 1: {…}"), Drizzle's message carries the query's parameters (a
// restore's are whole rows), and JSON.parse's message quotes the text it read: a failed restore
// printed a patient's name, phone, address and message to the terminal and its logs. So the
// database's errors are told by their SQLSTATE, class and constraint only.

/** The classes of SQLSTATE codes a backup or a restore can meet (PostgreSQL, Appendix A). */
const sqlstateClasses: Record<string, string> = {
  "08": "connection exception",
  "22": "data exception",
  "23": "integrity constraint violation",
  "25": "invalid transaction state",
  "40": "transaction rollback",
  "42": "syntax error or access rule violation",
  "53": "insufficient resources",
  "54": "program limit exceeded",
  "55": "object not in prerequisite state",
  "57": "operator intervention",
  "58": "system error",
  P0: "PL/pgSQL error",
  XX: "internal error",
};

/** SQLSTATE, class and constraint of a database error, wherever a driver or Drizzle wrapped it. */
export function databaseProblem(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, severity, constraint, cause } = current as {
      code?: unknown;
      severity?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    // The server's severity tells a SQLSTATE from a system error's code of five letters (EPIPE).
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string") {
      const words = [sqlstateClasses[code.slice(0, 2)] ?? "database error"];
      // A constraint's name is the schema's, not the data's.
      if (typeof constraint === "string" && constraint) words.push(`constraint ${constraint}`);
      return `SQLSTATE ${code} (${words.join(", ")})`;
    }
    current = cause;
  }
  return undefined;
}

/**
 * Any error in one line without a row's data, for the scripts' last resort: a database error by
 * its SQLSTATE; a system error (ENOSPC, EACCES…) as Node words it, with its path; anything else
 * by its kind and where it was thrown, its message withheld since it may quote a row.
 */
export function errorLine(error: unknown): string {
  const database = databaseProblem(error);
  if (database) return `the database answered ${database}.`;
  if (!(error instanceof Error)) return "an unexpected failure (details withheld).";
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (typeof code === "string" && typeof syscall === "string") return error.message;
  // The frames only: the stack begins with the message, which may span lines.
  const head = error.message ? `${error.name}: ${error.message}` : error.name;
  const frames = error.stack?.startsWith(head) ? error.stack.slice(head.length) : "";
  const frame = frames
    .split("\n")
    .find((line) => /^\s+at /.test(line))
    ?.trim();
  return `an unexpected ${error.name}${frame ? ` ${frame}` : ""} (its message is withheld: it may quote a row).`;
}
