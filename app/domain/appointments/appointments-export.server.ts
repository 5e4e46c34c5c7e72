// Every request the dashboard's query selects, as a CSV file streamed from the database in small
// pages: each page is one short query after the last row of the one before (keyset, on the
// indexes the dashboard's orders use), written out before the next is read. The whole table is
// never in memory, and between steps the process (and PGlite, which answers one query at a time
// on the server's own thread) serves everyone else. A step is one page's query, or the writing of
// its rows: the pages are sized, as the export goes, for each step to take a few milliseconds
// (tests/e2e/export.test.ts times /healthz through it).
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { csvRows } from "#app/domain/appointments/csv.server.ts";
import {
  type Found,
  ordering,
  ownerOf,
  selection,
  shownColumns,
  staffMailOf,
  toRow,
  type Viewer,
} from "#app/domain/appointments/dashboard.server.ts";
import type { AppointmentRow, DashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { languageNames } from "#app/domain/appointments/front-desk-texts.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { channelNames } from "#app/domain/attribution/attribution-texts.ts";
import type { Channel } from "#app/domain/attribution/channels.ts";
import { indiaIsoTime } from "#app/lib/dates.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { type AppointmentStatus, appointmentStatuses } from "#db/enums.ts";
import { appointments, type ClickIdParam } from "#db/schema.ts";

/**
 * What one step of the export (a page's query, or the writing of its rows as CSV) should cost in
 * processor time, about. Measured on PGlite, warm: 100 rows take about 4 ms to read and 1.5 to
 * write, 1 ms of the read being the query's own; cold (the first queries after a start run on code
 * not yet compiled) several times that.
 */
export const stepBudgetMs = 5;
/** The first page: small, since it runs on the coldest code. */
const firstPageSize = 20;
const minPageSize = 10;
/** Beyond this a bigger page saves nothing: a query's fixed cost is already a few percent. */
export const maxPageSize = 500;

/**
 * The next page's rows: as many as the slower step of the last page fits in the budget, at most
 * twice as many as that page (a fast page may have been lucky).
 */
export function nextPageSize(size: number, slowestStepMs: number): number {
  const fitting = Math.floor((size * stepBudgetMs) / Math.max(slowestStepMs, 0.1));
  return Math.max(minPageSize, Math.min(maxPageSize, 2 * size, fitting));
}

export const exportColumns = [
  "Date (India)",
  "Name",
  "Phone",
  "Address",
  "Pincode",
  "Message",
  "Status",
  "E-mail notification",
  "Received (India time)",
  "First contacted at",
  "Completed at",
  "Owner",
  "Repeat count",
  "Junk",
  "First contacted by",
  "Hours to first contact",
  "District",
  "Area",
  "Channel",
  "Landing page",
  "Sent from",
  "Referrer",
  "UTM source",
  "UTM medium",
  "UTM campaign",
  "Click id type",
  "Click id",
  "Language",
] as const;

/**
 * A row of the export: the dashboard's, when (and by whom) it was first contacted, when it was
 * completed, and where it came from.
 */
export type ExportRow = AppointmentRow & {
  /** The number's key as stored (`phoneKey` of the phone), null when it is not a number. */
  phoneKey: string | null;
  firstContactedAt: Date | null;
  firstContactedBy: string | null;
  completedAt: Date | null;
  channel: Channel | null;
  landingPath: string | null;
  sentFromPath: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  clickIdParam: ClickIdParam | null;
  clickId: string | null;
  /** The language of the page it was sent from. */
  language: "en" | "hi";
};

/** What the export reads beyond the dashboard's columns. */
interface Extra {
  created_at: string;
  cursor_at: string;
  phone_key: string | null;
  contacted_ms: number | null;
  contacted_by: string | null;
  completed_ms: number | null;
  channel: Channel | null;
  landing_path: string | null;
  sent_from_path: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  click_id_param: ClickIdParam | null;
  click_id: string | null;
  language: "en" | "hi";
}

/** Where the last page ended: the exact stored time (as text, microseconds and all) and id. */
interface Cursor {
  at: string;
  id: string;
}

const ms = (value: SQL) => sql`floor(extract(epoch FROM ${value}) * 1000)::float8`;

/**
 * The pages of the query's rows, in the dashboard's order. Sorted by status, the rows are the
 * statuses one after the other (alphabetical), each newest first: one index range per status.
 * "Needs attention" exports what it selects newest first (its order changes by the minute).
 * `size` is the rows of every page, or is asked before each query.
 */
export async function* appointmentPages(
  db: Database,
  query: DashboardQuery,
  viewer: Viewer,
  size: number | (() => number) = maxPageSize,
): AsyncGenerator<ExportRow[]> {
  const groups: (AppointmentStatus | undefined)[] =
    query.status !== "all" && query.status !== "junk" && query.status !== "erased"
      ? [query.status]
      : query.sort === "status" && query.view !== "attention"
        ? [...appointmentStatuses].sort()
        : [undefined];
  const byDate: DashboardQuery = {
    ...query,
    sort: "date",
    status: query.status === "junk" || query.status === "erased" ? query.status : "all",
  };
  const newestFirst: DashboardQuery = { ...byDate, view: "all" };
  for (const status of groups) {
    let after: Cursor | undefined;
    for (;;) {
      const limit = typeof size === "number" ? size : size();
      // Each row as one JSON text: PGlite reads a row's thirty-odd columns one by one, a third of
      // the export's time there; 200 rows took 10.6 ms to read so and 7.4 ms as JSON (on
      // PostgreSQL, a little more of this thread: 0.5 s for 100,000 rows against 0.4). Sorted
      // again outside, the order being the subquery's.
      const found = (
        await queryRows<{ row: string }>(
          db,
          sql`SELECT row_to_json(page)::text AS row FROM (
            SELECT ${shownColumns("appointments", viewer, { handed: false, family: false })}, appointments.created_at,
              appointments.created_at::text AS cursor_at, appointments.phone_key,
              ${ms(sql`appointments.first_contact_at`)} AS contacted_ms, contacter.email AS contacted_by,
              ${ms(sql`CASE WHEN appointments.status = 'completed' THEN changes.completed END`)} AS completed_ms,
              appointments.channel, appointments.landing_path, appointments.sent_from_path,
              appointments.referrer_host, appointments.utm_source, appointments.utm_medium,
              appointments.utm_campaign, appointments.click_id_param, appointments.click_id
            FROM ${appointments}
            ${ownerOf("appointments")}
            ${staffMailOf(sql`${appointments.id}`)}
            LEFT JOIN users contacter ON contacter.id = appointments.first_contact_by
            LEFT JOIN LATERAL (
              SELECT max(changed_at) AS completed
              FROM appointment_status_changes c
              WHERE c.appointment_id = appointments.id AND c.to_status = 'completed'
            ) changes ON appointments.status = 'completed'
            WHERE ${and(
              selection(byDate, viewer, { withErased: true }) ?? sql`true`,
              status ? eq(appointments.status, status) : undefined,
              after ? afterCursor(after) : undefined,
            )}
            ORDER BY ${ordering(newestFirst, "appointments", viewer)}
            LIMIT ${limit}
          ) page
          ORDER BY ${ordering(newestFirst, "page", viewer)}`,
        )
      ).map(({ row }) => JSON.parse(row) as Found & Extra);
      if (found.length > 0) {
        yield found.map((found) => {
          const {
            created_at: _,
            cursor_at: __,
            phone_key,
            contacted_ms,
            contacted_by,
            completed_ms,
            channel,
            landing_path,
            sent_from_path,
            referrer_host,
            utm_source,
            utm_medium,
            utm_campaign,
            click_id_param,
            click_id,
            language,
            ...row
          } = found;
          return {
            ...toRow({ ...row, language }),
            phoneKey: phone_key,
            firstContactedAt: contacted_ms === null ? null : new Date(Number(contacted_ms)),
            firstContactedBy: contacted_by,
            completedAt: completed_ms === null ? null : new Date(Number(completed_ms)),
            channel,
            landingPath: landing_path,
            sentFromPath: sent_from_path,
            referrerHost: referrer_host,
            utmSource: utm_source,
            utmMedium: utm_medium,
            utmCampaign: utm_campaign,
            clickIdParam: click_id_param,
            clickId: click_id,
            language,
          };
        });
      }
      const last = found.at(-1);
      if (!last || found.length < limit) break;
      after = { at: last.cursor_at, id: last.id };
    }
  }
}

/** Rows after the cursor in newest-first order: older, or as old with a smaller id. */
function afterCursor({ at, id }: Cursor): SQL {
  return sql`(${appointments.createdAt}, ${appointments.id}) < (${at}::timestamptz, ${id}::uuid)`;
}

/**
 * The number as a spreadsheet keeps it: as it is dialled in India, grouped ("98100 12345"), or
 * with 00 before another country's code ("00 44 2079460958"). The space keeps Excel and Google
 * Sheets from reading it as a number (which drops a leading 0 and shows 9.81E+09), and with no
 * leading + there is no formula to neutralise, so no apostrophe shows.
 */
function spreadsheetPhone(phone: string, key = phoneKey(phone)): string {
  if (!key) return phone;
  if (/^91\d{10}$/.test(key)) return `${key.slice(2, 7)} ${key.slice(7)}`;
  return `00 ${key.slice(0, 2)} ${key.slice(2)}`;
}

const indiaTime = (date: Date | null) => (date ? indiaIsoTime(date) : "");

/** Hours from arrival to first contact, to one decimal ("2.5"); empty when not contacted. */
const hoursToContact = (row: ExportRow) =>
  row.firstContactedAt
    ? ((row.firstContactedAt.getTime() - row.createdAt.getTime()) / 3_600_000).toFixed(1)
    : "";

const cells = (row: ExportRow) => {
  const place = districtOf(row.pincode);
  const received = indiaIsoTime(row.createdAt);
  return [
    // India's day: it keeps one offset all year, so the day is the India time's.
    received.slice(0, 10),
    row.name,
    // The stored key is the phone's (written with it); reading the number again costs more than
    // the rest of the row.
    spreadsheetPhone(row.phone, row.phoneKey ?? phoneKey(row.phone)),
    row.address,
    row.pincode,
    row.message ?? "",
    row.status,
    row.notification,
    received,
    indiaTime(row.firstContactedAt),
    indiaTime(row.completedAt),
    row.ownerEmail ?? "",
    String(row.repeatCount),
    row.junk ? "yes" : "no",
    row.firstContactedBy ?? "",
    hoursToContact(row),
    place?.district ?? "",
    place?.area ? areaNames[place.area] : "",
    row.channel ? channelNames[row.channel] : "",
    row.landingPath ?? "",
    row.sentFromPath ?? "",
    row.referrerHost ?? "",
    row.utmSource ?? "",
    row.utmMedium ?? "",
    row.utmCampaign ?? "",
    row.clickIdParam ?? "",
    row.clickId ?? "",
    languageNames[row.language],
  ];
};

/**
 * Lets the event loop turn: PGlite answers a query without one (its work is on this thread, its
 * promises settle as microtasks), so without this the whole export would run as one long task
 * and nobody else would be answered until it ended. With `ms`, the thread rests that long first.
 */
const nextTurn = (ms = 0) =>
  new Promise((resolve) => (ms >= 1 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** The longest rest between two pages (see `timed`). */
const maxRestMs = 50;

/**
 * Runs a step and measures it: the processor time the process used (not the wall time, which a
 * busy machine stretches many times over; nor this thread's alone, whose clock ticks in 4 ms
 * steps on Linux), and how long beyond that the step waited for the processor. On two cores
 * shared with a browser, a step of 5 ms was seen to take 150: the thread, having had its share,
 * queued behind the others, and a request that came meanwhile with it. Resting that long before
 * the next step keeps the export to its share, so that a request finds the thread idle and soon
 * run. A step that let the event loop turn was waiting for the database (PostgreSQL), not for the
 * processor: it counts no wait.
 */
async function timed<T>(step: () => Promise<T>) {
  let turned = false;
  const probe = setImmediate(() => {
    turned = true;
  });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await step();
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  clearImmediate(probe);
  const cpuMs = (used.user + used.system) / 1000;
  return { value, cpuMs, waitedMs: turned ? 0 : Math.max(0, wallMs - cpuMs) };
}

/**
 * The CSV file, streamed: the header first, then each page as it is read, only as fast as the
 * reader takes it. Each page is two steps with a turn of the event loop before each (its query,
 * then its rows written), and is sized on the last page's slower step (`nextPageSize`), unless
 * `pageSize` fixes it; on a busy machine the thread rests between pages (`timed`). Cancelling
 * the stream, or aborting `signal`, stops the queries; `onEnd` is called once, however it ends.
 */
export function appointmentsCsvStream(
  db: Database,
  query: DashboardQuery,
  viewer: Viewer,
  options: {
    pageSize?: number;
    /** Called once: how many rows were written, and whether the file was whole. */
    onEnd?: (result: { rows: number; complete: boolean }) => void;
    signal?: AbortSignal;
  } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let size = options.pageSize ?? firstPageSize;
  let rest = 0;
  const pages = appointmentPages(db, query, viewer, () => size);
  let ended = false;
  let rows = 0;
  const end = (complete = false) => {
    if (ended) return;
    ended = true;
    options.onEnd?.({ rows, complete });
  };
  // A download abandoned half-way (the connection closed) ends here too: no more pages are read.
  options.signal?.addEventListener("abort", () => {
    end();
    void pages.return(undefined);
  });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRows([], exportColumns)));
      // The PIN code directory is decoded on its first use (15 ms): here, with the request's own
      // work, rather than in the first page's step, which runs on cold code as it is.
      districtOf("110001");
    },
    async pull(controller) {
      try {
        await nextTurn(rest);
        const read = await timed(() => pages.next());
        const page = read.value;
        if (page.done) {
          end(true);
          controller.close();
          return;
        }
        await nextTurn();
        const write = await timed(async () => csvRows(page.value.map(cells)));
        if (options.pageSize === undefined) {
          size = nextPageSize(size, Math.max(read.cpuMs, write.cpuMs));
        }
        rest = Math.min(maxRestMs, read.waitedMs + write.waitedMs);
        rows += page.value.length;
        controller.enqueue(encoder.encode(write.value));
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    async cancel() {
      end();
      await pages.return(undefined);
    },
  });
}

/** The whole file at once (for tests and the benchmark): what a download receives. */
export async function appointmentsCsv(
  db: Database,
  query: DashboardQuery,
  viewer: Viewer,
): Promise<string> {
  // Decoded keeping the byte order mark, which is part of the file.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  for await (const chunk of appointmentsCsvStream(db, query, viewer)) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
