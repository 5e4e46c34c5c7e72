// The staff dashboard: the spec's heading, sort selector, table and status dropdowns, plus the
// front desk's views (everything, or what needs attention), search, status, owner and junk
// filters, counts of what waits, pages, CSV export, call and WhatsApp links, each request's
// markers (overdue, call-back due, repeat, owner) and a link to its page. A table on wide
// screens, compact cards on a phone. Views, sorting, filtering and pages are links and GET forms
// (they work before the JavaScript has loaded); a status is saved only by its Save button.
import { Fragment, useEffect, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator, useSubmit } from "react-router";
import { Spinner } from "#app/components/admin/spinner.tsx";
import { showToast } from "#app/components/toasts-behaviour.ts";
import {
  type AppointmentList,
  type AppointmentRow,
  attentionQueryOf,
  type DashboardQuery,
  dashboardSearchParams,
  type SearchElsewhere,
  searchListQuery,
} from "#app/domain/appointments/dashboard.ts";
import {
  markerTexts,
  notificationNames,
  searchListNames,
  statusNames,
  dashboardTexts as texts,
} from "#app/domain/appointments/front-desk-texts.ts";
import { byHandLinkText } from "#app/domain/messages/family-desk-texts.ts";
import { moneyPageTexts } from "#app/domain/money/money-texts.ts";
import type { OpenIncident } from "#app/domain/operations/alert-conditions.ts";
import { rightsTexts } from "#app/domain/privacy/privacy-texts.ts";
import { scheduleTexts, therapistTexts } from "#app/domain/visits/visit-texts.ts";
import { formatDate } from "#app/lib/dates.ts";
import { AlertsBanner } from "#app/routes/admin/requests/alerts-banner.tsx";
import { AttentionReasons } from "#app/routes/admin/requests/attention-reasons.tsx";
import {
  ContactLinks,
  type Greetings,
  Markers,
  Place,
  Received,
  StatusBadge,
} from "#app/routes/admin/requests/request-parts.tsx";
import { useLiveUpdates } from "#app/routes/admin/requests/use-live-updates.ts";
import {
  NotificationToggle,
  useNewRequestAlerts,
} from "#app/routes/admin/requests/use-new-request-alerts.tsx";
import { appointmentStatuses } from "#db/enums.ts";

