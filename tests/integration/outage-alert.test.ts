// The owner told of a database outage without the database (decision 041): two instances sharing
// ALERT_STATE_DIR send one e-mail between them when it has lasted DATABASE_ALERT_SECONDS, and
// the one that sent it one more when it is back; the next outage is told again; instances that
// share no folder each tell. Each instance has its own availability gate (the one db.server.ts
// wires to the pool), whose probe the test answers as the database would; the mail goes to a
// real SMTP server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { startOutageAlert } from "#app/domain/operations/outage-alert.server.ts";
import { createAvailabilityGate } from "#app/lib/database-availability.server.ts";
import { captureLog } from "#tests/integration/fixtures.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/integration/smtp.ts";

const owner = "owner@clinic.test";
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "physio-alert-state-"));
  folders.push(made);
  return made;
};

/** Whether the (simulated) database answers: every instance's probe asks it. */
const database = { up: true };

function startInstance(smtp: TestSmtpServer, stateDir: string) {
  const gate = createAvailabilityGate({
    probe: async () => {
      if (!database.up) throw new Error("connect ECONNREFUSED");
    },
    ceilingMs: 100,
  });
  const mailer = createMailer({ smtpUrl: smtp.url, from: "site@clinic.test", mailDir: "unused" });
  const { log, lines } = captureLog();
  const alert = startOutageAlert({
    availability: gate,
    afterMs: 300,
    stateDir,
    recipient: owner,
    mailer,
    mail: { siteName: "Test Clinic", siteUrl: "https://clinic.test" },
    log,
  });
  onTestFinished(() => {
    alert.stop();
    gate.stop();
    mailer.close();
  });
  return { gate, lines };
}

const subjects = (smtp: TestSmtpServer) => smtp.received.map((mail) => mail.subject);
const told = (smtp: TestSmtpServer) =>
  subjects(smtp).filter((subject) => subject.includes("The database cannot be reached")).length;
const back = (smtp: TestSmtpServer) =>
  subjects(smtp).filter((subject) => subject.includes("can be reached again")).length;

describe("the database outage alert", () => {
  it("is sent once by two instances sharing a folder, with one e-mail when it is back; the next outage is told again", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const shared = folder();
    const instances = [startInstance(smtp, shared), startInstance(smtp, shared)];

    // Both find it away; a short outage (under afterMs) is told to nobody.
    database.up = false;
    for (const { gate } of instances) gate.failed(new Error("connect ECONNREFUSED"));
    await sleep(100);
    database.up = true;
    await expect.poll(() => instances.every(({ gate }) => gate.up), { timeout: 5_000 }).toBe(true);
    await sleep(400);
    expect(subjects(smtp)).toEqual([]);

    // A long one: one e-mail between them, and one when it is over.
    database.up = false;
    for (const { gate } of instances) gate.failed(new Error("connect ECONNREFUSED"));
    await expect.poll(() => told(smtp), { timeout: 5_000 }).toBe(1);
    await sleep(500);
    expect(told(smtp)).toBe(1);
    const mail = smtp.received[0];
    expect(mail?.envelope.to).toEqual([owner]);
    expect(mail?.text).toContain("The public pages (https://clinic.test/) are still served.");
    database.up = true;
    await expect.poll(() => back(smtp), { timeout: 5_000 }).toBe(1);
    // Each instance logged the alert; one says it told.
    const alertLines = instances.flatMap(({ lines }) =>
      lines().filter((line) => line.includes("alert: the database is unreachable")),
    );
    expect(alertLines).toHaveLength(2);
    expect(alertLines.filter((line) => line.includes('"told":true'))).toHaveLength(1);

    // The next outage is another: told once more.
    await sleep(50);
    database.up = false;
    for (const { gate } of instances) gate.failed(new Error("connect ECONNREFUSED"));
    await expect.poll(() => told(smtp), { timeout: 5_000 }).toBe(2);
    await sleep(500);
    expect(told(smtp)).toBe(2);
    database.up = true;
    await expect.poll(() => back(smtp), { timeout: 5_000 }).toBe(2);
  });

  it("is sent by each instance that has a folder of its own", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const instances = [startInstance(smtp, folder()), startInstance(smtp, folder())];
    database.up = false;
    for (const { gate } of instances) gate.failed(new Error("connect ECONNREFUSED"));
    await expect.poll(() => told(smtp), { timeout: 5_000 }).toBe(2);
    database.up = true;
    await expect.poll(() => back(smtp), { timeout: 5_000 }).toBe(2);
  });
});
