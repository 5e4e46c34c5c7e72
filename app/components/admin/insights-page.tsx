// The owner's insights: a period chosen by a GET form (it works before the JavaScript has
// loaded), four headline figures, then each figure as a chart and as a table of the same numbers.
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { insightsTexts as texts } from "~/domain/insights/insights-texts";
import type { BarChart, InsightsView } from "~/domain/insights/insights-view";
import type { PeriodKind } from "~/domain/insights/period";
import { BarChartSvg, ColumnChartSvg, ShareBar, ShareRing } from "./insights-charts";
import { Spinner } from "./spinner";

export interface InsightsPageProps {
  view: InsightsView;
  /** What the form shows: the period asked for and the dates typed (or the period's own). */
  form: { period: PeriodKind; from: string; to: string };
  error?: string;
  /** Today in India, yyyy-mm-dd: the latest date the form offers. */
  today: string;
  /** The periods to choose from, named (from the server: the page's script needs no calendar). */
  periods: { kind: PeriodKind; name: string }[];
}

const link = "inline-flex min-h-8 items-center font-medium text-brand-700 underline";

export function InsightsPage({ view, form, error, today, periods }: InsightsPageProps) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/insights";
  return (
    <div className="mx-auto max-w-7xl px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 className="text-xl font-bold text-slate-900">{texts.title}</h1>
        <Link to="/admin" className={link}>
          ← {texts.backToRequests}
        </Link>
      </div>
      <PeriodForm form={form} today={today} periods={periods} />
      {error ? (
        <p
          role="alert"
          className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800"
        >
          {`${error} ${texts.fallback}`}
        </p>
      ) : null}
      <p className="mt-2 font-semibold text-slate-900" data-period-line>
        {view.periodLine}
      </p>

      <div className="relative">
        {loading ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-16">
            <Spinner label={texts.loading} />
          </div>
        ) : null}
        <Headline view={view} />
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
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
                rows={view.perBucket.chart.columns.map((column) => [
                  column.fullLabel,
                  column.count,
                ])}
                scroll
              />
            </div>
          </Section>
          <BarSection
            id="by-area"
            title={texts.sections.byArea}
            column={texts.columns.area}
            chart={view.byArea}
          />
          <BarSection
            id="by-landing"
            title={texts.sections.byLanding}
            column={texts.columns.landing}
            chart={view.byLanding}
          />
          <BarSection
            id="by-channel"
            title={texts.sections.byChannel}
            column={texts.columns.channel}
            chart={view.byChannel}
          />
          <BarSection
            id="by-status"
            title={texts.sections.byStatus}
            column={texts.columns.status}
            chart={view.byStatus}
            note={texts.junkNote}
          />
          <ContactSection view={view} />
          <Section id="overdue" title={texts.sections.overdue}>
            <p className="text-slate-800">
              <span
                className={`mr-2 text-3xl font-bold ${view.overdueNow > 0 ? "text-red-800" : "text-slate-900"}`}
              >
                {view.overdueNow}
              </span>
              {texts.overdueText(view.overdueNow)}
            </p>
            <Link to={view.overdueHref} className={`${link} mt-2`}>
              {texts.overdueLink}
            </Link>
          </Section>
        </div>
      </div>
    </div>
  );
}

const control = "h-10 rounded-md border border-slate-300 bg-white px-2";

