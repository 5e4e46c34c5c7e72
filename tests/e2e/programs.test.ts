// The programs a developer runs, end to end: `npm start` (settings from the env file, rebuilds)
// and `npm run dev` (the same request handler as production). In one file, so they run one
// after the other: a build and the development server both rewrite .react-router/types.
//
// The build `npm start` makes here is also the run's build with analytics ids: the env file names
// two, and the tests of analytics with ids (analytics.ts) run against the server it started.
// One build fewer in the run (a build is about 19 CPU seconds alone, 2026-11-27).
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startNodeServer } from "#scripts/production-server.ts";
import { analyticsWithIds } from "#tests/e2e/analytics.ts";
import { analyticsIds, dataTemplate, readOnlyServer, testSite } from "#tests/e2e/sites.ts";

// Settings come from one place for every program: the `.env` file (here one named by ENV_FILE,
// as a developer's own `.env` must never leak into a test) under the process's variables.
// `npm start` (scripts/start.ts) builds with it, serves with it, and builds again when it changes.
const buildDir = "build-env-file";
const envFile = join(tmpdir(), `env-file-test-${process.pid}.env`);
const running: RunningServer[] = [];

function writeEnvFile(name: string) {
  writeFileSync(
    envFile,
    `# as a person would write it\nBUSINESS_NAME="${name}"\nBUILD_DIR=${buildDir}\nBUSINESS_PHONE=+91 98110 12345\nGA_MEASUREMENT_ID=${analyticsIds[0]}\nGA_MEASUREMENT_ID_SECONDARY=${analyticsIds[1]}\n`,
  );
}

async function npmStart(): Promise<RunningServer> {
  const server = await startNodeServer(
    ["scripts/start.ts"],
    { ENV_FILE: envFile },
    // A build first when there is none: ~70 s beside a CPU burner (decision 029).
    {
      timeoutMs: 300_000,
      dataTemplate,
    },
  );
  running.push(server);
  return server;
}

async function namesOnPages(url: string) {
  const about = parse(await (await fetch(`${url}/about`)).text());
  const notFound = await fetch(`${url}/no-such-page`);
  const missing = parse(await notFound.text());
  return {
    aboutTitle: about.querySelector("title")?.textContent,
    aboutHeader: about.querySelector("header a")?.textContent,
    aboutPhone: about.querySelector('footer a[href^="tel:"]')?.getAttribute("href"),
    notFoundStatus: notFound.status,
    notFoundHeader: missing.querySelector("header a")?.textContent,
    notFoundFooter: missing.querySelector("footer")?.textContent ?? "",
  };
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  rmSync(envFile, { force: true });
  rmSync(buildDir, { recursive: true, force: true });
});

describe("npm start with an env file", () => {
  // The first start: it builds, and serves what it built. One build and two servers: a minute or
  // two on a busy machine, which only a hang should exceed (decision 029). It starts from a copy
  // of the browser tests' own build, made with other settings: `npm start` must see that and
  // build again. (With no build at all it builds the same way; that it tells the two apart is
  // `buildProblem`'s unit test, server/build-stamp.test.ts.)
  let built: RunningServer | undefined;
  beforeAll(async () => {
    rmSync(buildDir, { recursive: true, force: true });
    cpSync(testSite.buildDir, buildDir, { recursive: true });
    writeEnvFile("Env File Physio");
    built = await npmStart();
  }, 600_000);
  const builtUrl = () => {
    if (!built) throw new Error("npm start is started in beforeAll");
    return built.url;
  };

  it("builds with its values when the build was made with others, and serves them on prerendered and per-request pages alike", async () => {
    expect(built?.output()).toContain("other business, analytics or privacy-period settings");
    expect(built?.output()).toContain("Building…");
    const pages = await namesOnPages(builtUrl());
    expect(pages).toMatchObject({
      aboutTitle: expect.stringMatching(/^About Us \| .+ \| Env File Physio$/),
      aboutHeader: "Env File Physio",
      aboutPhone: "tel:+919811012345",
      notFoundStatus: 404,
      notFoundHeader: "Env File Physio",
    });
    expect(pages.notFoundFooter).toContain("Env File Physio");
    const stamp = JSON.parse(readFileSync(join(buildDir, "stamp.json"), "utf8"));
    expect(stamp.settings).not.toBe(
      JSON.parse(readFileSync(join(testSite.buildDir, "stamp.json"), "utf8")).settings,
    );
  });

  it("serves as built when nothing changed", { timeout: 300_000 }, async () => {
    const server = await npmStart();
    expect(server.output()).not.toContain("Building…");
    expect((await namesOnPages(server.url)).aboutHeader).toBe("Env File Physio");
  });

  describe(
    "analytics, in the build it made with the env file's two ids",
    analyticsWithIds(builtUrl),
  );
});

// `npm run dev` serves through the same request handler as production (server/app.ts), so it
// must answer with the same security headers and fill the same request context (the nonce).
const securityHeaderNames = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "strict-transport-security",
];

/** A CSP with its per-response sources ('nonce-…', 'sha256-…') replaced by one marker. */
function cspShape(csp: string | null): string {
  return (csp ?? "").replace(/(?: '(?:nonce|sha256)-[^']+')+/g, " '<per-response source>'");
}

function securityHeaders(response: Response) {
  return Object.fromEntries(
    securityHeaderNames.map((name) => [
      name,
      name === "content-security-policy"
        ? cspShape(response.headers.get(name))
        : response.headers.get(name),
    ]),
  );
}

describe("npm run dev", () => {
  const production = readOnlyServer();
  let dev: RunningServer | undefined;
  beforeAll(async () => {
    dev = await startNodeServer(
      ["--conditions=development", "server/dev.ts"],
      { ...testSite.settings, NODE_ENV: "development" },
      { timeoutMs: 120_000, dataTemplate },
    );
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it.each(["/about", "/no-such-page", "/healthz"])(
    "answers %s with the security headers production sends",
    async (path) => {
      const [fromDev, fromProduction] = await Promise.all([
        fetch(`${dev?.url}${path}`),
        fetch(`${production()}${path}`),
      ]);
      expect(fromDev.status).toBe(fromProduction.status);
      expect(securityHeaders(fromDev)).toEqual(securityHeaders(fromProduction));
      expect(fromDev.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    },
  );

  it("renders pages with the request's nonce, from the same request context", async () => {
    const response = await fetch(`${dev?.url}/about`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "");
    const doc = parse(await response.text());
    expect(doc.querySelector("h1")?.textContent).toBe("About Us");
    const inline = doc
      .querySelectorAll("script")
      .filter((s) => !s.getAttribute("src") && s.getAttribute("type") !== "application/ld+json");
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(script.getAttribute("nonce")).toBe(nonce?.[1]);
  });
});
