// A local stand-in for Razorpay's Payment Links API and its webhooks, as Razorpay documents them:
// - "Create a Standard Payment Link" (https://razorpay.com/docs/api/payments/payment-links/
//   create-standard): POST /v1/payment_links, HTTP basic auth key_id:key_secret, a JSON body with
//   amount (paise), currency, reference_id, …; 200 with the Payment Link entity
//   (https://razorpay.com/docs/api/payments/payment-links/entity): id "plink_…", short_url,
//   amount, amount_paid, currency, reference_id, status "created", …; an error as
//   {"error":{"code":"BAD_REQUEST_ERROR","description":…}} — a reference_id used before is one.
// - The "Payment Link Paid" webhook (https://razorpay.com/docs/webhooks/payment-links, its sample
//   payload): {"entity":"event","event":"payment_link.paid","contains":["payment_link","order",
//   "payment"],"payload":{"payment_link":{"entity":…},"order":{"entity":…},"payment":{"entity":…}},
//   "created_at":…}, signed in X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook
//   secret, hex; https://razorpay.com/docs/webhooks/validate-test) and named by X-Razorpay-Event-Id.
// - The hosted page a link opens (its short_url): here a page with a Pay button, which sends the
//   webhook to the site (`webhookTo`) and then returns the family to the link's callback_url with
//   razorpay_payment_link_status=paid, as Razorpay's page does.
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "#tests/integration/cloud-api.ts";

export const razorpayTest = {
  keyId: "rzp_test_1DP5mmOlF5G5ag",
  keySecret: "test-key-secret-9a8b7c",
  webhookSecret: "test-webhook-secret-3e4f",
};

interface CreatedLink {
  id: string;
  short_url: string;
  amount: number;
  currency: string;
  reference_id: string;
  status: string;
  callback_url: string;
}

export interface FakeRazorpay {
  /** RAZORPAY_API_URL. */
  url: string;
  /** Every authorised request's body, in order. */
  received: Record<string, unknown>[];
  /** Authorization headers seen. */
  authorizations: (string | undefined)[];
  links: CreatedLink[];
  /** The next request answered with this status and Razorpay's error. */
  failNext(status: number): void;
  close(): Promise<void>;
}

const entityId = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url")}`;

