// The desk's money (decision 045; docs/payments.md): the cash each therapist took at the door and
// has not handed in, with "Received ₹X from …" to mark it handed in, and what families owe, the
// longest owed first, each a link to its request; with Razorpay set up, the webhook's deliveries
// it refused to book (decision 047), each marked seen once a member of staff has acted on it.
// Admins only; each view and each change is a row of the access log.
import { data, Form, Link } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { AdminPageTitle, adminLink } from "#app/components/admin/admin-page-title.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import { cashHeld, handInCash } from "#app/domain/money/cash.server.ts";
import { duesList, duesListLimit } from "#app/domain/money/dues.server.ts";
import { financialYearStart } from "#app/domain/money/financial-year.ts";
import { moneyPageTexts as texts } from "#app/domain/money/money-texts.ts";
import { getMoneySettings, priceHistory } from "#app/domain/money/prices.server.ts";
import { markGatewayEventSeen, refusedGatewayEvents } from "#app/domain/money/razorpay.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { formatDate, formatDateTime, indiaDay } from "#app/lib/dates.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { z } from "#app/lib/zod.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-money";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const { db, razorpay } = context.get(servicesContext);
  const now = new Date();
  const [cash, dues, history, refused] = await Promise.all([
    cashHeld(db),
    duesList(db),
    priceHistory(db),
    razorpay ? refusedGatewayEvents(db) : Promise.resolve(null),
  ]);
  const { prices } = getMoneySettings();
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "money",
    appointmentIds: dues.map((due) => due.appointmentId),
    detail: { page: "money", dues: dues.length, therapists: cash.length },
  });
  return data(
    {
      shownAt: now.getTime(),
      exportSpan: { from: financialYearStart(now), to: indiaDay(now) },
      cash: cash.map((line) => ({
        therapistId: line.therapistId,
        name: line.name,
        count: line.count,
        total: formatPaise(line.totalPaise),
        since: formatDateTime(line.oldest),
      })),
      dues: dues.map((due) => ({
        appointmentId: due.appointmentId,
        label: `${due.name} · ${due.reference}`,
        owes: formatPaise(due.duePaise),
        since: formatDate(due.since),
      })),
      limited: dues.length >= duesListLimit ? texts.duesLimited(duesListLimit) : null,
      refused:
        refused?.map((event) => ({
          id: event.id,
          at: formatDateTime(event.receivedAt),
          event: event.event,
          reason: event.reason,
          amount: event.amountPaise === null ? "" : formatPaise(event.amountPaise),
          payment: event.gatewayPaymentId ?? "",
          appointmentId: event.appointmentId,
        })) ?? null,
      prices: texts.priceLine(
        formatPaise(prices.homeSessionPaise),
        prices.packageSessions,
        formatPaise(prices.packagePricePaise),
        prices.packageDays,
      ),
      history: history.map((version) => ({
        id: version.id,
        from: formatDateTime(version.effectiveFrom),
        line: texts.priceLine(
          formatPaise(version.homeSessionPaise),
          version.packageSessions,
          formatPaise(version.packagePricePaise),
          version.packageDays,
        ),
      })),
    },
    { headers: withCookies(staff.setCookies) },
  );
}

const moneyPageSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hand-in"),
    therapistId: z.string().min(1).max(100),
    /** The page's moment: cash taken after it is not swept in unseen. */
    shownAt: z.coerce.number().int().positive(),
  }),
  z.object({ intent: z.literal("event-seen"), eventId: z.uuid() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const form = await request.formData().catch(() => undefined);
  const parsed = moneyPageSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) throw httpError("Bad Request", 400);
  const { db } = context.get(servicesContext);
  const actor = { id: staff.user.id, email: staff.user.email };
  if (parsed.data.intent === "event-seen") {
    const marked = await markGatewayEventSeen(db, actor, parsed.data.eventId);
    await recordAccess(db, {
      ...accessBy(staff, context.get(requestInfo).clientAddress),
      action: "money",
      detail: { change: "online-event-seen", eventId: parsed.data.eventId },
    });
    return data(
      { message: marked ? texts.eventSeen : texts.eventSeenBefore },
      { headers: withCookies(staff.setCookies) },
    );
  }
  const total = await handInCash(db, actor, parsed.data.therapistId, new Date(parsed.data.shownAt));
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "money",
    detail: { change: "handed-in", therapistId: parsed.data.therapistId, amountPaise: total },
  });
  return data(
    { message: total > 0 ? texts.handedIn(formatPaise(total)) : texts.nothingToHandIn },
    // Pressed twice, or by two at the desk: the second says so (nothing was left to receive).
    { headers: withCookies(staff.setCookies) },
  );
}

const cell = "px-3 py-2 align-top";

