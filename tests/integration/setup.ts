// A console.error during a test is a failure unless the test expects it (STYLE.md): a test
// that expects one replaces this spy with its own.
import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

let consoleError: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = consoleError?.mock.calls ?? [];
  consoleError?.mockRestore();
  expect(calls, "console.error was called during the test").toEqual([]);
});
