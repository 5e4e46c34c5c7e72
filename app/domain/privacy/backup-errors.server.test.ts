// The scripts' last resort (errorLine) tells a failure without the row it was about: JSON's by
// its kind, a file system error as Node words it. (A database error, by its SQLSTATE: the
// integration tests, tests/integration/backup-damaged.test.ts and backup.test.ts, on real ones.)
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { errorLine } from "#app/domain/privacy/backup-errors.server.ts";

const row = '{"name":"Meera Kapoor","phone":"98111 22334","message":"Knee pain\u2028since"}';

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => expect.unreachable("it should have failed"),
    (error: unknown) => error,
  );
}

it("withholds the message of any other error, which may quote a row", async () => {
  const error = await failure(async () => JSON.parse(row.replace(':"Knee', ":Knee")));
  expect((error as Error).message).toContain("Knee pain");
  const line = errorLine(error);
  expect(line).toMatch(
    /^an unexpected SyntaxError at .* \(its message is withheld: it may quote a row\)\.$/,
  );
  expect(line).not.toMatch(/Meera|98111|Knee|\u2028/);
  expect(errorLine("Meera Kapoor")).toBe("an unexpected failure (details withheld).");
});

it("keeps a file system error's own words: what failed, and on which file", async () => {
  const error = await failure(() => readFile("/nonexistent/backups/2026-11-24T0930.jsonl.gz"));
  expect(errorLine(error)).toBe(
    "ENOENT: no such file or directory, open '/nonexistent/backups/2026-11-24T0930.jsonl.gz'",
  );
});

it("does not take a system error's five letters for a SQLSTATE", () => {
  let error: unknown;
  try {
    process.kill(2 ** 22 + 12_345, 0);
  } catch (failure) {
    error = failure;
  }
  expect(errorLine(error)).toBe("kill ESRCH");
});
