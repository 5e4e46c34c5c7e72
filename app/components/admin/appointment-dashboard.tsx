// The staff dashboard: the spec's heading, sort selector, table and status dropdowns, plus search,
// status filter, pages, CSV export, call and WhatsApp links, e-mail state and each request's
// history. A table on wide screens, cards on a phone. Sorting, filtering and pages are links
// and GET forms (they work before the JavaScript has loaded); status changes go through a fetcher.
import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator, useSubmit } from "react-router";
import { showToast } from "~/components/toasts";
import {
  type AppointmentList,
  type AppointmentRow,
  type AppointmentStatus,
  appointmentStatuses,
  type DashboardQuery,
  dashboardSearchParams,
  type NotificationStatus,
  statusMessages,
} from "~/domain/appointments/dashboard";
import { formatDate } from "~/lib/dates";
import { Spinner } from "./spinner";
import { useLiveUpdates } from "./use-live-updates";

const badgeClasses: Record<AppointmentStatus, string> = {
  // The spec's variants: default (solid) pending, secondary (muted) contacted, outline completed.
  pending: "bg-brand-700 text-white",
  contacted: "bg-slate-200 text-slate-900",
  completed: "border border-slate-400 text-slate-800",
};

const notificationText: Record<NotificationStatus, string> = {
  sent: "E-mail sent",
  retrying: "E-mail retrying",
  queued: "E-mail queued",
  failed: "E-mail failed",
  none: "No e-mail",
};

const statusLabel = (status: AppointmentStatus) => status.charAt(0).toUpperCase() + status.slice(1);

/** wa.me wants the country code: a 10-digit Indian number gets 91. */
function whatsappHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

