// The owner's money on Insights (decision 045; docs/insights.md): for the period, the money
// received, paid back and credited (credit notes correcting receipts, decision 046: counted in the
// week they were made, under the method and the collector of the receipt they correct), by week
// and by month (India's), by method and by who collected it (a therapist at the door, or the
// desk); packages sold in it; and, whatever the period, what families owe now, the sessions left
// on packages still valid, and the cash therapists hold.
// Figures in paise from the database (sums of integers), written as rupees here.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import { netOfCredits } from "#app/domain/money/cash.server.ts";
import type { MoneyInsightsView } from "#app/domain/money/money-form.ts";
import { paymentMethodNames, moneyInsightsTexts as texts } from "#app/domain/money/money-texts.ts";
import { indiaDay } from "#app/lib/dates.ts";
import type { PaymentMethod } from "#db/enums.ts";

type Sum = {
  key: string;
  received: number | string;
  refunded: number | string;
  credited: number | string;
};

const money = (value: number | string) => formatPaise(Number(value));

/** Rows of [name, received, paid back, credited] for each key of `sums`, in their order. */
const rowsOf = (sums: Sum[], name: (key: string) => string) =>
  sums.map((sum) => [name(sum.key), money(sum.received), money(sum.refunded), money(sum.credited)]);

/** One scan of the period's payments, summed four ways (and in all). */
interface GroupedSum {
  week: string | null;
  month: string | null;
  method: string | null;
  collector: string | null;
  grouping: number | string;
  received: number | string;
  refunded: number | string;
  credited: number | string;
}

export async function moneyFigures(
  db: Pick<Database, "execute">,
  period: { start: Date; end: Date },
  now: Date,
): Promise<MoneyInsightsView> {
  const india = sql`(p.recorded_at at time zone 'Asia/Kolkata')`;
  const [grouped, sold, owed, left, cash] = await Promise.all([
    queryRows<GroupedSum>(
      db,
      sql`select to_char(date_trunc('week', ${india}), 'YYYY-MM-DD') as week,
            to_char(date_trunc('month', ${india}), 'YYYY-MM') as month,
            p.method, coalesce(t.display_name, '') as collector,
            grouping(to_char(date_trunc('week', ${india}), 'YYYY-MM-DD'),
              to_char(date_trunc('month', ${india}), 'YYYY-MM'), p.method,
              coalesce(t.display_name, '')) as grouping,
            coalesce(sum(p.amount_paise) filter (where p.direction = 'in'), 0) as received,
            coalesce(sum(p.amount_paise) filter (where p.direction = 'out'), 0) as refunded,
            coalesce(sum(p.amount_paise) filter (where p.direction = 'credit'), 0) as credited
          from (
            select recorded_at, method, collected_by, direction, amount_paise from payments
            where recorded_at >= ${period.start} and recorded_at < ${period.end}
            union all
            select c.recorded_at, r.method, r.collected_by, 'credit', c.amount_paise
            from credit_notes c join payments r on r.id = c.payment_id
            where c.recorded_at >= ${period.start} and c.recorded_at < ${period.end}
          ) p left join therapists t on t.user_id = p.collected_by
          group by grouping sets (
            (to_char(date_trunc('week', ${india}), 'YYYY-MM-DD')),
            (to_char(date_trunc('month', ${india}), 'YYYY-MM')),
            (p.method), (coalesce(t.display_name, '')), ())`,
    ),
    queryRows<{ count: number | string; total: number | string }>(
      db,
      sql`select count(*) as count, coalesce(sum(price_paise), 0) as total from packages
          where sold_at >= ${period.start} and sold_at < ${period.end}`,
    ),
    queryRows<{ count: number | string; total: number | string }>(
      db,
      // Every debt, those of erased requests too (the money is owed all the same; the desk's
      // call list leaves them out): one scan of the running sums, no join (bench:money).
      sql`select count(*) as count, coalesce(sum(charged_paise - paid_paise), 0) as total
          from request_balances where charged_paise > paid_paise`,
    ),
    queryRows<{ left: number | string }>(
      db,
      sql`select coalesce(sum(sessions - sessions_used), 0) as left from packages
          where valid_until >= ${indiaDay(now)}::date`,
    ),
    queryRows<{ total: number | string }>(
      db,
      sql`select coalesce(sum(${netOfCredits}), 0) as total from payments
          where method = 'cash' and direction = 'in' and collected_by is not null
            and handed_in_at is null and ${netOfCredits} > 0`,
    ),
  ]);
  // grouping(): a bit set for each of the four keys left out of a row's set (8 week, 4 month,
  // 2 method, 1 collector); 15 is the row of all.
  const of = (bits: number, key: (row: GroupedSum) => string | null): Sum[] =>
    grouped
      .filter((row) => Number(row.grouping) === bits)
      .map((row) => ({
        key: key(row) ?? "",
        received: row.received,
        refunded: row.refunded,
        credited: row.credited,
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
  const total = of(15, () => "")[0] ?? { key: "", received: 0, refunded: 0, credited: 0 };
  const collectors = of(14, (row) => row.collector).sort(
    (a, b) => Number(b.received) - Number(a.received) || a.key.localeCompare(b.key),
  );
  const soldRow = sold[0] ?? { count: 0, total: 0 };
  const owedRow = owed[0] ?? { count: 0, total: 0 };
  return {
    received: money(total.received),
    refunded: money(total.refunded),
    credited: money(total.credited),
    net: money(Number(total.received) - Number(total.refunded) - Number(total.credited)),
    packagesSold: texts.packagesSold(Number(soldRow.count), money(soldRow.total)),
    owed: texts.owed(money(owedRow.total), Number(owedRow.count)),
    sessionsLeft: String(Number(left[0]?.left ?? 0)),
    cashHeld: money(cash[0]?.total ?? 0),
    byWeek: rowsOf(
      of(7, (row) => row.week),
      (key) => texts.weekOf(key),
    ),
    byMonth: rowsOf(
      of(11, (row) => row.month),
      (key) => texts.monthOf(key),
    ),
    byMethod: rowsOf(
      of(13, (row) => row.method),
      (key) => paymentMethodNames[key as PaymentMethod] ?? key,
    ),
    byCollector: rowsOf(collectors, (key) => key || texts.desk),
  };
}
