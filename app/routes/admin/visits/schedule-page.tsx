// The schedule's page: the controls (day or week, previous, today, next, the district), the grid
// of therapists and their visits, and beside it the two lists of work waiting for a therapist.
// Every block is a link to its request, in the order a person reads the grid: in the day view a
// therapist's column from morning to evening, then the next column; in the week view day by day.
import { Form, Link } from "react-router";
import { AdminPageTitle, adminLink } from "#app/components/admin/admin-page-title.tsx";
import type { ScheduleView } from "#app/domain/visits/schedule-clock.ts";
import type {
  ScheduleBlock,
  ScheduleCell,
  ScheduleLayout,
} from "#app/domain/visits/schedule-layout.ts";
import { scheduleTexts as texts } from "#app/domain/visits/visit-texts.ts";

export interface SchedulePageProps {
  layout: ScheduleLayout;
  form: { view: ScheduleView; date: string; district: string };
  districts: string[];
  links: { previous: string; next: string; today: string; day: string; week: string };
  isToday: boolean;
  error?: string;
}

/** Pixels per minute of the day view's columns: 72 px an hour. */
const pxPerMinute = 1.2;

const pill = "inline-flex min-h-9 items-center rounded-md px-3 font-medium ring-1";
/** A link of the controls; the view shown is filled (and keeps its colours under the pointer). */
const quiet = "text-slate-900 ring-slate-300 hover:bg-slate-50";

const blockTone = (block: ScheduleBlock) =>
  block.cantMake
    ? "border-red-700 bg-red-50"
    : block.status === "done"
      ? "border-emerald-700 bg-emerald-50"
      : block.status === "no_show"
        ? "border-amber-700 bg-amber-50"
        : "border-brand-700 bg-brand-50";

