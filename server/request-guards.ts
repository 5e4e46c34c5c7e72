// Checks every request that changes something must pass before any route sees it: a body of
// reasonable size, and an origin of our own (a page of another site cannot post here in a
// visitor's name). Each refusal is a 4xx with a short message a person can act on.
import type { NextFunction, Request, Response } from "express";

const readOnly = new Set(["GET", "HEAD", "OPTIONS"]);

function refuse(res: Response, status: number, message: string) {
  res.locals.route ??= "(refused)";
  res.status(status).type("text/plain; charset=utf-8").setHeader("Cache-Control", "no-store");
  res.send(message);
}

/** The one path whose POSTs come from another site, each signed (app/routes/webhooks/whatsapp.ts). */
const signedWebhookPath = "/webhooks/whatsapp";
/** Razorpay's webhook, signed too (app/routes/webhooks/razorpay.ts); its body is a form's size. */
const razorpayWebhookPath = "/webhooks/razorpay";

/**
 * What Meta's webhook may post: "Webhooks payloads can be up to 3MB" (Meta's guide to setting up
 * the WhatsApp Cloud API's webhooks, developers.facebook.com/docs/whatsapp/cloud-api/guides/
 * set-up-webhooks); a batch holds up to 1,000 updates (the Graph API's webhooks guide). A
 * delivery refused for its size would lose its statuses and STOP replies once Meta stops retrying.
 */
const webhookMaxBytes = 3 * 1024 * 1024;

/**
 * 413 for a body over `maxBytes` (over `webhookMaxBytes` on Meta's webhook); 411 for a body of
 * unknown length (no browser sends one).
 */
export function limitBodySize(maxBytes: number, phone: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (readOnly.has(req.method)) return next();
    const limit = req.path === signedWebhookPath ? webhookMaxBytes : maxBytes;
    const length = req.headers["content-length"];
    if (length === undefined) {
      if (req.headers["transfer-encoding"]) {
        return refuse(res, 411, "Please send the form from our contact page.");
      }
      return next();
    }
    if (!/^\d+$/.test(length) || Number(length) > limit) {
      return refuse(
        res,
        413,
        `That was more than our form can take. Please shorten your message and press send again, or call us on ${phone}.`,
      );
    }
    next();
  };
}

/**
 * 403 unless the request's Origin (or else its Referer) is this site: the host the request came
 * to, or SITE_URL.
 */
export function requireSameOrigin(siteUrl: string, phone: string) {
  const site = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (readOnly.has(req.method)) return next();
    // Meta's and Razorpay's servers post there with no Origin of ours: the body's signature
    // (X-Hub-Signature-256, X-Razorpay-Signature: checked by the route before anything is read)
    // is its proof, not where it came from.
    if (req.path === signedWebhookPath || req.path === razorpayWebhookPath) return next();
    const claimed = req.headers.origin ?? req.headers.referer;
    let origin: string | undefined;
    try {
      origin = claimed ? new URL(claimed).origin : undefined;
    } catch {
      origin = undefined;
    }
    const own = `${req.protocol}://${req.headers.host}`;
    if (origin && (origin === site || origin === own)) return next();
    refuse(
      res,
      403,
      `This request did not come from our website, so it was not accepted. Please use the form on our contact page, or call us on ${phone}.`,
    );
  };
}
