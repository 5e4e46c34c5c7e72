// A small client of Meta's WhatsApp Business Cloud API (decision 038): one approved utility
// template to one family, over HTTPS with Node's own fetch. Never an unofficial WhatsApp Web
// library.
//
// The request, as Meta's reference documents it
// (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages and
// https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates):
//   POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages
//   Authorization: Bearer {WHATSAPP_TOKEN}
//   {"messaging_product":"whatsapp","recipient_type":"individual","to":"919810012345",
//    "type":"template","template":{"name":…,"language":{"code":"en"},
//    "components":[{"type":"body","parameters":[{"type":"text","text":…}, …]},
//                  {"type":"button","sub_type":"quick_reply","index":"0",
//                   "parameters":[{"type":"payload","payload":"confirm"}]}, …]}}
// answered 200 {"messaging_product":"whatsapp","contacts":[{"input":…,"wa_id":…}],
// "messages":[{"id":"wamid.…"}]}, or an error {"error":{"message","type","code",
// "error_subcode","error_data":{"details"},"fbtrace_id"}}.
//
// What each error means, from Meta's error codes
// (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes): rate limits
// (HTTP 429; codes 4, 80007 account, 130429 throughput, 131048 spam rate limit, 131056 pair rate
// limit) and the API's own trouble (HTTP 5xx; codes 1, 2, 131000, 133004; no answer in time) are
// tried again later; everything else is a refusal that another try would meet again: 131026
// (message undeliverable: the number has no WhatsApp, or an old app), 131051 (unsupported message
// type), 132000–132015 (the template: parameters, name, language, paused or disabled), 100
// (invalid parameter), and any other 4xx.
//
// Neither the family's number nor the token is ever logged or kept in an error's text.

import { type FamilyMessageKind, parametersOf } from "#app/domain/messages/family-message-texts.ts";
import type { FamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import { whatsappFailureText } from "#app/domain/messages/whatsapp-texts.ts";

export interface WhatsappApiSettings {
  /** The API's address with its version: https://graph.facebook.com/v23.0 */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** The approved template of each kind of message. */
  templates: Record<FamilyMessageKind, string>;
  /** How long a send may take before it is given up and tried again later (15 s unless said). */
  timeoutMs?: number;
}

/** What became of a send: WhatsApp's message id, or why not and whether to try again. */
export type SendOutcome =
  | { ok: true; messageId: string }
  | {
      ok: false;
      retry: boolean;
      /** For staff, in words (the timeline): no number, no token, no body from Meta. */
      reason: string;
      /** For the outbox's last_error and the log: the HTTP status and Meta's code. */
      detail: string;
    };

const defaultTimeoutMs = 15_000;

/** Meta's codes for a rate limit: try again later. */
const rateLimitCodes = new Set([4, 80007, 130429, 131048, 131056]);
/** Meta's codes for its own trouble: try again later. */
const serverTroubleCodes = new Set([1, 2, 131000, 133004]);

/** The reminder's quick replies, in the order of the template's buttons. */
const reminderPayloads = ["confirm", "change"] as const;

/** The request's body for a message, exactly as the Cloud API takes it. */
function templateMessageBody(message: FamilyMessage, templateName: string) {
  const components: object[] = [
    {
      type: "body",
      parameters: parametersOf(message.kind).map((name) => ({
        type: "text",
        text: message.parameters[name] ?? "",
      })),
    },
  ];
  if (message.kind === "family_visit_reminder") {
    reminderPayloads.forEach((payload, index) => {
      components.push({
        type: "button",
        sub_type: "quick_reply",
        index: String(index),
        parameters: [{ type: "payload", payload }],
      });
    });
  }
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: { name: templateName, language: { code: message.lang }, components },
  };
}

interface MetaError {
  code?: unknown;
  error_subcode?: unknown;
}

/** Whether an answer of Meta's is worth trying again, and what it means in words. */
export function classifyFailure(
  status: number,
  error: MetaError | undefined,
): Extract<SendOutcome, { ok: false }> {
  const code = typeof error?.code === "number" ? error.code : Number(error?.code ?? Number.NaN);
  const detail = `HTTP ${status}${Number.isFinite(code) ? `, code ${code}` : ""}`;
  if (status === 429 || rateLimitCodes.has(code)) {
    return { ok: false, retry: true, reason: whatsappFailureText.rateLimited, detail };
  }
  if (status >= 500 || serverTroubleCodes.has(code)) {
    return { ok: false, retry: true, reason: whatsappFailureText.serverTrouble, detail };
  }
  if (code === 131026) {
    return { ok: false, retry: false, reason: whatsappFailureText.noWhatsapp, detail };
  }
  if (code >= 132000 && code <= 132015) {
    return { ok: false, retry: false, reason: whatsappFailureText.template, detail };
  }
  if (status === 401 || code === 190) {
    return { ok: false, retry: false, reason: whatsappFailureText.token, detail };
  }
  return { ok: false, retry: false, reason: whatsappFailureText.refused, detail };
}

/** Sends one message as its kind's template; never throws. */
export async function sendTemplateMessage(
  settings: WhatsappApiSettings,
  message: FamilyMessage,
): Promise<SendOutcome> {
  const url = `${settings.apiUrl.replace(/\/$/, "")}/${settings.phoneNumberId}/messages`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${settings.token}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(templateMessageBody(message, settings.templates[message.kind])),
      signal: AbortSignal.timeout(settings.timeoutMs ?? defaultTimeoutMs),
      redirect: "error",
    });
    text = await response.text();
  } catch (error) {
    // A network error or no answer in time: the message may or may not have gone (at least
    // once), and is tried again.
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      ok: false,
      retry: true,
      reason: whatsappFailureText.serverTrouble,
      detail: timedOut ? "no answer in time" : "the API could not be reached",
    };
  }
  let body: { messages?: { id?: unknown }[]; error?: MetaError } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.ok) {
    const id = body?.messages?.[0]?.id;
    if (typeof id === "string" && id.length > 0) return { ok: true, messageId: id };
    // Accepted without an id: it went, but nothing can follow it; recorded as sent without one.
    return { ok: true, messageId: "" };
  }
  return classifyFailure(response.status, body?.error);
}
