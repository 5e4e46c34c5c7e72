// Money paid online through Razorpay (decision 047) on the real databases, against a local server
// that speaks Razorpay's Payment Links API and sends its webhooks as Razorpay documents them
// (razorpay-api.ts cites the shapes): the link made with the amount in paise and our reference; a
// valid `payment_link.paid` books the payment and its receipt once, whatever is sent again or by
// two instances at once; a missing or bad signature, a replay, a different amount, an unknown link,
// or another event changes nothing and is kept for staff.

import { eq } from "drizzle-orm";
import Razorpay from "razorpay";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it, onTestFinished } from "vitest";
import type { Database } from "#app/db.server.ts";
import { messagesToSend } from "#app/domain/messages/messages-by-hand.server.ts";
import { familyOnStatusPage } from "#app/domain/messages/origins.ts";
import { statusCookie } from "#app/domain/messages/status-page.server.ts";
import type { FamilyMessages } from "#app/domain/messages/whatsapp-sender.server.ts";
import { accountOf, MoneyRefused } from "#app/domain/money/account.server.ts";
import { getMoneySettings, type MoneySettings } from "#app/domain/money/prices.server.ts";
import {
  markGatewayEventSeen,
  PaymentLinkFailed,
  paymentLinksOf,
  type RazorpaySettings,
  razorpaySignatureMatches,
  refusedGatewayEvents,
  sendPaymentLink,
} from "#app/domain/money/razorpay.server.ts";
import { markVisit } from "#app/domain/visits/visits.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { moneyAction } from "#app/routes/admin/money/money-actions.server.ts";
import { action as statusAction } from "#app/routes/status.tsx";
import { action } from "#app/routes/webhooks/razorpay.ts";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import {
  appointmentActivity,
  gatewayEvents,
  notifications,
  packages,
  paymentLinks,
  payments,
  visits,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { admin, seedFamily, seedStaff } from "#tests/integration/family-visits.ts";
import { testSecret } from "#tests/integration/fixtures.ts";
import {
  type FakeRazorpay,
  paidEvent,
  razorpaySignature,
  razorpayTest,
  startFakeRazorpay,
} from "#tests/integration/razorpay-api.ts";

const money: MoneySettings = {
  prices: {
    homeSessionPaise: 120_000,
    packageSessions: 10,
    packagePricePaise: 1_080_000,
    packageDays: 90,
  },
  chargeNoShow: false,
  receiptPrefix: "HP",
};
const site = { siteUrl: "https://homephysio.example" };

async function fakeRazorpay() {
  const api = await startFakeRazorpay();
  onTestFinished(() => api.close());
  return api;
}

const settingsOf = (api: FakeRazorpay): RazorpaySettings => ({
  ...razorpayTest,
  apiUrl: api.url,
});

/** The webhook's route, as an instance on `db` would answer it. */
async function deliver(
  db: Database,
  api: FakeRazorpay,
  body: unknown,
  headers: { signature?: string | null; eventId?: string } = {},
) {
  const raw = JSON.stringify(body);
  const sent: Record<string, string> = { "Content-Type": "application/json" };
  const signature = headers.signature === undefined ? razorpaySignature(raw) : headers.signature;
  if (signature !== null) sent["X-Razorpay-Signature"] = signature;
  if (headers.eventId) sent["X-Razorpay-Event-Id"] = headers.eventId;
  const familyMessages: FamilyMessages = {
    mode: "by_hand",
    kick() {},
    webhook: null,
    async stop() {},
  };
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    db,
    familyMessages,
    razorpay: settingsOf(api),
  } as unknown as AppServices);
  context.set(requestInfo, { clientAddress: "52.66.0.1", clientKey: "52.66.0.1" });
  const request = new Request("http://localhost:3000/webhooks/razorpay", {
    method: "POST",
    headers: sent,
    body: raw,
  });
  const response = (await action({ request, context, params: {} } as never)) as Response;
  return { status: response.status, text: await response.text() };
}

