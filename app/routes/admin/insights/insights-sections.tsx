// The insights page's sections: each a heading, a chart and a table of the same figures (the
// first contact's with its ring and the staff's table; what is overdue with its link).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { adminLink } from "#app/components/admin/admin-page-title.tsx";
import { insightsTexts as texts, visitInsightsTexts } from "#app/domain/insights/insights-texts.ts";
import type { BarChart, InsightsView } from "#app/domain/insights/insights-view.ts";
import type { MoneyInsightsView } from "#app/domain/money/money-form.ts";
import { moneyInsightsTexts } from "#app/domain/money/money-texts.ts";
import {
  BarChartSvg,
  ColumnChartSvg,
  ShareBar,
  ShareRing,
} from "#app/routes/admin/insights/insights-charts.tsx";

/** Requests per day or week: the columns, and the table beside them on a wide screen. */
export function PerBucketSection({ view }: { view: InsightsView }) {
  return (
    <Section
      id="per-bucket"
      title={view.bucket === "week" ? texts.sections.perWeek : texts.sections.perDay}
      wide
    >
      {/* On a wide screen the table stands beside the chart, as tall. */}
      <div className="lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start lg:gap-6">
        <ColumnChartSvg chart={view.perBucket.chart} summary={view.perBucket.summary} />
        <FigureTable
          caption={view.bucket === "week" ? texts.sections.perWeek : texts.sections.perDay}
          head={[
            view.bucket === "week" ? texts.columns.week : texts.columns.day,
            texts.columns.requests,
          ]}
          rows={view.perBucket.chart.columns.map((column) => [column.fullLabel, column.count])}
          scroll
        />
      </div>
    </Section>
  );
}

/** The requests waiting past the promise now, whatever the period, and where to work them. */
export function OverdueSection({ view }: { view: InsightsView }) {
  return (
    <Section id="overdue" title={texts.sections.overdue}>
      <p className="text-slate-800">
        <span
          className={`mr-2 text-3xl font-bold ${view.overdueNow > 0 ? "text-red-800" : "text-slate-900"}`}
        >
          {view.overdueNow}
        </span>
        {texts.overdueText(view.overdueNow)}
      </p>
      <Link to={view.overdueHref} className={`${adminLink} mt-2`}>
        {texts.overdueLink}
      </Link>
    </Section>
  );
}