export async function startFakeRazorpay(
  options: { webhookTo?: () => string } = {},
): Promise<FakeRazorpay> {
  const received: Record<string, unknown>[] = [];
  const authorizations: (string | undefined)[] = [];
  const links: CreatedLink[] = [];
  const failures: number[] = [];
  const expected = `Basic ${Buffer.from(`${razorpayTest.keyId}:${razorpayTest.keySecret}`).toString("base64")}`;
  let base = "";
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(json));
    };
    // The hosted page: the family's side, no key.
    const hosted = /^\/i\/([\w-]+)(\/pay)?$/.exec(req.url ?? "");
    if (hosted) {
      const link = links.find((made) => made.id === `plink_${hosted[1]}`);
      if (!link) {
        res.writeHead(404).end();
        return;
      }
      if (req.method === "GET") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(
          `<!doctype html><html lang="en"><title>Razorpay test page</title><main><h1>Pay ₹${link.amount / 100}</h1><form method="post" action="/i/${hosted[1]}/pay"><button>Pay</button></form></main></html>`,
        );
        return;
      }
      const event = paidEvent(link);
      const raw = JSON.stringify(event);
      const target = options.webhookTo?.();
      if (target) {
        const delivered = await fetch(`${target}/webhooks/razorpay`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Razorpay-Signature": razorpaySignature(raw),
            "X-Razorpay-Event-Id": entityId("evt"),
          },
          body: raw,
        });
        await delivered.arrayBuffer();
      }
      link.status = "paid";
      // Back to the link's callback_url, on the server under test (SITE_URL is its default there).
      const callback = new URL(link.callback_url);
      const back = new URL(`${callback.pathname}${callback.search}`, target ?? callback.origin);
      back.searchParams.set("razorpay_payment_id", event.payload.payment.entity.id);
      back.searchParams.set("razorpay_payment_link_id", link.id);
      back.searchParams.set("razorpay_payment_link_status", "paid");
      res.writeHead(303, { Location: back.toString() }).end();
      return;
    }
    authorizations.push(req.headers.authorization);
    if (req.headers.authorization !== expected) {
      return answer(401, {
        error: { code: "BAD_REQUEST_ERROR", description: "The api key provided is invalid" },
      });
    }
    if (req.method !== "POST" || req.url?.replace(/\/$/, "") !== "/v1/payment_links") {
      return answer(404, { error: { code: "BAD_REQUEST_ERROR", description: "not found" } });
    }
    const parsed = JSON.parse(body) as Record<string, unknown>;
    received.push(parsed);
    const failure = failures.shift();
    if (failure) {
      return answer(failure, {
        error: { code: failure >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR", description: "x" },
      });
    }
    if (links.some((link) => link.reference_id === parsed.reference_id)) {
      return answer(400, {
        error: {
          code: "BAD_REQUEST_ERROR",
          description: "Payment Link with given reference_id already exists",
        },
      });
    }
    const id = entityId("plink");
    const link: CreatedLink = {
      id,
      short_url: `${base}/i/${id.slice(6)}`,
      callback_url: String(parsed.callback_url ?? ""),
      amount: Number(parsed.amount),
      currency: String(parsed.currency),
      reference_id: String(parsed.reference_id),
      status: "created",
    };
    links.push(link);
    answer(200, {
      accept_partial: false,
      amount: link.amount,
      amount_paid: 0,
      callback_method: parsed.callback_method,
      callback_url: parsed.callback_url,
      cancelled_at: 0,
      created_at: Math.floor(Date.now() / 1000),
      currency: link.currency,
      customer: {},
      description: parsed.description,
      expire_by: 0,
      expired_at: 0,
      first_min_partial_amount: 0,
      id: link.id,
      notes: null,
      notify: parsed.notify,
      payments: null,
      reference_id: link.reference_id,
      reminder_enable: false,
      reminders: [],
      short_url: link.short_url,
      status: link.status,
      updated_at: Math.floor(Date.now() / 1000),
      upi_link: false,
      user_id: "",
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    authorizations,
    links,
    failNext: (status) => failures.push(status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A `payment_link.paid` delivery for a link, as Razorpay's sample payload has it; `paid` changes
 * what the payment says (a different amount, another currency, a failed status).
 */
export function paidEvent(
  link: { id: string; amount: number; reference_id: string },
  paid: { paymentId?: string; amount?: number; currency?: string; status?: string } = {},
) {
  const paymentId = paid.paymentId ?? entityId("pay");
  const orderId = entityId("order");
  const amount = paid.amount ?? link.amount;
  return {
    account_id: "acc_OU2H3nkLn9jDVo",
    contains: ["payment_link", "order", "payment"],
    created_at: Math.floor(Date.now() / 1000),
    entity: "event",
    event: "payment_link.paid",
    payload: {
      order: {
        entity: {
          amount,
          amount_due: 0,
          amount_paid: amount,
          attempts: 1,
          created_at: Math.floor(Date.now() / 1000),
          currency: paid.currency ?? "INR",
          entity: "order",
          id: orderId,
          notes: [],
          receipt: link.reference_id,
          status: "paid",
        },
      },
      payment: {
        entity: {
          amount,
          amount_refunded: 0,
          captured: true,
          contact: "+919000090000",
          created_at: Math.floor(Date.now() / 1000),
          currency: paid.currency ?? "INR",
          email: "void@razorpay.com",
          entity: "payment",
          fee: 236,
          id: paymentId,
          international: false,
          method: "upi",
          order_id: orderId,
          status: paid.status ?? "captured",
          tax: 36,
          vpa: "success@razorpay",
        },
      },
      payment_link: {
        entity: {
          accept_partial: false,
          amount: link.amount,
          amount_paid: amount,
          currency: "INR",
          id: link.id,
          order_id: orderId,
          reference_id: link.reference_id,
          status: "paid",
        },
      },
    },
  };
}

/** Signs a raw body as Razorpay does. */
export const razorpaySignature = (raw: string, secret = razorpayTest.webhookSecret) =>
  createHmac("sha256", secret).update(raw).digest("hex");
