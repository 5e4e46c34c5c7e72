import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The layers of docs/architecture.md and what each may import (decision 028). A module imports
 * from its own layer and the layers below it, never from one above; the few exceptions are named
 * here and in the record. Tests are left out: like `server/` and `scripts/`, a test may import
 * any layer.
 */
const layers = [
  "database",
  "content",
  "helpers",
  "domain",
  "wiring",
  "components",
  "routes",
] as const;
type Layer = (typeof layers)[number];

const mayImport: Record<Layer, readonly Layer[]> = {
  database: ["database"],
  content: ["content"],
  helpers: ["helpers", "content", "database"],
  domain: ["domain", "helpers", "content", "database"],
  wiring: ["wiring", "domain", "helpers", "content", "database"],
  components: ["components", "domain", "helpers", "content"],
  routes: [...layers],
};

/** Upward imports kept on purpose, each with its reason in decision 028. */
const exceptions: ReadonlyArray<readonly [from: string, to: string]> = [
  // The languages and their localised paths, which the content's records are keyed by.
  ["app/content/localized.ts", "app/lib/lang.ts"],
  ["app/content/navigation.ts", "app/lib/lang.ts"],
  ["app/content/public-routes.ts", "app/lib/lang.ts"],
  ["app/content/testimonials.ts", "app/lib/lang.ts"],
  // A staff session and a staff download reach the services through a request's context.
  ["app/domain/staff/staff-session.server.ts", "app/services.server.ts"],
  ["app/domain/staff/staff-download.server.ts", "app/services.server.ts"],
];

function layerOf(path: string): Layer | "outside" {
  if (path.startsWith("db/")) return "database";
  if (path.startsWith("app/content/")) return "content";
  if (path.startsWith("app/lib/") || path.startsWith("app/config/")) return "helpers";
  if (path === "app/db.server.ts") return "helpers";
  if (path.startsWith("app/domain/")) return "domain";
  if (path === "app/services.server.ts") return "wiring";
  if (path.startsWith("app/components/")) return "components";
  if (path.startsWith("app/")) return "routes"; // app/routes/, root.tsx, entry.server.tsx, routes.ts
  return "outside"; // server/, scripts/, tests/: they start the app; nothing in it imports them
}

