// The insights page as the browser gets it: every figure already worded and every chart already
// drawn, as plain numbers and strings (charts.server.ts draws them with d3 on the server, so the
// page's JavaScript carries no chart code). Types only: nothing here runs.

/** A bar's colour: the brand's, or muted for what is not one of ours (outside, not recorded, junk). */
export type BarTone = "brand" | "muted";

/** A vertical bar of the requests-per-day chart; x and width in per cent of the chart's width. */
export interface Column {
  key: string;
  /** Under the bar, "23", and under the first of a month, "Nov" below it. */
  day: string;
  month: string;
  /** The table's "Nov 23, 2026" (or "Week of Nov 17"). */
  fullLabel: string;
  count: number;
  x: number;
  width: number;
  middle: number;
  y: number;
  height: number;
  /** Where its date is written: on every screen, on wide screens only, or not (the table has it). */
  labelOn: "all" | "wide" | "none";
  monthOn: "all" | "wide" | "phone" | "none";
  valueOn: "all" | "wide" | "none";
}

export interface ColumnChart {
  height: number;
  /** The baseline's y, and where the days' labels sit below it (the months' a line lower). */
  baseline: number;
  labelY: number;
  gridlines: { y: number; label: string }[];
  columns: Column[];
}

/** A horizontal bar: its label on a line, the bar below, the count at the line's right end. */
export interface Bar {
  label: string;
  /** The label cut to fit a phone ("…"), the whole one in a tooltip and the table. */
  shortLabel: string;
  count: number;
  /** Share of the section's total, "40%". */
  share: string;
  tone: BarTone;
  labelY: number;
  barY: number;
  barHeight: number;
  /** Per cent of the chart's width. */
  width: number;
}

export interface BarChart {
  height: number;
  bars: Bar[];
  /** For the chart's accessible name. */
  summary: string;
}

/** The share within 24 hours as a ring: two SVG paths around the centre of a square. */
export interface Ring {
  size: number;
  track: string;
  value: string;
}

/** An owner's row of the first contacts: the requests charged to them (or to nobody). */
export interface OwnerRow {
  /** Their address, or "Nobody". */
  owner: string;
  nobody: boolean;
  requests: number;
  within: string;
  withinText: string;
  /** The small bar's width, in per cent. */
  withinWidth: number;
  /** Past 24 hours and not contacted yet. */
  waiting: number;
  median: string;
  p90: string;
}

export interface InsightsView {
  periodLine: string;
  /** "Compared with Nov 09, 2026 – Nov 15, 2026"; none when the period is not compared. */
  compareLine?: string;
  bucket: "day" | "week";
  headline: {
    requests: number;
    /** "3.5 a day on average". */
    average: string;
    within: string;
    withinText: string;
    median: string;
    overdue: number;
    /** The same figures for the span compared with: "9 the week before". */
    compare?: { requests: string; within: string; median: string };
  };
  perBucket: { chart: ColumnChart; summary: string; total: number };
  byArea: BarChart;
  byLanding: BarChart;
  byChannel: BarChart;
  byStatus: BarChart;
  contact: {
    median: string;
    p90: string;
    within: string;
    withinText: string;
    contactedText: string;
    ring: Ring;
    owners: OwnerRow[];
  };
  overdueNow: number;
  overdueHref: string;
  visits: VisitsView;
}

/** The home visits' figures, worded (docs/insights.md). */
export interface VisitsView {
  median: string;
  p90: string;
  within: string;
  withinText: string;
  /** The span compared with: "1 d 02 h the week before". */
  compare?: { median: string; within: string };
  /** The WhatsApp messages to families and what the reminders did (decision 038), worded. */
  messages: {
    sent: number;
    sentText: string;
    delivered: number;
    failed: number;
    /** "60%" of the visits reminded, and "3 of 5 visits reminded". */
    confirmed: string;
    confirmedText: string;
    /** The visits done that the family confirmed with their code (decision 048). */
    codeConfirmed: string;
    codeConfirmedText: string;
    /** "25%", "1 of 4 visits": not home with a reminder, and without. */
    notHomeReminded: string;
    notHomeRemindedText: string;
    notHomeNotReminded: string;
    notHomeNotRemindedText: string;
  };
  /** Week of, done, not home, cancelled, scheduled. */
  perWeek: [string, number, number, number, number][];
  therapists: {
    id: string;
    name: string;
    done: number;
    noShow: number;
    cancelled: number;
    scheduled: number;
    booked: string;
    working: string;
    share: string;
  }[];
}

/** Drop-off after the assessment (docs/insights.md), worded. */
export interface DropOffView {
  /** "67%" of the families judged booked treatment within 7 days, and "4 of 6 families". */
  booked: string;
  bookedText: string;
  /** Week of, assessed, booked within 7 days, not booked, under 7 days, booked share. */
  perWeek: [string, number, number, number, number, string][];
  /** The families to call, newest assessment first. */
  families: {
    id: string;
    /** The request's page. */
    href: string;
    reference: string;
    firstName: string;
    /** "Nov 23, 2026", India's day. */
    assessed: string;
    therapist: string;
    /** "+91 98100 12345", and its tel: link (none when it is not a phone number). */
    phone: string;
    tel: string | null;
  }[];
}
