// What families owe, as a list the desk calls down (decision 045): every request whose charges
// exceed its payments, the longest owed first (by its oldest charge), with what it owes. Erased
// requests are left out: nobody can be called about them.
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
    sql`with charged as (
          select appointment_id, sum(amount_paise) as total, min(created_at) as since
          from charges group by appointment_id
        ), paid as (
          select appointment_id,
            sum(case direction when 'in' then amount_paise else -amount_paise end) as total
          from payments group by appointment_id
        )
        select a.id, a.reference, a.name, a.phone,
          charged.total - coalesce(paid.total, 0) as due, charged.since
        from charged
        join appointments a on a.id = charged.appointment_id
        left join paid on paid.appointment_id = charged.appointment_id
        where charged.total - coalesce(paid.total, 0) > 0 and a.erased_at is null
        order by charged.since, a.id
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