/** Every import of `source` that goes to a layer its file may not import. */
function upwardImports(file: string, source: string): string[] {
  const from = layerOf(file);
  const found: string[] = [];
  for (const [, target] of source.matchAll(/["'`]#((?:app|db|server|scripts|tests)\/[^"'`?]+)/g)) {
    if (!target) continue;
    const to = layerOf(target);
    const allowed = from !== "outside" && to !== "outside" && mayImport[from].includes(to);
    const excepted = exceptions.some(([a, b]) => a === file && b === target);
    if (!allowed && !excepted) found.push(`${file} (${from}) → ${target} (${to})`);
  }
  return found;
}

/**
 * Browser code (decision 040): the islands' modules, and every module they import in turn, run
 * in the browser alone, so none of them may import server code: a `*.server.ts` module (the
 * database's opener and the services' wiring among them) or `db/`. `imports` gives a module's
 * imports; an import of types only is left out, as the bundler leaves it out.
 */
function serverImportsOfIslands(
  files: readonly string[],
  imports: (file: string) => string[],
): { found: string[]; reached: Set<string> } {
  const isServer = (path: string) => /\.server\.tsx?$/.test(path) || path.startsWith("db/");
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = files
    .filter((file) => file.startsWith("app/islands/"))
    .map((file) => ({ file, via: [file] }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (seen.has(next.file)) continue;
    seen.add(next.file);
    for (const target of imports(next.file)) {
      const via = [...next.via, target];
      if (isServer(target)) found.push(via.join(" → "));
      else if (target.startsWith("app/")) queue.push({ file: target, via });
    }
  }
  return { found, reached: seen };
}

/** The `#app/…` and `#db/…` modules `source` imports, but those it imports types only from. */
function runtimeImports(source: string): string[] {
  const typesOnly = /^\s*(?:import|export)\s+type\s[^;]*?from\s*["'`]#[^"'`]+["'`]/gm;
  return [...source.replace(typesOnly, "").matchAll(/["'`]#((?:app|db)\/[^"'`?]+)/g)].flatMap(
    ([, target]) => (target ? [target] : []),
  );
}

const root = join(import.meta.dirname, "..");
function modules(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .map((name) => relative(root, join(root, folder, name)).replaceAll("\\", "/"))
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
    .filter((path) => !path.includes("/+types/"));
}

describe("layers", () => {
  test("no module of app/ or db/ imports from a layer above its own, but the named exceptions", () => {
    const files = [...modules("app"), ...modules("db")];
    expect(files.length).toBeGreaterThan(150);
    const found = files.flatMap((file) =>
      upwardImports(file, readFileSync(join(root, file), "utf8")),
    );
    expect(found).toEqual([]);
  });

  test("no module of app/islands/, nor any it imports, imports server code", () => {
    const files = modules("app");
    expect(files.filter((file) => file.startsWith("app/islands/")).length).toBeGreaterThan(5);
    const imports = (file: string) =>
      files.includes(file) ? runtimeImports(readFileSync(join(root, file), "utf8")) : [];
    const { found, reached } = serverImportsOfIslands(files, imports);
    expect(found).toEqual([]);
    // It follows the imports: the header's behaviour and the form's schema are browser code too.
    expect(reached).toContain("app/components/site-header-behaviour.ts");
    expect(reached).toContain("app/domain/appointments/appointment-form.ts");
  });

  test("finds server code an island imports, directly or through another module", () => {
    const sources: Record<string, string> = {
      "app/islands/direct.ts": 'import { x } from "#app/domain/mail/mail.server.ts";',
      "app/islands/wiring.ts": 'const { services } = await import("#app/services.server.ts");',
      "app/islands/opener.ts": 'export { openDatabase } from "#app/db.server.ts";',
      "app/islands/schema.ts": 'import { appointments } from "#db/schema.ts";',
      "app/islands/through.ts": 'import { x } from "#app/components/helper.ts";',
      "app/components/helper.ts": 'import { y } from "#app/lib/thing.server.ts";',
      "app/islands/types.ts": 'import type { Services } from "#app/services.server.ts";',
      "app/islands/fine.ts": 'import { z } from "#app/lib/fill-text.ts";',
    };
    const { found } = serverImportsOfIslands(Object.keys(sources), (file) =>
      runtimeImports(sources[file] ?? ""),
    );
    expect(found.sort()).toEqual([
      "app/islands/direct.ts → app/domain/mail/mail.server.ts",
      "app/islands/opener.ts → app/db.server.ts",
      "app/islands/schema.ts → db/schema.ts",
      "app/islands/through.ts → app/components/helper.ts → app/lib/thing.server.ts",
      "app/islands/wiring.ts → app/services.server.ts",
    ]);
  });

  test("each named exception is still needed", () => {
    const unused = exceptions.filter(
      ([file, target]) => !readFileSync(join(root, file), "utf8").includes(`"#${target}"`),
    );
    expect(unused).toEqual([]);
  });

  test("finds an upward import of every kind the rule forbids", () => {
    const cases: Array<[file: string, source: string]> = [
      ["db/schema.ts", 'import { x } from "#app/lib/dates.ts";'],
      ["app/content/home.ts", 'import { x } from "#app/domain/areas/areas.ts";'],
      ["app/lib/dates.ts", 'export { x } from "#app/domain/appointments/store.server.ts";'],
      ["app/domain/outbox/outbox.server.ts", 'import { x } from "#app/services.server.ts";'],
      ["app/domain/privacy/erase.server.ts", 'await import("#app/components/toasts.tsx");'],
      [
        "app/components/toasts.tsx",
        'import type { Route } from "#app/routes/admin/requests/admin.tsx";',
      ],
      ["app/components/toasts.tsx", 'import { services } from "#app/services.server.ts";'],
      ["app/routes/admin/requests/admin.tsx", 'import { x } from "#server/app.ts";'],
    ];
    for (const [file, source] of cases) expect(upwardImports(file, source), file).toHaveLength(1);
    expect(
      upwardImports(
        "app/routes/admin/requests/admin.tsx",
        'import { x } from "#app/services.server.ts";',
      ),
    ).toEqual([]);
    expect(
      upwardImports("app/content/navigation.ts", 'import { x } from "#app/lib/lang.ts";'),
    ).toEqual([]);
  });
});