export function SchedulePage({
  layout,
  form,
  districts,
  links,
  isToday,
  error,
}: SchedulePageProps) {
  const view = form.view;
  return (
    <div className="mx-auto max-w-[1400px] px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.backToRequests} />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-x-6 gap-y-2 text-sm">
        <nav aria-label={texts.viewLegend} className="flex flex-wrap items-center gap-2">
          {(["day", "week"] as const).map((kind) => (
            <Link
              key={kind}
              to={kind === "day" ? links.day : links.week}
              aria-current={view === kind ? "page" : undefined}
              className={`${pill} ${view === kind ? "bg-brand-700 text-white ring-brand-700 hover:bg-brand-800" : quiet}`}
            >
              {texts.views[kind]}
            </Link>
          ))}
          <span className="mx-2 h-6 w-px bg-slate-300" aria-hidden="true" />
          <Link to={links.previous} className={`${pill} ${quiet}`}>
            ← {texts.previous[view]}
          </Link>
          <Link
            to={links.today}
            aria-current={isToday ? "date" : undefined}
            className={`${pill} ${quiet}`}
          >
            {texts.today}
          </Link>
          <Link to={links.next} className={`${pill} ${quiet}`}>
            {texts.next[view]} →
          </Link>
        </nav>
        <Form method="get" action="/admin/schedule" className="flex items-end gap-2">
          <input type="hidden" name="view" value={form.view} />
          <input type="hidden" name="date" value={form.date} />
          <div className="flex flex-col gap-1">
            <label htmlFor="district" className="font-medium text-slate-800">
              {texts.district}
            </label>
            <select
              id="district"
              name="district"
              defaultValue={form.district}
              key={form.district}
              className="h-9 rounded-md border border-slate-300 bg-white px-2"
            >
              <option value="">{texts.allDistricts}</option>
              {districts.map((district) => (
                <option key={district} value={district}>
                  {district}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="h-9 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {texts.show}
          </button>
        </Form>
      </div>
      {error ? (
        <p
          role="alert"
          className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800"
        >
          {error}
        </p>
      ) : null}
      <h2 className="mt-3 text-lg font-bold text-slate-900" data-range>
        {layout.rangeLabel}
      </h2>
      <div className="mt-2 flex items-start gap-4">
        <div className="min-w-0 flex-1">
          {layout.columns.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">
              {form.district ? texts.noTherapistsInDistrict(form.district) : texts.noTherapists}
            </p>
          ) : view === "day" ? (
            <DayGrid layout={layout} />
          ) : (
            <WeekGrid layout={layout} />
          )}
        </div>
        <aside className="w-72 shrink-0 space-y-4">
          <NeedsTherapist layout={layout} />
          <CantMake layout={layout} />
        </aside>
      </div>
    </div>
  );
}

/**
 * One column per therapist, the hours down the side, each visit a block at its time. Drawn in SVG
 * by its attributes (the site's Content Security Policy refuses inline styles): each block an
 * HTML link in a foreignObject, where a keyboard and a screen reader find it as any link.
 */
function DayGrid({ layout }: { layout: ScheduleLayout }) {
  const minutes = layout.hours.to - layout.hours.from;
  const height = minutes * pxPerMinute;
  const y = (offset: number) => offset * pxPerMinute;
  return (
    <section
      aria-label={texts.gridLabel(layout.rangeLabel)}
      className="overflow-x-auto rounded-lg border border-slate-200"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a grid wider than the screen scrolls, by keyboard too
      tabIndex={0}
      data-schedule="day"
    >
      <div className="flex min-w-fit">
        <div className="w-14 shrink-0" aria-hidden="true">
          <div className="h-16 border-b border-slate-200" />
          <svg width="100%" height={height} className="block overflow-visible" aria-hidden="true">
            {layout.hourMarks.map((mark) => (
              <g key={mark.minutes}>
                <line
                  x1="0"
                  x2="100%"
                  y1={y(mark.minutes - layout.hours.from)}
                  y2={y(mark.minutes - layout.hours.from)}
                  className="stroke-transparent"
                />
                <text
                  x="90%"
                  y={y(mark.minutes - layout.hours.from)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  className="fill-slate-700 text-xs"
                  data-hour={mark.label}
                >
                  {mark.label}
                </text>
              </g>
            ))}
          </svg>
        </div>
        {layout.columns.map((column) => {
          const cell = column.cells[0];
          if (!cell) return null;
          return (
            <div
              key={column.therapistId}
              className="min-w-36 flex-1 border-l border-slate-200"
              data-column={column.therapistId}
            >
              <div
                className="h-16 overflow-hidden border-b border-slate-200 px-2 py-1.5"
                data-column-head={column.therapistId}
              >
                <h3 className="truncate font-semibold text-slate-900">{column.name}</h3>
                <p className="line-clamp-2 text-xs text-slate-700" data-free>
                  {cell.freeText}
                </p>
              </div>
              <svg
                width="100%"
                height={height}
                className="block"
                data-therapist={column.therapistId}
                data-leave={cell.leave ? "" : undefined}
              >
                <title>{column.name}</title>
                <rect
                  width="100%"
                  height={height}
                  className={cell.leave ? "fill-slate-300" : "fill-slate-100"}
                />
                {cell.windows.map((window) => (
                  <rect
                    key={window.offset}
                    y={y(window.offset)}
                    width="100%"
                    height={y(window.length)}
                    className="fill-white"
                    data-window
                  />
                ))}
                {layout.hourMarks.map((mark) => (
                  <line
                    key={mark.minutes}
                    x1="0"
                    x2="100%"
                    y1={y(mark.minutes - layout.hours.from)}
                    y2={y(mark.minutes - layout.hours.from)}
                    className="stroke-slate-200"
                  />
                ))}
                {cell.leave ? (
                  <text
                    x="50%"
                    y="24"
                    textAnchor="middle"
                    className="fill-slate-900 text-sm font-semibold"
                  >
                    {texts.onLeave}
                  </text>
                ) : null}
                {cell.blocks.map((block) => (
                  <foreignObject
                    key={block.id}
                    x="0"
                    y={y(block.offset)}
                    width="100%"
                    height={y(block.length)}
                  >
                    <Link
                      to={block.href}
                      aria-label={block.label}
                      className={`mx-1 block h-full overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-xs leading-4 text-slate-900 shadow-sm hover:ring-2 hover:ring-brand-600 ${blockTone(block)}`}
                      data-visit={block.id}
                      data-start={block.time.slice(0, 5)}
                      data-status={block.status}
                    >
                      <BlockWords block={block} />
                    </Link>
                  </foreignObject>
                ))}
              </svg>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function BlockWords({ block }: { block: ScheduleBlock }) {
  return (
    <>
      <span className="block font-semibold">
        {block.time} {block.name}
      </span>
      {block.place ? <span className="block">{block.place}</span> : null}
      <span className="block">
        {block.kindName}
        {block.course ? ` · ${block.course}` : ""}
      </span>
      <span className="block">{block.cantMake ? texts.cantMake : block.statusName}</span>
    </>
  );
}

/** Days down the side, one column per therapist: each day's hours as a strip, then its visits. */
function WeekGrid({ layout }: { layout: ScheduleLayout }) {
  return (
    <section
      aria-label={texts.gridLabel(layout.rangeLabel)}
      className="overflow-x-auto rounded-lg border border-slate-200"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a grid wider than the screen scrolls, by keyboard too
      tabIndex={0}
      data-schedule="week"
    >
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{texts.gridLabel(layout.rangeLabel)}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="w-28 px-2 py-1.5 font-semibold">
              {texts.dayColumn}
            </th>
            {layout.columns.map((column) => (
              <th
                key={column.therapistId}
                scope="col"
                className="min-w-[9rem] border-l border-slate-200 px-2 py-1.5 font-semibold text-slate-900"
                data-column-head={column.therapistId}
              >
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {layout.days.map((day, index) => (
            <tr key={day.day} data-day={day.day}>
              <th scope="row" className="px-2 py-1.5 align-top font-medium text-slate-900">
                {day.label}
              </th>
              {layout.columns.map((column) => {
                const cell = column.cells[index];
                return cell ? (
                  <WeekCell key={column.therapistId} cell={cell} therapistId={column.therapistId} />
                ) : null;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function WeekCell({ cell, therapistId }: { cell: ScheduleCell; therapistId: string }) {
  return (
    <td
      className={`border-l border-slate-200 px-2 py-1.5 align-top ${cell.leave ? "bg-[repeating-linear-gradient(45deg,#f8fafc_0_8px,#f1f5f9_8px_16px)]" : ""}`}
      data-therapist={therapistId}
      data-leave={cell.leave ? "" : undefined}
    >
      {/* The day's hours as a strip: working windows light, visits dark, the rest grey. */}
      <svg width="100%" height="10" className="block rounded" aria-hidden="true">
        <rect width="100%" height="10" className="fill-slate-200" />
        {cell.windows.map((window) => (
          <rect
            key={window.offset}
            x={`${window.start}%`}
            width={`${window.size}%`}
            height="10"
            className="fill-brand-100"
          />
        ))}
        {cell.blocks.map((block) => (
          <rect
            key={block.id}
            x={`${block.start}%`}
            width={`${Math.max(block.size, 1)}%`}
            height="10"
            className="fill-brand-700"
          />
        ))}
      </svg>
      <p className="mt-1 text-xs text-slate-700">{cell.freeText}</p>
      {cell.blocks.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {cell.blocks.map((block) => (
            <li key={block.id}>
              <Link
                to={block.href}
                aria-label={block.label}
                className={`block rounded-md border-l-4 px-1.5 py-0.5 text-xs leading-4 text-slate-900 hover:ring-2 hover:ring-brand-600 ${blockTone(block)}`}
                data-visit={block.id}
                data-start={block.time.slice(0, 5)}
                data-status={block.status}
              >
                <BlockWords block={block} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </td>
  );
}

function NeedsTherapist({ layout }: { layout: ScheduleLayout }) {
  const { rows, more } = layout.needsTherapist;
  return (
    <section
      aria-labelledby="needs-therapist-heading"
      className="rounded-lg border border-slate-200 p-3"
      data-needs-therapist
    >
      <h2 id="needs-therapist-heading" className="text-base font-bold text-slate-900">
        {texts.needs.title}
      </h2>
      <p className="text-xs text-slate-700">{texts.needs.note}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{texts.needs.empty}</p>
      ) : (
        <ol className="mt-2 space-y-1.5 text-sm">
          {rows.map((row) => (
            <li key={row.id} data-request={row.id}>
              <Link to={row.href} className={adminLink}>
                {row.name}
                {row.reference ? ` · ${row.reference}` : ""}
              </Link>
              <span className="block text-xs text-slate-700">{row.detail}</span>
            </li>
          ))}
        </ol>
      )}
      {more > 0 ? <p className="mt-2 text-sm text-slate-700">{texts.needs.more(more)}</p> : null}
    </section>
  );
}

function CantMake({ layout }: { layout: ScheduleLayout }) {
  return (
    <section
      aria-labelledby="cant-make-heading"
      className="rounded-lg border border-slate-200 p-3"
      data-cant-make
    >
      <h2 id="cant-make-heading" className="text-base font-bold text-slate-900">
        {texts.cantMakeList.title}
      </h2>
      {layout.cantMake.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{texts.cantMakeList.empty}</p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm">
          {layout.cantMake.map((row) => (
            <li key={row.id} data-cant-make-visit={row.id}>
              <Link to={row.href} className={adminLink}>
                {row.name}
              </Link>
              <span className="block text-xs text-slate-700">{row.when}</span>
              {row.reason ? (
                <span className="block text-xs text-slate-700">{row.reason}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
