// Who may open a therapist's day (/visits) and post its forms: a signed-in account holding the
// therapist role (an admin who is not a therapist too is refused). The same answers as
// `requireAdmin`: a page sends the anonymous to /auth, data answers 401; without the role, 403
// with a word and nothing else.
//
// Kept beside the routes until branch `roster`'s `requireTherapist` (staff-session.server.ts)
// is merged; the two are to be folded into one.
import { redirect } from "react-router";
import { hasRole } from "#app/domain/staff/auth.server.ts";
import { clearHint, type Staff, staffOf } from "#app/domain/staff/staff-session.server.ts";
import { accessDenied, signInRequired } from "#app/domain/staff/staff-texts.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { servicesContext } from "#app/services.server.ts";

type Context = Parameters<typeof staffOf>[1];

export async function requireTherapist(
  request: Request,
  context: Context,
  kind: "page" | "data",
): Promise<Staff> {
  const staff = await staffOf(request, context);
  if (!staff) {
    if (kind === "page") throw redirect("/auth", { headers: clearHint() });
    throw httpError(signInRequired, 401, clearHint());
  }
  const { db } = context.get(servicesContext);
  if (!(await hasRole(db, staff.user.id, "therapist"))) {
    throw httpError(kind === "page" ? accessDenied : "Forbidden", 403);
  }
  return staff;
}
