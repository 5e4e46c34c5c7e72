// Meta's webhook deliveries as the WhatsApp tests send them to the route (/webhooks/whatsapp):
// bodies in the shape of Meta's payload examples
// (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples), signed as
// Meta signs them (X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app
// secret>, https://developers.facebook.com/docs/graph-api/webhooks/getting-started).
import { RouterContextProvider } from "react-router";
import type { Database } from "#app/db.server.ts";
import type { FamilyMessages } from "#app/domain/messages/whatsapp-sender.server.ts";
import { signBody } from "#app/domain/messages/whatsapp-webhook.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { action, loader } from "#app/routes/webhooks/whatsapp.ts";
import { type AppServices, servicesContext } from "#app/services.server.ts";

export const appSecret = "test-app-secret-5f2b9c";
export const verifyToken = "test-verify-token-7d41e0a9";
const webhookUrl = "http://localhost:3000/webhooks/whatsapp";

/** The routes' context: this database, and the webhook configured (or not: by hand). */
function routeContext(db: Database, configured = true) {
  const familyMessages: FamilyMessages = {
    mode: configured ? "api" : "by_hand",
    kick() {},
    webhook: configured ? { appSecret, verifyToken } : null,
    async stop() {},
  };
  const context = new RouterContextProvider();
  context.set(servicesContext, { db, familyMessages } as unknown as AppServices);
  context.set(requestInfo, { clientAddress: "31.13.64.1", clientKey: "31.13.64.1" });
  return context;
}

/** Meta's subscription handshake, with these query parameters. */
export async function handshake(db: Database, query: Record<string, string>, configured = true) {
  const url = `${webhookUrl}?${new URLSearchParams(query)}`;
  const request = new Request(url);
  return (await loader({
    request,
    context: routeContext(db, configured),
    params: {},
  } as unknown as Parameters<typeof loader>[0])) as Response;
}

/**
 * Posts a body to the webhook, signed with the app secret unless `signature` says otherwise
 * (null: no header).
 */
export async function postWebhook(
  db: Database,
  body: unknown,
  signature?: string | null,
  configured = true,
) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const signed = signature === undefined ? signBody(raw, appSecret) : signature;
  if (signed !== null) headers["X-Hub-Signature-256"] = signed;
  const request = new Request(webhookUrl, { method: "POST", headers, body: raw });
  return (await action({
    request,
    context: routeContext(db, configured),
    params: {},
  } as unknown as Parameters<typeof action>[0])) as Response;
}

/** One change of Meta's "messages" field, in its envelope. */
const webhookBody = (value: Record<string, unknown>) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "102290129340398",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
            ...value,
          },
        },
      ],
    },
  ],
});

/** Meta's `timestamp` of an event: seconds since 1970, as a string. */
const timestampOf = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** A status report of one of our messages. */
export const statusUpdate = (
  wamid: string,
  status: "sent" | "delivered" | "read" | "failed",
  recipient: string,
  errors?: { code: number; title: string }[],
  at = new Date(),
) =>
  webhookBody({
    statuses: [
      {
        id: wamid,
        status,
        timestamp: timestampOf(at),
        recipient_id: recipient,
        ...(errors ? { errors } : {}),
      },
    ],
  });

/** The family tapped one of a template's quick-reply buttons. */
export const buttonReply = (
  from: string,
  id: string,
  repliedTo: string,
  payload: string,
  text: string,
  at = new Date(),
) =>
  webhookBody({
    contacts: [{ profile: { name: "Kavita" }, wa_id: from }],
    messages: [
      {
        context: { from: "15550783881", id: repliedTo },
        from,
        id,
        timestamp: timestampOf(at),
        type: "button",
        button: { payload, text },
      },
    ],
  });

/** The family wrote a text. */
export const textMessage = (from: string, id: string, body: string, at = new Date()) =>
  webhookBody({
    contacts: [{ profile: { name: "Kavita" }, wa_id: from }],
    messages: [{ from, id, timestamp: timestampOf(at), type: "text", text: { body } }],
  });
