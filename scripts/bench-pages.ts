// `npm run bench:pages`: the public pages before the islands and now, in the same run (decision
// 040). "Before" is an earlier commit (PRE_ISLANDS_COMMIT, or --before <git-ref>) built from
// `git archive` and kept between runs (scripts/release-checkout.ts); "after" is this checkout's
// build. Lighthouse (mobile, simulated slow 4G) runs N times per route on each, the two taking
// turns, so that a change in the machine's load falls on both; prints and writes a table of
// medians per route. A benchmark, not a test: it never fails on a number.
// Usage: npm run bench:pages [-- --runs 3] [-- --before <git-ref>] [-- --all | /path ...]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { englishPath, langOf } from "#app/lib/lang.ts";
import {
  belowFullMarks,
  inlineCss,
  type PageFacts,
  pageKind,
  parseBenchPagesArgs,
  type RouteResult,
  routeTable,
  type Sample,
  type Side,
  scriptLoads,
  summarise,
  summaryTable,
} from "#scripts/bench-pages-report.ts";
import {
  buildForBench,
  buildReleaseForBench,
  median,
  startBenchServer,
} from "#scripts/bench-server.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#scripts/chromium.ts";
import { resolveCommit } from "#scripts/previous-release.ts";
import type { RunningServer } from "#scripts/production-server.ts";

const options = parseBenchPagesArgs(process.argv.slice(2));
const { runs } = options;

// Fixed ports: SITE_URL is built into each build, and the before build is kept between runs for
// these settings.
const afterOrigin = "http://localhost:4173";
const beforeOrigin = "http://localhost:4174";
const buildDir = "build-bench";

const beforeCommit = resolveCommit(process.cwd(), options.before, `--before ${options.before}`);
const afterCommit = resolveCommit(process.cwd(), "HEAD");
const short = (commit: string) => commit.slice(0, 7);
const labels = { before: short(beforeCommit), after: `${short(afterCommit)}, this checkout` };
/** The name given and the commit it stands for, once when they are the same. */
const beforeName = beforeCommit.startsWith(options.before)
  ? labels.before
  : `${options.before} = ${labels.before}`;
const loadAtStart = loadavg();

console.log(`Building the before site (${beforeName}) for ${beforeOrigin} …`);
const before = await buildReleaseForBench(beforeCommit, beforeOrigin);
console.log(
  before.reused
    ? `  kept from an earlier run: ${before.dir}`
    : `  ${before.dir}: archive ${before.seconds.archive} s, dependencies ${before.seconds.install} s, build ${before.seconds.build} s`,
);
console.log(`Building ${buildDir}/ for ${afterOrigin} …`);
buildForBench(buildDir, afterOrigin);
// Every public route: the sitemap lists exactly those (a route test guarantees it).
const sitemap = readFileSync(join(buildDir, "client", "sitemap.xml"), "utf8");
const paths = options.all
  ? [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname)
  : options.paths;

interface Site {
  name: "before" | "after";
  origin: string;
  server: RunningServer;
}

const gzip = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

/** A file as the server sends it, uncompressed (fetch undoes the transfer's compression). */
async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

