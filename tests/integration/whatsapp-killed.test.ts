// Messages to families are never lost (decision 038): a WhatsApp sender in a real process of its
// own (whatsapp-sender-process.ts) is killed with SIGKILL while the Cloud API holds one of its
// sends unanswered, as a server dies mid-run. Another sender on the same PGlite folder then sends
// everything: every queued message reaches the API at least once, and only the one that was on
// its way when the process died reaches it twice (the outbox's at-least-once). Each message is
// told apart by its family's reference and its template.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { visitMessageKinds } from "#app/domain/messages/family-message-texts.ts";
import { queueFamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import { sendDueWhatsappMessages } from "#app/domain/messages/whatsapp-sender.server.ts";
import { notifications } from "#db/schema.ts";
import {
  cloudApiPhoneNumberId,
  cloudApiToken,
  startFakeCloudApi,
  whatsappTestTemplates,
} from "#tests/integration/cloud-api.ts";
import { eventually, freshPgliteFolder } from "#tests/integration/databases.ts";
import { seedFamily } from "#tests/integration/family-visits.ts";
import { captureLog } from "#tests/integration/fixtures.ts";
import { shortLivedNodeFlags } from "#tests/node-flags.ts";

const script = join(import.meta.dirname, "whatsapp-sender-process.ts");

// Real processes opening PGlite (seconds each on a busy 2-core machine): a generous budget, so
// that only a lost message fails the test, never a slow machine.
it("sends every message at least once after its sender was killed mid-send", {
  timeout: 180_000,
}, async () => {
  const dataDir = freshPgliteFolder();
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  const seeding = await openDatabase({ dataDir });
  const expected: string[] = [];
  try {
    for (const phone of ["98100 12345", "98111 22233", "98222 33344"]) {
      const family = await seedFamily(seeding.db, { phone });
      for (const kind of visitMessageKinds) {
        await queueFamilyMessage(seeding.db, { ...family, kind }, "api");
        expected.push(`${family.reference} ${whatsappTestTemplates[kind]}`);
      }
    }
  } finally {
    await seeding.close();
  }
  const api = await startFakeCloudApi();
  onTestFinished(() => api.close());
  // Four sent, then the fifth taken by the API and never answered: the sender dies waiting.
  api.answerNext(
    { status: 200 },
    { status: 200 },
    { status: 200 },
    { status: 200 },
    { hold: true },
  );

  const child = spawn(process.execPath, [...shortLivedNodeFlags, script, dataDir, api.url], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((done) =>
    child.once("exit", (code, signal) => done(signal ?? code)),
  );
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  await eventually(
    `the sender's fifth send on its way (${stderr})`,
    async () => api.held() === 1,
    120_000,
  );
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
  expect(api.received).toHaveLength(5);

  // Another sender on the same folder (the dead process's lock is taken over): the held message
  // and the rest of its claim are due again once their one-second lease has run out.
  const handle = await openDatabase({ dataDir });
  onTestFinished(() => handle.close());
  const options = {
    api: {
      apiUrl: api.url,
      phoneNumberId: cloudApiPhoneNumberId,
      token: cloudApiToken,
      templates: whatsappTestTemplates,
    },
    siteUrl: "http://localhost:3000",
    secret: "a-test-secret-that-seals-status-links-0123",
    maxAttempts: 5,
    retryBaseSeconds: 30,
    leaseSeconds: 1,
  };
  const whatsappStates = async () =>
    (
      await handle.db
        .select({ state: notifications.state })
        .from(notifications)
        .where(eq(notifications.channel, "whatsapp"))
    ).map((row) => row.state);
  await eventually("every message sent", async () => {
    await sendDueWhatsappMessages(handle.db, captureLog().log, options);
    return (await whatsappStates()).every((state) => state !== "queued");
  });

  expect(await whatsappStates()).toEqual(Array(12).fill("sent"));
  const sends = api.received.map((received) => {
    const parameters = received.body.template.components[0]?.parameters ?? [];
    return `${parameters[3]?.text} ${received.body.template.name}`;
  });
  // Every message at least once…
  expect(new Set(sends)).toEqual(new Set(expected));
  // …and only the one on its way when the sender died twice.
  const heldSend = sends[4];
  const twice = expected.filter((message) => sends.filter((send) => send === message).length > 1);
  expect(twice).toEqual([heldSend]);
  expect(sends).toHaveLength(13);
});
