import { describe, expect, it } from "vitest";
import {
  belowFullMarks,
  change,
  DEFAULT_ROUTES,
  inlineCss,
  PRE_ISLANDS_COMMIT,
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

const sample = (overrides: Partial<Sample> = {}): Sample => ({
  performance: 90,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcp: 1000,
  lcp: 2000,
  tbt: 100,
  cls: 0,
  si: 1500,
  scripts: [],
  ...overrides,
});

const side = (overrides: Partial<Side> = {}): Side => ({
  ...sample(),
  jsCount: 2,
  jsWire: 2048,
  jsGz: 4096,
  htmlGz: 10240,
  cssGz: 5120,
  kind: "islands",
  ...overrides,
});

describe("parseBenchPagesArgs", () => {
  it("measures issue 31's four routes against the commit before the islands by default", () => {
    expect(parseBenchPagesArgs([])).toEqual({
      runs: 3,
      before: PRE_ISLANDS_COMMIT,
      all: false,
      paths: DEFAULT_ROUTES,
    });
    expect(DEFAULT_ROUTES).toEqual(["/", "/hi", "/post-surgery-physiotherapy-at-home", "/contact"]);
  });

  it("takes runs, another before, and paths in any order", () => {
    expect(
      parseBenchPagesArgs(["/about", "--runs", "5", "--before", "v1.2.0", "/hi/about"]),
    ).toEqual({
      runs: 5,
      before: "v1.2.0",
      all: false,
      paths: ["/about", "/hi/about"],
    });
    expect(parseBenchPagesArgs(["--all"])).toMatchObject({ all: true, paths: [] });
  });

  it("refuses what it would misread", () => {
    expect(() => parseBenchPagesArgs(["--runs", "0"])).toThrow("--runs");
    expect(() => parseBenchPagesArgs(["--runs", "two"])).toThrow("--runs");
    expect(() => parseBenchPagesArgs(["--before"])).toThrow("--before needs a value");
    expect(() => parseBenchPagesArgs(["--before", "--all"])).toThrow("--before needs a value");
    expect(() => parseBenchPagesArgs(["--all", "/hi"])).toThrow("not both");
    expect(() => parseBenchPagesArgs(["about"])).toThrow("unknown argument about");
  });
});

describe("scriptLoads", () => {
  it("keeps the scripts of Lighthouse's network records, with their bytes on the wire", () => {
    const items = [
      { url: "http://localhost:4173/", resourceType: "Document", transferSize: 9000 },
      {
        url: "http://localhost:4173/assets/islands-a1.js",
        resourceType: "Script",
        transferSize: 1200,
      },
      { url: "http://localhost:4173/favicon.ico", resourceType: "Other", transferSize: 300 },
      { url: "http://localhost:4173/assets/footer-year-b2.js", resourceType: "Script" },
    ];
    expect(scriptLoads(items)).toEqual([
      { url: "http://localhost:4173/assets/islands-a1.js", transferSize: 1200 },
      { url: "http://localhost:4173/assets/footer-year-b2.js", transferSize: 0 },
    ]);
  });
});

describe("pageKind", () => {
  it("tells the island boot script from React Router's runtime", () => {
    const islands =
      '<footer></footer><script type="application/json" id="island-data">{}</script><script data-boot="/assets/islands-Ab3_x.js">(function(src){})()</script></body>';
    expect(pageKind(islands)).toBe("islands");
    const reactRouter =
      '<script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/entry.client-x.js";</script>';
    expect(pageKind(reactRouter)).toBe("React Router");
    expect(pageKind("<p>Hello</p>")).toBe("no scripts");
  });

  it("reads the inline stylesheet", () => {
    expect(inlineCss('<head><style nonce="n">body{margin:0}</style></head>')).toBe(
      "body{margin:0}",
    );
    expect(inlineCss("<head></head>")).toBe("");
  });
});

describe("summarise", () => {
  const a = "http://localhost:4174/assets/a.js";
  const b = "http://localhost:4174/assets/b.js";
  const gzipped = new Map([
    [a, 1000],
    [b, 300],
  ]);
  const page = { htmlGz: 9000, cssGz: 4000, kind: "React Router" as const };

  it("takes each measure's median over the runs, and sums each run's scripts", () => {
    const result = summarise(
      [
        sample({ tbt: 300, performance: 80, scripts: [{ url: a, transferSize: 900 }] }),
        sample({
          tbt: 100,
          performance: 95,
          scripts: [
            { url: a, transferSize: 900 },
            { url: b, transferSize: 250 },
          ],
        }),
        sample({
          tbt: 200,
          performance: 90,
          scripts: [
            { url: a, transferSize: 910 },
            { url: b, transferSize: 260 },
          ],
        }),
      ],
      gzipped,
      page,
    );
    expect(result).toMatchObject({
      tbt: 200,
      performance: 90,
      jsCount: 2,
      jsWire: 1150,
      jsGz: 1300,
    });
    expect(result).toMatchObject(page);
  });

  it("fails rather than count a script it has no size for, or summarise no run", () => {
    const unknown = sample({ scripts: [{ url: "http://localhost:4174/c.js", transferSize: 1 }] });
    expect(() => summarise([unknown], gzipped, page)).toThrow("no gzipped size for");
    expect(() => summarise([], gzipped, page)).toThrow("no Lighthouse run");
  });
});

describe("change", () => {
  it("says a size or a time in per cent of before, and a score in points", () => {
    expect(change(130_000, 3_000, "%")).toBe("-98 %");
    expect(change(100, 125, "%")).toBe("+25 %");
    expect(change(100, 100, "%")).toBe("0 %");
    expect(change(0, 0, "%")).toBe("0 %");
    expect(change(0, 40, "%")).toBe("new");
    expect(change(72, 99, "points")).toBe("+27");
    expect(change(100, 98, "points")).toBe("-2");
    expect(change(100, 100, "points")).toBe("0");
  });
});

describe("tables", () => {
  const results: RouteResult[] = [
    {
      path: "/",
      before: side({ kind: "React Router", jsGz: 133_120, tbt: 420, performance: 78 }),
      after: side({ jsGz: 3_072, tbt: 0, performance: 99 }),
    },
    {
      path: "/hi",
      before: side({ kind: "React Router", englishHtmlGz: 10_000 }),
      after: side({ seo: 92, accessibility: 98, englishHtmlGz: 8_192 }),
    },
  ];

  it("puts before, after and the change on a line per measure", () => {
    const table = routeTable(results[0] as RouteResult, { before: "dc8501d", after: "347a01b" });
    expect(table.slice(0, 4)).toEqual([
      "### /",
      "",
      "| | Before (dc8501d) | After (347a01b) | Change |",
      "|---|---|---|---|",
    ]);
    expect(table).toContain("| Client code | React Router | islands |  |");
    expect(table).toContain("| JS gz KB | 130.0 | 3.0 | -98 % |");
    expect(table).toContain("| TBT ms | 420 | 0 | -100 % |");
    expect(table).toContain("| Performance | 78 | 99 | +21 |");
    expect(table.some((line) => line.startsWith("| HTML vs English twin"))).toBe(false);
  });

  it("compares a Hindi page's HTML with its English twin's", () => {
    const table = routeTable(results[1] as RouteResult, { before: "b", after: "a" });
    // 10,240 bytes against the twin's 10,000 before, and against 8,192 after.
    expect(table).toContain("| HTML vs English twin | +2 % | +25 % |  |");
  });

  it("sums up every route on a line, and names the scores below 100", () => {
    expect(summaryTable(results)).toEqual([
      "| Route | JS gz KB | TBT ms | Performance | A11y / best pr. / SEO after |",
      "|---|---|---|---|---|",
      "| / | 130.0 → 3.0 | 420 → 0 | 78 → 99 | 100 / 100 / 100 |",
      "| /hi | 4.0 → 4.0 | 100 → 100 | 90 → 90 | 98 / 100 / 92 |",
    ]);
    expect(belowFullMarks(results)).toEqual(["/hi (accessibility 98, SEO 92)"]);
  });
});
