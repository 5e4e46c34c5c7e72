// The dashboard's query (sort, status filter, search, page) as the address bar carries it: one
// schema for the browser, which builds the links, and the server, which reads them. It imports
// no server code. A hand-edited or stale address is never an error: each bad value falls back.
import { z } from "zod";

// zod probes `new Function` for speed; our CSP forbids it.
z.config({ jitless: true });

/** The schema's statuses (db/schema.ts), here without the database code the browser must not load. */
export const appointmentStatuses = ["pending", "contacted", "completed"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

export const dashboardSorts = ["date", "status"] as const;
export type DashboardSort = (typeof dashboardSorts)[number];

export const dashboardStatusFilters = ["all", ...appointmentStatuses] as const;
export type DashboardStatusFilter = (typeof dashboardStatusFilters)[number];

export const pageSize = 25;
export const maxPage = 10_000;
export const maxSearchLength = 100;

/** Control characters (a pasted tab, a NUL PostgreSQL cannot take) become spaces. */
const cleanSearch = (value: string) => {
  const trimmed = value.replace(/\p{Cc}/gu, " ").trim();
  // Cut by code points, so an emoji is never halved.
  return Array.from(trimmed).slice(0, maxSearchLength).join("").trim();
};

export const dashboardQuerySchema = z.object({
  sort: z.enum(dashboardSorts).catch("date"),
  status: z.enum(dashboardStatusFilters).catch("all"),
  q: z.string().transform(cleanSearch).catch(""),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .transform((page) => Math.min(page, maxPage))
    .catch(1),
});

export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export const defaultDashboardQuery: DashboardQuery = {
  sort: "date",
  status: "all",
  q: "",
  page: 1,
};

/** The query of an address: the first value of each parameter, defaults for anything bad. */
export function parseDashboardQuery(searchParams: URLSearchParams): DashboardQuery {
  const result = dashboardQuerySchema.safeParse({
    sort: searchParams.get("sort") ?? undefined,
    status: searchParams.get("status") ?? undefined,
    q: searchParams.get("q") ?? undefined,
    page: searchParams.get("page") ?? undefined,
  });
  return result.success ? result.data : { ...defaultDashboardQuery };
}

/** The canonical parameters of a query, defaults left out: one address per view. */
export function dashboardSearchParams(query: DashboardQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort !== defaultDashboardQuery.sort) params.set("sort", query.sort);
  if (query.status !== defaultDashboardQuery.status) params.set("status", query.status);
  if (query.q !== "") params.set("q", query.q);
  if (query.page !== defaultDashboardQuery.page) params.set("page", String(query.page));
  return params;
}

/** The state of a request's staff e-mail, as the dashboard shows it. */
export const notificationStatuses = ["sent", "retrying", "queued", "failed", "none"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** One request as the dashboard lists it. */
export interface AppointmentRow {
  id: string;
  name: string;
  phone: string;
  address: string;
  pincode: string;
  message: string | null;
  status: AppointmentStatus;
  createdAt: Date;
  notification: NotificationStatus;
}

export interface AppointmentList {
  rows: AppointmentRow[];
  /** The requests the filter and search select, over all pages. */
  total: number;
  /** Every pending request, whatever the filter: what is waiting for staff. */
  pendingTotal: number;
  /** The page shown: the one asked for, or the last when it asked past the end. */
  page: number;
  /** At least 1, so that an empty list is "page 1 of 1". */
  pageCount: number;
}

/** An appointment id (a UUID): anything else names no request. */
export function isAppointmentId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The spec's words for a status change. */
export const statusMessages = {
  updated: "Status updated successfully",
  failed: "Failed to update status",
} as const;
