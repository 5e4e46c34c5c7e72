// What Meta's webhook tells us (decision 038): how our messages fared, and the families' replies.
//
// Meta's webhooks (https://developers.facebook.com/docs/graph-api/webhooks/getting-started):
// a GET with hub.mode=subscribe, hub.verify_token and hub.challenge to subscribe, answered with
// the challenge only for our verify token; then each POST signed in `X-Hub-Signature-256:
// sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`. The WhatsApp payload
// (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components and
// …/webhooks/payload-examples): {"object":"whatsapp_business_account","entry":[{"id",
// "changes":[{"field":"messages","value":{"messaging_product":"whatsapp","metadata":{…},
// "statuses":[{"id":"wamid…","status":"sent|delivered|read|failed","timestamp":"1764583200",
// "recipient_id":"919810012345","errors":[{"code":131026,"title":…}]}],
// "messages":[{"from":"919810012345","id":"wamid…","timestamp":…,"type":"button",
// "context":{"from":…,"id":"wamid of our message"},"button":{"payload":"confirm","text":"Confirm"}}
// | {…,"type":"interactive","interactive":{"type":"button_reply","button_reply":{"id","title"}}}
// | {…,"type":"text","text":{"body":"STOP"}}]}}]}]}.
//
// Each status and each message is acted on once, in its own transaction with its row in
// `whatsapp_inbound` (a status by "<wamid>:<status>", a message by its id): Meta delivers at least
// once, and a delivery sent again changes nothing. Anything unknown (an id not ours, a kind of
// message we do not read) is passed over: Meta is answered 200 all the same, or it retries.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { Transaction } from "#app/domain/appointments/request-changes.server.ts";
import { familyMessageText } from "#app/domain/messages/family-message-texts.ts";
import { familyOnWhatsapp } from "#app/domain/messages/origins.ts";
import { stopUpdates } from "#app/domain/messages/updates-consent.server.ts";
import { classifyFailure } from "#app/domain/messages/whatsapp-api.server.ts";
import { giveUpMessage } from "#app/domain/messages/whatsapp-sender.server.ts";
import { whatsappFailureText } from "#app/domain/messages/whatsapp-texts.ts";
import { askToChange, FamilyAskRefused } from "#app/domain/visits/family-asks.server.ts";
import { confirmVisit } from "#app/domain/visits/visits.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { withoutBidiControls } from "#app/lib/typed-text.ts";
import { appointments, notifications, whatsappInbound } from "#db/schema.ts";

/** Meta's subscription handshake: the challenge to answer, or null when it is not for us. */
export function handshakeChallenge(query: URLSearchParams, verifyToken: string): string | null {
  const token = query.get("hub.verify_token") ?? "";
  const challenge = query.get("hub.challenge");
  if (query.get("hub.mode") !== "subscribe" || challenge === null) return null;
  if (!sameText(token, verifyToken)) return null;
  // Meta's challenge is a number; anything else is not Meta's, and is not echoed.
  return /^[0-9A-Za-z_-]{1,200}$/.test(challenge) ? challenge : null;
}

