// Who is asking, for the staff routes: the session of the request's cookie (read from the
// database each time) and whether its account holds the admin role. Every admin loader, action,
// export and event stream calls requireAdmin first; the page guard in the browser is only the
// visible half of the rule.
import { redirect } from "react-router";
import { type Asker, hasRole, type StaffUser } from "#app/domain/staff/auth.server.ts";
import { signedInHintCookie } from "#app/domain/staff/staff-hint.ts";
import { accessDenied, signInRequired } from "#app/domain/staff/staff-texts.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { retryAfterHeaders } from "#app/lib/route-headers.ts";
import { servicesContext } from "#app/services.server.ts";

type Context = { get: <T>(key: import("react-router").RouterContext<T>) => T };

export function askerOf(request: Request, context: Context): Asker {
  return {
    cookie: request.headers.get("cookie"),
    userAgent: request.headers.get("user-agent"),
    clientAddress: context.get(requestInfo).clientAddress,
  };
}

export interface Staff {
  user: StaffUser;
  isAdmin: boolean;
  /** Set-Cookie lines to send back: the session's cookie when its end moved forward. */
  setCookies: string[];
}

/** The signed-in member of staff, or null. */
export async function staffOf(request: Request, context: Context): Promise<Staff | null> {
  const services = context.get(servicesContext);
  const session = await services.staffAuth.getSession(askerOf(request, context));
  if (!session) return null;
  return {
    user: session.user,
    isAdmin: await hasRole(services.db, session.user.id, "admin"),
    setCookies: session.setCookies,
  };
}

/**
 * The admin, or a thrown response: for a page, a redirect to /auth (not signed in) or a 403
 * Access Denied; for data (an export, a stream, JSON), 401 or 403 with no body beyond a word.
 */
export async function requireAdmin(
  request: Request,
  context: Context,
  kind: "page" | "data",
): Promise<Staff> {
  const staff = await staffOf(request, context);
  if (!staff) {
    if (kind === "page") throw redirect("/auth", { headers: clearHint() });
    throw httpError(signInRequired, 401, clearHint());
  }
  if (!staff.isAdmin) {
    throw httpError(kind === "page" ? accessDenied : "Forbidden", 403);
  }
  return staff;
}

/**
 * A staff route's `headers`: what its loader and action said in headers that the browser must
 * get — the session's cookies (set, refreshed or cleared) and a rate limit's Retry-After.
 */
export function staffRouteHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}): Headers {
  return withCookies(
    [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()],
    retryAfterHeaders({ actionHeaders }),
  );
}

/** Headers with the given Set-Cookie lines. */
export function withCookies(setCookies: string[], headers = new Headers()): Headers {
  for (const line of setCookies) headers.append("Set-Cookie", line);
  return headers;
}

export function setHint(maxAgeSeconds: number): string {
  return `${signedInHintCookie}=1; Path=/; Max-Age=${Math.round(maxAgeSeconds)}; SameSite=Lax`;
}

export function clearHint(headers = new Headers()): Headers {
  headers.append("Set-Cookie", `${signedInHintCookie}=; Path=/; Max-Age=0; SameSite=Lax`);
  return headers;
}
