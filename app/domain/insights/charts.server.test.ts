import { describe, expect, it } from "vitest";
import { barChart, columnChart, shareRing } from "#app/domain/insights/charts.server.ts";

const days = (n: number) =>
  Array.from({ length: n }, (_, index) => ({
    key: `day-${index}`,
    day: String((index % 30) + 1),
    month: index < 30 ? "Nov" : "Dec",
    fullLabel: `Day ${index}`,
    count: index % 4,
  }));

describe("the insights charts' geometry", () => {
  it("dates every bar of a week, each with its count above it", () => {
    const chart = columnChart(days(7));
    expect(chart.columns.map((column) => column.labelOn)).toEqual(Array(7).fill("all"));
    // The first is nought: no count written on an empty bar.
    expect(chart.columns.map((column) => column.valueOn)).toEqual([
      "none",
      "all",
      "all",
      "all",
      "none",
      "all",
      "all",
    ]);
    // The bars stand on the baseline, the tallest reaching the top of the scale.
    for (const column of chart.columns) {
      expect(column.y + column.height).toBe(chart.baseline);
      expect(column.x).toBeGreaterThanOrEqual(0);
      expect(column.x + column.width).toBeLessThanOrEqual(100);
    }
    expect(chart.gridlines.map((line) => line.label)).toEqual(["0", "1", "2", "3"]);
  });

  it("dates fewer bars of a long period on a phone, among the wide screen's, the last always", () => {
    const chart = columnChart(days(31));
    const phone = chart.columns.flatMap((column, index) =>
      column.labelOn === "all" ? [index] : [],
    );
    const wide = chart.columns.flatMap((column, index) =>
      column.labelOn !== "none" ? [index] : [],
    );
    expect(phone).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
    expect(wide).toHaveLength(31);
    // The month under the first dated bar and where it changes, on each screen.
    const months = chart.columns.flatMap((column, index) =>
      column.monthOn === "none" ? [] : [`${index}:${column.monthOn}`],
    );
    expect(months).toEqual(["0:all", "30:all"]);
  });

  it("sizes horizontal bars to the largest count, with shares of the rows not set apart", () => {
    const chart = barChart(
      [
        { label: "Pending", count: 1 },
        { label: "Contacted", count: 3 },
        { label: "Junk", count: 2, tone: "muted", apart: true },
        { label: "A page whose address is far too long to fit on a phone's line", count: 0 },
      ],
      (rows) => `${rows.length} rows`,
    );
    expect(chart.bars.map((bar) => [bar.width, bar.share])).toEqual([
      [33.33, "25%"],
      [100, "75%"],
      [66.67, "—"],
      [0, "0%"],
    ]);
    expect(chart.bars[3]?.shortLabel).toBe("A page whose address is far too long…");
    expect(chart.summary).toBe("4 rows");
  });

  it("draws the share within 24 hours as a ring, empty for none", () => {
    expect(shareRing(null).value).toBe("");
    expect(shareRing(0.5).value).toMatch(/^M/);
    expect(shareRing(1).track).toMatch(/^M/);
  });
});