function hrefWith(query: DashboardQuery, change: Partial<DashboardQuery>): string {
  const params = dashboardSearchParams({ ...query, ...change });
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

export function AppointmentDashboard({
  list,
  query,
}: {
  list: AppointmentList;
  query: DashboardQuery;
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const live = useLiveUpdates();
  const submit = useSubmit();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/admin");
  const filtered = query.q !== "" || query.status !== "all";
  const exportParams = dashboardSearchParams({ ...query, page: 1 });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Appointment Dashboard</h1>
        <div className="flex flex-wrap items-center gap-x-4">
          <p className="text-sm text-slate-700" aria-live="polite">
            {live === "live" ? "Live: new requests appear here by themselves" : "Connecting…"}
          </p>
          <Link
            to="/auth/password"
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
          >
            Change password
          </Link>
        </div>
      </div>

      <Form
        method="get"
        action="/admin"
        className="mt-6 flex flex-wrap items-end gap-3"
        onChange={(event) => {
          // Choosing a sort or filter applies it; typing waits for Search.
          if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
        }}
      >
        <div>
          <label htmlFor="sort" className="block text-sm font-medium text-slate-800">
            Sort
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={query.sort}
            key={`sort-${query.sort}`}
            className="mt-1 min-h-11 rounded-md border border-slate-300 bg-white px-3"
          >
            <option value="date">Sort by Date</option>
            <option value="status">Sort by Status</option>
          </select>
        </div>
        <div>
          <label htmlFor="status-filter" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="status-filter"
            name="status"
            defaultValue={query.status}
            key={`status-${query.status}`}
            className="mt-1 min-h-11 rounded-md border border-slate-300 bg-white px-3"
          >
            <option value="all">All statuses</option>
            {appointmentStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-56 flex-1">
          <label htmlFor="q" className="block text-sm font-medium text-slate-800">
            Search name, phone or pincode
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query.q}
            key={`q-${query.q}`}
            maxLength={100}
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3"
          />
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          Search
        </button>
        <button
          type="submit"
          form="export-csv"
          className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-700"
        >
          Export CSV
        </button>
      </Form>
      {/* A plain form: the browser posts it (the origin check) and saves the answer as a file. */}
      <form id="export-csv" method="post" action="/admin/export.csv" hidden>
        {[...exportParams].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>

      <p className="mt-4 text-slate-700">
        {list.total} {list.total === 1 ? "request" : "requests"}
        {filtered ? " match" : ""} · {list.pendingTotal} pending
      </p>

      <div className="relative mt-4">
        {loading ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-16">
            <Spinner label="Loading appointments" />
          </div>
        ) : null}
        {list.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
            {filtered ? "No appointments match this search" : "No appointments yet"}
          </p>
        ) : (
          <>
            <AppointmentTable rows={list.rows} />
            <AppointmentCards rows={list.rows} />
          </>
        )}
      </div>

      {list.pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
          {list.page > 1 ? (
            <Link
              to={hrefWith(query, { page: list.page - 1 })}
              className="min-h-11 content-center font-semibold text-brand-700 underline"
            >
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-700">
            Page {list.page} of {list.pageCount}
          </span>
          {list.page < list.pageCount ? (
            <Link
              to={hrefWith(query, { page: list.page + 1 })}
              className="min-h-11 content-center font-semibold text-brand-700 underline"
            >
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeClasses[status]}`}
      data-status={status}
    >
      {status}
    </span>
  );
}

/** The row's status dropdown: any status at any time; the list reloads after the change. */
function StatusSelect({ row }: { row: AppointmentRow }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const pending = fetcher.formData?.get("status");
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    showToast(
      fetcher.data.ok
        ? { variant: "success", title: statusMessages.updated, description: "" }
        : { variant: "error", title: statusMessages.failed, description: "" },
    );
  }, [fetcher.state, fetcher.data]);
  return (
    <select
      aria-label={`Status of ${row.name}'s request`}
      value={typeof pending === "string" ? pending : row.status}
      disabled={fetcher.state !== "idle"}
      onChange={(event) => {
        fetcher
          .submit(
            { intent: "status", id: row.id, status: event.target.value },
            { method: "post", action: "/admin" },
          )
          .catch(() =>
            showToast({ variant: "error", title: statusMessages.failed, description: "" }),
          );
      }}
      className="min-h-11 rounded-md border border-slate-300 bg-white px-2"
    >
      {appointmentStatuses.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </select>
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

function ContactLinks({ phone }: { phone: string }) {
  return (
    <span className="flex flex-wrap items-center gap-x-3">
      <a
        href={telHref(phone)}
        className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
      >
        {phone}
      </a>
      <a
        href={whatsappHref(phone)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center text-sm font-medium text-emerald-800 underline"
      >
        WhatsApp
      </a>
    </span>
  );
}

function History({ id }: { id: string }) {
  const fetcher = useFetcher<{ history: { by: string; at: string; from: string; to: string }[] }>();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        className="min-h-11 text-sm font-medium text-brand-700 underline"
        onClick={() => {
          if (!open && fetcher.state === "idle")
            void fetcher.load(`/admin/appointments/${id}/history`);
          setOpen(!open);
        }}
      >
        History
      </button>
      {open ? (
        fetcher.data ? (
          fetcher.data.history.length === 0 ? (
            <p className="text-sm text-slate-700">No status changes yet</p>
          ) : (
            <ul className="space-y-1 text-sm text-slate-700">
              {fetcher.data.history.map((change) => (
                <li key={`${change.at}-${change.to}`}>
                  {formatDate(new Date(change.at))}{" "}
                  {new Date(change.at).toLocaleTimeString("en-IN", {
                    timeZone: "Asia/Kolkata",
                    hour: "2-digit",
                    minute: "2-digit",
                  })}
                  : {change.from} → {change.to} by {change.by}
                </li>
              ))}
            </ul>
          )
        ) : (
          <Spinner label="Loading history" />
        )
      ) : null}
    </div>
  );
}

function AppointmentTable({ rows }: { rows: AppointmentRow[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 lg:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {["Date", "Name", "Phone", "Address", "Pincode", "Message", "Status", "Actions"].map(
              (column) => (
                <th key={column} scope="col" className="px-3 py-3 font-semibold">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id} data-appointment={row.id} className="align-top">
              <td className="whitespace-nowrap px-3 py-3">{formatDate(new Date(row.createdAt))}</td>
              <td className="px-3 py-3 font-medium text-slate-900">
                <bdi>{row.name}</bdi>
              </td>
              <td className="px-3 py-3">
                <ContactLinks phone={row.phone} />
              </td>
              <td className="px-3 py-3">
                <Expandable text={row.address} width="200px" />
              </td>
              <td className="px-3 py-3">{row.pincode}</td>
              <td className="px-3 py-3">
                {row.message ? <Expandable text={row.message} width="250px" /> : "—"}
              </td>
              <td className="px-3 py-3">
                <StatusBadge status={row.status} />
                <p className="mt-1 text-xs text-slate-700">{notificationText[row.notification]}</p>
              </td>
              <td className="px-3 py-3">
                <StatusSelect row={row} />
                <History id={row.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: one card per request, the same fields and actions. */
function AppointmentCards({ rows }: { rows: AppointmentRow[] }) {
  return (
    <ul className="space-y-4 lg:hidden">
      {rows.map((row) => (
        <li
          key={row.id}
          data-appointment-card={row.id}
          className="rounded-lg border border-slate-200 p-4"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-lg font-semibold text-slate-900">
                <bdi>{row.name}</bdi>
              </p>
              <p className="text-sm text-slate-700">{formatDate(new Date(row.createdAt))}</p>
            </div>
            <StatusBadge status={row.status} />
          </div>
          <ContactLinks phone={row.phone} />
          <p className="text-slate-800">
            <bdi>{row.address}</bdi>, {row.pincode}
          </p>
          {row.message ? (
            <p dir="auto" className="mt-2 whitespace-pre-wrap text-slate-700">
              {row.message}
            </p>
          ) : null}
          <p className="mt-2 text-xs text-slate-700">{notificationText[row.notification]}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <StatusSelect row={row} />
            <History id={row.id} />
          </div>
        </li>
      ))}
    </ul>
  );
}
