// The pages benchmark's arithmetic and tables (scripts/bench-pages.ts runs Lighthouse): kept apart
// from the run so that a wrong median, sum or sign is caught by a unit test rather than by a
// reader comparing figures in docs/performance.md.
import { median } from "#scripts/bench-server.ts";

/**
 * The site as it was before the islands (decision 040): the last commit before public pages were
 * served without React Router's client runtime. `--before <git-ref>` measures against another.
 */
export const PRE_ISLANDS_COMMIT = "dc8501d";

/** Decision 040's routes: the home page, its Hindi twin, a service page and the contact form. */
export const DEFAULT_ROUTES = ["/", "/hi", "/post-surgery-physiotherapy-at-home", "/contact"];

export interface BenchPagesOptions {
  runs: number;
  before: string;
  /** Every route of the sitemap rather than `paths`. */
  all: boolean;
  paths: string[];
}

/** `[--runs N] [--before <git-ref>] [--all] [/path ...]`; throws on anything else. */
export function parseBenchPagesArgs(args: string[]): BenchPagesOptions {
  const options: BenchPagesOptions = { runs: 3, before: PRE_ISLANDS_COMMIT, all: false, paths: [] };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    const value = () => {
      const next = args[++index];
      if (next === undefined || next.startsWith("--")) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--runs") {
      const runs = Number(value());
      if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs needs a whole number ≥ 1");
      options.runs = runs;
    } else if (arg === "--before") options.before = value();
    else if (arg === "--all") options.all = true;
    else if (arg.startsWith("/")) options.paths.push(arg);
    else
      throw new Error(
        `unknown argument ${arg}: [--runs N] [--before <git-ref>] [--all] [/path ...]`,
      );
  }
  if (options.all && options.paths.length) throw new Error("--all or paths, not both");
  if (!options.all && !options.paths.length) options.paths = [...DEFAULT_ROUTES];
  return options;
}

/** A script the page loaded, as Lighthouse's network records have it. */
export interface ScriptLoad {
  url: string;
  /** Bytes on the wire: the compressed body (brotli from this server) and the headers. */
  transferSize: number;
}

/**
 * The scripts among the items of Lighthouse's `network-requests` audit: what the page really
 * loads, deferred chunks and islands included, whatever its HTML names. Inline scripts are part
 * of the HTML and not counted here.
 */
export function scriptLoads(items: unknown[]): ScriptLoad[] {
  return items.flatMap((item) => {
    const record = item as { url?: unknown; resourceType?: unknown; transferSize?: unknown };
    return record.resourceType === "Script" && typeof record.url === "string"
      ? [{ url: record.url, transferSize: Number(record.transferSize) || 0 }]
      : [];
  });
}

/** Lighthouse's scores and timings: one run's, or the medians of a route's runs. */
interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

/** What one Lighthouse run measured. */
export interface Sample extends Scores {
  scripts: ScriptLoad[];
}

export type PageKind = "islands" | "React Router" | "no scripts";

/** The page's inline stylesheet (Tailwind's, inline in every page). */
export const inlineCss = (html: string) => /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

/** Which client code a page's HTML starts: the island boot script, or React Router's runtime. */
export function pageKind(html: string): PageKind {
  if (html.includes("__reactRouterContext")) return "React Router";
  if (/<script data-boot="\/assets\/islands-[^"]+\.js"/.test(html)) {
    return "islands";
  }
  return "no scripts";
}

/** What a page's HTML tells, read once rather than per run. */
export interface PageFacts {
  htmlGz: number;
  cssGz: number;
  englishHtmlGz?: number;
  kind: PageKind;
}

/** One route on one build: medians over its runs. */
export interface Side extends Scores {
  /** Scripts loaded, their bytes on the wire, and the same files gzipped (-9), as the docs count. */
  jsCount: number;
  jsWire: number;
  jsGz: number;
  htmlGz: number;
  /** Its inline stylesheet gzipped (part of the HTML: styles are inline in every page). */
  cssGz: number;
  /** For a Hindi page: its English twin's gzipped HTML. */
  englishHtmlGz?: number;
  kind: PageKind;
}

/**
 * The medians of a route's runs on one build. `gzipped` has the gzipped size of every script
 * URL the runs loaded (fetched once each).
 */
