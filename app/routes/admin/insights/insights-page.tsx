// The owner's insights: a period chosen by a GET form (it works before the JavaScript has
// loaded), four headline figures, then each figure as a chart and as a table of the same numbers.
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminPageTitle } from "#app/components/admin/admin-page-title.tsx";
import { Spinner } from "#app/components/admin/spinner.tsx";
import { insightsTexts as texts } from "#app/domain/insights/insights-texts.ts";
import type { DropOffView, InsightsView } from "#app/domain/insights/insights-view.ts";
import type { PeriodKind } from "#app/domain/insights/period.ts";
import type { MoneyInsightsView } from "#app/domain/money/money-form.ts";
import { DropOffSection } from "#app/routes/admin/insights/drop-off-section.tsx";
import {
  BarSection,
  ContactSection,
  MoneySection,
  OverdueSection,
  PerBucketSection,
  VisitsSection,
} from "#app/routes/admin/insights/insights-sections.tsx";

export interface InsightsPageProps {
  view: InsightsView;
  /** The money's figures (decision 045). */
  money: MoneyInsightsView;
  /** The families assessed, and those who booked no treatment after (docs/insights.md). */
  dropOff: DropOffView;
  /** What the form shows: the period asked for and the dates typed (or the period's own). */
  form: { period: PeriodKind; from: string; to: string };
  error?: string;
  /** Today in India, yyyy-mm-dd: the latest date the form offers. */
  today: string;
  /** The periods to choose from, named (from the server: the page's script needs no calendar). */
  periods: { kind: PeriodKind; name: string }[];
}

export function InsightsPage({
  view,
  money,
  dropOff,
  form,
  error,
  today,
  periods,
}: InsightsPageProps) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/insights";
  return (
    <div className="mx-auto max-w-7xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.backToRequests} />
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
      {view.compareLine ? (
        <p className="text-sm text-slate-700" data-compare-line>
          {view.compareLine}
        </p>
      ) : null}

      <div className="relative">
        {loading ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-16">
            <Spinner label={texts.loading} />
          </div>
        ) : null}
        <Headline view={view} />
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <PerBucketSection view={view} />
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
          <OverdueSection view={view} />
          <VisitsSection view={view} />
          <DropOffSection dropOff={dropOff} />
          <MoneySection money={money} />
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
      <DateField name="from" label={texts.from} value={form.from} resetKey={key} max={today} />
      <DateField name="to" label={texts.to} value={form.to} resetKey={key} max={today} />
      <button
        type="submit"
        className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {texts.show}
      </button>
    </Form>
  );
}

/** A date of the period's form; `resetKey` starts it again from the address. */
function DateField(props: {
  name: string;
  label: string;
  value: string;
  resetKey: string;
  max: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.name} className="font-medium text-slate-800">
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type="date"
        defaultValue={props.value}
        key={`${props.name}-${props.resetKey}`}
        max={props.max}
        className={control}
      />
    </div>
  );
}

function Headline({ view }: { view: InsightsView }) {
  const { headline } = view;
  const figure = (
    name: string,
    value: ReactNode,
    detail: ReactNode,
    options: { tone?: string; compare?: string } = {},
  ) => (
    <div className="rounded-lg border border-slate-200 px-3 py-2" data-headline={name}>
      <dt className="text-sm text-slate-700">
        {texts.headline[name as keyof typeof texts.headline]}
      </dt>
      <dd className={`text-2xl font-bold ${options.tone ?? "text-slate-900"}`} data-value>
        {value}
      </dd>
      <dd className="text-sm text-slate-700">{detail}</dd>
      {options.compare ? (
        <dd className="text-sm text-slate-700" data-compare>
          {options.compare}
        </dd>
      ) : null}
    </div>
  );
  const { compare } = headline;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-4">
      {figure("requests", headline.requests, headline.average, { compare: compare?.requests })}
      {figure("withinPromise", headline.within, headline.withinText, {
        compare: compare?.within,
      })}
      {figure("median", headline.median, `${texts.columns.p90}: ${view.contact.p90}`, {
        compare: compare?.median,
      })}
      {figure(
        "overdue",
        headline.overdue,
        <Link to={view.overdueHref} className="font-medium text-brand-700 underline">
          {texts.overdueLink}
        </Link>,
        { tone: headline.overdue > 0 ? "text-red-800" : "text-slate-900" },
      )}
    </dl>
  );
}
