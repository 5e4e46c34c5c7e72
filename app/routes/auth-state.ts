// Who is signed in, for the header of a prerendered page (decision 006): asked only when the
// hint cookie is present. Per user: private, never stored. Clears a stale hint.
import { data } from "react-router";
import { clearHint, staffOf, withCookies } from "#app/domain/staff/staff-session.server.ts";
import type { Route } from "./+types/auth-state";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await staffOf(request, context);
  const headers = staff ? withCookies(staff.setCookies) : clearHint();
  headers.set("Vary", "Cookie");
  return data(
    {
      signedIn: staff !== null,
      isAdmin: staff?.isAdmin ?? false,
      isTherapist: staff?.isTherapist ?? false,
    },
    { headers },
  );
}
