// Sign-out: the session ends on the server (its row is deleted), and both cookies are cleared.
// POST only, same-origin checked like every state change (server/request-guards.ts).
import { data } from "react-router";
import { askerOf, clearHint, withCookies } from "#app/domain/staff/staff-session.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/auth-logout";

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const setCookies = await context
      .get(servicesContext)
      .staffAuth.signOut(askerOf(request, context));
    return data({ signedOut: true }, { headers: clearHint(withCookies(setCookies)) });
  } catch (error) {
    // No session to end is no failure: the visitor is signed out either way.
    if (error instanceof Error && /session/i.test(error.message)) {
      return data({ signedOut: true }, { headers: clearHint() });
    }
    getLogger().error({ err: error }, "sign-out failed");
    return data({ signedOut: false }, { status: 500 });
  }
}

export function loader() {
  throw httpError("Method Not Allowed", 405, { Allow: "POST, OPTIONS" });
}
