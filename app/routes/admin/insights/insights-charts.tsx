// The insights page's charts, drawn from geometry the server worked out (charts.server.ts): SVG
// only, no chart code in the browser. Each chart is one image with a summary for its name; the
// table beside it holds every figure for screen readers and copying.
import type { BarChart, BarTone, ColumnChart, Ring } from "#app/domain/insights/insights-view.ts";

const barFill: Record<BarTone, string> = {
  brand: "fill-brand-700",
  muted: "fill-slate-500",
};

/** Shown on every screen, from md up only, below md only, or not at all (the table has it). */
const shownOn = { all: "", wide: "max-md:hidden", phone: "md:hidden" } as const;

/** Requests per day or week: vertical bars over a count axis, dates below. */
export function ColumnChartSvg({ chart, summary }: { chart: ColumnChart; summary: string }) {
  return (
    <div role="img" aria-label={summary} className="flex">
      {/* The axis's counts in a column of their own, so that no bar runs under them. */}
      <svg width="24" height={chart.height} aria-hidden="true" className="shrink-0">
        {chart.gridlines.map((line) => (
          <text
            key={line.label}
            x="20"
            y={line.y + 4}
            textAnchor="end"
            className="fill-slate-700 text-xs"
          >
            {line.label}
          </text>
        ))}
      </svg>
      {/* The padding takes the dates under the first and last bars, centred on them. */}
      <div className="min-w-0 flex-1 px-2">
        <svg width="100%" height={chart.height} aria-hidden="true" className="overflow-visible">
          {chart.gridlines.map((line) => (
            <line
              key={line.label}
              x1="0"
              x2="100%"
              y1={line.y}
              y2={line.y}
              className={line.label === "0" ? "stroke-slate-500" : "stroke-slate-200"}
            />
          ))}
          {chart.columns.map((column) => (
            <g key={column.key}>
              <rect
                x={`${column.x}%`}
                y={column.y}
                width={`${column.width}%`}
                height={column.height}
                rx="2"
                className="fill-brand-700"
              >
                <title>{`${column.fullLabel}: ${column.count}`}</title>
              </rect>
              {column.valueOn !== "none" ? (
                <text
                  x={`${column.middle}%`}
                  y={column.y - 5}
                  textAnchor="middle"
                  className={`fill-slate-900 text-xs font-semibold ${shownOn[column.valueOn]}`}
                >
                  {column.count}
                </text>
              ) : null}
              {column.labelOn !== "none" ? (
                <g className={`fill-slate-700 text-xs ${shownOn[column.labelOn]}`}>
                  <line
                    x1={`${column.middle}%`}
                    x2={`${column.middle}%`}
                    y1={chart.baseline}
                    y2={chart.baseline + 4}
                    className="stroke-slate-500"
                  />
                  <text x={`${column.middle}%`} y={chart.labelY} textAnchor="middle">
                    {column.day}
                  </text>
                </g>
              ) : null}
              {column.monthOn !== "none" ? (
                <text
                  x={`${column.middle}%`}
                  y={chart.labelY + 16}
                  textAnchor="middle"
                  className={`fill-slate-900 text-xs font-semibold ${shownOn[column.monthOn]}`}
                >
                  {column.month}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      </div>
    </div>
  );
}

/** One horizontal bar per row: the label and count on a line, the bar below them. */
export function BarChartSvg({ chart }: { chart: BarChart }) {
  return (
    <svg width="100%" height={chart.height} role="img" aria-label={chart.summary}>
      {chart.bars.map((bar) => (
        <g key={bar.label}>
          <title>{`${bar.label}: ${bar.count}`}</title>
          <text x="0" y={bar.labelY} className="fill-slate-800 text-sm">
            {bar.shortLabel}
          </text>
          <text
            x="100%"
            y={bar.labelY}
            textAnchor="end"
            className="fill-slate-900 text-sm font-semibold"
          >
            {bar.count}
          </text>
          <rect
            x="0"
            y={bar.barY}
            width="100%"
            height={bar.barHeight}
            rx="2"
            className="fill-slate-100"
          />
          {bar.width > 0 ? (
            <rect
              x="0"
              y={bar.barY}
              width={`${bar.width}%`}
              height={bar.barHeight}
              rx="2"
              className={barFill[bar.tone]}
            />
          ) : null}
        </g>
      ))}
    </svg>
  );
}

/** The share within 24 hours as a ring, the percentage written in its middle. */
export function ShareRing({ ring, share }: { ring: Ring; share: string }) {
  const half = ring.size / 2;
  return (
    <svg
      width={ring.size}
      height={ring.size}
      viewBox={`${-half} ${-half} ${ring.size} ${ring.size}`}
      aria-hidden="true"
      className="shrink-0"
    >
      <path d={ring.track} className="fill-slate-200" />
      {ring.value ? <path d={ring.value} className="fill-brand-700" /> : null}
      <text y="7" textAnchor="middle" className="fill-slate-900 text-xl font-bold">
        {share}
      </text>
    </svg>
  );
}

/** A share as a small bar (in a table's cell). */
export function ShareBar({ width }: { width: number }) {
  return (
    <svg width="64" height="10" aria-hidden="true" className="inline-block shrink-0">
      <rect width="100%" height="10" rx="2" className="fill-slate-200" />
      {width > 0 ? (
        <rect width={`${width}%`} height="10" rx="2" className="fill-brand-700" />
      ) : null}
    </svg>
  );
}
