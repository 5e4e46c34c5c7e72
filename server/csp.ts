import { createHash } from "node:crypto";

export interface CspSources {
  /** 'nonce-…' or 'sha256-…' tokens allowed to run as inline scripts. */
  scripts: string[];
  /** 'sha256-…' tokens for inline <style> blocks. */
  styles: string[];
  analytics: boolean;
  https: boolean;
}

const analyticsScript = "https://www.googletagmanager.com";
const analyticsConnect = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
  // The ad account's conversion event.
  "https://www.googleadservices.com",
  "https://googleads.g.doubleclick.net",
];

/** The Content-Security-Policy of one response: no inline script runs unless named here. */
export function buildCsp(sources: CspSources): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...sources.scripts, ...(sources.analytics ? [analyticsScript] : [])]],
    ["style-src", ["'self'", ...sources.styles]],
    ["img-src", ["'self'", "data:", ...(sources.analytics ? analyticsConnect : [])]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...(sources.analytics ? analyticsConnect : [])]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(" ")}`);
  if (sources.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

const hash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * Hashes of the inline scripts and styles of a prerendered page. JSON-LD blocks are data,
 * not script, so CSP does not govern them and they are left out.
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\ssrc=/i.test(attributes) || /application\/ld\+json/i.test(attributes)) continue;
    if (body.length > 0) scripts.push(hash(body));
  }
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) =>
    hash(match[1] ?? ""),
  );
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}