function hrefWith(query: DashboardQuery, change: Partial<DashboardQuery>): string {
  const params = dashboardSearchParams({ ...query, ...change });
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

interface DashboardProps {
  list: AppointmentList;
  query: DashboardQuery;
  me: string;
  now: number;
  clinic: string;
  greeting: Greetings;
  /** The WhatsApp messages waiting to be sent by hand (decision 038). */
  toSend?: number;
  /** The owner's alerts still open (decision 039). */
  alerts?: readonly OpenIncident[];
}

const control = "h-9 rounded-md border border-slate-300 bg-white px-2";

export function AppointmentDashboard(props: DashboardProps) {
  const { list, query } = props;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const live = useLiveUpdates();
  const alerts = useNewRequestAlerts(list.counts.newestAt);
  const submit = useSubmit();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/admin");
  const filtered =
    query.q !== "" || query.status !== "all" || query.owner !== "all" || query.view === "attention";
  const exportParams = dashboardSearchParams({ ...query, page: 1 });
  const { counts } = list;
  // Needs attention keeps the search and owner, not a sort or status (it has its own order); its
  // count is of the rows that link lists.
  const attentionHref = hrefWith(attentionQueryOf(query), {});
  const tab = (active: boolean) =>
    `inline-flex min-h-8 items-center whitespace-nowrap rounded-md px-2 text-sm font-semibold ${active ? "bg-brand-700 text-white" : "text-brand-800 underline"}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-3">
      <AlertsBanner alerts={props.alerts ?? []} />
      {/* Compact on a laptop: the heading, views and counts on one line, the filters on the next,
          so that ten requests fit on a 1280 × 800 screen. */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="whitespace-nowrap text-xl font-bold text-slate-900">{texts.title}</h1>
          <nav aria-label={texts.views} className="flex gap-1">
            <Link
              to={hrefWith(query, { view: "all", page: 1 })}
              className={tab(query.view === "all")}
              aria-current={query.view === "all" ? "page" : undefined}
            >
              {texts.allRequests}
            </Link>
            <Link
              to={attentionHref}
              className={tab(query.view === "attention")}
              aria-current={query.view === "attention" ? "page" : undefined}
            >
              {texts.needsAttention(list.attentionTotal)}
            </Link>
          </nav>
          <p className="whitespace-nowrap text-sm text-slate-800" data-counts>
            <CountLink
              count={counts.overdue}
              name="overdue"
              text={texts.overdueCount(counts.overdue)}
              label={texts.overdueLink(counts.overdue)}
              href={attentionHref}
              urgent
            />{" "}
            ·{" "}
            <CountLink
              count={counts.callbacksDue}
              name="callbacks-due"
              text={texts.callbacksDueCount(counts.callbacksDue)}
              label={texts.callbacksDueLink(counts.callbacksDue)}
              href={attentionHref}
            />{" "}
            · <span data-count="new">{texts.newCount(counts.fresh)}</span>
            {list.familyAsks > 0 ? (
              <>
                {" "}
                ·{" "}
                <CountLink
                  count={list.familyAsks}
                  name="family"
                  text={texts.familyCount(list.familyAsks)}
                  label={texts.familyLink(list.familyAsks)}
                  href={attentionHref}
                />
              </>
            ) : null}
            {list.cantMakeWaiting > 0 ? (
              <>
                {" "}
                ·{" "}
                <CountLink
                  count={list.cantMakeWaiting}
                  name="cant-make"
                  text={texts.cantMakeCount(list.cantMakeWaiting)}
                  label={texts.cantMakeLink(list.cantMakeWaiting)}
                  href={attentionHref}
                  urgent
                />
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 text-sm">
          <NotificationToggle alerts={alerts} />
          <Link
            to="/auth/password"
            className="inline-flex min-h-8 items-center whitespace-nowrap font-medium text-brand-700 underline"
          >
            {texts.changePassword}
          </Link>
        </div>
      </div>

      <Form
        method="get"
        action="/admin"
        className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
        onChange={(event) => {
          // Choosing a sort or filter applies it; typing waits for Search.
          if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
        }}
      >
        {/* The view shown stays named: without one, the dashboard would choose again. */}
        <input type="hidden" name="view" value={query.view ?? "all"} />
        <FilterSelect
          id="sort"
          label={texts.sort}
          value={query.sort}
          disabled={query.view === "attention"}
          options={[
            ["date", texts.sortByDate],
            ["status", texts.sortByStatus],
          ]}
        />
        <FilterSelect
          id="status-filter"
          name="status"
          label={texts.status}
          value={query.status}
          options={[
            ["all", texts.allStatuses],
            ...appointmentStatuses.map((status) => [status, statusNames[status]] as const),
            ["junk", texts.junk],
            ["erased", texts.erased],
          ]}
        />
        <FilterSelect
          id="owner-filter"
          name="owner"
          label={texts.owner}
          value={query.owner}
          options={[
            ["all", texts.everyones],
            ["mine", texts.mine],
            ["unassigned", texts.unassigned],
          ]}
        />
        <div className="flex min-w-56 flex-1 items-center gap-2">
          <label htmlFor="q" className="sr-only">
            {texts.searchLabel}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query.q}
            key={`q-${query.q}`}
            maxLength={100}
            placeholder={texts.searchLabel}
            className={`${control} block w-full min-w-0 flex-1 placeholder:text-slate-600`}
          />
          <button
            type="submit"
            className="h-9 whitespace-nowrap rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {texts.search}
          </button>
          <button
            type="submit"
            form="export-csv"
            className="inline-flex h-9 items-center whitespace-nowrap rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-700"
          >
            {texts.exportCsv}
          </button>
        </div>
      </Form>
      {/* A plain form: the browser posts it (the origin check) and saves the answer as a file. */}
      <form id="export-csv" method="post" action="/admin/export.csv" hidden>
        {[...exportParams].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>

      <div className="mt-1 flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm text-slate-700">
        {/* Rows apart when they wrap (a phone): five links, each a touch target of its own. */}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p>
            {list.moreThan
              ? texts.moreThan(list.moreThan, list.pendingTotal)
              : texts.total(list.total, filtered, list.pendingTotal)}
          </p>
          {list.rows.length > 0 ? (
            <SearchElsewhereLinks found={list.elsewhere} query={query} />
          ) : null}
          {/* Beside the count, not in the header's links: there it wrapped them to a second line
              and cost the list a row at 1280 × 800. */}
          <Link
            to="/admin/insights"
            className="whitespace-nowrap font-medium text-brand-700 underline"
          >
            {texts.insights}
          </Link>
          <Link
            to="/admin/therapists"
            className="whitespace-nowrap font-medium text-brand-700 underline"
          >
            {therapistTexts.navLink}
          </Link>
          <Link
            to="/admin/schedule"
            className="whitespace-nowrap font-medium text-brand-700 underline"
          >
            {scheduleTexts.link}
          </Link>
          <Link
            to="/admin/money"
            className="whitespace-nowrap font-medium text-brand-700 underline"
          >
            {moneyPageTexts.title}
          </Link>
          <Link
            to="/admin/messages"
            className="whitespace-nowrap font-medium text-brand-700 underline"
            data-messages-link
          >
            {byHandLinkText(props.toSend ?? 0)}
          </Link>
          <Link
            to="/admin/access-log"
            className="whitespace-nowrap font-medium text-brand-700 underline"
          >
            {texts.accessLog}
          </Link>
          <Link
            to="/admin/privacy-requests"
            className="whitespace-nowrap font-medium text-brand-700 underline"
          >
            {texts.privacyRequests}
          </Link>
        </div>
        <p aria-live="polite">{live === "live" ? texts.live : texts.connecting}</p>
      </div>

      <div className="relative mt-1">
        {loading ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-16">
            <Spinner label={texts.loadingAppointments} />
          </div>
        ) : null}
        {list.rows.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
            <p>{filtered ? texts.noMatch : texts.empty}</p>
            <SearchElsewhereLinks found={list.elsewhere} query={query} />
          </div>
        ) : (
          <>
            <AppointmentTable {...props} />
            <AppointmentCards {...props} />
          </>
        )}
      </div>

      {list.pageCount > 1 ? (
        <nav aria-label={texts.pages} className="mt-6 flex items-center justify-between gap-4">
          {list.page > 1 ? (
            <Link
              to={hrefWith(query, { page: list.page - 1 })}
              className="min-h-11 content-center font-semibold text-brand-700 underline"
            >
              {texts.previous}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-700">
            {list.moreThan
              ? texts.pageOfMore(list.page, list.pageCount)
              : texts.page(list.page, list.pageCount)}
          </span>
          {list.page < list.pageCount ? (
            <Link
              to={hrefWith(query, { page: list.page + 1 })}
              className="min-h-11 content-center font-semibold text-brand-700 underline"
            >
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

/** A header count; when above zero, a link to Needs attention, where those requests lead. */
function CountLink(props: {
  count: number;
  name: string;
  text: string;
  label: string;
  href: string;
  urgent?: boolean;
}) {
  if (props.count === 0) return <span data-count={props.name}>{props.text}</span>;
  return (
    <Link
      to={props.href}
      data-count={props.name}
      aria-label={props.label}
      className={`inline-flex min-h-6 items-center underline ${props.urgent ? "font-bold text-red-800" : "text-brand-800"}`}
    >
      {props.text}
    </Link>
  );
}

/**
 * What the search matches in the other lists (everything, Needs attention, junk, erased), each a
 * link to that list with the search kept: server-rendered, so it works before the JavaScript.
 */
function SearchElsewhereLinks({
  found,
  query,
}: {
  found: readonly SearchElsewhere[];
  query: DashboardQuery;
}) {
  if (found.length === 0) return null;
  const say = { more: texts.searchMoreIn, of: texts.searchOfThemIn, in: texts.searchIn };
  return (
    <nav aria-label={texts.searchElsewhere} data-search-elsewhere>
      {found.map((other, index) => (
        <Fragment key={other.list}>
          {index > 0 ? " · " : null}
          <Link
            to={hrefWith(searchListQuery(query, other.list), {})}
            className="inline-flex min-h-6 items-center whitespace-nowrap font-semibold text-brand-700 underline"
            data-search-list={other.list}
          >
            {say[other.relation](other.count, searchListNames[other.list])}
          </Link>
        </Fragment>
      ))}
    </nav>
  );
}

/**
 * Under the name: in Needs attention, why the request is there, a line per reason with its
 * action (`AttentionReasons`); in the other lists, a visit its therapist can't make.
 */
function RowReasons({ row, query }: { row: AppointmentRow; query: DashboardQuery }) {
  if (query.view !== "attention") return <CantMakeLine row={row} query={query} />;
  return <AttentionReasons row={row} back={hrefWith(query, {})} whose={whose(row)} />;
}

/**
 * A visit its therapist can't make: who, when and why (cut to three lines, whole on hover), and
 * the link to the request's visits, where staff move or cancel it.
 */
function CantMakeLine({ row, query }: { row: AppointmentRow; query: DashboardQuery }) {
  if (!row.cantMake) return null;
  const { therapist, startsAt, reason, more } = row.cantMake;
  const said = markerTexts.cantMake(therapist, new Date(startsAt), reason);
  return (
    <p className="max-w-64 text-xs text-red-800" data-cant-make={row.id}>
      <span className="line-clamp-3 font-semibold" title={said} dir="auto">
        {said}
        {more > 0 ? ` ${markerTexts.cantMakeMore(more)}` : null}
      </span>
      <Link
        to={`${caseHref(row)}#visits`}
        state={{ back: hrefWith(query, {}) }}
        aria-label={markerTexts.resolveCantMakeLabel(whose(row))}
        className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline"
        data-cant-make-link
      >
        {markerTexts.resolveCantMake}
      </Link>
    </p>
  );
}