export default function AdminMoney({ loaderData, actionData }: Route.ComponentProps) {
  const { cash, dues, limited, shownAt, prices, history, exportSpan, refused } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.back} />
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      {actionData ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900">
          {actionData.message}
        </p>
      ) : null}
      <section aria-labelledby="cash-heading" className="mt-4">
        <h2 id="cash-heading" className="text-lg font-semibold text-slate-900">
          {texts.cashHeading}
        </h2>
        {cash.length === 0 ? (
          <p className="mt-1 text-slate-700">{texts.noCash}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {cash.map((line) => (
              <li
                key={line.therapistId}
                data-cash={line.therapistId}
                className="rounded-lg border border-slate-200 p-3"
              >
                <p className="font-semibold text-slate-900">
                  {line.name}: {line.total}
                </p>
                <p className="text-sm text-slate-700">
                  {texts.cashColumns.payments}: {line.count} · {texts.cashColumns.since}{" "}
                  {line.since}
                </p>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="hand-in" />
                  <input type="hidden" name="therapistId" value={line.therapistId} />
                  <input type="hidden" name="shownAt" value={shownAt} />
                  <button
                    type="submit"
                    className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                  >
                    {texts.handIn(line.total, line.name)}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      {refused ? (
        <section aria-labelledby="online-heading" className="mt-6" data-online-refused>
          <h2 id="online-heading" className="text-lg font-semibold text-slate-900">
            {texts.onlineHeading}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{texts.onlineIntro}</p>
          {refused.length === 0 ? (
            <p className="mt-1 text-slate-700">{texts.noRefused}</p>
          ) : (
            <ul className="mt-2 space-y-3">
              {refused.map((event) => (
                <li key={event.id} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
                  <p className="text-slate-900">
                    {event.at} · <code>{event.event}</code>
                    {event.amount ? ` · ${event.amount}` : ""}
                    {event.payment ? ` · ${event.payment}` : ""}
                  </p>
                  <p className="text-slate-800">{event.reason}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    {event.appointmentId ? (
                      <Link to={`/admin/appointments/${event.appointmentId}`} className={adminLink}>
                        {texts.openRequest}
                      </Link>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="intent" value="event-seen" />
                      <input type="hidden" name="eventId" value={event.id} />
                      <button
                        type="submit"
                        className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ring-1 ring-brand-700 text-brand-800 hover:bg-brand-50"
                      >
                        {texts.markSeen}
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="dues-heading" className="mt-6">
        <h2 id="dues-heading" className="text-lg font-semibold text-slate-900">
          {texts.duesHeading}
        </h2>
        {dues.length === 0 ? (
          <p className="mt-1 text-slate-700">{texts.noDues}</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="min-w-full border-collapse text-sm" aria-label={texts.duesHeading}>
              <thead>
                <tr className="border-b border-slate-300 text-left text-slate-800">
                  <th scope="col" className={cell}>
                    {texts.duesColumns.request}
                  </th>
                  <th scope="col" className={cell}>
                    {texts.duesColumns.owes}
                  </th>
                  <th scope="col" className={cell}>
                    {texts.duesColumns.since}
                  </th>
                </tr>
              </thead>
              <tbody>
                {dues.map((due) => (
                  <tr key={due.appointmentId} className="border-b border-slate-200" data-due>
                    <td className={cell}>
                      <Link
                        to={`/admin/appointments/${due.appointmentId}#account`}
                        className={adminLink}
                      >
                        {due.label}
                      </Link>
                    </td>
                    <td className={cell}>{due.owes}</td>
                    <td className={cell}>{due.since}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {limited ? <p className="mt-2 text-sm text-slate-700">{limited}</p> : null}
          </div>
        )}
      </section>
      <section aria-labelledby="export-heading" className="mt-6">
        <h2 id="export-heading" className="text-lg font-semibold text-slate-900">
          {texts.exportHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{texts.exportIntro}</p>
        <form
          method="get"
          action="/admin/money/payments.csv"
          className="mt-2 flex flex-wrap items-end gap-3"
        >
          <label className="block text-sm font-medium text-slate-800">
            {texts.exportFrom}
            <input
              type="date"
              name="from"
              defaultValue={exportSpan.from}
              className="mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3"
            />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            {texts.exportTo}
            <input
              type="date"
              name="to"
              defaultValue={exportSpan.to}
              className="mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3"
            />
          </label>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ring-1 ring-brand-700 text-brand-800 hover:bg-brand-50"
          >
            {texts.exportButton}
          </button>
        </form>
      </section>
      <section aria-labelledby="prices-heading" className="mt-6">
        <h2 id="prices-heading" className="text-lg font-semibold text-slate-900">
          {texts.pricesHeading}
        </h2>
        <p className="mt-1 text-slate-800" data-prices>
          {prices}
        </p>
        <p className="mt-1 text-sm text-slate-700">{texts.pricesHow}</p>
        {history.length > 0 ? (
          <>
            <h3 className="mt-3 font-semibold text-slate-900">{texts.historyHeading}</h3>
            <ul className="mt-1 space-y-1 text-sm text-slate-800">
              {history.map((version) => (
                <li key={version.id}>{texts.historyLine(version.from, version.line)}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.loadFailed} />;
}
