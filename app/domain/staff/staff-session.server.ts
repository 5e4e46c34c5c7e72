// Who is asking, for the staff routes: the session of the request's cookie (read from the
// database each time) and the roles its account holds. Every admin loader, action, export and
// event stream calls requireAdmin first, every therapist's page (/visits) requireTherapist; the
// page guard in the browser is only the visible half of the rule. The two roles are apart: an
// account holding both passes both guards, one holding one is refused the other's pages.
import { redirect } from "react-router";
import { type Asker, rolesOf, type StaffUser } from "#app/domain/staff/auth.server.ts";
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
  /** Holds the therapist role: sees their own visits at /visits. */
  isTherapist: boolean;
  /** Set-Cookie lines to send back: the session's cookie when its end moved forward. */
  setCookies: string[];
}

/** The signed-in member of staff, or null. */
export async function staffOf(request: Request, context: Context): Promise<Staff | null> {
  const services = context.get(servicesContext);
  const session = await services.staffAuth.getSession(askerOf(request, context));
  if (!session) return null;
  const roles = await rolesOf(services.db, session.user.id);
  return {
    user: session.user,
    isAdmin: roles.has("admin"),
    isTherapist: roles.has("therapist"),
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
  return requireRole(request, context, kind, "isAdmin");
}

/**
 * The therapist, or a thrown response as requireAdmin's: an admin who is not a therapist is
 * refused too (403), since a therapist's pages show only the visits of the one who asks.
 */
export async function requireTherapist(
  request: Request,
  context: Context,
  kind: "page" | "data",
): Promise<Staff> {
  return requireRole(request, context, kind, "isTherapist");
}

async function requireRole(
  request: Request,
  context: Context,
  kind: "page" | "data",
  role: "isAdmin" | "isTherapist",
): Promise<Staff> {
  const staff = await staffOf(request, context);
  if (!staff) {
    if (kind === "page") throw redirect("/auth", { headers: clearHint() });
    throw httpError(signInRequired, 401, clearHint());
  }
  // The refusal says nothing of what was asked for: no patient's data, no request's existence.
  if (!staff[role]) {
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
