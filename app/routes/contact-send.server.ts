// An appointment request as the server handles it, whoever sends it: the contact page's action
// (the form without JavaScript) and the form's JSON address (contact-send.ts, the island's). One
// function, so that the two cannot differ: each route only shapes the answer for its caller.
import type { RouterContextProvider } from "react-router";
import type { AppointmentActionData } from "#app/components/appointment-form.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { shownNoticeVersion } from "#app/content/privacy-notice.ts";
import { isPublicPath } from "#app/content/public-routes.ts";
import { checkSubmission } from "#app/domain/abuse/abuse.server.ts";
import {
  parseAppointment,
  preferredTimesField,
  readAppointmentForm,
  readWhatsappUpdates,
} from "#app/domain/appointments/appointment-form.ts";
import { appointmentFormText, refusalText } from "#app/domain/appointments/appointment-texts.ts";
import {
  requestSourceOf,
  siteSessionFromCookies,
} from "#app/domain/attribution/site-session.server.ts";
import { isDatabaseUnavailable } from "#app/lib/database-availability.server.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { type Lang, langOfRequest } from "#app/lib/lang.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import { type PreferredTime, preferredTimes } from "#db/enums.ts";

export interface AppointmentAnswer {
  /** What the form is told. */
  body: AppointmentActionData;
  /** 200 when stored; 400 unreadable, invalid or screened out; 429 past the limit; 503 not stored. */
  status: number;
  /** A 429's Retry-After, which reaches the browser with or without JavaScript. */
  headers?: Record<string, string>;
  /** The language of the page it was sent from (/contact or /hi/contact): the answer's, and stored. */
  language: Lang;
  /** Whether the form's script ran (its hidden `js` field): the page then never reloads. */
  withScript: boolean;
}

/**
 * Validates a request again with the form's own schema (the browser's check is a courtesy),
 * screens it for bots, and stores it with its staff e-mail.
 */
export async function requestAppointment({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<AppointmentAnswer> {
  const services = context.get(servicesContext);
  const site = toSiteConfig(getEnv());
  const language = langOfRequest(request);
  const text = appointmentFormText[language];
  const form = await request.formData().catch(() => undefined);
  const values = form ? readAppointmentForm(form) : undefined;
  const withScript = form?.get("js") === "1";
  const answer = (body: AppointmentActionData, status: number, headers?: Record<string, string>) =>
    ({ body, status, headers, language, withScript }) satisfies AppointmentAnswer;
  if (!form || !values) {
    const message = fillText(text.refusals.unreadable, { phone: site.phone.display });
    return answer({ status: "refused", message }, 400);
  }
  // The optional WhatsApp box (decision 038): a yes only when ticked.
  const updates = readWhatsappUpdates(form);
  const times = readPreferredTimes(form);
  const parsed = parseAppointment(values, text.fields);
  if (!parsed.ok) {
    return answer(
      { status: "invalid", errors: parsed.errors, values: parsed.values, updates, times },
      400,
    );
  }

  const refusal = await checkSubmission(
    {
      honeypot: String(form.get("website") ?? ""),
      startedAt: String(form.get("startedAt") ?? ""),
      clientKey: context.get(requestInfo).clientKey,
    },
    { minFillSeconds: services.minFillSeconds, limiter: services.limits.appointment },
  );
  if (refusal) {
    getLogger().warn({ reason: refusal.reason }, "appointment request refused");
    return answer(
      {
        status: "refused",
        message: refusalText(text.refusals, refusal, site.phone.display),
        values,
        updates,
        times,
      },
      refusal.status,
      refusal.reason === "rate-limited"
        ? { "Retry-After": String(refusal.retryAfterSeconds) }
        : undefined,
    );
  }

  // Where it came from: the site session's cookie (its first page, the referring site, the campaign)
  // and the page the form was on (a hidden field, there with or without JavaScript).
  const page = form.get("page");
  const source = requestSourceOf(
    siteSessionFromCookies(request.headers.get("Cookie")),
    typeof page === "string" ? page : null,
    isPublicPath,
  );
  try {
    const outcome = await services.appointments.request(
      parsed.appointment,
      services.firstAttemptMs,
      // The version of the notice the page showed beside the form (a hidden field), and the
      // WhatsApp box: consent given with that notice.
      {
        source: { ...source, language },
        noticeVersion: shownNoticeVersion(form.get("notice")),
        whatsappConsent: updates,
        preferredTimes: times,
      },
    );
    // Every stored request has a reference (the database makes it with the row).
    const reference = outcome.appointment.reference ?? "";
    return answer({ status: "sent", notified: outcome.notified, reference }, 200);
  } catch (error) {
    // Not stored: a fault of ours (the database is unreachable). Say so, and give the phone
    // number; nothing half-written. The database being away is logged once, where it is found.
    if (!isDatabaseUnavailable(error)) {
      getLogger().error({ err: error }, "appointment request could not be stored");
    }
    const notStored = fillText(text.refusals.notStored, { phone: site.phone.display });
    return answer(
      {
        status: "refused",
        message: `${text.toasts.failed.description} ${notStored}`,
        values,
        updates,
        times,
      },
      503,
    );
  }
}

/**
 * The preferred times ticked, in the day's order. An optional question: a value that is none of
 * ours (only a hand-made post sends one) is left out rather than refusing the family's request.
 */
function readPreferredTimes(form: FormData): PreferredTime[] {
  const ticked = new Set(form.getAll(preferredTimesField));
  return preferredTimes.filter((time) => ticked.has(time));
}
