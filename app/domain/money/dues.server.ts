// What families owe, as a list the desk calls down (decision 045): every request whose charges
// exceed its payments (request_balances), the longest owed first (since its balance last went
// above zero), with what it owes. Erased requests are left out: nobody can be called about them.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";

export interface Due {
  appointmentId: string;
  reference: string;
  name: string;
  phone: string;
  duePaise: number;
  since: Date;
}

/** At most this many lines: a desk calls down a list, it does not page through thousands. */
export const duesListLimit = 200;

export async function duesList(db: Pick<Database, "execute">): Promise<Due[]> {
  const rows = await queryRows<{
    id: string;
    reference: string | null;
    name: string;
    phone: string;
    due: number | string;
    since: Date | string;
  }>(
    db,
    sql`select a.id, a.reference, a.name, a.phone, b.charged_paise - b.paid_paise as due,
          b.owed_since as since
        from request_balances b join appointments a on a.id = b.appointment_id
        where b.charged_paise > b.paid_paise and a.erased_at is null
        order by b.owed_since, a.id
        limit ${duesListLimit}`,
  );
  return rows.map((row) => ({
    appointmentId: row.id,
    reference: row.reference ?? "",
    name: row.name,
    phone: row.phone,
    duePaise: Number(row.due),
    since: new Date(row.since),
  }));
}
