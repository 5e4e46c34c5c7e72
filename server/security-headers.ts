import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { buildCsp } from "./csp.ts";

export interface SecurityOptions {
  analytics: boolean;
}

declare module "express-serve-static-core" {
  interface Locals {
    nonce: string;
  }
}

/**
 * Headers every response carries. The CSP set here allows inline scripts and the inline
 * stylesheet by a fresh nonce,
 * for server-rendered pages; prerendered pages replace it with one built from hashes.
 */
export function securityHeaders(options: SecurityOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      buildCsp({
        scripts: [`'nonce-${nonce}'`],
        styles: [`'nonce-${nonce}'`],
        analytics: options.analytics,
        https: req.secure,
      }),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    );
    if (req.secure) {
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
    next();
  };
}
