// `npm run bench:pages`: Lighthouse (mobile, simulated slow 4G) three times on every public
// route; prints and writes a table of medians. A benchmark, not a test: it never fails on a
// number. Usage: npm run bench:pages [-- --runs 3] [-- /path ...]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { englishPath, langOf } from "#app/lib/lang.ts";
import { buildForBench, median, startBenchServer } from "#scripts/bench-server.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#scripts/chromium.ts";

const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
const onlyPaths = args.filter((arg, index) => arg.startsWith("/") && args[index - 1] !== "--runs");

const port = 4173;
const origin = `http://localhost:${port}`;
const buildDir = "build-bench";

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * Gzipped sizes of what a prerendered page loads: its HTML, and the modules its deferred boot
 * script preloads plus the entry module it imports (see scripts/defer-hydration.ts). Styles are
 * inline in the HTML, so CSS counts the inline <style>.
 */
function gzippedAssets(path: string) {
  const page = join(buildDir, "client", path === "/" ? "" : path, "index.html");
  const html = readFileSync(page, "utf8");
  const preload = JSON.parse(/data-preload='([^']*)'/.exec(html)?.[1] ?? "[]") as string[];
  const entry = /import\("([^"]+)"\);/.exec(html)?.[1];
  const scripts = [...new Set([...preload, ...(entry ? [entry] : [])])];
  const css = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  return {
    js: scripts.reduce((sum, asset) => sum + gz(join(buildDir, "client", asset)), 0),
    css: gzipSync(css, { level: 9 }).length,
    html: gz(page),
  };
}

console.log(`Building ${buildDir}/ for ${origin} …`);
buildForBench(buildDir, origin);
// Every public route: the sitemap lists exactly those (a route test guarantees it).
const sitemap = readFileSync(join(buildDir, "client", "sitemap.xml"), "utf8");
const paths = onlyPaths.length
  ? onlyPaths
  : [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
const server = await startBenchServer(buildDir, port, origin);

interface Row {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsGz: number;
  cssGz: number;
  htmlGz: number;
}

const rows: Row[] = [];
/** Lighthouse's measure of this machine's CPU, per run: scores on a slower host read lower. */
const benchmarkIndexes: number[] = [];
try {
  for (const path of paths) {
    const samples: Omit<Row, "path" | "jsGz" | "cssGz" | "htmlGz">[] = [];
    for (let run = 0; run < runs; run++) {
      const profile = mkdtempSync(join(tmpdir(), "lh-profile-"));
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: [...CHROMIUM_ARGS, `--user-data-dir=${profile}`],
        userDataDir: false,
      });
      try {
        const result = await lighthouse(origin + path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          formFactor: "mobile",
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          fcp: value("first-contentful-paint"),
          lcp: value("largest-contentful-paint"),
          tbt: value("total-blocking-time"),
          cls: value("cumulative-layout-shift"),
          si: value("speed-index"),
        });
      } finally {
        await chrome.kill();
        rmSync(profile, { recursive: true, force: true });
      }
    }
    const pick = (key: keyof (typeof samples)[number]) => median(samples.map((s) => s[key]));
    const sizes = gzippedAssets(path);
    const row: Row = {
      path,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      fcp: pick("fcp"),
      lcp: pick("lcp"),
      tbt: pick("tbt"),
      cls: pick("cls"),
      si: pick("si"),
      jsGz: sizes.js,
      cssGz: sizes.css,
      htmlGz: sizes.html,
    };
    rows.push(row);
    console.log(
      `${path}: perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} LCP ${Math.round(row.lcp)} ms`,
    );
  }
} finally {
  await server.stop();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** A Hindi page's gzipped HTML beside its English twin's (the issue allows at most +25 %). */
const twinRatio = (row: Row) => {
  if (langOf(row.path) !== "hi") return "";
  const english = gzippedAssets(englishPath(row.path)).html;
  return `${row.htmlGz >= english ? "+" : ""}${(((row.htmlGz - english) / english) * 100).toFixed(1)} %`;
};
const table = [
  `Lighthouse ${runs}× per route, mobile (simulated slow 4G, 4× CPU slowdown); medians. JS: gzipped modules the page loads; CSS: gzipped inline stylesheet (part of the HTML); HTML: gzipped page; vs EN: a Hindi page's gzipped HTML against its English twin's.`,
  "",
  "| Route | Perf | A11y | Best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS gz KB | CSS gz KB | HTML gz KB | vs EN |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${Math.round(r.si)} | ${kb(r.jsGz)} | ${kb(r.cssGz)} | ${kb(r.htmlGz)} | ${twinRatio(r)} |`,
  ),
  "",
  `This machine's CPU as Lighthouse measures it (benchmarkIndex, higher is faster): median ${Math.round(median(benchmarkIndexes))}, from ${Math.round(Math.min(...benchmarkIndexes))} to ${Math.round(Math.max(...benchmarkIndexes))} over ${benchmarkIndexes.length} runs.`,
].join("\n");
console.log(`\n${table}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/pages.md", `${table}\n`);
writeFileSync("bench-results/pages.json", `${JSON.stringify(rows, null, 2)}\n`);
console.log("\nWritten to bench-results/pages.md and bench-results/pages.json");