function PeriodForm({
  form,
  today,
  periods,
}: Pick<InsightsPageProps, "form" | "today" | "periods">) {
  const submit = useSubmit();
  // The fields start from the address each time it changes (a period chosen, back and forward).
  const key = `${form.period}-${form.from}-${form.to}`;
  return (
    <Form
      method="get"
      action="/admin/insights"
      className="mt-2 flex flex-wrap items-end gap-x-3 gap-y-2 text-sm"
      onSubmit={(event) => {
        // With the script, the address carries the dates only when they are the period.
        event.preventDefault();
        const fields = new FormData(event.currentTarget);
        const params = new URLSearchParams({ period: String(fields.get("period")) });
        if (fields.get("period") === "dates") {
          params.set("from", String(fields.get("from") ?? ""));
          params.set("to", String(fields.get("to") ?? ""));
        }
        submit(params, { method: "get", action: "/admin/insights" });
      }}
      onChange={(event) => {
        // Typing a date means the dates are the period.
        const target: EventTarget = event.target;
        if (!(target instanceof HTMLInputElement) || target.type !== "date") return;
        const period = event.currentTarget.elements.namedItem("period");
        if (period instanceof HTMLSelectElement) period.value = "dates";
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="period" className="font-medium text-slate-800">
          {texts.periodLegend}
        </label>
        <select id="period" name="period" defaultValue={form.period} key={key} className={control}>
          {periods.map(({ kind, name }) => (
            <option key={kind} value={kind}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="from" className="font-medium text-slate-800">
          {texts.from}
        </label>
        <input
          id="from"
          name="from"
          type="date"
          defaultValue={form.from}
          key={`from-${key}`}
          max={today}
          className={control}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="to" className="font-medium text-slate-800">
          {texts.to}
        </label>
        <input
          id="to"
          name="to"
          type="date"
          defaultValue={form.to}
          key={`to-${key}`}
          max={today}
          className={control}
        />
      </div>
      <button
        type="submit"
        className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {texts.show}
      </button>
    </Form>
  );
}

function Headline({ view }: { view: InsightsView }) {
  const { headline } = view;
  const figure = (name: string, value: ReactNode, detail: ReactNode, tone = "text-slate-900") => (
    <div className="rounded-lg border border-slate-200 px-3 py-2" data-headline={name}>
      <dt className="text-sm text-slate-700">
        {texts.headline[name as keyof typeof texts.headline]}
      </dt>
      <dd className={`text-2xl font-bold ${tone}`} data-value>
        {value}
      </dd>
      <dd className="text-sm text-slate-700">{detail}</dd>
    </div>
  );
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-4">
      {figure("requests", headline.requests, headline.average)}
      {figure("withinPromise", headline.within, headline.withinText)}
      {figure("median", headline.median, `${texts.columns.p90}: ${view.contact.p90}`)}
      {figure(
        "overdue",
        headline.overdue,
        <Link to={view.overdueHref} className="font-medium text-brand-700 underline">
          {texts.overdueLink}
        </Link>,
        headline.overdue > 0 ? "text-red-800" : "text-slate-900",
      )}
    </dl>
  );
}

function Section({
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

function BarSection({
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

function ContactSection({ view }: { view: InsightsView }) {
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
      {contact.staff.length === 0 ? (
        <p className="mt-3 text-slate-700">{texts.noContact}</p>
      ) : (
        <section
          className="mt-3 overflow-x-auto"
          aria-label={texts.columns.staff}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
          tabIndex={0}
        >
          <table className="w-full text-left text-sm [overflow-wrap:normal]">
            <caption className="sr-only">{`${texts.sections.contact}, ${texts.columns.staff}`}</caption>
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                {[
                  texts.columns.staff,
                  texts.columns.contacted,
                  texts.columns.within,
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
              {contact.staff.map((row) => (
                <tr key={row.staff} data-staff={row.staff}>
                  <th
                    scope="row"
                    className="px-2 py-1.5 font-medium text-slate-900 [overflow-wrap:anywhere]"
                  >
                    {row.staff}
                  </th>
                  <td className="px-2 py-1.5">{row.contacted}</td>
                  <td className="px-2 py-1.5">
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      <ShareBar width={row.withinWidth} />
                      {row.within} · {row.withinText}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-2 py-1.5">{row.median}</td>
                  <td className="whitespace-nowrap px-2 py-1.5">{row.p90}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Section>
  );
}

/** The figures of a chart as a table: the first column names the row. */
function FigureTable({
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
