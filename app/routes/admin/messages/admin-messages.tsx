// The WhatsApp messages to send by hand (decision 038), for the admins: without the Cloud
// API each message to a family waits here, the ones due now (a visit booked, moved or cancelled)
// apart from tomorrow's reminders, each with the family's name, the visit, the therapist, the
// language and one "Send on WhatsApp" link: the family's chat with the text prefilled in their
// language, in a new tab, and the message marked sent by the same tap (messages-lists.tsx). Below
// them, the reminders sent by hand still waiting for the family's YES, each recorded with one tap
// (docs/messages.md, "Sending by hand"). Mark sent and Confirmed (YES) are plain form posts that
// work without JavaScript: done, the browser comes back to the list (303); refused, the list comes
// back with the words and a 4xx. The link's tap posts through a fetcher and is answered with data.
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { AdminPageTitle } from "#app/components/admin/admin-page-title.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { getEnv } from "#app/config/env.server.ts";
import { languageNames } from "#app/domain/appointments/front-desk-texts.ts";
import {
  familyMessageKindNames,
  byHandTexts as texts,
} from "#app/domain/messages/family-desk-texts.ts";
import {
  markSentByHand,
  messagesToSend,
  NotWaiting,
} from "#app/domain/messages/messages-by-hand.server.ts";
import {
  recordYesByHand,
  remindersAwaitingReply,
} from "#app/domain/messages/replies-by-hand.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { visitProblemMessage } from "#app/domain/visits/visit-texts.ts";
import { visitMoment } from "#app/domain/visits/visit-time.ts";
import { VisitRefused, visitProblemStatus } from "#app/domain/visits/visits.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { z } from "#app/lib/zod.ts";
import { AwaitingRows, MessageRows } from "#app/routes/admin/messages/messages-lists.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-messages";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const { db, secret } = context.get(servicesContext);
  const [list, awaiting] = await Promise.all([
    messagesToSend(db, { siteUrl: getEnv().SITE_URL, secret }),
    remindersAwaitingReply(db),
  ]);
  const all = [...list.dueNow, ...list.reminders];
  // The families named on the page, with their numbers in the links.
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "messages",
    appointmentIds: [...new Set([...all, ...awaiting].map((message) => message.appointmentId))],
    detail: { total: all.length, awaiting: awaiting.length },
  });
  const shown = (messages: typeof all) =>
    messages.map((message) => ({
      id: message.id,
      appointmentId: message.appointmentId,
      kind: familyMessageKindNames[message.kind],
      name: message.name,
      visit: visitMoment(message.startsAt),
      therapist: message.therapist,
      language: languageNames[message.language],
      link: message.link,
    }));
  return data(
    {
      dueNow: shown(list.dueNow),
      reminders: shown(list.reminders),
      awaiting: awaiting.map((visit) => ({
        visitId: visit.visitId,
        appointmentId: visit.appointmentId,
        name: visit.name,
        visit: visitMoment(visit.startsAt),
        therapist: visit.therapist,
        language: languageNames[visit.language],
      })),
    },
    { headers: withCookies(staff.setCookies) },
  );
}

/**
 * "sent": Mark sent, a plain form (answered by a redirect to the list); "opened": the chat link's
 * tap, through a fetcher (answered with data); "confirmed-yes": the family's YES, a plain form.
 */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sent"), messageId: z.uuid() }),
  z.object({ intent: z.literal("opened"), messageId: z.uuid() }),
  z.object({ intent: z.literal("confirmed-yes"), visitId: z.uuid() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const headers = withCookies(staff.setCookies);
  const form = await request.formData().catch(() => undefined);
  const parsed = actionSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) {
    return data({ ok: false, message: texts.failed }, { status: 400, headers });
  }
  const { db } = context.get(servicesContext);
  const actor = { id: staff.user.id, email: staff.user.email };
  const input = parsed.data;
  try {
    if (input.intent === "confirmed-yes") {
      await recordYesByHand(db, actor, input.visitId);
      return redirect("/admin/messages?confirmed=1", { status: 303, headers });
    }
    await markSentByHand(db, actor, input.messageId);
  } catch (error) {
    if (error instanceof NotWaiting) {
      return data({ ok: false, message: texts.notWaiting }, { status: 409, headers });
    }
    if (error instanceof VisitRefused) {
      return data(
        { ok: false, message: visitProblemMessage(error.problem) },
        { status: visitProblemStatus(error.problem), headers },
      );
    }
    getLogger().error({ err: error, intent: input.intent }, "a WhatsApp message action failed");
    return data({ ok: false, message: texts.failed }, { status: 500, headers });
  }
  if (input.intent === "opened") return data({ ok: true, message: texts.marked }, { headers });
  return redirect("/admin/messages?marked=1", { status: 303, headers });
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-7xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.back} />
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      <noscript>
        <p className="mt-1 text-sm text-slate-700">{texts.introWithoutScript}</p>
      </noscript>
      <div aria-live="polite" className="mt-1 text-sm">
        {answer && !answer.ok ? (
          <p className="font-medium text-red-800" role="alert">
            {answer.message}
          </p>
        ) : answer?.ok || params.get("marked") ? (
          <p className="text-slate-800">{texts.marked}</p>
        ) : params.get("confirmed") ? (
          <p className="text-slate-800">{texts.confirmed}</p>
        ) : null}
      </div>
      <MessageRows
        title={texts.dueNow}
        label={texts.dueNowLabel}
        empty={texts.noneDue}
        messages={loaderData.dueNow}
        group="due"
      />
      <MessageRows
        title={texts.reminders}
        label={texts.remindersLabel}
        empty={texts.noReminders}
        messages={loaderData.reminders}
        group="reminders"
      />
      <AwaitingRows visits={loaderData.awaiting} />
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.failed} />;
}
