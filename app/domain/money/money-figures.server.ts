// The owner's money on Insights (decision 045; docs/insights.md): for the period, the money
// received and paid back, by week and by month (India's), by method and by who collected it (a
// therapist at the door, or the desk); packages sold in it; and, whatever the period, what
// families owe now, the sessions left on packages still valid, and the cash therapists hold.
// Figures in paise from the database (sums of integers), written as rupees here.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import type { MoneyInsightsView } from "#app/domain/money/money-form.ts";
import { paymentMethodNames, moneyInsightsTexts as texts } from "#app/domain/money/money-texts.ts";
import { indiaDay } from "#app/lib/dates.ts";
import type { PaymentMethod } from "#db/enums.ts";

type Sum = { key: string; received: number | string; refunded: number | string };

const money = (value: number | string) => formatPaise(Number(value));

/** Rows of [name, received, paid back] for each key of `sums`, in their order. */
const rowsOf = (sums: Sum[], name: (key: string) => string) =>
  sums.map((sum) => [name(sum.key), money(sum.received), money(sum.refunded)]);

export async function moneyFigures(
  db: Pick<Database, "execute">,
  period: { start: Date; end: Date },
  now: Date,
): Promise<MoneyInsightsView> {
  const inPeriod = sql`recorded_at >= ${period.start} and recorded_at < ${period.end}`;
  const sums = (key: ReturnType<typeof sql>) =>
    queryRows<Sum>(
      db,
      sql`select ${key} as key,
            coalesce(sum(amount_paise) filter (where direction = 'in'), 0) as received,
            coalesce(sum(amount_paise) filter (where direction = 'out'), 0) as refunded
          from payments where ${inPeriod} group by 1 order by 1`,
    );
  const india = sql`(recorded_at at time zone 'Asia/Kolkata')`;
  const [weeks, months, methods, collectors, totals, sold, owed, left, cash] = await Promise.all([
    sums(sql`to_char(date_trunc('week', ${india}), 'YYYY-MM-DD')`),
    sums(sql`to_char(date_trunc('month', ${india}), 'YYYY-MM')`),
    sums(sql`method`),
    queryRows<Sum>(
      db,
      sql`select coalesce(t.display_name, '') as key,
            coalesce(sum(p.amount_paise) filter (where p.direction = 'in'), 0) as received,
            coalesce(sum(p.amount_paise) filter (where p.direction = 'out'), 0) as refunded
          from payments p left join therapists t on t.user_id = p.collected_by
          where p.recorded_at >= ${period.start} and p.recorded_at < ${period.end}
          group by 1 order by 2 desc, 1`,
    ),
    sums(sql`''`),
    queryRows<{ count: number | string; total: number | string }>(
      db,
      sql`select count(*) as count, coalesce(sum(price_paise), 0) as total from packages
          where sold_at >= ${period.start} and sold_at < ${period.end}`,
    ),
    queryRows<{ count: number | string; total: number | string }>(
      db,
      sql`select count(*) as count, coalesce(sum(due), 0) as total from (
            select a.id,
              coalesce((select sum(amount_paise) from charges c where c.appointment_id = a.id), 0)
              - coalesce((select sum(case direction when 'in' then amount_paise else -amount_paise end)
                          from payments p where p.appointment_id = a.id), 0) as due
            from appointments a
            where a.erased_at is null and exists (select 1 from charges c where c.appointment_id = a.id)
          ) owing where due > 0`,
    ),
    queryRows<{ left: number | string }>(
      db,
      sql`select coalesce(sum(p.sessions - (select count(*) from charges c
            where c.package_id = p.id and c.kind = 'package_session')), 0) as left
          from packages p where p.valid_until >= ${indiaDay(now)}::date`,
    ),
    queryRows<{ total: number | string }>(
      db,
      sql`select coalesce(sum(amount_paise), 0) as total from payments
          where method = 'cash' and direction = 'in' and collected_by is not null
            and handed_in_at is null`,
    ),
  ]);
  const total = totals[0] ?? { key: "", received: 0, refunded: 0 };
  const soldRow = sold[0] ?? { count: 0, total: 0 };
  const owedRow = owed[0] ?? { count: 0, total: 0 };
  return {
    received: money(total.received),
    refunded: money(total.refunded),
    net: money(Number(total.received) - Number(total.refunded)),
    packagesSold: texts.packagesSold(Number(soldRow.count), money(soldRow.total)),
    owed: texts.owed(money(owedRow.total), Number(owedRow.count)),
    sessionsLeft: String(Number(left[0]?.left ?? 0)),
    cashHeld: money(cash[0]?.total ?? 0),
    byWeek: rowsOf(weeks, (key) => texts.weekOf(key)),
    byMonth: rowsOf(months, (key) => texts.monthOf(key)),
    byMethod: rowsOf(methods, (key) => paymentMethodNames[key as PaymentMethod] ?? key),
    byCollector: rowsOf(collectors, (key) => key || texts.desk),
  };
}
