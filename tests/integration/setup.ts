// A console.error during a test is a failure unless the test expects it (STYLE.md): a test
// that expects one replaces this spy with its own.
import { setFlagsFromString } from "node:v8";
import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

// A test file's PGlite lives seconds: V8's background tier-up of its WebAssembly (about 1.5 s of
// CPU for each database opened) would only compete with the tests, on two cores. The servers and
// the admin command keep their own settings (scripts/database-command.ts sets the same for theirs).
setFlagsFromString(`--wasm-tiering-budget=${2 ** 31 - 1}`);

let consoleError: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = consoleError?.mock.calls ?? [];
  consoleError?.mockRestore();
  expect(calls, "console.error was called during the test").toEqual([]);
});