/** A labelled dropdown of the filter form: choosing applies it (the form's onChange). */
function FilterSelect({
  id,
  name = id,
  label,
  value,
  options,
  disabled,
}: {
  id: string;
  name?: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={`${id}-${value}`}
        disabled={disabled}
        className={control}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The row's status dropdown: any status at any time, saved only when Save is pressed (arrow keys
 * on the dropdown choose, they do not save). The list reloads after the change; focus stays.
 */
function StatusSelect({ row, compact }: { row: AppointmentRow; compact?: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [chosen, setChosen] = useState(row.status);
  useEffect(() => setChosen(row.status), [row.status]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    showToast(
      fetcher.data.ok
        ? { variant: "success", title: texts.statusUpdated, description: "" }
        : { variant: "error", title: texts.statusFailed, description: "" },
    );
  }, [fetcher.state, fetcher.data]);
  const size = compact ? "h-8" : "min-h-11";
  return (
    <fetcher.Form method="post" action="/admin" className="flex flex-nowrap items-center gap-1">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={row.id} />
      <select
        name="status"
        aria-label={texts.statusOf(whose(row))}
        value={chosen}
        onChange={(event) => setChosen(event.target.value as AppointmentRow["status"])}
        className={`${size} rounded-md border border-slate-300 bg-white px-1`}
      >
        {appointmentStatuses.map((status) => (
          <option key={status} value={status}>
            {statusNames[status]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        aria-label={texts.saveStatusOf(whose(row))}
        aria-disabled={chosen === row.status || fetcher.state !== "idle"}
        onClick={(event) => {
          if (chosen === row.status || fetcher.state !== "idle") event.preventDefault();
        }}
        className={`${size} shrink-0 whitespace-nowrap rounded-md px-2 font-semibold ${chosen === row.status ? "text-slate-600 ring-1 ring-slate-300" : "bg-brand-700 text-white"}`}
      >
        {fetcher.state !== "idle" ? texts.saving : texts.save}
      </button>
    </fetcher.Form>
  );
}

/** A cell cut at a width, with the whole text a tap away. */
function Expandable({ text, width }: { text: string; width: string }) {
  const [open, setOpen] = useState(false);
  return (
    <button
      type="button"
      aria-expanded={open}
      title={open ? undefined : text}
      onClick={() => setOpen(!open)}
      dir="auto"
      className={`block text-left ${open ? "whitespace-pre-wrap break-words" : "truncate"}`}
      style={{ maxWidth: width }}
    >
      {text}
    </button>
  );
}

const caseHref = (row: AppointmentRow) => `/admin/appointments/${row.id}`;

/** The link to a request's page, which goes back to this list (view, filters, search, page). */
function CaseLink({
  row,
  query,
  className,
}: {
  row: AppointmentRow;
  query: DashboardQuery;
  className: string;
}) {
  return (
    <Link to={caseHref(row)} state={{ back: hrefWith(query, {}) }} className={className}>
      <RowName row={row} />
    </Link>
  );
}

function AppointmentTable({ list, query, me, now, clinic, greeting }: DashboardProps) {
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 lg:block">
      {/* Words break between words here, never inside one (the site's body breaks anywhere, for
          text at 200 % on a phone): the columns take the width of their longest word. */}
      <table className="w-full text-left text-sm [overflow-wrap:normal]">
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {texts.columns.map((column) => (
              // The cells' own side padding (6 px): with 8 px the Pincode, Status and Actions
              // headers made their columns wider than any cell, and the table overflowed 1280 px
              // by 2 px whenever the newest rows' times had two-digit hours ("10:08 AM · 10 min
              // ago"), between 10 and 1 o'clock.
              <th
                key={column}
                scope="col"
                className="whitespace-nowrap px-1.5 py-1.5 font-semibold"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {/* 2 px above and below the cells' 24 px lines (the number above WhatsApp): ten rows fit
              a 1280 × 800 screen with room for three whose name wraps in the narrow Name column
              (its width follows the other columns', and the times' with the clock). */}
          {list.rows.map((row) => (
            <tr
              key={row.id}
              data-appointment={row.id}
              className={`align-top ${row.overdue ? "bg-red-50" : ""}`}
            >
              <td className="px-1.5 py-0.5">
                <Received at={row.createdAt} now={now} />
              </td>
              <td className="px-1.5 py-0.5">
                {/* 24 px lines: the name and a repeat link below it are each a large enough
                    target (WCAG 2.2's 2.5.8). */}
                <CaseLink
                  row={row}
                  query={query}
                  className="inline-block font-medium leading-6 text-slate-900 underline"
                />
                <Markers row={row} me={me} now={now} withoutReasons={query.view === "attention"} />
                <RowReasons row={row} query={query} />
              </td>
              <td className="px-1.5 py-0.5">
                <ContactLinks row={row} clinic={clinic} greeting={greeting} compact />
              </td>
              <td className="px-1.5 py-0.5">
                <Expandable text={row.address} width="200px" />
              </td>
              <td className="px-1.5 py-0.5">
                {row.pincode}
                {row.place ? (
                  <span className="block text-xs">
                    <Place place={row.place} />
                  </span>
                ) : null}
              </td>
              <td className="px-1.5 py-0.5">
                {row.message ? <Expandable text={row.message} width="250px" /> : "—"}
              </td>
              <td className="px-1.5 py-0.5">
                <StatusBadge status={row.status} />
                <p className="whitespace-nowrap text-xs text-slate-700">
                  {notificationNames[row.notification]}
                </p>
              </td>
              <td className="px-1.5 py-0.5">
                {row.erasedAt ? null : <StatusSelect row={row} compact />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Asha Rani's", or for an erased request (no name left) "an erased". */
const whose = (row: Pick<AppointmentRow, "name" | "erasedAt">) =>
  row.erasedAt ? texts.erasedWhose : texts.whose(row.name);

/** The patient's name, or, once erased, when that was (its other fields are then empty). */
function RowName({ row }: { row: Pick<AppointmentRow, "name" | "erasedAt"> }) {
  if (row.erasedAt) return <>{rightsTexts.erasedOn(formatDate(new Date(row.erasedAt)))}</>;
  return <bdi>{row.name}</bdi>;
}

/**
 * On a phone: one compact card per request (about 165 px): the name with its status and Save at
 * the top, when and what in three short lines, call and WhatsApp at the foot, by the thumb. The
 * status dropdown names the status the table's badge shows.
 */
function AppointmentCards({ list, query, me, now, clinic, greeting }: DashboardProps) {
  return (
    <ul className="space-y-2 lg:hidden">
      {list.rows.map((row) => (
        <li
          key={row.id}
          data-appointment-card={row.id}
          className={`rounded-lg border border-slate-200 px-3 py-2 ${row.overdue ? "bg-red-50" : ""}`}
        >
          <div className="flex items-center justify-between gap-2">
            <CaseLink
              row={row}
              query={query}
              className="min-w-0 truncate font-semibold text-slate-900 underline"
            />
            {row.erasedAt ? null : <StatusSelect row={row} />}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-2 text-sm text-slate-700">
            <Received at={row.createdAt} now={now} inline />
            <Markers row={row} me={me} now={now} withoutReasons={query.view === "attention"} />
          </div>
          <RowReasons row={row} query={query} />
          <p className="truncate text-sm text-slate-800">
            <bdi>{row.address}</bdi>, {row.pincode}
            {row.place ? (
              <>
                {" · "}
                <Place place={row.place} />
              </>
            ) : null}
          </p>
          {row.message ? (
            <p dir="auto" className="line-clamp-1 text-sm text-slate-700">
              {row.message}
            </p>
          ) : null}
          <ContactLinks row={row} clinic={clinic} greeting={greeting} />
        </li>
      ))}
    </ul>
  );
}
