import { randomFillSync } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { buildCsp } from "./csp.ts";

export interface SecurityOptions {
  analytics: boolean;
  trustProxy: boolean;
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
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ("encrypted" in req.socket && req.socket.encrypted) return true;
  if (!trustProxy) return false;
  const forwarded = req.headers["x-forwarded-proto"];
  const proto = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  return proto?.split(",")[0]?.trim() === "https";
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
    const https = isHttps(req, options.trustProxy);
    res.locals.nonce = nonce;
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