/** Compared in constant time (for equal lengths; a length says nothing of a secret's text). */
function sameText(a: string, b: string) {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `header` is Meta's signature of exactly these bytes. */
export function signatureMatches(
  rawBody: Uint8Array,
  header: string | null,
  appSecret: string,
): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = header.slice("sha256=".length).trim();
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

/** Signs a body as Meta does (for tests and for checking a set-up by hand). */
export const signBody = (rawBody: string | Uint8Array, appSecret: string) =>
  `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;

interface StatusEvent {
  id: string;
  status: string;
  /** Meta's own time of the event (its `timestamp`), else when it reached us. */
  at: Date;
  errorCode: number | undefined;
}

/** `at`: Meta's own time of the reply (its `timestamp`), else when it reached us. */
type ReplyEvent = { id: string; from: string; at: Date } & (
  | { type: "reply"; payload: string; text: string; context: string }
  | { type: "text"; body: string }
);

/**
 * An event older than this by its own timestamp is not acted on. Meta retries a delivery for at
 * most a week; a delivery's id is kept 30 days against repeats (retention.server.ts), so a signed
 * delivery replayed once its id is gone is always older than this, and changes nothing.
 */
const oldestEventDays = 7;

/** Meta's `timestamp` (seconds since 1970, a string or a number), else now. */
function timeOf(value: unknown): Date {
  const seconds = Number(value);
  return typeof value !== "boolean" && Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000)
    : new Date();
}

/**
 * What a webhook's body holds that we act on, read defensively (anything else is left). The
 * family's words lose their bidirectional controls, as every text typed on the site does.
 */
export function readEvents(payload: unknown): { statuses: StatusEvent[]; replies: ReplyEvent[] } {
  const statuses: StatusEvent[] = [];
  const replies: ReplyEvent[] = [];
  const list = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value)
      ? value.filter((item): item is Record<string, unknown> => !!item && typeof item === "object")
      : [];
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const words = (value: unknown) => withoutBidiControls(text(value));
  const object = (value: unknown) =>
    value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  for (const entry of list(object(payload).entry)) {
    for (const change of list(entry.changes)) {
      const value = object(change.value);
      for (const status of list(value.statuses)) {
        const id = text(status.id);
        const state = text(status.status);
        if (!id || !state) continue;
        const code = list(status.errors)[0]?.code;
        statuses.push({
          id,
          status: state,
          at: timeOf(status.timestamp),
          errorCode: typeof code === "number" ? code : Number(code) || undefined,
        });
      }
      for (const message of list(value.messages)) {
        const id = text(message.id);
        const from = text(message.from);
        if (!id || !from) continue;
        const context = text(object(message.context).id);
        const at = timeOf(message.timestamp);
        if (message.type === "button") {
          const button = object(message.button);
          replies.push({
            id,
            from,
            at,
            type: "reply",
            payload: text(button.payload),
            text: words(button.text),
            context,
          });
        } else if (message.type === "interactive") {
          const reply = object(object(message.interactive).button_reply);
          replies.push({
            id,
            from,
            at,
            type: "reply",
            payload: text(reply.id),
            text: words(reply.title),
            context,
          });
        } else if (message.type === "text") {
          replies.push({ id, from, at, type: "text", body: words(object(message.text).body) });
        }
      }
    }
  }
  return { statuses, replies };
}

/** Records a delivery as acted on; false when it was already (then nothing is done again). */
async function firstTime(tx: Transaction, id: string) {
  const inserted = await tx
    .insert(whatsappInbound)
    .values({ id: id.slice(0, 300) })
    .onConflictDoNothing()
    .returning({ id: whatsappInbound.id });
  return inserted.length > 0;
}

async function actOnStatus(tx: Transaction, event: StatusEvent) {
  const byId = eq(notifications.externalId, event.id);
  if (event.status === "delivered") {
    await tx
      .update(notifications)
      .set({ deliveredAt: sql`coalesce(${notifications.deliveredAt}, ${event.at})` })
      .where(byId);
  } else if (event.status === "read") {
    // Read implies delivered (Meta may send the one without the other).
    await tx
      .update(notifications)
      .set({
        deliveredAt: sql`coalesce(${notifications.deliveredAt}, ${event.at})`,
        readAt: sql`coalesce(${notifications.readAt}, ${event.at})`,
      })
      .where(byId);
  } else if (event.status === "failed") {
    const [message] = await tx
      .select({
        id: notifications.id,
        kind: notifications.kind,
        appointmentId: notifications.appointmentId,
        visitId: notifications.visitId,
      })
      .from(notifications)
      .where(byId);
    if (!message) return;
    // A code that would be tried again on sending (a rate limit) is final here: Meta gave up.
    const classified =
      event.errorCode === undefined ? undefined : classifyFailure(400, { code: event.errorCode });
    const reason =
      classified && !classified.retry ? classified.reason : whatsappFailureText.failedLater;
    await giveUpMessage(
      tx,
      message,
      {
        reason,
        detail: `failed after it was sent${event.errorCode ? ` (code ${event.errorCode})` : ""}`,
      },
      and(eq(notifications.id, message.id), ne(notifications.state, "failed")),
    );
  }
}

/**
 * The visit a reply answers: the one of our message it quotes, when the reply comes from the
 * request's own number (the one the message went to). A message id is no secret (a family may
 * forward the message), so a reply from any other number quoting it changes nothing.
 */
async function visitOfMessage(tx: Transaction, wamid: string, from: string) {
  const sender = phoneKey(`+${from}`);
  if (!wamid || !sender) return undefined;
  const [row] = await tx
    .select({
      appointmentId: notifications.appointmentId,
      visitId: notifications.visitId,
      phone: appointments.phone,
    })
    .from(notifications)
    .innerJoin(appointments, eq(appointments.id, notifications.appointmentId))
    .where(
      and(
        eq(notifications.externalId, wamid),
        eq(notifications.channel, "whatsapp"),
        isNull(appointments.erasedAt),
      ),
    );
  if (!row?.appointmentId || !row.visitId || phoneKey(row.phone) !== sender) return undefined;
  return { appointmentId: row.appointmentId, visitId: row.visitId };
}

async function actOnReply(tx: Transaction, event: ReplyEvent) {
  if (event.type === "text") {
    const words = event.body.trim().toLocaleLowerCase();
    const stop = Object.values(familyMessageText).some((texts) => texts.stopWords.includes(words));
    const key = phoneKey(`+${event.from}`);
    if (stop && key) await stopUpdates(tx, { phoneKey: key }, familyOnWhatsapp);
    return;
  }
  const visit = await visitOfMessage(tx, event.context, event.from);
  if (!visit) return;
  // The visit itself is changed by the visits' commands, each with its entry on the timeline
  // (decision 027): the webhook only says which visit and what the family answered.
  if (event.payload === "confirm") {
    await confirmVisit(tx, visit);
  } else if (event.payload === "change") {
    try {
      await askToChange(tx, {
        ...visit,
        kind: "move",
        reason: event.text.slice(0, 500),
        preferredTime: "",
        via: "whatsapp",
      });
    } catch (error) {
      // Already asked, or the visit is past or cancelled: nothing more to do for this reply.
      if (!(error instanceof FamilyAskRefused)) throw error;
    }
  }
}

/** Acts on a webhook's body, each delivery once and none too old; how many were new. */
export async function receiveWhatsappEvents(db: Database, payload: unknown): Promise<number> {
  const read = readEvents(payload);
  const oldest = Date.now() - oldestEventDays * 24 * 3600_000;
  const recent = ({ at }: { at: Date }) => at.getTime() >= oldest;
  const statuses = read.statuses.filter(recent);
  const replies = read.replies.filter(recent);
  const old = read.statuses.length + read.replies.length - statuses.length - replies.length;
  if (old > 0) {
    getLogger().warn(
      { old, days: oldestEventDays },
      "WhatsApp webhook: events older than the replay window were not acted on",
    );
  }
  let acted = 0;
  for (const event of statuses) {
    await db.transaction(async (tx) => {
      if (!(await firstTime(tx, `${event.id}:${event.status}`))) return;
      acted++;
      await actOnStatus(tx, event);
    });
  }
  for (const event of replies) {
    await db.transaction(async (tx) => {
      if (!(await firstTime(tx, event.id))) return;
      acted++;
      await actOnReply(tx, event);
    });
  }
  return acted;
}
