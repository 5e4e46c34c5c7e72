// The dashboard's query (view, sort, status filter, owner, search, page) as the address bar
// carries it: one schema for the browser, which builds the links, and the server, which reads
// them. It imports no server code (the schema's types only). A hand-edited or stale address is
// never an error: each bad value falls back.

import { z } from "#app/lib/zod.ts";
import { appointmentStatuses } from "#db/enums.ts";
import type { appointments } from "#db/schema.ts";

/** Everything (in the spec's sorts), or what needs the front desk now, most urgent first. */
const dashboardViews = ["all", "attention"] as const;
export type DashboardView = (typeof dashboardViews)[number];

const dashboardSorts = ["date", "status"] as const;

/**
 * A status, or the requests marked as junk, or those whose personal data was erased (which
 * every other filter leaves out: an erased request is no one's work any more).
 */
const dashboardStatusFilters = ["all", ...appointmentStatuses, "junk", "erased"] as const;

/** Whose requests: everyone's, the viewer's own, or those nobody has taken. */
const dashboardOwners = ["all", "mine", "unassigned"] as const;

export const pageSize = 25;
/** A search is counted up to this many matches; past it the list says "more than" (201 pages). */
export const searchCountCap = 5_000;
const maxPage = 10_000;
const maxSearchLength = 100;

/** Control characters (a pasted tab, a NUL PostgreSQL cannot take) become spaces. */
const cleanSearch = (value: string) => {
  const trimmed = value.replace(/\p{Cc}/gu, " ").trim();
  // Cut by code points, so an emoji is never halved.
  return Array.from(trimmed).slice(0, maxSearchLength).join("").trim();
};

const dashboardQuerySchema = z.object({
  // None chosen: the dashboard chooses (Needs attention when anything is overdue or due).
  view: z.enum(dashboardViews).optional().catch(undefined),
  sort: z.enum(dashboardSorts).catch("date"),
  status: z.enum(dashboardStatusFilters).catch("all"),
  owner: z.enum(dashboardOwners).catch("all"),
  q: z.string().transform(cleanSearch).catch(""),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .transform((page) => Math.min(page, maxPage))
    .catch(1),
});

/**
 * A query as the address carries it. With no view named, the dashboard chooses one
 * (`openingView`); everywhere else no view is everything.
 */
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export const defaultDashboardQuery: DashboardQuery = {
  view: undefined,
  sort: "date",
  status: "all",
  owner: "all",
  q: "",
  page: 1,
};

/**
 * The view the dashboard opens on when the address names none: "Needs attention" when a
 * request is overdue, a call-back is due, a family waits on the desk, a therapist can't make a
 * visit or a family is to follow up (a missed visit, nothing booked after the assessment),
 * everything otherwise.
 */
export function openingView(
  counts: Pick<AttentionCounts, "overdue" | "callbacksDue" | "familyWaiting"> & {
    cantMake: number;
    followUps?: number;
  },
): DashboardView {
  const waiting =
    counts.overdue +
    counts.callbacksDue +
    counts.familyWaiting +
    counts.cantMake +
    (counts.followUps ?? 0);
  return waiting > 0 ? "attention" : "all";
}

/** The query of an address: the first value of each parameter, defaults for anything bad. */
export function parseDashboardQuery(searchParams: URLSearchParams): DashboardQuery {
  const result = dashboardQuerySchema.safeParse({
    view: searchParams.get("view") ?? undefined,
    sort: searchParams.get("sort") ?? undefined,
    status: searchParams.get("status") ?? undefined,
    owner: searchParams.get("owner") ?? undefined,
    q: searchParams.get("q") ?? undefined,
    page: searchParams.get("page") ?? undefined,
  });
  return result.success ? result.data : { ...defaultDashboardQuery };
}

/**
 * The canonical parameters of a query, defaults left out: one address per view. The view is
 * always named (the address without one is the dashboard's choice, which changes by the hour).
 */
export function dashboardSearchParams(query: DashboardQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.view) params.set("view", query.view);
  if (query.sort !== defaultDashboardQuery.sort) params.set("sort", query.sort);
  if (query.status !== defaultDashboardQuery.status) params.set("status", query.status);
  if (query.owner !== defaultDashboardQuery.owner) params.set("owner", query.owner);
  if (query.q !== "") params.set("q", query.q);
  if (query.page !== defaultDashboardQuery.page) params.set("page", String(query.page));
  return params;
}

