// Meta's WhatsApp webhook (/webhooks/whatsapp; decision 038): the subscription handshake (GET) and
// the deliveries (POST: our messages' statuses, the families' replies). Public, but every POST is
// signed with the app's secret: one without a valid X-Hub-Signature-256 is refused and changes
// nothing. Without the Cloud API configured the address does not exist (404). What the webhook
// does: app/domain/messages/whatsapp-webhook.server.ts.

import { whatsappWebhookText } from "#app/domain/messages/whatsapp-texts.ts";
import {
  handshakeChallenge,
  receiveWhatsappEvents,
  signatureMatches,
} from "#app/domain/messages/whatsapp-webhook.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/whatsapp";

const plain = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const { webhook } = context.get(servicesContext).familyMessages;
  if (!webhook) return plain(404, whatsappWebhookText.notConfigured);
  const challenge = handshakeChallenge(new URL(request.url).searchParams, webhook.verifyToken);
  if (challenge === null) return plain(403, whatsappWebhookText.handshakeRefused);
  return plain(200, challenge);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, familyMessages } = context.get(servicesContext);
  const { webhook } = familyMessages;
  if (!webhook) return plain(404, whatsappWebhookText.notConfigured);
  if (request.method !== "POST") return plain(405, whatsappWebhookText.methodNotAllowed);
  // The raw bytes, as Meta signed them (the edge has already bounded their size).
  const raw = new Uint8Array(await request.arrayBuffer());
  const signature = request.headers.get("x-hub-signature-256");
  if (!signature) return plain(401, whatsappWebhookText.unsigned);
  if (!signatureMatches(raw, signature, webhook.appSecret)) {
    return plain(403, whatsappWebhookText.badSignature);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(raw).toString("utf8"));
  } catch {
    return plain(400, whatsappWebhookText.notJson);
  }
  // Answered 200 for anything signed, known or not: Meta sends again whatever is not. A failure
  // of the database is a 500, and Meta's retry is then what we want.
  await receiveWhatsappEvents(db, payload);
  return plain(200, whatsappWebhookText.received);
}
