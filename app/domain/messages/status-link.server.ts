// The link in the family's WhatsApp messages that opens their status page without typing
// (decision 038, "The link in the messages"): /status?key=…, where the key names the request and
// the day it was made, sealed with a key of its own derived from the site's secret. It is good for
// 30 days (each message carries a fresh one), is never stored, and the page takes it out of the
// address at once (a 303 to /status with the cookie set). Forging one means forging an HMAC.
import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "#app/domain/staff/secret-key.server.ts";
import type { Lang } from "#app/lib/lang.ts";

/** How long a link in a message opens the page. */
const statusLinkDays = 30;

const dayMs = 86_400_000;
/** The bytes of the key: the request's id (16), the day it was made (2), the seal (12). */
const idBytes = 16;
const dayBytes = 2;
const sealBytes = 12;

const seal = (secret: string, body: Buffer) =>
  createHmac("sha256", derivedKey(secret, "family status link"))
    .update(body)
    .digest()
    .subarray(0, sealBytes);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key of a link naming a request, made today. */
export function statusLinkKey(secret: string, appointmentId: string, now = new Date()): string {
  if (!uuidPattern.test(appointmentId)) throw new Error("not a request's id");
  const body = Buffer.alloc(idBytes + dayBytes);
  Buffer.from(appointmentId.replace(/-/g, ""), "hex").copy(body);
  body.writeUInt16BE(Math.floor(now.getTime() / dayMs), idBytes);
  return Buffer.concat([body, seal(secret, body)]).toString("base64url");
}

/** The request a link's key names, while it is good; undefined for anything else. */
export function readStatusLinkKey(
  secret: string,
  key: string,
  now = new Date(),
): string | undefined {
  // 40 characters of base64url are exactly the 30 bytes.
  if (!/^[A-Za-z0-9_-]{40}$/.test(key)) return undefined;
  const bytes = Buffer.from(key, "base64url");
  const body = bytes.subarray(0, idBytes + dayBytes);
  if (!timingSafeEqual(bytes.subarray(idBytes + dayBytes), seal(secret, body))) return undefined;
  const age = Math.floor(now.getTime() / dayMs) - body.readUInt16BE(idBytes);
  if (age < 0 || age > statusLinkDays) return undefined;
  const hex = body.subarray(0, idBytes).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The link in a receipt's message (decision 046): the receipt's PDF, opened with the request's key
 * as the status page is (the key sets the cookie, and a 303 takes it out of the address).
 */
export const receiptLinkUrl = (siteUrl: string, paymentId: string, key: string) =>
  `${siteUrl.replace(/\/$/, "")}/status/receipt/${paymentId}?key=${key}`;

/** The status page's address in a language; with a request's key, the link that opens it. */
export const statusPageUrl = (siteUrl: string, lang: Lang, key?: string) =>
  `${siteUrl.replace(/\/$/, "")}${lang === "hi" ? "/hi/status" : "/status"}${key ? `?key=${key}` : ""}`;
