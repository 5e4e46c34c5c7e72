// Staying up (decision 041), through the compose file's real Caddy, under a request every 100 ms:
// the site as docs/deployment.md's local recipe puts it up (the images deploy/offline-images.sh
// makes where no registry is reachable, deploy/.env filled in, `up -d --build`, https:// with
// Caddy's own certificate), then
// - PostgreSQL stopped for 60 s and started again: the public pages answer 200 throughout, the
//   form its 503 that says the request was not stored and gives the phone number, no instance
//   over the memory docs/deployment.md states, one alert e-mail to the owner (and one when it is
//   back), and every request stored again within 10 s of the database's return;
// - one instance's process killed (as a crash kills it): nothing refused, and Docker restarts it;
// - the guide's rolling upgrade, one instance at a time: nothing refused;
// - a row PostgreSQL refuses (as a restore refused part-way): its values never reach the
//   database's own log, which the guide does not ask anyone to clear (docs/privacy.md).
// Every request acknowledged (a 303 to its reference) is stored exactly once. The counts are
// printed.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBaseImage } from "#tests/deploy/base-image.ts";
import { type HttpsAnswer, type Stack, startStack } from "#tests/deploy/compose-stack.ts";
import { mustRun } from "#tests/deploy/docker.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/integration/smtp.ts";

/** What docs/deployment.md states an instance stays under, through an outage included. */
const instanceMemoryMiB = 300;
const phone = "+91 98765 43210";

interface Outcome {
  kind: "page" | "form";
  path: string;
  /** Milliseconds since the load began, when it was sent and when it was answered. */
  at: number;
  ms: number;
  status: number;
  /** The reference of an acknowledged form; a network failure's message. */
  reference?: string;
  failure?: string;
  message?: string;
  body?: string;
  /** A 5xx's headers that tell who made it: its server, type and length. */
  made?: string;
}

const pages = ["/", "/contact", "/hi", "/about", "/hi/contact", "/privacy-policy"];

/**
 * A request every 100 ms, whatever the answers take: a form sent as a browser without JavaScript
 * sends it, then a public page, in turn.
 */
class Load {
  readonly outcomes: Outcome[] = [];
  private readonly started = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private outstanding = 0;
  private tick = 0;
  private readonly stack: Stack;
  /** Which test's load: each form's message is unique across the file. */
  private readonly label: string;

  constructor(stack: Stack, label: string) {
    this.stack = stack;
    this.label = label;
    this.timer = setInterval(() => this.send(), 100);
  }

  now(): number {
    return Math.round(performance.now() - this.started);
  }

  private send() {
    const tick = this.tick++;
    const at = this.now();
    const form = tick % 2 === 0;
    const message = `Staying up, ${this.label}, ${tick}`;
    const path = form ? "/contact" : (pages[((tick / 2) % pages.length) | 0] ?? "/");
    this.outstanding++;
    const answer: Promise<HttpsAnswer> = form
      ? this.stack.https("POST", "/contact", {
          form: {
            name: "Steady Patient",
            phone: "9876543210",
            address: "H-12, Sector 43, Gurugram",
            pincode: "122002",
            message,
          },
        })
      : this.stack.https("GET", path);
    answer
      .then(
        ({ status, location, body, headers }) => {
          const reference = location && new URL(location, "https://x").searchParams.get("ref");
          this.outcomes.push({
            kind: form ? "form" : "page",
            path,
            at,
            ms: this.now() - at,
            status,
            ...(reference ? { reference } : {}),
            ...(form ? { message } : {}),
            ...(status >= 500
              ? {
                  body,
                  made: ["server", "content-type", "content-length", "via"]
                    .map((name) => `${name}: ${headers[name] ?? "-"}`)
                    .join("; "),
                }
              : {}),
          });
        },
        (error: Error) => {
          this.outcomes.push({
            kind: form ? "form" : "page",
            path,
            at,
            ms: this.now() - at,
            status: 0,
            failure: error.message,
            ...(form ? { message } : {}),
          });
        },
      )
      .finally(() => {
        this.outstanding--;
      });
  }

  /**
   * Resolves at a moment no request is out. A process killed while it answers a request loses
   * that request with it (Caddy sends a GET again, never a form): what the kill tests is that
   * nothing else is refused, so it is done between two requests.
   */
  async quiet(): Promise<void> {
    while (this.outstanding > 0) await sleep(1);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.outstanding > 0) await sleep(20);
  }

  /** The outcomes sent in [from, to) milliseconds. */
  between(from: number, to = Number.POSITIVE_INFINITY): Outcome[] {
    return this.outcomes.filter((outcome) => outcome.at >= from && outcome.at < to);
  }
}