/** The state of a request's staff e-mail, as the dashboard shows it. */
const notificationStatuses = ["sent", "retrying", "queued", "failed", "none"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** A pending request older than this is overdue: the promise is a call within 24 hours. */
export const overdueAfterMs = 24 * 3_600_000;
/** Requests from one number within this many days of each other are repeats. */
export const repeatWindowDays = 30;

type Stored = typeof appointments.$inferSelect;

/** One request as the dashboard lists it: the stored columns, and what the front desk needs. */
export type AppointmentRow = Pick<
  Stored,
  | "id"
  | "name"
  | "phone"
  | "address"
  | "pincode"
  | "message"
  | "status"
  | "createdAt"
  | "ownerId"
  | "callbackAt"
  | "junk"
> & {
  notification: NotificationStatus;
  /** The owner's address, when someone has taken the request. */
  ownerEmail: string | null;
  /**
   * Pending for more than 24 hours, and nobody has worked on it or on another request from the
   * same number since it came (never for junk).
   */
  overdue: boolean;
  /** Its call-back time has come (never for junk). */
  callbackDue: boolean;
  /** How many other requests came from the same number within 30 days of this one. */
  repeatCount: number;
  /** When its personal data was erased (its name, phone, address and message are then empty). */
  erasedAt: Date | null;
  /** The language of the page it was sent from: call back in it. */
  language: "en" | "hi";
  /** Where its PIN code is: our area's name, or the district outside our areas; null if unknown. */
  place: { name: string; outside: boolean } | null;
  /**
   * Who handed it to its owner, while the owner has not yet worked on it since (no note,
   * call-back, status or other change of theirs): the "Handed to you" marker.
   */
  handedBy: string | null;
  /** A family's ask about a visit not yet settled (decision 038): absent when there is none. */
  familyAsk?: "move" | "cancel";
  /** A WhatsApp message waits to be sent by hand: absent when none does. */
  whatsappToSend?: true;
  /**
   * A visit its therapist can't make, still scheduled (the soonest, were there several: `more`
   * says how many others): absent when there is none. It waits for staff to move or cancel it.
   */
  cantMake?: { therapist: string; startsAt: Date; reason: string | null; more: number };
  /** How many WhatsApp messages wait to be sent by hand: absent when none does. */
  messagesToSend?: number;
  /**
   * Pending, and worked since it came, here or on another request from the same number (a note,
   * a call-back, a status, a visit…): when, and on which request. It is then not overdue.
   */
  worked?: { at: Date; appointmentId: string };
  /**
   * Pending, with another open request (neither completed, junk nor erased) from the same number
   * within 30 days: the newest of them, and how many more there are.
   */
  openRepeat?: { id: string; createdAt: Date; status: Stored["status"]; more: number };
  /** A visit the patient was not home for, in the last 30 days, with nothing booked after it. */
  missedVisit?: { startsAt: Date; therapist: string };
  /**
   * Its last assessment done more than 7 days ago (within the last 30) and no treatment booked
   * after it, the insights' drop-off rule; never on a completed request.
   */
  noTreatment?: { assessedAt: Date; therapist: string };
  /** An assessment's red flags the desk has not handled yet (decision 051). */
  redFlags?: { assessedAt: Date; count: number };
  /** A home programme ticked below half over the last 3 days: the percent ticked. */
  lowAdherence?: number;
};

/** What waits for the front desk, junk left out: the dashboard's header counts. */
export interface AttentionCounts {
  pending: number;
  overdue: number;
  callbacksDue: number;
  /** Requests a family waits on: an open ask about a visit, or a WhatsApp message to send. */
  familyWaiting: number;
  /** Pending and not yet overdue. */
  fresh: number;
  /** When the newest request (not junk) came, in epoch ms: a new request moves it on. */
  newestAt: number | null;
}

/**
 * The lists a search is counted in besides the one shown: everything (any status, everyone's),
 * Needs attention (everyone's), and the Junk and Erased filters.
 */
export const searchLists = ["all", "attention", "junk", "erased"] as const;
export type SearchList = (typeof searchLists)[number];

/**
 * How many the search matches in another list: `more` than the list shown holds (the other
 * holds every row of this one), `of` them (this one holds every row of the other), or `in` a
 * list apart.
 */
export interface SearchElsewhere {
  list: SearchList;
  count: number;
  relation: "more" | "of" | "in";
}

/** The query that shows one of `searchLists`, keeping the search. */
export function searchListQuery(query: DashboardQuery, list: SearchList): DashboardQuery {
  const base = { ...query, owner: "all" as const, page: 1 };
  switch (list) {
    case "attention":
      return { ...base, view: "attention", sort: "date", status: "all" };
    case "all":
      return { ...base, view: "all", status: "all" };
    default:
      return { ...base, view: "all", status: list };
  }
}

/**
 * The query of the "Needs attention" tab from a list: its search and owner kept, not a sort or a
 * status (it has its own order). Its count is of exactly these rows.
 */
export const attentionQueryOf = (query: DashboardQuery): DashboardQuery => ({
  ...query,
  view: "attention",
  sort: "date",
  status: "all",
  page: 1,
});

export interface AppointmentList {
  rows: AppointmentRow[];
  /** The requests the filter and search select, over all pages (see `moreThan`). */
  total: number;
  /** Set when a search matched more than this many: `total` is then this and one more. */
  moreThan?: number;
  /** Every pending request that is not junk, whatever the filter: what is waiting for staff. */
  pendingTotal: number;
  counts: AttentionCounts;
  /** Requests with a visit its therapist can't make, still scheduled (junk and erased left out). */
  cantMakeWaiting: number;
  /** Requests with a family's ask not yet settled (junk and erased left out): "from families". */
  familyAsks: number;
  /**
   * What "Needs attention" lists with this list's owner and search (`attentionQueryOf`): its
   * tab's count, the same query as its rows. Undefined during a search that fills more than a
   * page of this list: the tab then shows no count (counting it cost as much as the search).
   */
  attentionTotal: number | undefined;
  /**
   * With a search that finds a page or less here: how many it matches in the other lists (none
   * past the count's cap). A search that fills more than a page here says nothing of the others.
   */
  elsewhere: SearchElsewhere[];
  /** The view listed: the one asked for, or the dashboard's choice when none was. */
  view: DashboardView;
  /** The page shown: the one asked for, or the last when it asked past the end. */
  page: number;
  /** At least 1, so that an empty list is "page 1 of 1". */
  pageCount: number;
}

/**
 * The list a request's page goes back to: a dashboard address (path and query) handed over by the
 * list's link, or the dashboard's own choice. Anything else (another path, another site) is not
 * followed.
 */
export function backToList(value: unknown): string {
  if (typeof value !== "string" || value.length > 400) return "/admin";
  return /^\/admin(\?[^#]*)?$/.test(value) ? value : "/admin";
}

/** An appointment id (a UUID): anything else names no request. */
export function isAppointmentId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
