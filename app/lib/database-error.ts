// The SQLSTATE of a database error, wherever the driver or the ORM wrapped it (drizzle puts the
// driver's error in `cause`; pg and PGlite both give `code` and `constraint`).

/** The SQLSTATE and constraint of a database error; empty when it is not one. */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
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