export function summarise(samples: Sample[], gzipped: Map<string, number>, page: PageFacts): Side {
  if (!samples.length) throw new Error("no Lighthouse run to summarise");
  const pick = (key: Exclude<keyof Sample, "scripts">) => median(samples.map((s) => s[key]));
  const perRun = (count: (script: ScriptLoad) => number) =>
    median(samples.map((s) => s.scripts.reduce((sum, script) => sum + count(script), 0)));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    fcp: pick("fcp"),
    lcp: pick("lcp"),
    tbt: pick("tbt"),
    cls: pick("cls"),
    si: pick("si"),
    jsCount: perRun(() => 1),
    jsWire: perRun((script) => script.transferSize),
    jsGz: perRun((script) => {
      const size = gzipped.get(script.url);
      if (size === undefined) throw new Error(`no gzipped size for ${script.url}`);
      return size;
    }),
    ...page,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => String(Math.round(value));

/** The change from `before` to `after` in per cent of `before` ("-97 %"), or in points. */
export function change(before: number, after: number, unit: "%" | "points"): string {
  if (unit === "points") {
    const difference = Math.round(after - before);
    return difference > 0 ? `+${difference}` : String(difference);
  }
  if (before === 0) return after === 0 ? "0 %" : "new";
  const percent = Math.round(((after - before) / before) * 100);
  return `${percent > 0 ? "+" : ""}${percent} %`;
}

/** A Hindi page's gzipped HTML against its English twin's (the issue allows at most +25 %). */
const twin = (side: Side) =>
  side.englishHtmlGz === undefined ? "" : change(side.englishHtmlGz, side.htmlGz, "%");

export interface RouteResult {
  path: string;
  before: Side;
  after: Side;
}

/** The measures of a side that are always a number (not the Hindi page's English twin). */
type Measure = { [K in keyof Side]-?: Side[K] extends number ? K : never }[keyof Side];

/** One route's table: a line per measure, before, after and the change. */
export function routeTable(result: RouteResult, labels: { before: string; after: string }) {
  const { before, after } = result;
  const line = (name: string, show: (side: Side) => string, difference: string) =>
    `| ${name} | ${show(before)} | ${show(after)} | ${difference} |`;
  /** A measure's line: its value on each side, shown by `show`, and the change in `unit`. */
  const measure = (
    name: string,
    key: Measure,
    show: (value: number) => string,
    unit: "%" | "points",
  ) => line(name, (side) => show(side[key]), change(before[key], after[key], unit));
  const lines = [
    `### ${result.path}`,
    "",
    `| | Before (${labels.before}) | After (${labels.after}) | Change |`,
    "|---|---|---|---|",
    line("Client code", (s) => s.kind, ""),
    measure("JS gz KB", "jsGz", kb, "%"),
    measure("JS transferred KB", "jsWire", kb, "%"),
    measure("Scripts loaded", "jsCount", String, "points"),
    measure("TBT ms", "tbt", ms, "%"),
    measure("Performance", "performance", String, "points"),
    measure("FCP ms", "fcp", ms, "%"),
    measure("LCP ms", "lcp", ms, "%"),
    measure("Speed index ms", "si", ms, "%"),
    line("CLS", (s) => s.cls.toFixed(3), ""),
    measure("Accessibility", "accessibility", String, "points"),
    measure("Best practices", "bestPractices", String, "points"),
    measure("SEO", "seo", String, "points"),
    measure("HTML gz KB", "htmlGz", kb, "%"),
    measure("CSS gz KB (inline)", "cssGz", kb, "%"),
  ];
  if (after.englishHtmlGz !== undefined) lines.push(line("HTML vs English twin", twin, ""));
  return lines;
}

/** Every route on a line: the issue's three figures before → after. */
export function summaryTable(results: RouteResult[]): string[] {
  const arrow = (before: string, after: string) => `${before} → ${after}`;
  return [
    "| Route | JS gz KB | TBT ms | Performance | A11y / best pr. / SEO after |",
    "|---|---|---|---|---|",
    ...results.map(
      ({ path, before, after }) =>
        `| ${path} | ${arrow(kb(before.jsGz), kb(after.jsGz))} | ${arrow(ms(before.tbt), ms(after.tbt))} | ${arrow(String(before.performance), String(after.performance))} | ${after.accessibility} / ${after.bestPractices} / ${after.seo} |`,
    ),
  ];
}

/** The routes whose accessibility, best practices or SEO is below 100 after (the issue keeps them at 100). */
export function belowFullMarks(results: RouteResult[]): string[] {
  return results.flatMap(({ path, after }) => {
    const low = [
      ["accessibility", after.accessibility],
      ["best practices", after.bestPractices],
      ["SEO", after.seo],
    ].filter(([, score]) => Number(score) < 100);
    return low.length
      ? [`${path} (${low.map(([name, score]) => `${name} ${score}`).join(", ")})`]
      : [];
  });
}
