// The insights charts' geometry, worked out on the server with d3's scales and shapes and handed
// to the page as plain numbers and strings: the browser never loads d3.
//
// Widths are per cent of the chart's width and heights are pixels, and the SVGs have no viewBox
// to scale them: a chart fills a 390 px phone or a 1280 px screen alike, and its text keeps the
// size it is written in (12 px and up), never shrunk with the drawing.
import { scaleBand, scaleLinear } from "d3-scale";
import { arc } from "d3-shape";
import type {
  Bar,
  BarChart,
  BarTone,
  Column,
  ColumnChart,
  Ring,
} from "#app/domain/insights/insights-view.ts";

/**
 * About as many dates as fit under a chart on a phone (its plot is some 280 px wide; a date's
 * day, "23", is 16 px) and on a wider screen.
 */
const labelsOnPhone = 13;
const labelsWide = 31;
/** A bar's count is written above it when there are at most this many bars. */
const valuesOnPhone = 7;
const valuesWide = 14;

export interface ColumnInput {
  key: string;
  /** "23" and "Nov": the day under its bar, the month under the first of each month. */
  day: string;
  month: string;
  fullLabel: string;
  count: number;
}

type Shown = Column["labelOn"];

/**
 * Which bars are dated where: every k-th, counted back from the last (the latest is always
 * dated), fewer on a phone, whose dates are among the wide screen's. A month is named under the
 * first dated bar and wherever the month changes.
 */
function dating(points: ColumnInput[]): { labelOn: Shown; monthOn: Column["monthOn"] }[] {
  const n = points.length;
  const everyWide = Math.max(1, Math.ceil(n / labelsWide));
  const everyPhone = everyWide * Math.ceil(Math.ceil(n / labelsOnPhone) / everyWide);
  const monthsOf = (every: number) => {
    const named = new Set<number>();
    let last: string | undefined;
    points.forEach((point, index) => {
      if ((n - 1 - index) % every !== 0) return;
      if (point.month !== last) named.add(index);
      last = point.month;
    });
    return named;
  };
  const phoneMonths = monthsOf(everyPhone);
  const wideMonths = monthsOf(everyWide);
  return points.map((_, index) => {
    const onPhone = (n - 1 - index) % everyPhone === 0;
    const onWide = (n - 1 - index) % everyWide === 0;
    const [phone, wide] = [phoneMonths.has(index), wideMonths.has(index)];
    return {
      labelOn: onPhone ? "all" : onWide ? "wide" : "none",
      monthOn: phone && wide ? "all" : wide ? "wide" : phone ? "phone" : "none",
    };
  });
}

/** Vertical bars, one per day or week: the requests-per-day chart. */
export function columnChart(points: ColumnInput[]): ColumnChart {
  const plotTop = 18;
  const baseline = 176;
  const max = Math.max(1, ...points.map((point) => point.count));
  const y = scaleLinear().domain([0, max]).nice(4).range([baseline, plotTop]);
  const x = scaleBand<string>()
    .domain(points.map((point) => point.key))
    .range([0, 100])
    .paddingInner(0.25)
    .paddingOuter(0.2);
  const n = points.length;
  const dates = dating(points);
  const columns: Column[] = points.map((point, index) => {
    const top = y(point.count);
    const left = x(point.key) ?? 0;
    return {
      ...point,
      ...(dates[index] ?? { labelOn: "none", monthOn: "none" }),
      x: round(left),
      width: round(x.bandwidth()),
      middle: round(left + x.bandwidth() / 2),
      y: round(top),
      height: round(baseline - top),
      valueOn:
        point.count === 0 ? "none" : n <= valuesOnPhone ? "all" : n <= valuesWide ? "wide" : "none",
    };
  });
  const gridlines = y
    .ticks(Math.min(4, y.domain()[1] ?? max))
    .filter((tick) => Number.isInteger(tick))
    .map((tick) => ({ y: round(y(tick)), label: String(tick) }));
  return { height: baseline + 44, baseline, labelY: baseline + 19, gridlines, columns };
}

export interface BarInput {
  label: string;
  count: number;
  tone?: BarTone;
  /** Left out of the shares (junk, beside the statuses it is not counted in). */
  apart?: boolean;
}

/** Longer labels are cut (the whole one is in the bar's tooltip and the table). */
const maxLabel = 38;
const rowHeight = 46;

/**
 * Horizontal bars, one per row, longest for the largest count: the label on a line, the bar
 * below it. The shares are of the rows' sum, those set apart left out.
 */
export function barChart(rows: BarInput[], summaryOf: (rows: BarInput[]) => string): BarChart {
  const total = rows.reduce((sum, row) => sum + (row.apart ? 0 : row.count), 0);
  const max = Math.max(1, ...rows.map((row) => row.count));
  const x = scaleLinear().domain([0, max]).range([0, 100]);
  const bars: Bar[] = rows.map((row, index) => {
    const top = index * rowHeight;
    return {
      label: row.label,
      shortLabel:
        row.label.length > maxLabel ? `${row.label.slice(0, maxLabel - 1).trimEnd()}…` : row.label,
      count: row.count,
      share: total > 0 && !row.apart ? `${Math.round((100 * row.count) / total)}%` : "—",
      tone: row.tone ?? "brand",
      labelY: top + 17,
      barY: top + 25,
      barHeight: 14,
      // A count above nought is always a visible sliver.
      width: row.count > 0 ? Math.max(0.75, round(x(row.count))) : 0,
    };
  });
  return { height: rows.length * rowHeight, bars, summary: summaryOf(rows) };
}

const ringSize = 96;

/** A ring for a share (0 to 1): the full track and the arc of the share, clockwise from the top. */
export function shareRing(share: number | null): Ring {
  const shape = arc<unknown, { startAngle: number; endAngle: number }>()
    .innerRadius(ringSize / 2 - 12)
    .outerRadius(ringSize / 2 - 2)
    .cornerRadius(0);
  const turn = 2 * Math.PI;
  const part = Math.min(1, Math.max(0, share ?? 0));
  return {
    size: ringSize,
    track: shape({ startAngle: 0, endAngle: turn }) ?? "",
    value: part > 0 ? (shape({ startAngle: 0, endAngle: turn * part }) ?? "") : "",
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