export function Section({
  id,
  title,
  wide,
  children,
}: {
  id: string;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-section={id}
      className={`min-w-0 rounded-lg border border-slate-200 p-3 sm:p-4 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h2 id={`${id}-heading`} className="mb-2 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function BarSection({
  id,
  title,
  column,
  chart,
  note,
}: {
  id: string;
  title: string;
  column: string;
  chart: BarChart;
  note?: string;
}) {
  return (
    <Section id={id} title={title}>
      {chart.bars.length === 0 ? (
        <p className="text-slate-700">{texts.noRequests}</p>
      ) : (
        <>
          <BarChartSvg chart={chart} />
          <FigureTable
            caption={title}
            head={[column, texts.columns.requests, texts.columns.share]}
            rows={chart.bars.map((bar) => [bar.label, bar.count, bar.share])}
          />
        </>
      )}
      {note ? <p className="mt-2 text-sm text-slate-700">{note}</p> : null}
    </Section>
  );
}

export function ContactSection({ view }: { view: InsightsView }) {
  const { contact } = view;
  return (
    <Section id="contact" title={texts.sections.contact} wide>
      <div className="flex flex-wrap items-center gap-x-8 gap-y-3">
        <div className="flex items-center gap-3">
          <ShareRing ring={contact.ring} share={contact.within} />
          <p className="text-slate-800">
            <span className="block font-semibold text-slate-900">
              {texts.headline.withinPromise}
            </span>
            <span data-contact="within">{contact.withinText}</span>
          </p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-slate-800">
          <dt>{texts.columns.median}</dt>
          <dd className="font-semibold text-slate-900" data-contact="median">
            {contact.median}
          </dd>
          <dt>{texts.columns.p90}</dt>
          <dd className="font-semibold text-slate-900" data-contact="p90">
            {contact.p90}
          </dd>
          <dt>{texts.columns.contacted}</dt>
          <dd className="font-semibold text-slate-900">{contact.contactedText}</dd>
        </dl>
      </div>
      <p className="mt-2 text-sm text-slate-700">{texts.contactNote}</p>
      {contact.owners.length === 0 ? (
        <p className="mt-3 text-slate-700">{texts.noContact}</p>
      ) : (
        <OwnerTable owners={contact.owners} />
      )}
    </Section>
  );
}

/** The judged requests by their owner when judged: Nobody's first, then most first. */
function OwnerTable({ owners }: { owners: InsightsView["contact"]["owners"] }) {
  return (
    <>
      <ScrollsAcross label={texts.columns.owner} className="mt-3">
        <table className="w-full text-left text-sm [overflow-wrap:normal]">
          <caption className="sr-only">{`${texts.sections.contact}, ${texts.columns.owner}`}</caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              {[
                texts.columns.owner,
                texts.columns.requests,
                texts.columns.within,
                texts.columns.waiting,
                texts.columns.median,
                texts.columns.p90,
              ].map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="whitespace-nowrap px-2 py-1.5 font-semibold"
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {owners.map((row) => (
              <tr key={row.owner} data-owner={row.nobody ? "nobody" : row.owner}>
                <th
                  scope="row"
                  // Wide enough for a short address on a line; the table scrolls sideways on a phone.
                  className={`min-w-[9rem] px-2 py-1.5 font-medium [overflow-wrap:anywhere] ${row.nobody ? "italic text-slate-700" : "text-slate-900"}`}
                >
                  {row.owner}
                </th>
                <td className="px-2 py-1.5">{row.requests}</td>
                <td className="px-2 py-1.5">
                  <span className="flex items-center gap-2 whitespace-nowrap">
                    <ShareBar width={row.withinWidth} />
                    {row.within} · {row.withinText}
                  </span>
                </td>
                <td
                  className={`px-2 py-1.5 ${row.waiting > 0 ? "font-semibold text-red-800" : ""}`}
                >
                  {row.waiting}
                </td>
                <td className="whitespace-nowrap px-2 py-1.5">{row.median}</td>
                <td className="whitespace-nowrap px-2 py-1.5">{row.p90}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollsAcross>
      <p className="mt-2 text-sm text-slate-700">{texts.ownerNote}</p>
    </>
  );
}

/** The home visits: how soon the first visit came, the visits per week and per therapist. */
export function VisitsSection({ view }: { view: InsightsView }) {
  const { visits } = view;
  const words = visitInsightsTexts;
  const columns = words.columns;
  return (
    <Section id="visits" title={words.section} wide>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {[
          ["median", `${words.firstVisit}: ${words.median}`, visits.median, visits.compare?.median],
          ["p90", `${words.firstVisit}: ${words.p90}`, visits.p90, undefined],
          ["within", words.within, visits.within, visits.compare?.within, visits.withinText],
        ].map(([key, name, value, compare, detail]) => (
          <div key={key} className="rounded-lg border border-slate-200 px-3 py-2" data-visits={key}>
            <dt className="text-sm text-slate-700">{name}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-value>
              {value}
            </dd>
            {detail ? <dd className="text-sm text-slate-700">{detail}</dd> : null}
            {compare ? (
              <dd className="text-sm text-slate-700" data-compare>
                {compare}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">{words.firstVisitNote}</p>
      <div className="mt-2 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="min-w-0" data-visits="per-week">
          <h3 className="mt-2 font-semibold text-slate-900">{words.perWeek}</h3>
          <ScrollsAcross label={words.perWeek}>
            <FigureTable
              caption={words.perWeek}
              head={[
                columns.week,
                columns.done,
                columns.noShow,
                columns.cancelled,
                columns.scheduled,
              ]}
              rows={visits.perWeek}
            />
          </ScrollsAcross>
        </div>
        <div className="min-w-0" data-visits="per-therapist">
          <h3 className="mt-2 font-semibold text-slate-900">{words.perTherapist}</h3>
          {visits.therapists.length === 0 ? (
            <p className="mt-2 text-slate-700">{words.noTherapists}</p>
          ) : (
            <ScrollsAcross label={words.perTherapist}>
              <FigureTable
                caption={words.perTherapist}
                head={[
                  columns.therapist,
                  columns.done,
                  columns.noShow,
                  columns.cancelled,
                  columns.scheduled,
                  columns.booked,
                  columns.working,
                  columns.share,
                ]}
                rows={visits.therapists.map((row) => [
                  row.name,
                  row.done,
                  row.noShow,
                  row.cancelled,
                  row.scheduled,
                  row.booked,
                  row.working,
                  row.share,
                ])}
              />
            </ScrollsAcross>
          )}
          <p className="mt-2 text-sm text-slate-700">{words.therapistNote}</p>
        </div>
      </div>
      <FamilyMessages view={view} />
    </Section>
  );
}

/**
 * The money (decisions 045, 046): received, paid back and credited in the period, by week, month, method and who
 * took it; packages sold in it; what is owed, the sessions left and the cash held now.
 */
export function MoneySection({ money }: { money: MoneyInsightsView }) {
  const words = moneyInsightsTexts;
  const columns = words.columns;
  const table = (key: string, title: string, first: string, rows: string[][]) => (
    <div className="min-w-0" data-money={key}>
      <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{words.none}</p>
      ) : (
        <ScrollsAcross label={title}>
          <FigureTable
            caption={title}
            head={[first, columns.received, columns.refunded, columns.credited]}
            rows={rows}
          />
        </ScrollsAcross>
      )}
    </div>
  );
  return (
    <Section id="money" title={words.section} wide>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {(
          [
            ["received", words.received, money.received],
            ["refunded", words.refunded, money.refunded],
            ["credited", words.credited, money.credited],
            ["net", words.net, money.net],
            ["packages", words.packagesSoldLabel, money.packagesSold],
            ["owed", words.owedLabel, money.owed],
            ["sessions-left", words.sessionsLeftLabel, money.sessionsLeft],
            ["cash-held", words.cashHeldLabel, money.cashHeld],
          ] as const
        ).map(([key, name, value]) => (
          <div key={key} className="rounded-lg border border-slate-200 px-3 py-2" data-money={key}>
            <dt className="text-sm text-slate-700">{name}</dt>
            <dd className="text-xl font-bold text-slate-900" data-value>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        {words.periodNote}{" "}
        <Link to="/admin/money" className={adminLink}>
          {words.list}
        </Link>
      </p>
      <div className="mt-2 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {table("by-week", words.byWeek, columns.week, money.byWeek)}
        {table("by-month", words.byMonth, columns.month, money.byMonth)}
        {table("by-method", words.byMethod, columns.method, money.byMethod)}
        {table("by-collector", words.byCollector, columns.who, money.byCollector)}
      </div>
    </Section>
  );
}

/** The WhatsApp messages to families, and what the reminders did (decision 038). */
function FamilyMessages({ view }: { view: InsightsView }) {
  const figures = view.visits.messages;
  const words = visitInsightsTexts.messages;
  const tiles: [string, string, string | number, string][] = [
    ["sent", words.sent, figures.sent, figures.sentText],
    ["delivered", words.delivered, figures.delivered, words.deliveredText],
    ["failed", words.failed, figures.failed, words.failedText],
    ["confirmed", words.confirmed, figures.confirmed, figures.confirmedText],
    ["code-confirmed", words.codeConfirmed, figures.codeConfirmed, figures.codeConfirmedText],
    [
      "not-home-reminded",
      words.notHomeReminded,
      figures.notHomeReminded,
      figures.notHomeRemindedText,
    ],
    [
      "not-home-not-reminded",
      words.notHomeNotReminded,
      figures.notHomeNotReminded,
      figures.notHomeNotRemindedText,
    ],
  ];
  return (
    <div data-visits="messages">
      <h3 className="mt-4 font-semibold text-slate-900">{words.heading}</h3>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {tiles.map(([key, name, value, detail]) => (
          <div
            key={key}
            className="rounded-lg border border-slate-200 px-3 py-2"
            data-messages={key}
          >
            <dt className="text-sm text-slate-700">{name}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-value>
              {value}
            </dd>
            <dd className="text-sm text-slate-700">{detail}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">{words.note}</p>
    </div>
  );
}

/** A table wider than a phone: it scrolls across, by keyboard too. */
export function ScrollsAcross({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`${className} overflow-x-auto`.trim()}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
      tabIndex={0}
    >
      {children}
    </section>
  );
}

/** The figures of a chart as a table: the first column names the row. */
export function FigureTable({
  caption,
  head,
  rows,
  scroll,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  /** A long table (a year of weeks) scrolls inside a box of its own. */
  scroll?: boolean;
}) {
  const table = (
    <table className="w-full text-left text-sm [overflow-wrap:normal]">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-slate-50 text-slate-800">
        <tr>
          {head.map((column, index) => (
            <th
              key={column}
              scope="col"
              className={`whitespace-nowrap px-2 py-1 font-semibold ${index > 0 ? "text-right" : ""}`}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map(([name, ...values]) => (
          <tr key={String(name)}>
            <th scope="row" className="px-2 py-1 font-normal text-slate-800">
              {name}
            </th>
            {values.map((value, index) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                key={index}
                className="px-2 py-1 text-right tabular-nums text-slate-900"
              >
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!scroll) return <div className="mt-3">{table}</div>;
  return (
    <section
      aria-label={caption}
      className="mt-3 max-h-72 overflow-y-auto lg:mt-0 lg:max-h-56"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls, by keyboard too
      tabIndex={0}
    >
      {table}
    </section>
  );
}