/** The outcomes that are not what a visitor should get while everything runs. */
function refused(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((outcome) =>
    outcome.kind === "form" ? outcome.status !== 303 || !outcome.reference : outcome.status !== 200,
  );
}

function counts(outcomes: Outcome[]): string {
  const by = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = `${outcome.kind} ${outcome.status || outcome.failure}`;
    by.set(key, (by.get(key) ?? 0) + 1);
  }
  return [...by].map(([key, count]) => `${count} × ${key}`).join(", ");
}

describe("the compose file's stack stays up", () => {
  let stack: Stack;
  let smtp: TestSmtpServer;
  /** Each test's load, stopped when it ends. */
  const loads: Load[] = [];
  const startLoad = (label: string) => {
    const load = new Load(stack, label);
    loads.push(load);
    return load;
  };

  beforeAll(async () => {
    console.log(`deploy: ${await ensureBaseImage()}`);
    smtp = await startSmtpServer();
    // The connection waiting on a stopping instance is handed to the other (the compose file
    // sets it in the instances' own network; here they are on the host's).
    await mustRun("sysctl", ["-w", "net.ipv4.tcp_migrate_req=1"]);
    stack = await startStack({
      settings: {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Clinic <care@physio.test>",
        ALERT_TO: "owner@physio.test",
        NOTIFY_EMAIL: "desk@physio.test",
        // Within the test's minute of outage (120 s on a server).
        DATABASE_ALERT_SECONDS: "20",
        // Every request of the load is from one client, and sent at once.
        APPOINTMENT_RATE_LIMIT: "1000000/1h",
        BUSINESS_PHONE: phone,
      },
    });
  });
  afterAll(async () => {
    await Promise.all(loads.map((load) => load.stop()));
    await stack?.down();
    await smtp?.close();
  });

  /** Every acknowledged form is stored exactly once. */
  async function storedExactlyOnce(outcomes: Outcome[]) {
    const acknowledged = outcomes.filter((outcome) => outcome.reference);
    const rows = await stack.query<{ message: string; n: string }>(
      "select message, count(*)::text as n from appointments group by message",
    );
    const stored = new Map(rows.map((row) => [row.message, Number(row.n)]));
    const missing = acknowledged.filter((outcome) => stored.get(outcome.message ?? "") !== 1);
    expect(missing.map((outcome) => outcome.message)).toEqual([]);
    return acknowledged.length;
  }

  it("survives PostgreSQL stopped for 60 s: pages answer, the form says to call, one alert, all stored again within 10 s", async () => {
    const load = startLoad("outage");
    await sleep(3_000);
    const memory: Record<string, number>[] = [];
    const stoppedAt = load.now();
    await stack.compose(["stop", "db"]);
    const stopped = load.now();
    const sampling = (async () => {
      while (load.now() < stoppedAt + 60_000) {
        memory.push(await stack.memory());
        await sleep(5_000);
      }
    })();
    await sleep(Math.max(0, 60_000 - (load.now() - stoppedAt)));
    await sampling;
    const startingAt = load.now();
    await stack.compose(["start", "db"]);
    // Ready when PostgreSQL itself says so (its container's health check), as the instances'
    // probes would find it.
    await stack.healthy(["db"]);
    const back = load.now();
    await sleep(15_000);
    await load.stop();
    const outcomes = load.outcomes;

    // Throughout, the public pages answered.
    const pagesDuring = load.between(stopped, back).filter((outcome) => outcome.kind === "page");
    console.log(
      `outage: ${counts(load.between(stopped, back))}; db stopped at ${stopped} ms, started ${startingAt}, ready ${back}`,
    );
    expect(pagesDuring.length).toBeGreaterThan(250);
    expect(pagesDuring.filter((outcome) => outcome.status !== 200)).toEqual([]);
    // The form said it was not stored, and gave the phone number (after the first seconds, in
    // which a request may still have been stored on a connection PostgreSQL was closing).
    const formsDuring = load
      .between(stopped + 2_000, startingAt)
      .filter((outcome) => outcome.kind === "form");
    expect(formsDuring.length).toBeGreaterThan(250);
    const notStored = formsDuring.filter(
      (outcome) =>
        outcome.status === 503 &&
        outcome.body?.includes("Your request was not stored") &&
        outcome.body.includes(phone),
    );
    expect(
      formsDuring
        .filter((outcome) => !notStored.includes(outcome))
        // What the page said: its heading and its alert, not the head of its HTML.
        .map(({ body, ...outcome }) => ({
          ...outcome,
          said: [/<h1[^>]*>(.*?)<\/h1>/s, /role="alert"[^>]*>(.*?)<\//s].map(
            (pattern) => pattern.exec(body ?? "")?.[1]?.slice(0, 300) ?? null,
          ),
          // Without a heading: the body's length and its text without tags.
          text: `${(body ?? "").length} characters: ${(body ?? "")
            .replace(/<(script|style)[^>]*>.*?<\/\1>/gs, "")
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .slice(0, 400)}`,
        })),
    ).toEqual([]);

    // Every request stored again within 10 s of the database's return, and from then on.
    const firstStored = outcomes.find((outcome) => outcome.at >= back && outcome.reference);
    expect(firstStored, counts(load.between(back))).toBeDefined();
    console.log(
      `outage: first request stored ${(firstStored?.at ?? 0) - back} ms after the database was ready`,
    );
    expect((firstStored?.at ?? Number.POSITIVE_INFINITY) - back).toBeLessThan(10_000);
    expect(refused(outcomes.filter((outcome) => outcome.at >= back + 10_000))).toEqual([]);

    // Memory stayed under the stated figure.
    const highest = (service: string) => Math.max(...memory.map((sample) => sample[service] ?? 0));
    console.log(
      `outage: memory (MiB, highest of ${memory.length} samples) app1 ${highest("app1").toFixed(0)}, app2 ${highest("app2").toFixed(0)}, caddy ${highest("caddy").toFixed(0)}`,
    );
    expect(highest("app1")).toBeGreaterThan(0);
    expect(highest("app1")).toBeLessThan(instanceMemoryMiB);
    expect(highest("app2")).toBeLessThan(instanceMemoryMiB);

    // The owner was told once, across both instances, and once that it is over.
    const subjects = smtp.received.map((mail) => mail.subject);
    expect(
      subjects.filter((subject) => subject.includes("The database cannot be reached")),
    ).toHaveLength(1);
    await expect
      .poll(
        () => smtp.received.filter((mail) => mail.subject.includes("can be reached again")).length,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(1);
    console.log(
      `outage: ${await storedExactlyOnce(outcomes)} requests acknowledged, each stored once`,
    );
  });

  it("refuses nothing when one instance's process is killed, and Docker restarts it", async () => {
    const current = startLoad("kill");
    await sleep(2_000);
    const app1 = await stack.container("app1");
    const pid = (await mustRun("docker", ["inspect", "--format", "{{.State.Pid}}", app1])).trim();
    await current.quiet();
    const killedAt = current.now();
    await mustRun("kill", ["-KILL", pid]);
    // Docker starts it again (a crash, not a stop): healthy again on its own.
    await sleep(2_000);
    await stack.healthy(["app1"], 120_000);
    await sleep(3_000);
    await current.stop();
    const during = current.between(killedAt);
    console.log(`kill: ${counts(during)}`);
    expect(during.length).toBeGreaterThan(50);
    expect(refused(during)).toEqual([]);
    const restarts = await mustRun("docker", ["inspect", "--format", "{{.RestartCount}}", app1]);
    expect(Number(restarts.trim())).toBeGreaterThanOrEqual(1);
    console.log(
      `kill: ${await storedExactlyOnce(current.outcomes)} requests acknowledged, each stored once`,
    );
  });

  it("refuses nothing through the guide's rolling upgrade, one instance at a time", async () => {
    const current = startLoad("upgrade");
    await sleep(2_000);
    const from = current.now();
    // docs/deployment.md, "Upgrading": build, then each instance in turn once the one before is
    // healthy. The image is the same here, so each is made again as a new release would be.
    await stack.compose(["build"]);
    for (const service of ["app1", "app2"]) {
      await stack.compose(["up", "-d", "--no-deps", "--force-recreate", service]);
      await stack.healthy([service], 180_000);
    }
    await sleep(3_000);
    await current.stop();
    const during = current.between(from);
    console.log(`upgrade: ${counts(during)}`);
    expect(during.length).toBeGreaterThan(100);
    expect(refused(during)).toEqual([]);
    console.log(
      `upgrade: ${await storedExactlyOnce(current.outcomes)} requests acknowledged, each stored once`,
    );
  });

  it("writes no refused row's values to PostgreSQL's own log, only that it was refused", async () => {
    const sentinel = "Logsentinel Kamladevi";
    const refusedInsert = stack.query(
      `insert into appointments (name, phone, address, pincode)
       values ('${sentinel}', '98110 55443', 'House 77, ${sentinel} Lane, Noida', 'x${sentinel}')`,
    );
    await expect(refusedInsert).rejects.toThrow(/violates/);
    // What the database container wrote: the refusal, without the row ("Failing row contains").
    let log = "";
    for (let tries = 0; tries < 20 && !/violates/.test(log); tries++) {
      if (tries > 0) await sleep(250);
      log = await stack.compose(["logs", "--no-color", "db"]);
    }
    expect(log).toMatch(/ERROR: .*violates/);
    expect(log).not.toContain("Logsentinel");
    expect(log).not.toContain("98110 55443");
    expect(log).not.toContain("Failing row");
  });
});
