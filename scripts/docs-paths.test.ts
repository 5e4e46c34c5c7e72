// Docs name files; when a file moves, the docs must follow. Every `path` in backticks under one
// of the project's folders must exist, and so must every file a Markdown link points to. A guide
// nobody can find is as good as missing: docs/README.md links every file in docs/, and the
// decisions' own index links every record.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const docsFiles = readdirSync("docs", { recursive: true, encoding: "utf8" })
  .map((name) => join("docs", name))
  .filter((path) => statSync(path).isFile());

const docs = ["README.md", ...docsFiles.filter((path) => path.endsWith(".md"))];

const pathInBackticks = /`((?:app|server|scripts|tests|docs|public|\.ci)\/[\w./+-]*)`/g;

/** The files a Markdown document links to, as paths from the project's folder. */
function linkedFrom(doc: string): string[] {
  const text = readFileSync(doc, "utf8");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith("#"))
    .map((target) => normalize(join(dirname(doc), decodeURI(target.replace(/#.*$/, "")))));
}

/**
 * A decision record that a later one changed or superseded says so on its Status line; it is
 * history, and may name files that the later change moved or removed.
 */
const changedLater = (doc: string, text: string) =>
  /^docs\/decisions\/\d{3}-/.test(doc) && /^Status:.*(changed by|superseded)/im.test(text);

describe("paths named in the docs", () => {
  it.each(docs)("%s names only files that exist", (doc) => {
    const text = readFileSync(doc, "utf8");
    const missing = [...text.matchAll(pathInBackticks)]
      .map((match) => match[1] ?? "")
      // `app/` and `tests/e2e/` style mentions name folders; a trailing `*` names a pattern.
      .map((path) => path.replace(/\*.*$/, ""))
      .filter((path) => !existsSync(path));
    expect(changedLater(doc, text) ? [] : missing).toEqual([]);
  });

  it.each(docs)("%s links only to files that exist", (doc) => {
    expect(linkedFrom(doc).filter((path) => !existsSync(path))).toEqual([]);
  });
});

describe("the docs' indexes", () => {
  const isRecord = (path: string) => /^docs\/decisions\/\d{3}-[\w-]+\.md$/.test(path);

  it("docs/README.md links every file in docs/ (decision records through their own index)", () => {
    const linked = new Set(linkedFrom("docs/README.md").map((path) => path.replace(/\/$/, "")));
    const unlinked = docsFiles
      .filter((path) => path !== "docs/README.md" && !isRecord(path))
      // A folder of pictures may be linked as the folder.
      .filter((path) => !(linked.has(dirname(path)) && /\.(png|jpe?g|webp|svg)$/.test(path)))
      .filter((path) => !linked.has(path));
    expect(unlinked).toEqual([]);
  });

  it("docs/decisions/README.md links every decision record", () => {
    const linked = new Set(linkedFrom("docs/decisions/README.md"));
    const records = docsFiles.filter(isRecord);
    expect(records.length).toBeGreaterThan(0);
    expect(
      records.filter((path) => !linked.has(path)).map((path) => relative("docs", path)),
    ).toEqual([]);
  });
});
