// The access log, for the admins: a GET form (member of staff, request, India dates) that works
// without the JavaScript, then the accesses newest first, a page at a time. Requests are shown by
// their reference (each a link to its own accesses), staff by their address: the log holds no
// patient's data, and shows none.
import { Form, Link } from "react-router";
import { AdminPageTitle, adminLink } from "#app/components/admin/admin-page-title.tsx";
import { EmailAddress } from "#app/components/admin/email-address.tsx";
import type {
  AccessLogQuery,
  AccessLogPage as Log,
  LoggedRequest,
} from "#app/domain/privacy/access-log.server.ts";
import { accessActionNames, accessLogTexts as texts } from "#app/domain/privacy/privacy-texts.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export interface AccessLogPageProps {
  log: Omit<Log, "rows"> & { rows: (Omit<Log["rows"][number], "at"> & { at: number })[] };
  query: AccessLogQuery;
  staffEmails: string[];
  /** Today in India, yyyy-mm-dd: the latest date the form offers. */
  today: string;
}

const control = "h-10 rounded-md border border-slate-300 bg-white px-2";

function hrefWith(query: AccessLogQuery, change: Partial<AccessLogQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.staff) params.set("staff", next.staff);
  if (next.request) params.set("request", next.request);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/admin/access-log?${search}` : "/admin/access-log";
}

const detailText = (detail: Record<string, unknown> | null) =>
  detail
    ? Object.entries(detail)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(" · ")
    : "";

export function AccessLogPage({ log, query, staffEmails, today }: AccessLogPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.backToRequests} />
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      <FilterForm query={query} staffEmails={staffEmails} today={today} />
      {log.unknownRequest ? (
        <p
          role="alert"
          className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800"
        >
          {texts.unknownRequest}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700" data-access-count>
        {texts.count(log.total)}
      </p>
      {log.rows.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {texts.empty}
        </p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard.
        <section className="mt-2 overflow-x-auto" tabIndex={0} aria-label={texts.tableLabel}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-900">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {texts.columns.at}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {texts.columns.who}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {texts.columns.what}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {texts.columns.requests}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {texts.columns.detail}
                </th>
                <th scope="col" className="py-2">
                  {texts.columns.address}
                </th>
              </tr>
            </thead>
            <tbody>
              {log.rows.map((row) => (
                <tr
                  key={row.id}
                  className="border-b border-slate-200 align-top text-slate-800"
                  data-access={row.action}
                >
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatDateTime(new Date(row.at))}
                  </td>
                  <td className="py-2 pr-3" data-actor>
                    <EmailAddress address={row.actorEmail} />
                  </td>
                  <td className="py-2 pr-3">{accessActionNames[row.action] ?? row.action}</td>
                  <td className="py-2 pr-3">
                    <RequestReferences requests={row.requests} query={query} />
                  </td>
                  <td className="py-2 pr-3 break-words">{detailText(row.detail)}</td>
                  <td className="py-2 break-all">{row.address ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {log.pageCount > 1 ? (
        <nav aria-label={texts.pages} className="mt-4 flex items-center justify-between gap-4">
          {log.page > 1 ? (
            <Link to={hrefWith(query, { page: log.page - 1 })} className={adminLink}>
              {texts.previous}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-700">{texts.page(log.page, log.pageCount)}</span>
          {log.page < log.pageCount ? (
            <Link to={hrefWith(query, { page: log.page + 1 })} className={adminLink}>
              {texts.next}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * A few requests as links to their own accesses, by reference (the start of the id for one sent
 * before references); a long list folded (it opens without the script).
 */
function RequestReferences({
  requests,
  query,
}: {
  requests: LoggedRequest[];
  query: AccessLogQuery;
}) {
  if (requests.length === 0) return null;
  const links = (
    <ul className="flex flex-wrap gap-x-3">
      {requests.map(({ id, reference }) => (
        <li key={id}>
          <Link
            to={hrefWith(query, { request: reference ?? id, page: 1 })}
            // 24 px high at least, side by side (WCAG 2.2 2.5.8).
            className="inline-flex min-h-6 items-center font-mono text-brand-700 underline"
            data-reference
          >
            {reference ?? id.slice(0, 8)}
          </Link>
        </li>
      ))}
    </ul>
  );
  if (requests.length <= 3) return links;
  return (
    <details>
      <summary className="cursor-pointer text-brand-700">
        {texts.requestsShown(requests.length)}
      </summary>
      {links}
    </details>
  );
}

function FilterForm({ query, staffEmails, today }: Omit<AccessLogPageProps, "log">) {
  const key = `${query.staff}-${query.request}-${query.from}-${query.to}`;
  return (
    <Form
      key={key}
      method="get"
      action="/admin/access-log"
      className="mt-2 flex flex-wrap items-end gap-x-3 gap-y-2 text-sm"
    >
      <label className="flex flex-col gap-1 text-slate-900">
        {texts.staff}
        <input
          type="email"
          name="staff"
          list="access-log-staff"
          defaultValue={query.staff}
          className={`${control} w-64 max-w-full`}
        />
      </label>
      <datalist id="access-log-staff">
        {staffEmails.map((email) => (
          <option key={email} value={email} />
        ))}
      </datalist>
      <label className="flex flex-col gap-1 text-slate-900">
        {texts.request}
        <input
          type="text"
          name="request"
          defaultValue={query.request}
          autoComplete="off"
          spellCheck={false}
          className={`${control} w-64 max-w-full`}
        />
      </label>
      <label className="flex flex-col gap-1 text-slate-900">
        {texts.from}
        <input type="date" name="from" max={today} defaultValue={query.from} className={control} />
      </label>
      <label className="flex flex-col gap-1 text-slate-900">
        {texts.to}
        <input type="date" name="to" max={today} defaultValue={query.to} className={control} />
      </label>
      <button
        type="submit"
        className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        {texts.show}
      </button>
      <Link to="/admin/access-log" className={adminLink}>
        {texts.clear}
      </Link>
    </Form>
  );
}
