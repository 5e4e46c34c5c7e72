// What counts as the database being busy (a 503 to try again) rather than a fault (a 500): the
// codes PostgreSQL gives when it refuses or loses a connection or resolves a deadlock, the pool's
// wait for a connection, and the gate's refusal while it is away, however wrapped.
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "#app/lib/database-availability.server.ts";
import { isDatabaseBusy } from "#app/lib/database-error.ts";

const pgError = (code: string) => Object.assign(new Error("from postgres"), { code });
const wrapped = (cause: unknown) => new Error("Failed query: insert into visits …", { cause });

describe("isDatabaseBusy", () => {
  it.each([
    ["too many clients already", pgError("53300")],
    ["shutting down", pgError("57P01")],
    ["starting up", pgError("57P03")],
    ["a connection lost", pgError("08006")],
    ["a deadlock", pgError("40P01")],
    ["a serialization failure", pgError("40001")],
    ["the pool's wait", new Error("timeout exceeded when trying to connect")],
    ["the database away", new DatabaseUnavailableError()],
  ])("is busy for %s, wrapped or not", (_name, error) => {
    expect(isDatabaseBusy(error)).toBe(true);
    expect(isDatabaseBusy(wrapped(error))).toBe(true);
  });

  it.each([
    ["an exclusion violation (a clash)", pgError("23P01")],
    ["a unique violation", pgError("23505")],
    ["a syntax error", pgError("42601")],
    ["an error of ours", new TypeError("undefined is not a function")],
  ])("is not busy for %s", (_name, error) => {
    expect(isDatabaseBusy(wrapped(error))).toBe(false);
  });
});
