// The request log: one JSON line per request with method, route, status and duration, and
// nothing a visitor typed (query strings, form bodies, the path of a missing page).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { testSite } from "#tests/e2e/sites.ts";

const personal = ["Ramesh", "9876501234", "ramesh@example.com"];

describe("the request log", () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startProductionServer(testSite.settings);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has one line per request with method, route, status and duration, and no personal data", async () => {
    const url = server?.url ?? "";
    const form = new URLSearchParams({ email: "ramesh@example.com" });
    const requests: [string, RequestInit | undefined][] = [
      ["/about?name=Ramesh&phone=9876501234", undefined],
      ["/blog/99?email=ramesh@example.com", undefined],
      ["/ramesh@example.com/9876501234", undefined],
      ["/blog", { method: "POST", body: form, headers: { origin: url } }],
      ["/about", { method: "POST", body: form, headers: { origin: url } }],
      [
        "/contact",
        { method: "POST", body: form, headers: { origin: "https://elsewhere.example" } },
      ],
      ["/healthz", undefined],
    ];
    // The start-up check's own /healthz request comes before these.
    await expect.poll(() => requestLines().length).toBe(1);
    const before = requestLines().length;
    const statuses: number[] = [];
    for (const [path, init] of requests) {
      const response = await fetch(url + path, init);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 404, 404, 200, 405, 403, 200]);

    await expect.poll(() => requestLines().length).toBe(before + 7);
    const lines = requestLines().slice(before);
    expect(lines.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: "GET", route: "/about", status: 200 },
      { method: "GET", route: "/blog/:id", status: 404 },
      { method: "GET", route: "/*", status: 404 },
      { method: "POST", route: "/blog", status: 200 },
      { method: "POST", route: "/about", status: 405 },
      { method: "POST", route: "(refused)", status: 403 },
      { method: "GET", route: "/healthz", status: 200 },
    ]);
    for (const line of lines) expect(line.ms).toEqual(expect.any(Number));

    const output = server?.output() ?? "";
    for (const value of personal) expect(output).not.toContain(value);
    // Visitors' 4xx are no faults of ours: no error line, no stack.
    expect(output).not.toContain('"stack"');
    expect(logLines().filter((line) => line.level === "error")).toEqual([]);
  });

  function requestLines() {
    return logLines().filter((line) => line.msg === "request");
  }

  function logLines(): Record<string, unknown>[] {
    return (server?.output() ?? "")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
  }
});
