// The HTTP edge, tried as an attacker would with nothing but raw requests: each finding of the
// probe (the edge-hardening issue) has its test here, against the production server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { faultsInLog, logLines } from "#tests/e2e/appointments.ts";
import {
  healthBudgetMs,
  probeHealth,
  type RawAnswer,
  rawGet,
  sendRaw,
} from "#tests/e2e/raw-http.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";

/** A production server of the test site for this describe block, with its log. */
function runningServer(settings: Record<string, string> = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startProductionServer({ ...testSite.settings, ...settings }, undefined, {
      dataTemplate,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("the server is started in beforeAll");
    return server;
  };
}

const hostOf = (server: RunningServer) => new URL(server.url).host;

/** Sends a request for `path` with the given method and extra headers (Host added). */
function ask(
  server: RunningServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return sendRaw(
    server.url,
    rawGet(
      path,
      { Host: hostOf(server), ...options.headers },
      options.method ?? "GET",
      options.body ?? "",
    ),
  );
}

/** The request lines the server logged for requests of `method`. */
function requestLines(server: RunningServer, method: string) {
  return logLines(server.output()).filter(
    (line) => line.msg === "request" && line.method === method,
  );
}

// One server with the default settings for every block that needs no other: starting a server
// costs seconds of CPU, and no block here leaves it changed (the blocks that read its log read
// only their own requests' lines, or look for faults, which no block may cause).
const server = runningServer();

describe("one request cannot stall the server", () => {
  // After each test, whatever ran before it; and once more as a test of its own, below.
  afterEach(() => {
    expect(faultsInLog(server().output())).toEqual([]);
  });

  it("refuses a path of 8,000 segments at once (414), while /healthz goes on answering", async () => {
    const budget = await healthBudgetMs(server().url, 3);
    const probe = probeHealth(server().url);
    await probe.started;
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => ask(server(), "/a".repeat(8_000))),
    );
    const health = await probe.stop();
    expect(answers.map((answer) => answer.status)).toEqual([414, 414, 414]);
    expect(health.failures).toEqual([]);
    expect(health.count).toBeGreaterThan(0);
    expect(health.worstMs).toBeLessThan(budget);
  });

  it("refuses 16,000 slashes and 'a/' at once, however many come, while /healthz answers", async () => {
    const budget = await healthBudgetMs(server().url, 20);
    const probe = probeHealth(server().url);
    await probe.started;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ask(server(), `${"/".repeat(16_000)}a/`)),
    );
    const health = await probe.stop();
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([414]));
    expect(health.failures).toEqual([]);
    expect(health.worstMs).toBeLessThan(budget);
  });

  it("answers the deepest and longest paths it accepts as fast as a short one, while /healthz answers", async () => {
    // Within the limits: 2,000 characters in 16 segments, and 2,000 slashes then "a/".
    const long = `/${Array.from({ length: 16 }, () => "b".repeat(120)).join("/")}`;
    // Beside as many short paths that are rendered the same way (the not-found page).
    const budget = await healthBudgetMs(server().url, 40, "/no-such-page");
    const probe = probeHealth(server().url);
    await probe.started;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => ask(server(), long)),
      ...Array.from({ length: 20 }, () => ask(server(), `${"/".repeat(2_000)}a/`)),
    ]);
    const health = await probe.stop();
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([404]));
    expect(health.worstMs).toBeLessThan(budget);
  });

  it("logged none of it as a fault", () => {
    expect(faultsInLog(server().output())).toEqual([]);
  });
});