describeEachDatabase("payments online through Razorpay", (database) => {
  beforeEach(() => seedStaff(database.db));

  /** A family owing ₹1,200: their first visit (a treatment) marked done. */
  async function owingFamily(phone = "98100 12345") {
    const family = await seedFamily(database.db, { phone });
    const [visit] = await database.db.select().from(visits).where(eq(visits.id, family.visitId));
    if (!visit) throw new Error("no visit");
    await markVisit(
      database.db,
      admin,
      family.visitId,
      { kind: "done" },
      money,
      new Date(visit.startsAt.getTime() + 3_600_000),
    );
    return family;
  }

  it("makes a link for what is due with the amount in paise and our reference, and keeps its address", async () => {
    const api = await fakeRazorpay();
    const { appointmentId, reference } = await owingFamily();
    const made = await sendPaymentLink(
      database.db,
      settingsOf(api),
      admin,
      appointmentId,
      "due",
      money,
      site,
    );
    expect(api.received).toEqual([
      {
        amount: 120_000,
        currency: "INR",
        accept_partial: false,
        reference_id: `${reference}-1`,
        description: `Home physiotherapy: what is due (${reference})`,
        notify: { sms: false, email: false },
        reminder_enable: false,
        callback_url: "https://homephysio.example/status",
        callback_method: "get",
      },
    ]);
    const [link] = await database.db.select().from(paymentLinks);
    expect(link).toMatchObject({
      appointmentId,
      purpose: "due",
      amountPaise: 120_000,
      referenceId: `${reference}-1`,
      gatewayId: api.links[0]?.id,
      shortUrl: api.links[0]?.short_url,
      status: "created",
      createdBy: admin.id,
    });
    expect(made.shortUrl).toBe(api.links[0]?.short_url);
    const [entry] = await database.db
      .select({ body: appointmentActivity.body })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "payment_link_sent"));
    expect(entry?.body).toBe(`Payment link for ₹1,200 (what is due): ${made.shortUrl}`);

    // A package: its price, whatever is owed; the next reference.
    await sendPaymentLink(
      database.db,
      settingsOf(api),
      admin,
      appointmentId,
      "package",
      money,
      site,
    );
    expect(api.received[1]).toMatchObject({ amount: 1_080_000, reference_id: `${reference}-2` });
  });

  it("refuses a link for nothing owed, and keeps a link Razorpay refused as failed", async () => {
    const api = await fakeRazorpay();
    const settled = await seedFamily(database.db, { phone: "98100 22222" });
    const refused = await sendPaymentLink(
      database.db,
      settingsOf(api),
      admin,
      settled.appointmentId,
      "due",
      money,
      site,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MoneyRefused);
    expect(api.received).toEqual([]);
    expect(await database.db.select().from(paymentLinks)).toEqual([]);

    const { appointmentId } = await owingFamily("98100 33333");
    api.failNext(500);
    const failed = await sendPaymentLink(
      database.db,
      settingsOf(api),
      admin,
      appointmentId,
      "due",
      money,
      site,
    ).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PaymentLinkFailed);
    expect((failed as PaymentLinkFailed).detail).toBe("HTTP 500, SERVER_ERROR");
    expect((await database.db.select().from(paymentLinks)).map((link) => link.status)).toEqual([
      "failed",
    ]);
  });

  it("books a paid link's payment and its receipt once, whatever Razorpay sends again", async () => {
    const api = await fakeRazorpay();
    const { appointmentId } = await owingFamily();
    await sendPaymentLink(database.db, settingsOf(api), admin, appointmentId, "due", money, site);
    const link = api.links[0];
    if (!link) throw new Error("no link");
    const event = paidEvent(link);
    const paymentId = event.payload.payment.entity.id;

    const first = await deliver(database.db, api, event, { eventId: "evt_1" });
    expect(first).toEqual({ status: 200, text: "OK" });
    // Sent again with its own event id, and again as a new delivery of the same payment.
    expect((await deliver(database.db, api, event, { eventId: "evt_1" })).status).toBe(200);
    expect((await deliver(database.db, api, event, { eventId: "evt_2" })).status).toBe(200);

    const booked = await database.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointmentId));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      direction: "in",
      method: "online",
      amountPaise: 120_000,
      reference: paymentId,
      gatewayPaymentId: paymentId,
      receiptNumber: expect.stringMatching(/^HP\/\d\d-\d\d\/000001$/),
      recordedByEmail: "system:razorpay",
    });
    const account = await accountOf(database.db, appointmentId);
    expect(account.balancePaise).toBe(0);
    const [paidLink] = await database.db.select().from(paymentLinks);
    expect([paidLink?.status, paidLink?.paymentId]).toEqual(["paid", booked[0]?.id]);
    // The receipt goes to the family (they asked for WhatsApp updates).
    expect(
      await database.db
        .select({ kind: notifications.kind, paymentId: notifications.paymentId })
        .from(notifications)
        .where(eq(notifications.kind, "family_receipt")),
    ).toEqual([{ kind: "family_receipt", paymentId: booked[0]?.id }]);
    expect(
      (await database.db.select().from(gatewayEvents)).map((row) => row.outcome).sort(),
    ).toEqual(["booked", "repeated"]);
  });

  it("books a package bought online: the package and its payment in one step", async () => {
    const api = await fakeRazorpay();
    const { appointmentId } = await owingFamily();
    // The prices the webhook's server has (its settings), as the family's purchase uses them.
    const prices = getMoneySettings();
    await sendPaymentLink(
      database.db,
      settingsOf(api),
      familyOnStatusPage,
      appointmentId,
      "package",
      prices,
      site,
    );
    expect(api.received[0]?.amount).toBe(prices.prices.packagePricePaise);
    const link = api.links[0];
    if (!link) throw new Error("no link");
    await deliver(database.db, api, paidEvent(link), { eventId: "evt_p" });
    const sold = await database.db
      .select()
      .from(packages)
      .where(eq(packages.appointmentId, appointmentId));
    expect(sold.map((row) => [row.sessions, row.pricePaise, row.soldByEmail])).toEqual([
      [prices.prices.packageSessions, prices.prices.packagePricePaise, "system:razorpay"],
    ]);
    // The visit's session still owed; the package paid for.
    expect((await accountOf(database.db, appointmentId)).balancePaise).toBe(120_000);
    expect((await database.db.select().from(gatewayEvents)).map((row) => row.outcome)).toEqual([
      "booked",
    ]);
  });

  it("changes nothing for a missing or bad signature, a different amount, an unknown link or another event, and keeps each for staff", async () => {
    const api = await fakeRazorpay();
    const { appointmentId } = await owingFamily();
    await sendPaymentLink(database.db, settingsOf(api), admin, appointmentId, "due", money, site);
    const link = api.links[0];
    if (!link) throw new Error("no link");
    const event = paidEvent(link);

    expect((await deliver(database.db, api, event, { signature: null })).status).toBe(401);
    expect((await deliver(database.db, api, event, { signature: "ab".repeat(32) })).status).toBe(
      403,
    );
    expect(
      (await deliver(database.db, api, event, { signature: razorpaySignature("{}") })).status,
    ).toBe(403);
    const signedWithAnother = razorpaySignature(JSON.stringify(event), "another-secret-123");
    expect((await deliver(database.db, api, event, { signature: signedWithAnother })).status).toBe(
      403,
    );
    // Signed, but not to be booked: each answered 200 (Razorpay would send it again) and kept.
    const refused = [
      paidEvent(link, { amount: 100_000 }),
      paidEvent(link, { currency: "USD" }),
      paidEvent(link, { status: "failed" }),
      paidEvent({ ...link, id: "plink_NotOursAtAll1" }),
      { ...event, event: "refund.processed" },
      { ...event, event: "payment.failed" },
    ];
    for (const [index, body] of refused.entries()) {
      expect((await deliver(database.db, api, body, { eventId: `evt_r${index}` })).status).toBe(
        200,
      );
    }
    expect(await database.db.select().from(payments)).toEqual([]);
    const [stillOpen] = await database.db.select().from(paymentLinks);
    expect(stillOpen?.status).toBe("created");
    const kept = await database.db.select().from(gatewayEvents);
    expect(kept.map((row) => [row.outcome, row.reason])).toEqual(
      expect.arrayContaining([
        ["refused", "the amount paid is not the link's (100000 INR for 120000 INR paise)"],
        ["refused", "the amount paid is not the link's (120000 USD for 120000 INR paise)"],
        ["refused", "the payment is failed"],
        ["refused", "a link that is not ours"],
        ["refused", "not a payment of a link: refund.processed"],
        ["refused", "not a payment of a link: payment.failed"],
      ]),
    );
    expect(kept).toHaveLength(6);
  });

  it("books a payment once when two instances receive its webhook at the same moment", async () => {
    const api = await fakeRazorpay();
    const { appointmentId } = await owingFamily();
    await sendPaymentLink(database.db, settingsOf(api), admin, appointmentId, "due", money, site);
    const link = api.links[0];
    if (!link) throw new Error("no link");
    const event = paidEvent(link);
    const other = await database.openInstance();
    const answers = await Promise.all([
      deliver(database.db, api, event, { eventId: "evt_same" }),
      deliver(other.db, api, event, { eventId: "evt_same" }),
      deliver(database.db, api, event, { eventId: "evt_again" }),
      deliver(other.db, api, event, { eventId: "evt_again2" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await database.db.$count(payments)).toBe(1);
    expect((await accountOf(database.db, appointmentId)).balancePaise).toBe(0);
  });

  it("makes links from the request's page, and puts refused deliveries in front of staff until seen", async () => {
    const api = await fakeRazorpay();
    const { appointmentId } = await owingFamily();
    const settled = await seedFamily(database.db, { phone: "98100 44444" });
    const post = (id: string, intent: string, razorpay: RazorpaySettings | null) => {
      const form = new FormData();
      form.set("intent", intent);
      return moneyAction(form, {
        db: database.db,
        actor: admin,
        address: null,
        appointmentId: id,
        money,
        headers: new Headers(),
        online: { razorpay, siteUrl: site.siteUrl },
      });
    };
    const made = await post(appointmentId, "link-due", settingsOf(api));
    expect([made.init?.status, made.data.message]).toEqual([
      200,
      `Payment link for ₹1,200 made: ${api.links[0]?.short_url}`,
    ]);
    const nothing = await post(settled.appointmentId, "link-due", settingsOf(api));
    expect([nothing.init?.status, nothing.data.message]).toEqual([
      409,
      "Nothing is owed: there is nothing to ask for.",
    ]);
    const unset = await post(appointmentId, "link-package", null);
    expect([unset.init?.status, unset.data.message]).toEqual([
      404,
      "Online payment is not set up (docs/payments.md).",
    ]);
    api.failNext(503);
    const failed = await post(appointmentId, "link-package", settingsOf(api));
    expect([failed.init?.status, failed.data.message]).toEqual([
      502,
      "Razorpay did not make the link just now. Try again in a minute.",
    ]);
    expect((await paymentLinksOf(database.db, appointmentId)).map((link) => link.status)).toEqual([
      "failed",
      "created",
    ]);

    const link = api.links[0];
    if (!link) throw new Error("no link");
    await deliver(database.db, api, paidEvent(link, { amount: 100 }), { eventId: "evt_x" });
    const [open] = await refusedGatewayEvents(database.db);
    expect(open).toMatchObject({ event: "payment_link.paid", appointmentId, amountPaise: 100 });
    expect(await markGatewayEventSeen(database.db, admin, open?.id ?? "")).toBe(true);
    expect(await markGatewayEventSeen(database.db, admin, open?.id ?? "")).toBe(false);
    expect(await refusedGatewayEvents(database.db)).toEqual([]);
  });

  it("lets the family pay what is due or buy a package from the status page, one open link each", async () => {
    const api = await fakeRazorpay();
    const { appointmentId } = await owingFamily();
    const services = {
      db: database.db,
      secret: testSecret,
      razorpay: settingsOf(api),
    } as unknown as AppServices;
    const cookie = (await statusCookie(testSecret, false).set(appointmentId)).split(";")[0] ?? "";
    const press = async (intent: string, path = "/status") => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(requestInfo, { clientAddress: "203.0.113.9", clientKey: "203.0.113.9" });
      const request = new Request(`http://localhost:5173${path}`, {
        method: "POST",
        body: new URLSearchParams({ intent }),
        headers: { Cookie: cookie },
      });
      try {
        const result = (await statusAction({ request, context, params: {} } as never)) as {
          init?: { status?: number };
          data?: { message?: string };
        };
        return { status: result.init?.status ?? 200, message: result.data?.message };
      } catch (thrown) {
        if (thrown instanceof Response) {
          return { status: thrown.status, location: thrown.headers.get("Location") };
        }
        throw thrown;
      }
    };
    const bought = await press("buy-package");
    expect(bought).toEqual({ status: 303, location: api.links[0]?.short_url });
    // Pressed again: the same link, not a second one.
    expect(await press("buy-package")).toEqual(bought);
    expect(api.links).toHaveLength(1);
    const due = await press("pay-online");
    expect(due).toEqual({ status: 303, location: api.links[1]?.short_url });
    expect(api.received.map((body) => body.amount)).toEqual([
      getMoneySettings().prices.packagePricePaise,
      120_000,
    ]);
    const [entry] = await database.db
      .select({ by: appointmentActivity.byEmail })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "payment_link_sent"));
    expect(entry?.by).toBe("family:status-page");
    // Razorpay not answering: said in the family's language, nothing half made.
    await database.db.update(paymentLinks).set({ status: "failed" });
    api.failNext(503);
    expect(await press("pay-online", "/hi/status")).toEqual({
      status: 502,
      message: "ऑनलाइन भुगतान अभी उपलब्ध नहीं है। कृपया कुछ मिनट बाद फिर कोशिश करें।",
    });
  });

  it("sends a link staff made to the family on WhatsApp, in their language, and not one the family made", async () => {
    const api = await fakeRazorpay();
    const english = await owingFamily();
    const hindi = await seedFamily(database.db, { phone: "98111 22233", lang: "hi" });
    let kicked = 0;
    const messaging = { messages: "by_hand" as const, messageQueued: () => kicked++ };
    await sendPaymentLink(
      database.db,
      settingsOf(api),
      admin,
      english.appointmentId,
      "due",
      money,
      site,
      messaging,
    );
    await sendPaymentLink(
      database.db,
      settingsOf(api),
      admin,
      hindi.appointmentId,
      "package",
      money,
      site,
      messaging,
    );
    await sendPaymentLink(
      database.db,
      settingsOf(api),
      familyOnStatusPage,
      english.appointmentId,
      "package",
      money,
      site,
      messaging,
    );
    expect(kicked).toBe(2);
    const { dueNow } = await messagesToSend(database.db, { ...site, secret: testSecret });
    const texts = Object.fromEntries(
      dueNow.map((message) => [
        message.appointmentId,
        new URL(message.link ?? "").searchParams.get("text"),
      ]),
    );
    expect(dueNow.map((message) => message.kind)).toEqual([
      "family_payment_link",
      "family_payment_link",
    ]);
    expect(texts[english.appointmentId]).toBe(
      `Your payment link for home physiotherapy: ₹1,200, reference ${english.reference}. Pay securely by UPI, card or net banking: ${api.links[0]?.short_url} Reply STOP to end these updates.`,
    );
    expect(texts[hindi.appointmentId]).toContain(`₹10,800, रेफ़रेंस ${hindi.reference}।`);
    expect(texts[hindi.appointmentId]).toContain(api.links[1]?.short_url);
  });

  it("checks a signature as the razorpay package does, in constant time", () => {
    const body = JSON.stringify(paidEvent({ id: "plink_x", amount: 100, reference_id: "R-1" }));
    const good = razorpaySignature(body);
    for (const [signature, expected] of [
      [good, true],
      [good.toUpperCase(), true],
      ["0".repeat(64), false],
      [good.slice(0, 63), false],
      ["", false],
    ] as const) {
      expect(
        razorpaySignatureMatches(Buffer.from(body), signature, razorpayTest.webhookSecret),
      ).toBe(expected);
      if (signature.length === 64 && signature === signature.toLowerCase()) {
        expect(Razorpay.validateWebhookSignature(body, signature, razorpayTest.webhookSecret)).toBe(
          expected,
        );
      }
    }
  });
});
