// The WhatsApp sender (decision 038) on the real databases, against a local server that speaks the
// Cloud API's messages endpoint as Meta documents it (cloud-api.ts, which cites the reference):
// each kind of message goes as its approved template, in the family's language, with its five
// parameters in Meta's order (and the reminder's two quick replies); rate limits and server
// errors are tried again later and then sent; a refusal (a number without WhatsApp) is given up
// at once and told on the request's timeline, as are attempts run out; nothing is queued without
// the family's consent, and a "STOP" reply ends what was queued. No test waits for a backoff: a
// message put back in the queue is made due by setting its time, as the wait would.
import { and, eq, sql } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import type { VisitMessageKind } from "#app/domain/messages/family-message-texts.ts";
import { queueFamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import { readStatusLinkKey } from "#app/domain/messages/status-link.server.ts";
import {
  sendDueWhatsappMessages,
  type WhatsappSenderOptions,
} from "#app/domain/messages/whatsapp-sender.server.ts";
import { recordPayment } from "#app/domain/money/account.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { appointments, notifications, visits } from "#db/schema.ts";
import {
  cloudApiPhoneNumberId,
  cloudApiToken,
  cloudApiVersion,
  type FakeCloudApi,
  startFakeCloudApi,
  whatsappTestTemplates,
} from "#tests/integration/cloud-api.ts";
import { describeEachDatabase, type TestDatabase } from "#tests/integration/databases.ts";
import { activityOf, admin, seedFamily, seedStaff } from "#tests/integration/family-visits.ts";
import { captureLog, site, testSecret } from "#tests/integration/fixtures.ts";
import { postWebhook, textMessage } from "#tests/integration/whatsapp-webhook-requests.ts";

const templates = whatsappTestTemplates;

async function cloudApi() {
  const api = await startFakeCloudApi();
  onTestFinished(() => api.close());
  return api;
}

const senderOptions = (api: FakeCloudApi, maxAttempts = 5): WhatsappSenderOptions => ({
  api: {
    apiUrl: api.url,
    phoneNumberId: cloudApiPhoneNumberId,
    token: cloudApiToken,
    templates,
  },
  siteUrl: site.siteUrl,
  secret: testSecret,
  maxAttempts,
  retryBaseSeconds: 30,
});

/**
 * The status page's link in a message, as what it opens: "<page> for <request id>" (its key is
 * read back with the site's secret; anything else stays as sent).
 */
const opened = (text: string | undefined) => {
  if (text === undefined) return text;
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const key = url?.searchParams.get("key");
  if (!url || !key || url.origin !== new URL(site.siteUrl).origin) return text;
  return `${url.pathname} for ${readStatusLinkKey(testSecret, key)}`;
};

const bodyParameters = (received: FakeCloudApi["received"][number]) =>
  received.body.template.components
    .find((component) => component.type === "body")
    ?.parameters.map((parameter) => opened(parameter.text));

describeEachDatabase("WhatsApp messages to families", (database: TestDatabase) => {
  const queue = (family: { appointmentId: string; visitId: string }, kind: VisitMessageKind) =>
    queueFamilyMessage(database.db, { ...family, kind }, "api");

  const rowOf = async (id: string | null) => {
    if (!id) throw new Error("nothing was queued");
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw new Error("no such message");
    return row;
  };

  /** As if the backoff's wait were over. */
  const makeDue = (id: string) =>
    database.db
      .update(notifications)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(notifications.id, id));

  const timeline = (appointmentId: string) => activityOf(database.db, appointmentId);

  it("sends each kind as its template, in the family's language, with its five parameters", async () => {
    const api = await cloudApi();
    const english = await seedFamily(database.db, { phone: "98100 12345" });
    const hindi = await seedFamily(database.db, { phone: "98111 22233", lang: "hi" });
    const ids = [
      await queue(english, "family_visit_booked"),
      await queue(english, "family_visit_moved"),
      await queue(english, "family_visit_cancelled"),
      await queue(english, "family_visit_reminder"),
      await queue(hindi, "family_visit_reminder"),
    ];
    const { log, lines } = captureLog();

    const report = await sendDueWhatsappMessages(database.db, log, senderOptions(api));

    expect(report.sent.sort()).toEqual([...ids].sort());
    expect(api.received).toHaveLength(5);
    for (const received of api.received) {
      expect(received.path).toBe(`/${cloudApiVersion}/${cloudApiPhoneNumberId}/messages`);
      expect(received.authorization).toBe(`Bearer ${cloudApiToken}`);
    }
    const byTemplate = (name: string, to: string) =>
      api.received.find(
        (received) => received.body.template.name === name && received.body.to === to,
      );
    // The booking, exactly as the Cloud API takes a template message; its link opens the
    // family's own page.
    const booked = byTemplate("physio_visit_booked", english.waId);
    expect(booked && bodyParameters(booked)?.[4]).toBe(`/status for ${english.appointmentId}`);
    expect(booked?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919810012345",
      type: "template",
      template: {
        name: "physio_visit_booked",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Tuesday, 1 December" },
              { type: "text", text: "2:30 PM" },
              { type: "text", text: "Dr. Rao" },
              { type: "text", text: english.reference },
              {
                type: "text",
                text: expect.stringMatching(
                  new RegExp(`^${site.siteUrl}/status\\?key=[\\w-]{40}$`),
                ),
              },
            ],
          },
        ],
      },
    });
    for (const name of ["physio_visit_moved", "physio_visit_cancelled"]) {
      const received = byTemplate(name, english.waId);
      expect(received?.body.template.language).toEqual({ code: "en" });
      expect(received && bodyParameters(received)).toEqual([
        "Tuesday, 1 December",
        "2:30 PM",
        "Dr. Rao",
        english.reference,
        `/status for ${english.appointmentId}`,
      ]);
      expect(received?.body.template.components).toHaveLength(1);
    }
    // The reminders: their quick replies, and the Hindi one in Hindi with the Hindi status page.
    const reminderButtons = [
      {
        type: "button",
        sub_type: "quick_reply",
        index: "0",
        parameters: [{ type: "payload", payload: "confirm" }],
      },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "1",
        parameters: [{ type: "payload", payload: "change" }],
      },
    ];
    const englishReminder = byTemplate("physio_visit_reminder", english.waId);
    expect(englishReminder?.body.template.components.slice(1)).toEqual(reminderButtons);
    const hindiReminder = byTemplate("physio_visit_reminder", "919811122233");
    expect(hindiReminder?.body.template.language).toEqual({ code: "hi" });
    // The reminder names the visit's code (decision 048), which only the family is given.
    const [hindiVisit] = await database.db
      .select({ code: visits.familyCode })
      .from(visits)
      .where(eq(visits.id, hindi.visitId));
    expect(hindiReminder && bodyParameters(hindiReminder)).toEqual([
      "मंगलवार, 1 दिसंबर",
      "दोपहर 2:30",
      "Dr. Rao",
      hindi.reference,
      hindiVisit?.code,
      `/hi/status for ${hindi.appointmentId}`,
    ]);
    expect(hindiVisit?.code).toMatch(/^\d{4}$/);
    expect(hindiReminder?.body.template.components.slice(1)).toEqual(reminderButtons);

    // Each row sent, with WhatsApp's id of it (statuses and replies are matched by it).
    for (const id of ids) {
      const row = await rowOf(id);
      const received = api.received.find(
        (message) => message.messageId && message.messageId === row.externalId,
      );
      expect(row).toMatchObject({ state: "sent", attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(received).toBeDefined();
    }
    // The log says what happened, never to whom or with which token.
    const log_ = lines().join("\n");
    expect(log_).toContain("WhatsApp message sent");
    for (const secret of ["919810012345", "98100", cloudApiToken, english.reference]) {
      expect(log_).not.toContain(secret);
    }
  });

  it("sends a receipt's message as its template with its four parameters, the link opening the receipt", async () => {
    const api = await cloudApi();
    await seedStaff(database.db);
    const english = await seedFamily(database.db, { phone: "98100 12345" });
    const hindi = await seedFamily(database.db, { phone: "98111 22233", lang: "hi" });
    const pay = (appointmentId: string, amountPaise: number) =>
      recordPayment(
        database.db,
        admin,
        appointmentId,
        { method: "upi", amountPaise, paidOn: indiaDay(new Date()), reference: "" },
        { receiptPrefix: "HP" },
        new Date(),
        { messages: "api" },
      );
    const paidEn = await pay(english.appointmentId, 120_000);
    const paidHi = await pay(hindi.appointmentId, 1_080_000);

    const report = await sendDueWhatsappMessages(database.db, captureLog().log, senderOptions(api));

    expect(report.sent).toHaveLength(2);
    const sentTo = (to: string) => api.received.find((received) => received.body.to === to);
    const en = sentTo(english.waId);
    expect(en?.body.template).toEqual({
      name: "physio_payment_receipt",
      language: { code: "en" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "₹1,200" },
            { type: "text", text: paidEn.receiptNumber },
            { type: "text", text: english.reference },
            {
              type: "text",
              text: expect.stringMatching(
                new RegExp(`^${site.siteUrl}/status/receipt/${paidEn.id}\\?key=[\\w-]{40}$`),
              ),
            },
          ],
        },
      ],
    });
    expect(en && bodyParameters(en)?.[3]).toBe(
      `/status/receipt/${paidEn.id} for ${english.appointmentId}`,
    );
    const hi = sentTo(hindi.waId);
    expect([hi?.body.template.name, hi?.body.template.language.code]).toEqual([
      "physio_payment_receipt",
      "hi",
    ]);
    expect(hi && bodyParameters(hi)).toEqual([
      "₹10,800",
      paidHi.receiptNumber,
      hindi.reference,
      `/status/receipt/${paidHi.id} for ${hindi.appointmentId}`,
    ]);
  });

  it("tries a rate limit and a server error again later, then sends the message once", async () => {
    const api = await cloudApi();
    const family = await seedFamily(database.db);
    const id = await queue(family, "family_visit_booked");
    if (!id) throw new Error("not queued");
    api.answerNext({ status: 429, code: 130429 }, { status: 500, code: 131000 });
    const options = senderOptions(api);
    const before = new Date();

    expect(await sendDueWhatsappMessages(database.db, captureLog().log, options)).toMatchObject({
      retried: [id],
      sent: [],
    });
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: "HTTP 429, code 130429",
    });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(before.getTime());
    // Not due again before its wait is over.
    expect(await sendDueWhatsappMessages(database.db, captureLog().log, options)).toMatchObject({
      retried: [],
      sent: [],
    });

    await makeDue(id);
    expect(await sendDueWhatsappMessages(database.db, captureLog().log, options)).toMatchObject({
      retried: [id],
    });
    expect(await rowOf(id)).toMatchObject({
      state: "queued",
      attempts: 2,
      lastError: "HTTP 500, code 131000",
    });

    await makeDue(id);
    expect(await sendDueWhatsappMessages(database.db, captureLog().log, options)).toMatchObject({
      sent: [id],
    });
    expect(await rowOf(id)).toMatchObject({ state: "sent", attempts: 3, lastError: null });
    expect(api.received).toHaveLength(3);
    expect(new Set(api.received.map((received) => JSON.stringify(received.body))).size).toBe(1);
    expect(await timeline(family.appointmentId)).toEqual([]);
  });

  it("gives up a number without WhatsApp at once, and tells staff on the timeline", async () => {
    const api = await cloudApi();
    const family = await seedFamily(database.db);
    const id = await queue(family, "family_visit_booked");
    api.answerNext({ status: 400, code: 131026, title: "Message Undeliverable" });

    const report = await sendDueWhatsappMessages(database.db, captureLog().log, senderOptions(api));

    expect(report).toMatchObject({ failed: [id], sent: [], retried: [] });
    expect(await rowOf(id)).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError: "HTTP 400, code 131026",
    });
    expect(await timeline(family.appointmentId)).toEqual([
      {
        kind: "message_failed",
        by: "system:whatsapp",
        visitId: family.visitId,
        body: "WhatsApp message not delivered (visit booked, Tue 1 Dec): the number has no WhatsApp. Call the family instead.",
      },
    ]);
    // Given up: not tried again.
    expect(
      await sendDueWhatsappMessages(database.db, captureLog().log, senderOptions(api)),
    ).toMatchObject({
      failed: [],
      sent: [],
    });
    expect(api.received).toHaveLength(1);
  });

  it("gives up a message whose attempts ran out on server errors, once, on the timeline", async () => {
    const api = await cloudApi();
    const family = await seedFamily(database.db);
    const id = await queue(family, "family_visit_reminder");
    if (!id) throw new Error("not queued");
    api.answerNext({ status: 503, code: 2 }, { status: 503, code: 2 });
    const options = senderOptions(api, 2);

    await sendDueWhatsappMessages(database.db, captureLog().log, options);
    await makeDue(id);
    const report = await sendDueWhatsappMessages(database.db, captureLog().log, options);

    expect(report.failed).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ state: "failed", attempts: 2 });
    expect(await timeline(family.appointmentId)).toEqual([
      {
        kind: "message_failed",
        by: "system:whatsapp",
        visitId: family.visitId,
        body: "WhatsApp message not delivered (reminder, Tue 1 Dec): WhatsApp's service did not answer. Call the family instead.",
      },
    ]);
  });

  it("queues nothing for a family that did not ask for updates, and sends nothing", async () => {
    const api = await cloudApi();
    const family = await seedFamily(database.db, { consent: false });

    expect(await queue(family, "family_visit_booked")).toBeNull();
    await sendDueWhatsappMessages(database.db, captureLog().log, senderOptions(api));

    expect(await database.db.$count(notifications, eq(notifications.channel, "whatsapp"))).toBe(0);
    expect(api.received).toEqual([]);
  });

  it("ends a family's messages when they reply STOP: what was queued is skipped, nothing is sent", async () => {
    const api = await cloudApi();
    const family = await seedFamily(database.db);
    const other = await seedFamily(database.db, { phone: "98111 22233" });
    const queued = [
      await queue(family, "family_visit_booked"),
      await queue(family, "family_visit_reminder"),
    ];
    const othersId = await queue(other, "family_visit_booked");

    const answer = await postWebhook(
      database.db,
      textMessage(family.waId, "wamid.STOP000001", "  Stop "),
    );

    expect(answer.status).toBe(200);
    for (const id of queued) expect(await rowOf(id)).toMatchObject({ state: "skipped" });
    const [request] = await database.db
      .select({ stoppedAt: appointments.whatsappStoppedAt })
      .from(appointments)
      .where(eq(appointments.id, family.appointmentId));
    expect(request?.stoppedAt).toBeInstanceOf(Date);
    expect(await timeline(family.appointmentId)).toEqual([
      {
        kind: "messages_stopped",
        by: "family:whatsapp",
        visitId: null,
        body: "Stopped WhatsApp updates",
      },
    ]);
    // Nothing more is queued for them; only the other family's message goes.
    expect(await queue(family, "family_visit_moved")).toBeNull();
    const report = await sendDueWhatsappMessages(database.db, captureLog().log, senderOptions(api));
    expect(report.sent).toEqual([othersId]);
    expect(api.received.map((received) => received.body.to)).toEqual([other.waId]);
    expect(
      await database.db.$count(
        notifications,
        and(eq(notifications.appointmentId, family.appointmentId), eq(notifications.state, "sent")),
      ),
    ).toBe(0);
  });

  it("skips a message queued before the family stopped, when it is claimed after", async () => {
    const api = await cloudApi();
    const family = await seedFamily(database.db);
    const id = await queue(family, "family_visit_booked");
    // Stopped by another way than the stop itself (which skips the queued rows): the row is
    // still queued, and the sender, composing it, finds nothing to send.
    await database.db
      .update(appointments)
      .set({ whatsappStoppedAt: new Date() })
      .where(eq(appointments.id, family.appointmentId));

    const report = await sendDueWhatsappMessages(database.db, captureLog().log, senderOptions(api));

    expect(report.skipped).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ state: "skipped" });
    expect(api.received).toEqual([]);
  });
});