describe("malformed requests: a short 4xx, one log line, no stack trace", () => {
  const trusting = runningServer({ TRUST_PROXY: "true" });
  /** No fault and no stack trace logged by either server, whichever tests ran before. */
  const expectNoFault = () => {
    for (const running of [server(), trusting()]) {
      expect(faultsInLog(running.output())).toEqual([]);
      expect(running.output()).not.toContain("stack");
    }
  };
  afterEach(expectNoFault);

  it("TRACE (and other methods no page takes) answer 405 with Allow", async () => {
    for (const path of ["/about", "/no-such-page", "/contact"]) {
      const answer = await ask(server(), path, { method: "TRACE" });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.get("allow"), path).toBe(
        path === "/contact" ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS",
      );
      expect(answer.body.length, path).toBeLessThan(200);
    }
    for (const method of ["PROPFIND", "PATCH", "MKCOL", "PURGE"]) {
      expect((await ask(server(), "/about", { method })).status, method).toBe(405);
    }
    // A method HTTP does not know is refused by Node's parser before any of our code: 400.
    expect((await ask(server(), "/about", { method: "CONNECTX" })).status).toBe(400);
    // CONNECT (a proxy's tunnel) is no request for a page either.
    expect((await ask(server(), "localhost:1", { method: "CONNECT" })).status).toBe(405);
  });

  it("POST, PUT and DELETE to a page answer 405 with Allow, naming no route", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      for (const path of ["/about", "/about.data", "/no-such-page"]) {
        const answer = await ask(server(), path, {
          method,
          headers: { Origin: server().url, "Content-Type": "application/x-www-form-urlencoded" },
          body: "a=1",
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD, OPTIONS");
        expect(answer.body, `${method} ${path}`).not.toMatch(/routes\/|route "|action/);
        expect(answer.body.length, `${method} ${path}`).toBeLessThan(200);
      }
    }
    const put = await ask(server(), "/contact", {
      method: "PUT",
      headers: { Origin: server().url },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("OPTIONS answers what a page allows", async () => {
    const page = await ask(server(), "/about", { method: "OPTIONS" });
    expect(page.status).toBe(204);
    expect(page.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const form = await ask(server(), "/contact", { method: "OPTIONS" });
    expect(form.status).toBe(204);
    expect(form.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("a Host that is not a host name answers 400", async () => {
    for (const host of ["a b", "a/b", "[::1", "example.com:99999", "exa\tmple.com"]) {
      for (const path of ["/no-such-page", "/about", "/auth"]) {
        const answer = await sendRaw(server().url, rawGet(path, { Host: host }));
        expect(answer.status, `${JSON.stringify(host)} ${path}`).toBe(400);
      }
    }
  });

  it("HTTP/1.0 without a Host answers 400", async () => {
    for (const path of ["/no-such-page", "/about"]) {
      const answer = await sendRaw(server().url, `GET ${path} HTTP/1.0\r\n\r\n`);
      expect(answer.status, path).toBe(400);
    }
  });

  it("behind a trusted proxy, a malformed X-Forwarded-Host or -Proto answers 400", async () => {
    const malformed: Record<string, string>[] = [
      { "X-Forwarded-Host": "a b" },
      { "X-Forwarded-Host": "exa/mple.com" },
      { "X-Forwarded-Proto": "ht tp" },
      { "X-Forwarded-Proto": "gopher" },
    ];
    for (const headers of malformed) {
      for (const path of ["/no-such-page", "/about"]) {
        const answer = await ask(trusting(), path, { headers });
        expect(answer.status, `${JSON.stringify(headers)} ${path}`).toBe(400);
      }
    }
    // Well-formed ones are taken.
    const forwarded = await ask(trusting(), "/no-such-page", {
      headers: { "X-Forwarded-Host": "www.example.in", "X-Forwarded-Proto": "https" },
    });
    expect(forwarded.status).toBe(404);
  });

  // Each test above is followed by the check for faults; this one sends its own requests, so
  // that it holds run alone or in any order.
  it("logged each of those requests once, and no fault", async () => {
    for (const path of ["/about", "/no-such-page", "/contact"]) {
      expect((await ask(server(), path, { method: "TRACE" })).status, path).toBe(405);
    }
    // The server's log reaches us through a pipe: a line may come a moment after its answer.
    await expect
      .poll(() => requestLines(server(), "TRACE").length, { timeout: 15_000, interval: 50 })
      .toBeGreaterThanOrEqual(3);
    expect(requestLines(server(), "TRACE").every((line) => line.status === 405)).toBe(true);
    expectNoFault();
  });
});

describe("content negotiation and conditional requests from memory", () => {
  it("honours q-values, case and wildcards in Accept-Encoding", async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (
        await ask(server(), "/about", { headers: { "Accept-Encoding": acceptEncoding } })
      ).headers.get("content-encoding") ?? "identity";
    expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(await encodingFor("br;q=0")).toBe("identity");
    expect(await encodingFor("xbrx")).toBe("identity");
    expect(await encodingFor("GZIP")).toBe("gzip");
    expect(await encodingFor("BR, gzip")).toBe("br");
    expect(await encodingFor("*")).toBe("br");
    expect(await encodingFor("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(await encodingFor("identity")).toBe("identity");
  });

  it("gives each encoding an ETag of its own", async () => {
    const etagFor = async (acceptEncoding: string) =>
      (
        await ask(server(), "/about", { headers: { "Accept-Encoding": acceptEncoding } })
      ).headers.get("etag");
    const tags = [await etagFor("br"), await etagFor("gzip"), await etagFor("identity")];
    expect(tags.every((tag) => /^"[^"]+"$/.test(tag ?? ""))).toBe(true);
    expect(new Set(tags).size).toBe(3);
  });

  it("answers 304 to a weak, listed or wildcard If-None-Match, and 412 to a failed If-Match", async () => {
    const gzip = { "Accept-Encoding": "gzip" };
    const first = await ask(server(), "/about", { headers: gzip });
    const etag = first.headers.get("etag") ?? "";
    const status = async (headers: Record<string, string>) =>
      (await ask(server(), "/about", { headers: { ...gzip, ...headers } })).status;
    expect(await status({ "If-None-Match": etag })).toBe(304);
    expect(await status({ "If-None-Match": `W/${etag}` })).toBe(304);
    expect(await status({ "If-None-Match": `"other", ${etag}` })).toBe(304);
    expect(await status({ "If-None-Match": "*" })).toBe(304);
    expect(await status({ "If-None-Match": '"other"' })).toBe(200);
    // Another encoding's tag does not match this one.
    const brTag = (
      await ask(server(), "/about", { headers: { "Accept-Encoding": "br" } })
    ).headers.get("etag");
    expect(await status({ "If-None-Match": brTag ?? "" })).toBe(200);
    expect(await status({ "If-Match": '"other"' })).toBe(412);
    expect(await status({ "If-Match": `W/${etag}` })).toBe(412);
    expect(await status({ "If-Match": etag })).toBe(200);
    expect(await status({ "If-Match": "*" })).toBe(200);
  });
});

describe("one URL per page", () => {
  it("answers case and percent-encoding variants and zero-padded ids 301 to the page", async () => {
    const cases: [string, string][] = [
      ["/About", "/about"],
      ["/ABOUT", "/about"],
      ["/%61bout", "/about"],
      ["/%41BOUT?ref=x", "/about?ref=x"],
      ["/BLOG/%31", "/blog/1"],
      ["/blog/01", "/blog/1"],
      ["/blog/0006", "/blog/6"],
      ["/Service-Areas/Gurugram", "/service-areas/gurugram"],
      ["/CONTACT", "/contact"],
      ["//about", "/about"],
    ];
    for (const [variant, canonical] of cases) {
      const answer = await ask(server(), variant);
      expect(answer.status, variant).toBe(301);
      expect(answer.headers.get("location"), variant).toBe(canonical);
      expect(answer.headers.get("cache-control"), variant).toBe("no-store");
    }
  });

  it("does not redirect what is no page, and the 404 page names no canonical URL", async () => {
    for (const path of ["/Abouts", "/%E0%A4", "/blog/07", "/blog/00"]) {
      const answer = await ask(server(), path);
      expect(answer.status, path).not.toBe(301);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body, path).not.toContain('rel="canonical"');
    }
  });
});

describe("Cache-Control on answers made per request", () => {
  it("is no-store wherever a nonce, a session or personal data may be", async () => {
    for (const path of ["/no-such-page", "/auth", "/admin", "/no-such-page.data", "/healthz"]) {
      const answer = await ask(server(), path);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
    }
    const refused = await ask(server(), "/about", { method: "DELETE" });
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // Prerendered pages, the same for everyone, are cached and revalidated; but the first page of
    // a visit, which carries the visit's own cookie (decision 018), is the browser's alone.
    const first = await ask(server(), "/about");
    expect(first.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    expect(first.headers.get("set-cookie")).toMatch(/^hp_visit=/);
    const later = await ask(server(), "/about", { headers: { Cookie: "hp_visit=x" } });
    expect(later.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(later.headers.get("set-cookie")).toBeUndefined();
  });
});

describe("TRUST_PROXY", () => {
  const subnet = runningServer({ TRUST_PROXY: "10.0.0.0/8" });
  const loopback = runningServer({ TRUST_PROXY: "loopback" });
  const https = { "X-Forwarded-Proto": "https" };

  it("believes X-Forwarded-Proto only from the proxies it names", async () => {
    // Our test client connects from 127.0.0.1: not in 10.0.0.0/8.
    for (const path of ["/about", "/no-such-page"]) {
      const untrusted = await ask(subnet(), path, { headers: https });
      expect(untrusted.headers.has("strict-transport-security"), path).toBe(false);
      const trusted = await ask(loopback(), path, { headers: https });
      expect(trusted.headers.get("strict-transport-security"), path).toBe(
        "max-age=63072000; includeSubDomains",
      );
    }
  });

  it("ignores a malformed forwarded header from a client it does not trust", async () => {
    const answer = await ask(subnet(), "/no-such-page", {
      headers: { "X-Forwarded-Host": "a b", "X-Forwarded-Proto": "ht tp" },
    });
    expect(answer.status).toBe(404);
  });
});
