// Whose X-Forwarded-* headers to believe (TRUST_PROXY), compiled once: the same values, and the
// same meaning, as Express's "trust proxy" setting, which Express is given too (server/app.ts).
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import type { TrustProxy } from "#app/config/env.server.ts";

/** Whether the peer at `address`, `hop` hops from us (0: the one connected), is a trusted proxy. */
export type Trust = (address: string, hop: number) => boolean;

export function compileTrust(setting: TrustProxy): Trust {
  if (setting === true) return () => true;
  if (setting === false) return () => false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting);
}

/** Whether the peer this request came from is one whose forwarded headers we believe. */
export function fromTrustedProxy(req: IncomingMessage, trust: Trust): boolean {
  return trust(req.socket.remoteAddress ?? "", 0);
}

/** The first value of a header that proxies append to ("https, http" → "https"). */
export function firstForwarded(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  const comma = first.indexOf(",");
  return (comma < 0 ? first : first.slice(0, comma)).trim();
}
