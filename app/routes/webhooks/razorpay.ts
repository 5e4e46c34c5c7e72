// Razorpay's webhook (/webhooks/razorpay; decision 047): a POST signed with the webhook secret in
// X-Razorpay-Signature. One without a valid signature is refused and changes nothing; a signed one
// is answered 200 whatever it holds (Razorpay sends again whatever is not), and what it did is kept
// (app/domain/money/razorpay.server.ts): booked once, repeated, or refused for staff to see.
// Without Razorpay set up the address does not exist (404).
import { razorpayWebhookText } from "#app/domain/money/money-texts.ts";
import { getMoneySettings } from "#app/domain/money/prices.server.ts";
import {
  razorpaySignatureMatches,
  receiveRazorpayEvent,
} from "#app/domain/money/razorpay.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/razorpay";

const plain = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export function loader({ context }: Route.LoaderArgs) {
  return context.get(servicesContext).razorpay
    ? plain(405, razorpayWebhookText.methodNotAllowed)
    : plain(404, razorpayWebhookText.notFound);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, familyMessages, razorpay: settings } = context.get(servicesContext);
  if (!settings) return plain(404, razorpayWebhookText.notFound);
  if (request.method !== "POST") return plain(405, razorpayWebhookText.methodNotAllowed);
  // The raw bytes, as Razorpay signed them: never parsed before the check.
  const raw = new Uint8Array(await request.arrayBuffer());
  const signature = request.headers.get("x-razorpay-signature");
  if (!signature) return plain(401, razorpayWebhookText.unsigned);
  if (!razorpaySignatureMatches(raw, signature, settings.webhookSecret)) {
    return plain(403, razorpayWebhookText.badSignature);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(raw).toString("utf8"));
  } catch {
    return plain(400, razorpayWebhookText.notJson);
  }
  const eventId = request.headers.get("x-razorpay-event-id")?.slice(0, 100) || null;
  const done = await receiveRazorpayEvent(db, payload, eventId, getMoneySettings(), {
    messages: familyMessages.mode,
    messageQueued: () => familyMessages.kick(),
  });
  // Its outcome and reason only: no name, no number, no amount of a person's.
  getLogger().info({ razorpay: done.outcome, reason: done.reason }, "razorpay webhook");
  return plain(200, razorpayWebhookText.received);
}
