// Slow clients against the production server: one that sends its headers a byte at a time, one
// that sends its headers whole and then its body a byte at a time. Each holds a connection until
// the server cuts it off, at the times docs/architecture.md gives (15 s for the headers, 30 s for
// the whole request), not whenever Node next looks (server/main.ts). Both run at once: ~31 s.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { faultsInLog } from "#tests/e2e/appointments.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";

/** How far from the documented time a cut may come: Node's check every 0.5 s, and a busy machine. */
const leewayMs = 1_500;

interface Cut {
  /** Milliseconds from the connection's opening to its closing by the server. */
  ms: number;
  /** The status line the server answered with, if any. */
  statusLine: string;
  /** How many bytes the client had sent by then. */
  sent: number;
}

/**
 * Opens a connection, writes `head` at once, then `trickle` one byte every 100 ms, never all of
 * it; resolves when the server closes the connection.
 */
function slowClient(base: string, head: string, trickle: string): Promise<Cut> {
  const { hostname, port } = new URL(base);
  const bytes = Buffer.from(trickle, "latin1");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let sent = 0;
    let dripping: NodeJS.Timeout | undefined;
    const opened = performance.now();
    const socket = connect(Number(port), hostname, () => {
      if (head) socket.write(head);
      sent = Buffer.byteLength(head);
      let next = 0;
      dripping = setInterval(() => {
        if (next >= bytes.length) return;
        socket.write(bytes.subarray(next, ++next));
        sent++;
      }, 100);
    });
    // Past both times and their leeway, short of the test's own timeout: a clear failure.
    const givingUp = setTimeout(() => {
      socket.destroy();
      reject(new Error("the server had not cut the connection after 45 s"));
    }, 45_000);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    socket.on("close", () => {
      clearInterval(dripping);
      clearTimeout(givingUp);
      const ms = Math.round(performance.now() - opened);
      const [statusLine = ""] = Buffer.concat(chunks).toString("latin1").split("\r\n");
      resolve({ ms, statusLine, sent });
    });
  });
}

describe("slow clients", () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startProductionServer(testSite.settings, undefined, { dataTemplate });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("are cut off at 15 s while sending headers, and at 30 s while sending a body", async () => {
    const url = server?.url ?? "";
    const host = new URL(url).host;
    // 3,000 bytes at ten a second: neither ever finishes on its own.
    const headers = slowClient(
      url,
      "",
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: ${"a".repeat(3_000)}`,
    );
    const body = slowClient(
      url,
      [
        "POST /contact HTTP/1.1",
        `Host: ${host}`,
        `Origin: ${url}`,
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 3000",
        "",
        "",
      ].join("\r\n"),
      `name=${"a".repeat(2_995)}`,
    );
    const [headersCut, bodyCut] = await Promise.all([headers, body]);
    console.log(
      `slow clients cut off: headers after ${headersCut.ms} ms (${headersCut.sent} bytes sent), body after ${bodyCut.ms} ms (${bodyCut.sent} bytes sent)`,
    );
    expect(headersCut.statusLine).toBe("HTTP/1.1 408 Request Timeout");
    expect(Math.abs(headersCut.ms - 15_000)).toBeLessThanOrEqual(leewayMs);
    expect(bodyCut.statusLine).toBe("HTTP/1.1 408 Request Timeout");
    expect(Math.abs(bodyCut.ms - 30_000)).toBeLessThanOrEqual(leewayMs);
    // A request cut off is the client's doing: nothing logged as a fault of ours.
    expect(faultsInLog(server?.output() ?? "")).toEqual([]);
    // And the server goes on answering.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  }, 60_000);
});
