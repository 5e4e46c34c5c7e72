// The SQLSTATE of a database error, wherever the driver or the ORM wrapped it (drizzle puts the
// driver's error in `cause`; pg and PGlite both give `code` and `constraint`).

/** The SQLSTATE and constraint of a database error; empty when it is not one. */
function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 10; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return {};
}

/** An exclusion constraint refused the row (23P01), as `visits_no_double_booking` does. */
export const isExclusionViolation = (error: unknown, constraint: string) => {
  const found = databaseErrorOf(error);
  return (
    found.code === "23P01" && (found.constraint === undefined || found.constraint === constraint)
  );
};

/**
 * The database could not do it just now, through no fault of the request: it is away
 * (DatabaseUnavailableError), refuses connections (too many clients: 53300; shutting down or
 * starting: 57P01–57P03), lost the connection (class 08), or found a deadlock or a conflict that
 * a retry resolves (40P01, 40001); or the pool had no connection free in time. The answer is a
 * 503 saying to try again, never a 500.
 */
export function isDatabaseBusy(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 10; depth++) {
    const { code, name, message } = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
    };
    if (name === "DatabaseUnavailableError") return true;
    if (typeof code === "string" && busyCodes.test(code)) return true;
    if (message === "timeout exceeded when trying to connect") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const busyCodes = /^(53300|57P0[123]|08[0-9A-Z]{3}|40P01|40001|DATABASE_UNAVAILABLE)$/;
