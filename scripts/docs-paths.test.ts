// Docs name files; when a file moves, the docs must follow. Every `path` in backticks under one
// of the project's folders must exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const docs = [
  "README.md",
  ...readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name)),
];

const pathInBackticks = /`((?:app|server|scripts|tests|docs|public|\.ci)\/[\w./+-]*)`/g;

describe("paths named in the docs", () => {
  it.each(docs)("%s names only files that exist", (doc) => {
    const text = readFileSync(doc, "utf8");
    const missing = [...text.matchAll(pathInBackticks)]
      .map((match) => match[1] ?? "")
      // `app/` and `tests/e2e/` style mentions name folders; a trailing `*` names a pattern.
      .map((path) => path.replace(/\*.*$/, ""))
      .filter((path) => !existsSync(path));
    expect(missing).toEqual([]);
  });
});