async function lighthouseRun(url: string): Promise<Sample & { benchmarkIndex: number }> {
  const profile = mkdtempSync(join(tmpdir(), "lh-profile-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, `--user-data-dir=${profile}`],
    userDataDir: false,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined;
    return {
      benchmarkIndex: lhr.environment.benchmarkIndex,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      si: value("speed-index"),
      scripts: scriptLoads(requests?.items ?? []),
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * A run, made again when Lighthouse could not measure the page (once in about fifty runs here):
 * a failed run's empty figures would otherwise enter the medians.
 */
async function measured(url: string): Promise<Awaited<ReturnType<typeof lighthouseRun>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  again: ${(error as Error).message}`);
    }
  }
}

/** The medians of a route's runs on one site, with the sizes read from its server. */
async function sideOf(site: Site, path: string, samples: Sample[]): Promise<Side> {
  const gzipped = new Map<string, number>();
  for (const url of new Set(samples.flatMap((sample) => sample.scripts.map((s) => s.url)))) {
    gzipped.set(url, gzip(await fetchText(url)));
  }
  const html = await fetchText(site.origin + path);
  const page: PageFacts = {
    htmlGz: gzip(html),
    cssGz: gzip(inlineCss(html)),
    kind: pageKind(html),
  };
  if (langOf(path) === "hi")
    page.englishHtmlGz = gzip(await fetchText(site.origin + englishPath(path)));
  return summarise(samples, gzipped, page);
}

const sites: Site[] = [];
const results: RouteResult[] = [];
/** Every run's figures, kept in the JSON so that a reader can see how far the median spreads. */
const runsByRoute: Record<string, Record<Site["name"], Sample[]>> = {};
/** Lighthouse's measure of this machine's CPU, per run: scores on a slower host read lower. */
const benchmarkIndexes: number[] = [];
try {
  sites.push({
    name: "before",
    origin: beforeOrigin,
    server: await startBenchServer(before.buildDir, 4174, beforeOrigin, before.dir),
  });
  sites.push({
    name: "after",
    origin: afterOrigin,
    server: await startBenchServer(buildDir, 4173, afterOrigin),
  });
  for (const path of paths) {
    const samples: Record<Site["name"], Sample[]> = { before: [], after: [] };
    for (let run = 0; run < runs; run++) {
      // Turn about, so that neither build always runs on a browser's first start after the other.
      const order = run % 2 ? [...sites].reverse() : sites;
      for (const site of order) {
        const { benchmarkIndex, ...sample } = await measured(site.origin + path);
        benchmarkIndexes.push(benchmarkIndex);
        samples[site.name].push(sample);
      }
    }
    runsByRoute[path] = samples;
    const [beforeSite, afterSite] = sites as [Site, Site];
    const result: RouteResult = {
      path,
      before: await sideOf(beforeSite, path, samples.before),
      after: await sideOf(afterSite, path, samples.after),
    };
    results.push(result);
    const brief = (side: Side) =>
      `JS ${(side.jsGz / 1024).toFixed(1)} KB gz, TBT ${Math.round(side.tbt)} ms, perf ${side.performance}`;
    console.log(`${path}: before ${brief(result.before)}; after ${brief(result.after)}`);
  }
} finally {
  await Promise.all(sites.map((site) => site.server.stop()));
}

const loadAtEnd = loadavg();
const load = (averages: number[]) => averages.map((value) => value.toFixed(2)).join(", ");
const misses = belowFullMarks(results);
const report = [
  `Before: ${beforeName}, built from git archive; after: ${labels.after}. Lighthouse ${runs}× per route on each, taking turns, mobile (simulated slow 4G, 4× CPU slowdown); medians. JS gz: the scripts the page loaded (Lighthouse's network records), each gzipped -9; JS transferred: the same as sent (brotli, with headers); inline scripts count in the HTML. HTML gz: the gzipped page; CSS gz: its inline stylesheet (part of the HTML); vs English twin: a Hindi page's against its English twin's.`,
  "",
  ...summaryTable(results),
  "",
  misses.length
    ? `Below 100 after: ${misses.join("; ")}.`
    : "Accessibility, best practices and SEO: 100 on every route after.",
  "",
  ...results.flatMap((result) => [...routeTable(result, labels), ""]),
  `This machine's CPU as Lighthouse measures it (benchmarkIndex, higher is faster): median ${Math.round(median(benchmarkIndexes))}, from ${Math.round(Math.min(...benchmarkIndexes))} to ${Math.round(Math.max(...benchmarkIndexes))} over ${benchmarkIndexes.length} runs. Load average (1, 5, 15 min): ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end.`,
].join("\n");
console.log(`\n${report}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/pages.md", `${report}\n`);
writeFileSync(
  "bench-results/pages.json",
  `${JSON.stringify({ before: labels.before, after: labels.after, runs, results, runsByRoute }, null, 2)}\n`,
);
console.log("\nWritten to bench-results/pages.md and bench-results/pages.json");
