// Meta's WhatsApp webhook (/webhooks/whatsapp; decision 038) on the real databases, through the
// route's own loader and action: the subscription handshake answers the challenge only for our
// verify token; a delivery is accepted only with a valid X-Hub-Signature-256 (a bad or missing one
// is refused and writes nothing); statuses land on our messages, "Confirm" confirms the visit and
// "I need to change it" puts an ask in Needs attention; and a delivery Meta sends again changes
// nothing. Bodies and signatures as Meta sends them: whatsapp-webhook-requests.ts.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { queueFamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import { signBody } from "#app/domain/messages/whatsapp-webhook.server.ts";
import { familyAsks, notifications, visits, whatsappInbound } from "#db/schema.ts";
import { describeEachDatabase, type TestDatabase } from "#tests/integration/databases.ts";
import { activityOf, type Family, seedFamily } from "#tests/integration/family-visits.ts";
import {
  appSecret,
  buttonReply,
  handshake,
  postWebhook,
  statusUpdate,
  verifyToken,
} from "#tests/integration/whatsapp-webhook-requests.ts";

describeEachDatabase("the WhatsApp webhook", (database: TestDatabase) => {
  /** A family whose reminder went out as `wamid`, for a visit a week from now. */
  async function remindedFamily(wamid: string): Promise<Family & { messageId: string }> {
    const family = await seedFamily(database.db, {
      startsAt: new Date(Date.now() + 7 * 24 * 3600_000),
    });
    const messageId = await queueFamilyMessage(
      database.db,
      { ...family, kind: "family_visit_reminder" },
      "api",
    );
    if (!messageId) throw new Error("not queued");
    await database.db
      .update(notifications)
      .set({ state: "sent", sentAt: new Date(), externalId: wamid })
      .where(eq(notifications.id, messageId));
    return { ...family, messageId };
  }

  const timeline = (appointmentId: string) => activityOf(database.db, appointmentId);

  const visitOf = async (id: string) => {
    const [visit] = await database.db.select().from(visits).where(eq(visits.id, id));
    return visit;
  };

  const messageOf = async (id: string) => {
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    return row;
  };

  it("answers Meta's handshake with the challenge only for the right verify token", async () => {
    const asked = { "hub.mode": "subscribe", "hub.challenge": "1158201444" };
    const right = await handshake(database.db, { ...asked, "hub.verify_token": verifyToken });
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toContain("text/plain");
    expect(await right.text()).toBe("1158201444");

    const wrong = await handshake(database.db, { ...asked, "hub.verify_token": `${verifyToken}x` });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("1158201444");
    const none = await handshake(database.db, asked);
    expect(none.status).toBe(403);
    const notSubscribe = await handshake(database.db, {
      ...asked,
      "hub.mode": "unsubscribe",
      "hub.verify_token": verifyToken,
    });
    expect(notSubscribe.status).toBe(403);
    // Without the Cloud API configured, there is no webhook at all.
    const unconfigured = await handshake(
      database.db,
      { ...asked, "hub.verify_token": verifyToken },
      false,
    );
    expect(unconfigured.status).toBe(404);
  });

  it("confirms the visit on a signed Confirm, once, however often Meta sends it", async () => {
    const family = await remindedFamily("wamid.REMINDER01");
    const reply = buttonReply(
      family.waId,
      "wamid.REPLY01",
      "wamid.REMINDER01",
      "confirm",
      "Confirm",
    );

    const first = await postWebhook(database.db, reply);
    expect(first.status).toBe(200);
    const confirmedAt = (await visitOf(family.visitId))?.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);
    const entries = [
      {
        kind: "visit_confirmed",
        by: "family:whatsapp",
        visitId: family.visitId,
        body: "Confirmed by the family on WhatsApp",
      },
    ];
    expect(await timeline(family.appointmentId)).toEqual(entries);

    // Meta sends it again (it retries whatever it thinks was not received): nothing changes.
    const again = await postWebhook(database.db, reply);
    expect(again.status).toBe(200);
    expect((await visitOf(family.visitId))?.confirmedAt).toEqual(confirmedAt);
    expect(await timeline(family.appointmentId)).toEqual(entries);
    expect(await database.db.$count(whatsappInbound)).toBe(1);
  });

  it("changes nothing on a reply from another number that quotes the family's message", async () => {
    const family = await remindedFamily("wamid.REMINDER05");
    const stranger = family.waId === "919999912345" ? "919999954321" : "919999912345";
    for (const [id, payload, text] of [
      ["wamid.STRANGER01", "confirm", "Confirm"],
      ["wamid.STRANGER02", "change", "I need to change it"],
    ] as const) {
      const answer = await postWebhook(
        database.db,
        buttonReply(stranger, id, "wamid.REMINDER05", payload, text),
      );
      expect(answer.status).toBe(200);
    }
    expect((await visitOf(family.visitId))?.confirmedAt).toBeNull();
    expect(await database.db.$count(familyAsks)).toBe(0);
    expect(await timeline(family.appointmentId)).toEqual([]);

    // The family's own reply still does it.
    await postWebhook(
      database.db,
      buttonReply(family.waId, "wamid.FAMILY05", "wamid.REMINDER05", "confirm", "Confirm"),
    );
    expect((await visitOf(family.visitId))?.confirmedAt).toBeInstanceOf(Date);
  });

  it("acts on no event older than a week by its own time: a signed delivery replayed once its id is forgotten", async () => {
    const family = await remindedFamily("wamid.REMINDER06");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    const old = await postWebhook(
      database.db,
      buttonReply(
        family.waId,
        "wamid.OLD06",
        "wamid.REMINDER06",
        "change",
        "I need to change it",
        eightDaysAgo,
      ),
    );
    expect(old.status).toBe(200);
    const oldStatus = await postWebhook(
      database.db,
      statusUpdate("wamid.REMINDER06", "read", family.waId, undefined, eightDaysAgo),
    );
    expect(oldStatus.status).toBe(200);
    expect(await database.db.$count(familyAsks)).toBe(0);
    expect(await database.db.$count(whatsappInbound)).toBe(0);
    expect((await messageOf(family.messageId))?.readAt).toBeNull();

    // Six days old is within Meta's retries: acted on.
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600_000);
    await postWebhook(
      database.db,
      buttonReply(
        family.waId,
        "wamid.RETRY06",
        "wamid.REMINDER06",
        "change",
        "I need to change it",
        sixDaysAgo,
      ),
    );
    expect(await database.db.$count(familyAsks)).toBe(1);
  });

  it("puts an ask to move the visit in Needs attention on a signed I need to change it", async () => {
    const family = await remindedFamily("wamid.REMINDER02");
    const reply = buttonReply(
      family.waId,
      "wamid.REPLY02",
      "wamid.REMINDER02",
      "change",
      "I need to change it",
    );

    expect((await postWebhook(database.db, reply)).status).toBe(200);
    expect((await postWebhook(database.db, reply)).status).toBe(200);

    const asks = await database.db
      .select({
        visitId: familyAsks.visitId,
        kind: familyAsks.kind,
        reason: familyAsks.reason,
        via: familyAsks.via,
        handledAt: familyAsks.handledAt,
      })
      .from(familyAsks);
    expect(asks).toEqual([
      {
        visitId: family.visitId,
        kind: "move",
        reason: "I need to change it",
        via: "whatsapp",
        handledAt: null,
      },
    ]);
    expect(await timeline(family.appointmentId)).toEqual([
      {
        kind: "family_asked",
        by: "family:whatsapp",
        visitId: family.visitId,
        body: "Asks to move this visit. Reason: I need to change it",
      },
    ]);
    // The schedule itself is staff's to change.
    expect(await visitOf(family.visitId)).toMatchObject({ status: "scheduled", confirmedAt: null });
  });

  it("refuses a delivery with a bad or missing signature, and writes nothing", async () => {
    const family = await remindedFamily("wamid.REMINDER03");
    const reply = buttonReply(
      family.waId,
      "wamid.REPLY03",
      "wamid.REMINDER03",
      "confirm",
      "Confirm",
    );
    const raw = JSON.stringify(reply);

    const missing = await postWebhook(database.db, raw, null);
    const wrongSecret = await postWebhook(database.db, raw, signBody(raw, `${appSecret}-other`));
    const otherBody = await postWebhook(database.db, raw, signBody(`${raw} `, appSecret));
    const notHex = await postWebhook(database.db, raw, "sha256=not-a-signature");
    const bare = await postWebhook(database.db, raw, signBody(raw, appSecret).slice(7));

    expect(missing.status).toBe(401);
    for (const answer of [wrongSecret, otherBody, notHex, bare]) expect(answer.status).toBe(403);
    expect(await database.db.$count(whatsappInbound)).toBe(0);
    expect((await visitOf(family.visitId))?.confirmedAt).toBeNull();
    expect(await timeline(family.appointmentId)).toEqual([]);
    // Without the Cloud API configured, not even a signed one is read.
    expect((await postWebhook(database.db, raw, undefined, false)).status).toBe(404);
    expect(await database.db.$count(whatsappInbound)).toBe(0);
  });

  it("records delivered and read on our message, and a late failure once on the timeline", async () => {
    const family = await remindedFamily("wamid.REMINDER04");
    // Meta's own time of the events (whole seconds), an hour before they reach us.
    const metaTime = new Date((Math.floor(Date.now() / 1000) - 3600) * 1000);
    for (const status of ["delivered", "read"] as const) {
      const answer = await postWebhook(
        database.db,
        statusUpdate("wamid.REMINDER04", status, family.waId, undefined, metaTime),
      );
      expect(answer.status).toBe(200);
    }
    const read = await messageOf(family.messageId);
    expect(read?.deliveredAt).toEqual(metaTime);
    expect(read?.readAt).toEqual(metaTime);
    expect(read?.state).toBe("sent");

    const other = await remindedFamily("wamid.REMINDER05");
    const failed = statusUpdate("wamid.REMINDER05", "failed", other.waId, [
      { code: 131026, title: "Message undeliverable" },
    ]);
    expect((await postWebhook(database.db, failed)).status).toBe(200);
    expect((await postWebhook(database.db, failed)).status).toBe(200);
    expect(await messageOf(other.messageId)).toMatchObject({ state: "failed" });
    const entries = await timeline(other.appointmentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "message_failed",
      by: "system:whatsapp",
      visitId: other.visitId,
    });
    expect(entries[0]?.body).toMatch(
      /^WhatsApp message not delivered \(reminder, \w{3} \d{1,2} \w{3}\): the number has no WhatsApp\. Call the family instead\.$/,
    );
  });

  it("answers 200 to a signed delivery about nothing of ours, and changes nothing", async () => {
    const family = await remindedFamily("wamid.REMINDER06");
    const unknown = [
      statusUpdate("wamid.SOMEONEELSE", "delivered", "919999999999"),
      buttonReply(family.waId, "wamid.REPLY06", "wamid.NOTOURS", "confirm", "Confirm"),
      {
        object: "whatsapp_business_account",
        entry: [{ id: "1", changes: [{ field: "account_update", value: {} }] }],
      },
      {},
    ];
    for (const body of unknown) expect((await postWebhook(database.db, body)).status).toBe(200);
    expect((await visitOf(family.visitId))?.confirmedAt).toBeNull();
    expect(await messageOf(family.messageId)).toMatchObject({ deliveredAt: null, state: "sent" });
    // A signed body that is not JSON is a client's error, not ours.
    expect((await postWebhook(database.db, "{not json")).status).toBe(400);
  });
});
