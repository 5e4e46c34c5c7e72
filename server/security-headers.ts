import { randomFillSync } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { buildCsp } from "#server/csp.ts";
import { firstForwarded, fromTrustedProxy, type Trust } from "#server/trust.ts";

export interface SecurityOptions {
  analytics: boolean;
  trust: Trust;
}

declare module "express-serve-static-core" {
  interface Locals {
    nonce: string;
  }
}

/** The security headers every response carries, apart from its Content-Security-Policy. */
export function baseSecurityHeaders(https: boolean): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    [
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    ],
    ...(https
      ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

/** Whether the request reached us over HTTPS (directly, or through a trusted proxy). */
export function isHttps(req: IncomingMessage, trust: Trust): boolean {
  if ("encrypted" in req.socket && req.socket.encrypted) return true;
  if (!fromTrustedProxy(req, trust)) return false;
  return firstForwarded(req.headers["x-forwarded-proto"])?.toLowerCase() === "https";
}

// Random bytes drawn 4 KB at a time and handed out 16 at a time, each once: one call into the
// system's generator per 256 nonces instead of one per request (which cost 7% of an appointment
// request's time).
const nonceBytes = 16;
const pool = Buffer.alloc(nonceBytes * 256);
let poolOffset = pool.length;

/** A fresh CSP nonce: 16 random bytes, base64. */
export function freshNonce(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + nonceBytes);
  poolOffset += nonceBytes;
  return nonce;
}

/**
 * Express middleware for responses rendered per request: the base headers and a CSP that
 * allows inline scripts and the inline stylesheet by a fresh nonce. (Files served from memory
 * get the same headers, precomputed, from static-responder.ts.)
 */
export function securityHeaders(options: SecurityOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = freshNonce();
    const https = isHttps(req, options.trust);
    res.locals.nonce = nonce;
    // Everything answered here is made for this request (it carries this nonce, and may carry
    // a session or a patient's details): no shared cache may keep it. A route that can be
    // cached says so itself.
    res.setHeader("Cache-Control", "no-store");
    res.setHeader(
      "Content-Security-Policy",
      buildCsp({
        scripts: [`'nonce-${nonce}'`],
        styles: [`'nonce-${nonce}'`],
        analytics: options.analytics,
        https,
      }),
    );
    for (const [name, value] of baseSecurityHeaders(https)) res.setHeader(name, value);
    next();
  };
}
