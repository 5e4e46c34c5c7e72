// The WhatsApp messages to send by hand (decision 038), for the admins: without the Cloud
// API each message to a family waits here, the ones due now (a visit booked, moved or cancelled)
// apart from tomorrow's reminders, each with the family's name, the visit, the therapist, the
// language, a "Send on WhatsApp" link (the family's chat with the text prefilled in their language,
// in a new tab) and "Mark sent". A plain form post that works without JavaScript: marked, the
// browser comes back to the list (303); refused, the list comes back with the words and a 4xx.
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { AdminPageTitle, adminLink } from "#app/components/admin/admin-page-title.tsx";
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
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { visitMoment } from "#app/domain/visits/visit-time.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { z } from "#app/lib/zod.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-messages";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const { db, secret } = context.get(servicesContext);
  const list = await messagesToSend(db, { siteUrl: getEnv().SITE_URL, secret });
  const all = [...list.dueNow, ...list.reminders];
  // The families named on the page, with their numbers in the links.
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "messages",
    appointmentIds: [...new Set(all.map((message) => message.appointmentId))],
    detail: { total: all.length },
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
    { dueNow: shown(list.dueNow), reminders: shown(list.reminders) },
    { headers: withCookies(staff.setCookies) },
  );
}

const markSchema = z.object({ intent: z.literal("sent"), messageId: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const headers = withCookies(staff.setCookies);
  const form = await request.formData().catch(() => undefined);
  const parsed = markSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) return data({ message: texts.failed }, { status: 400, headers });
  try {
    const actor = { id: staff.user.id, email: staff.user.email };
    await markSentByHand(context.get(servicesContext).db, actor, parsed.data.messageId);
  } catch (error) {
    if (error instanceof NotWaiting) {
      return data({ message: texts.notWaiting }, { status: 409, headers });
    }
    getLogger().error({ err: error }, "marking a message sent failed");
    return data({ message: texts.failed }, { status: 500, headers });
  }
  return redirect("/admin/messages?marked=1", { status: 303, headers });
}

type Shown = Route.ComponentProps["loaderData"]["dueNow"][number];

const cell = "px-2 py-1 align-middle";

const columns = ["family", "visit", "therapist", "language", "message", "action"] as const;

function MessageRows({
  title,
  label,
  empty,
  messages,
  group,
}: {
  title: string;
  label: string;
  empty: string;
  messages: Shown[];
  group: string;
}) {
  return (
    <section className="mt-4" aria-label={label} data-messages={group}>
      <h2 className="text-lg font-semibold text-slate-900">
        {title}{" "}
        <span className="text-sm font-normal text-slate-700">({texts.count(messages.length)})</span>
      </h2>
      {messages.length === 0 ? (
        <p className="mt-1 text-slate-800">{empty}</p>
      ) : (
        <div className="mt-1 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left text-slate-800">
                {columns.map((column) => (
                  <th key={column} scope="col" className={cell}>
                    {texts[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr
                  key={message.id}
                  className="border-b border-slate-200"
                  data-message={message.id}
                >
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    <Link to={`/admin/appointments/${message.appointmentId}`} className={adminLink}>
                      {message.name}
                    </Link>
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>
                    {message.visit}
                    {group === "due" ? (
                      <span className="block text-slate-700">{message.kind}</span>
                    ) : null}
                  </td>
                  <td className={cell}>{message.therapist}</td>
                  <td className={cell}>{message.language}</td>
                  <td className={cell}>
                    {message.link ? (
                      <a
                        href={message.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={`${adminLink} whitespace-nowrap`}
                        aria-label={texts.sendLabel(message.name)}
                        data-send
                      >
                        {texts.send}
                      </a>
                    ) : (
                      texts.noNumber
                    )}
                  </td>
                  <td className={cell}>
                    <Form method="post" replace>
                      <input type="hidden" name="intent" value="sent" />
                      <input type="hidden" name="messageId" value={message.id} />
                      <button
                        type="submit"
                        className="min-h-8 whitespace-nowrap rounded-lg bg-brand-700 px-3 font-semibold text-white"
                        aria-label={texts.markSentLabel(message.name)}
                      >
                        {texts.markSent}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-7xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.back} />
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      <div aria-live="polite" className="mt-1 text-sm">
        {answer?.message ? (
          <p className="font-medium text-red-800" role="alert">
            {answer.message}
          </p>
        ) : params.get("marked") ? (
          <p className="text-slate-800">{texts.marked}</p>
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
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.failed} />;
}
