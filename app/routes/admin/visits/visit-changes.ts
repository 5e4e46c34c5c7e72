// The phone's queue (decision 049): one change of the therapist's day at a time, with the key the
// phone made for it, answered as JSON. A change is applied once per key, however often it arrives;
// a refusal is an answer (4xx, with the words to show), a failure is 5xx and the phone sends it
// again. Signed out: 401, and the phone keeps the change until its therapist signs in again.

import { requireTherapist, withCookies } from "#app/domain/staff/staff-session.server.ts";
import { applyKeyedChange, forbiddenAnswer } from "#app/domain/visits/day-changes.server.ts";
import { readDayForm } from "#app/domain/visits/visit-mark-form.ts";
import { therapistDayTexts as texts } from "#app/domain/visits/visit-texts.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { setRetryAfter } from "#app/lib/route-headers.ts";
import { z } from "#app/lib/zod.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/visit-changes";

const key = z.uuid();

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    throw httpError("Method Not Allowed", 405, { Allow: "POST, OPTIONS" });
  }
  const staff = await requireTherapist(request, context, "data");
  const { db, familyMessages, limits } = context.get(servicesContext);
  const headers = withCookies(staff.setCookies);
  const form = await request.formData().catch(() => undefined);
  const sentKey = key.safeParse(form?.get("key"));
  const parsed = readDayForm(form);
  if (!parsed.ok) return Response.json(parsed.refusal, { status: 400, headers });
  const change = parsed.change;
  // No key, or the calendar link (not a change of the day: the page's own form issues it).
  if (!sentKey.success || !("visitId" in change)) {
    return Response.json({ ok: false, message: texts.failed }, { status: 400, headers });
  }
  const outcome = await applyKeyedChange(
    db,
    {
      id: staff.user.id,
      email: staff.user.email,
      address: context.get(requestInfo).clientAddress ?? null,
    },
    sentKey.data,
    change,
    { familyMessages, limits },
  );
  if ("forbidden" in outcome) {
    return Response.json(forbiddenAnswer(change.visitId), { status: 403, headers });
  }
  if (outcome.retryAfterSeconds) setRetryAfter(headers, outcome.retryAfterSeconds);
  return Response.json(outcome.body, { status: outcome.status, headers });
}

export function loader() {
  throw httpError("Method Not Allowed", 405, { Allow: "POST, OPTIONS" });
}
