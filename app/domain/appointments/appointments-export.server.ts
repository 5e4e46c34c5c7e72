// Every request the dashboard's query selects, as a CSV file streamed from the database in small
// pages: each page is one short query after the last row of the one before (keyset, on the
// indexes the dashboard's orders use), written out before the next is read. The whole table is
// never in memory, and between pages the process (and PGlite, which answers one query at a time
// on the server's own thread) serves everyone else.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { appointments } from "../../../db/schema.ts";
import { type Database, queryRows } from "../../db.server.ts";
import { csvRows } from "./csv.server.ts";
import {
  type Found,
  ordering,
  selection,
  shownColumns,
  staffMailOf,
  toRow,
} from "./dashboard.server.ts";
import {
  type AppointmentRow,
  type AppointmentStatus,
  appointmentStatuses,
  type DashboardQuery,
} from "./dashboard.ts";

/** Rows per query: a few milliseconds of the database's time each, even on PGlite. */
export const exportPageSize = 500;

export const exportColumns = [
  "Date",
  "Name",
  "Phone",
  "Address",
  "Pincode",
  "Message",
  "Status",
  "E-mail notification",
] as const;

/** Where the last page ended: the exact stored time (as text, microseconds and all) and id. */
interface Cursor {
  at: string;
  id: string;
}

/**
 * The pages of the query's rows, in the dashboard's order. Sorted by status, the rows are the
 * statuses one after the other (alphabetical), each newest first: one index range per status.
 */
export async function* appointmentPages(
  db: Database,
  query: DashboardQuery,
  size = exportPageSize,
): AsyncGenerator<AppointmentRow[]> {
  const groups: (AppointmentStatus | undefined)[] =
    query.status !== "all"
      ? [query.status]
      : query.sort === "status"
        ? [...appointmentStatuses].sort()
        : [undefined];
  const byDate: DashboardQuery = { ...query, sort: "date", status: "all" };
  for (const status of groups) {
    let after: Cursor | undefined;
    for (;;) {
      const found = await queryRows<Found & { cursor_at: string }>(
        db,
        sql`SELECT ${shownColumns("appointments")}, appointments.created_at::text AS cursor_at
        FROM ${appointments}
        ${staffMailOf(sql`${appointments.id}`)}
        WHERE ${and(
          selection(byDate) ?? sql`true`,
          status ? eq(appointments.status, status) : undefined,
          after ? afterCursor(after) : undefined,
        )}
        ORDER BY ${ordering(byDate, "appointments")}
        LIMIT ${size}`,
      );
      if (found.length > 0) yield found.map(({ cursor_at: _, ...row }) => toRow(row));
      const last = found.at(-1);
      if (!last || found.length < size) break;
      after = { at: last.cursor_at, id: last.id };
    }
  }
}

/** Rows after the cursor in newest-first order: older, or as old with a smaller id. */
function afterCursor({ at, id }: Cursor): SQL {
  return sql`(${appointments.createdAt}, ${appointments.id}) < (${at}::timestamptz, ${id}::uuid)`;
}

const cells = (row: AppointmentRow) => [
  row.createdAt.toISOString(),
  row.name,
  row.phone,
  row.address,
  row.pincode,
  row.message ?? "",
  row.status,
  row.notification,
];

/**
 * The CSV file, streamed: the header first, then each page as it is read, only as fast as the
 * reader takes it. Cancelling the stream, or aborting `signal`, stops the queries; `onEnd` is
 * called once, however it ends.
 */
export function appointmentsCsvStream(
  db: Database,
  query: DashboardQuery,
  options: { pageSize?: number; onEnd?: () => void; signal?: AbortSignal } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = appointmentPages(db, query, options.pageSize);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    options.onEnd?.();
  };
  // A download abandoned half-way (the connection closed) ends here too: no more pages are read.
  options.signal?.addEventListener("abort", () => {
    end();
    void pages.return(undefined);
  });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRows([], exportColumns)));
    },
    async pull(controller) {
      try {
        // Let the event loop turn between pages: PGlite answers a query without one (its work
        // is on this thread, its promises settle as microtasks), so without this the whole
        // export would run as one long task and nobody else would be answered until it ended.
        await new Promise((resolve) => setImmediate(resolve));
        const next = await pages.next();
        if (next.done) {
          end();
          controller.close();
        } else {
          controller.enqueue(encoder.encode(csvRows(next.value.map(cells))));
        }
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
export async function appointmentsCsv(db: Database, query: DashboardQuery): Promise<string> {
  // Decoded keeping the byte order mark, which is part of the file.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  for await (const chunk of appointmentsCsvStream(db, query)) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
