// A deploy stops the server with SIGTERM: it must exit promptly and cleanly (database closed,
// exit code 0), whatever connections are open: a keep-alive connection with no request under
// way, a connection a browser opened for a request that never came, and a request in flight,
// which still gets its answer.
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { startProductionServer } from "#scripts/production-server.ts";
import {
  faultsInLog,
  postAppointment,
  useSmtpServer,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";

/** Resolves once the socket is connected. */
function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Whether the other side has closed the socket (by now). */
function watchClosed(socket: Socket): () => boolean {
  let closed = false;
  // A connection the server cuts may end in a reset rather than a FIN: closed all the same.
  socket.on("error", () => {});
  socket.once("close", () => {
    closed = true;
  });
  socket.resume();
  return () => closed;
}

/** One GET over a keep-alive agent that then holds the connection open, idle. */
function keepAliveGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/healthz`, { headers: { Connection: "keep-alive" } }, (res) => {
      res.resume();
      res.once("end", () => resolve(res.statusCode ?? 0));
    });
    req.once("error", reject);
    req.end();
  });
}

describe("stopping the server", () => {
  const smtp = useSmtpServer();

  it("exits at once with code 0 on SIGTERM, holding neither idle nor empty connections, after answering the request in flight", async () => {
    const server = await startProductionServer(
      { ...testSite.settings, SMTP_URL: smtp().url, APPOINTMENT_MIN_FILL_SECONDS: "0" },
      undefined,
      { dataTemplate },
    );
    const mail = smtp().hold();
    try {
      const empty = await openSocket(server.url);
      const emptyClosed = watchClosed(empty);
      expect(await keepAliveGet(server.url)).toBe(200);
      // A request held in flight by a slow mail server (the request waits for its staff e-mail):
      // the server must answer it before it exits.
      const inFlight = postAppointment(server.url, {
        ...validAppointment,
        name: "Last Before Deploy",
      });
      await expect.poll(mail.arrived, { timeout: 10_000, interval: 10 }).toBe(true);

      const exited = new Promise<number | null>((resolve) =>
        server.process.once("exit", (code) => resolve(code)),
      );
      server.process.kill("SIGTERM");
      // The server has begun to shut down (it closes the connection that never sent a request)
      // while the request is still in flight; only now does the mail server answer.
      await expect.poll(emptyClosed, { timeout: 4_000, interval: 10 }).toBe(true);
      mail.release();
      const response = await inFlight;
      const code = await exited;

      expect(response.status).toBe(303);
      expect(code).toBe(0);
      // The 5 s deadline for stuck requests was not what ended it (it says so when it cuts
      // connections): asserted by what the server did, not by this machine's speed.
      expect(server.output()).not.toContain("Shutdown deadline");
      expect(faultsInLog(server.output())).toEqual([]);
    } finally {
      mail.release();
      await server.stop();
    }
  });
});
