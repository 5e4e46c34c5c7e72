// The owner's weekly summary e-mail: the week's figures beside the week before's, a chart of
// requests per day and a link to the insights page for that week. The outbox row names only the
// week; the figures are computed when the message is composed (each attempt), so they are the
// week's as of sending, and "overdue now" is what is overdue when the owner reads it. The chart is a table of coloured
// cells, which every mail client draws (no SVG, no script, no image to fetch); the text part
// draws the same bars with characters.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import validator from "validator";
import type { Database } from "#app/db.server.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { channelNames } from "#app/domain/attribution/attribution-texts.ts";
import {
  computeInsights,
  type Insights,
  type Locate,
  promiseHours,
} from "#app/domain/insights/insights.server.ts";
import { comparedWith, resolvePeriod } from "#app/domain/insights/period.ts";
import type { MailKind } from "#app/domain/mail/mail-kinds.server.ts";
import type { MailContent } from "#app/domain/mail/mail-sender.server.ts";
import { formatDate, indiaTimeZone } from "#app/lib/dates.ts";
import { z } from "#app/lib/zod.ts";

/** The outbox kind of the weekly summary. */
export const weeklySummaryKind = "weekly-summary";

/** What the outbox row holds: the summarised week, Monday to Sunday, on India's calendar. */
const weeklySummaryPayloadSchema = z.object({ from: z.iso.date(), to: z.iso.date() });
export type WeeklySummaryPayload = z.output<typeof weeklySummaryPayloadSchema>;

/** What the e-mail says, apart from the figures. */
const weeklySummaryTexts = {
  subject: (requests: number, week: string) =>
    `Weekly summary: ${requests} ${requests === 1 ? "request" : "requests"}, ${week}`,
  heading: (siteName: string, week: string) => `${siteName} weekly summary, ${week}`,
  requests: "Requests",
  withinPromise: `Contacted within ${promiseHours} hours`,
  withinPromiseNote: `Within ${promiseHours} hours counts the requests contacted, or at least ${promiseHours} hours old and not erased.`,
  /** A figure of the week before, after the week's: "7 · 5 the week before". */
  weekBefore: (value: string) => `${value} the week before`,
  noneToJudge: "none to judge yet",
  median: "Median time to first contact",
  noneContacted: "none contacted",
  overdue: `Overdue now (pending over ${promiseHours} hours)`,
  perDay: "Requests per day",
  byArea: "By area (top 5)",
  byChannel: "By channel",
  none: "None",
  outside: (district: string) => `${district} (outside our areas)`,
  unknownPlace: "Unknown PIN code",
  noChannel: "Not recorded",
  firstVisit: "Median time from request to first visit",
  noneBooked: "none booked",
  firstVisitWithin: "First visit within 48 hours",
  visits: "Home visits",
  /** The week's visits: "12 done, 1 not home, 2 cancelled". */
  visitCounts: (done: number, noShow: number, cancelled: number) =>
    `${done} done, ${noShow} not home, ${cancelled} cancelled`,
  therapists: "Therapists",
  /** A therapist's week: "12 done, 1 not home, 0 cancelled; booked 64% of 30 h". */
  therapistWeek: (counts: string, share: string, hours: string) =>
    `${counts}; booked ${share} of ${hours}`,
  link: "The week on the insights page:",
  linkText: "Open the week on the insights page",
} as const;

/** How many places the e-mail lists. */
const topAreas = 5;
/** The longest bar of the text chart, in characters. */
const textBarWidth = 20;
const barColour = "#0f766e";

export interface WeeklySummaryMailOptions {
  siteName: string;
  /** The site's absolute address, without a trailing slash (SITE_URL). */
  siteUrl: string;
  locate: Locate;
  /** The clock the figures are computed at; the real one unless a test gives its own. */
  now?: () => Date;
}

/** The insights page for one week. */
function insightsUrl(siteUrl: string, week: WeeklySummaryPayload): string {
  const query = new URLSearchParams({ period: "dates", from: week.from, to: week.to });
  return `${siteUrl}/admin/insights?${query}`;
}

const dayOf = (isoDay: string) => {
  const [year, month, date] = isoDay.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, indiaTimeZone);
};

/** "Mar 02 – Mar 08, 2026"; both years when the week spans two. */
export function weekLabel(week: WeeklySummaryPayload): string {
  const first = dayOf(week.from);
  const last = dayOf(week.to);
  const to = formatDate(last);
  if (first.getFullYear() !== last.getFullYear()) return `${formatDate(first)} – ${to}`;
  return `${format(first, "MMM dd")} – ${to}`;
}

/** "45 min", "1 h 30 min", "2 d 3 h". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
  }
  const hours = Math.round(minutes / 60);
  const rest = hours % 24;
  return `${Math.floor(hours / 24)} d${rest ? ` ${rest} h` : ""}`;
}

const placeName = ({ area, district }: Insights["byArea"][number]["key"]): string => {
  if (area) return areaNames[area];
  return district ? weeklySummaryTexts.outside(district) : weeklySummaryTexts.unknownPlace;
};

interface Summary {
  subject: string;
  heading: string;
  figures: [string, string][];
  days: { label: string; count: number; share: number }[];
  areas: [string, number][];
  channels: [string, number][];
  therapists: [string, string][];
  url: string;
}

function summarise(insights: Insights, options: WeeklySummaryMailOptions): Summary {
  const texts = weeklySummaryTexts;
  const week = { from: insights.period.from, to: insights.period.to };
  const label = weekLabel(week);
  const { contact, previous, visits } = insights;
  const sum = <K extends "done" | "noShow" | "cancelled">(rows: Record<K, number>[], key: K) =>
    rows.reduce((total, row) => total + row[key], 0);
  const most = Math.max(0, ...insights.perBucket.map((day) => day.count));
  const share = (figures: { withinPromise: number; judged: number }) =>
    `${Math.round((figures.withinPromise / figures.judged) * 100)}%`;
  const median = (minutes: number | null) =>
    minutes === null ? texts.noneContacted : formatMinutes(minutes);
  const firstVisitMedian = (minutes: number | null) =>
    minutes === null ? texts.noneBooked : formatMinutes(minutes);
  /** The week's figure, and the week before's beside it when there is one. */
  const beside = (value: string, before: (figures: NonNullable<typeof previous>) => string) =>
    previous ? `${value} · ${texts.weekBefore(before(previous))}` : value;
  return {
    subject: texts.subject(insights.total, label),
    heading: texts.heading(options.siteName, label),
    figures: [
      [texts.requests, beside(String(insights.total), (before) => String(before.total))],
      [
        texts.withinPromise,
        beside(
          contact.judged > 0
            ? `${contact.withinPromise} of ${contact.judged} (${share(contact)})`
            : texts.noneToJudge,
          (before) => (before.contact.judged > 0 ? share(before.contact) : texts.noneToJudge),
        ),
      ],
      [
        texts.median,
        beside(median(contact.medianMinutes), (before) => median(before.contact.medianMinutes)),
      ],
      [texts.overdue, String(insights.overdueNow)],
      [
        texts.firstVisit,
        beside(firstVisitMedian(visits.firstVisit.medianMinutes), (before) =>
          firstVisitMedian(before.firstVisit.medianMinutes),
        ),
      ],
      [
        texts.firstVisitWithin,
        beside(
          visits.firstVisit.judged > 0
            ? `${visits.firstVisit.within} of ${visits.firstVisit.judged} (${share({ withinPromise: visits.firstVisit.within, judged: visits.firstVisit.judged })})`
            : texts.noneToJudge,
          (before) =>
            before.firstVisit.judged > 0
              ? share({ withinPromise: before.firstVisit.within, judged: before.firstVisit.judged })
              : texts.noneToJudge,
        ),
      ],
      [
        texts.visits,
        texts.visitCounts(
          sum(visits.perWeek, "done"),
          sum(visits.perWeek, "noShow"),
          sum(visits.perWeek, "cancelled"),
        ),
      ],
    ],
    days: insights.perBucket.map((day) => ({
      label: format(dayOf(day.key), "EEE, MMM dd"),
      count: day.count,
      share: most > 0 ? day.count / most : 0,
    })),
    areas: insights.byArea.slice(0, topAreas).map((row) => [placeName(row.key), row.count]),
    channels: insights.byChannel.map((row) => [
      row.key ? channelNames[row.key] : texts.noChannel,
      row.count,
    ]),
    therapists: visits.perTherapist.map((row) => [
      row.name,
      texts.therapistWeek(
        texts.visitCounts(row.done, row.noShow, row.cancelled),
        row.workingMinutes > 0
          ? `${Math.round((100 * row.bookedMinutes) / row.workingMinutes)}%`
          : "—",
        `${Math.round(row.workingMinutes / 6) / 10} h`,
      ),
    ]),
    url: insightsUrl(options.siteUrl, week),
  };
}

function textOf(summary: Summary): string {
  const texts = weeklySummaryTexts;
  const list = (rows: [string, number | string][]) =>
    rows.length > 0 ? rows.map(([name, count]) => `${name}: ${count}`) : [texts.none];
  const labelWidth = Math.max(...summary.days.map((day) => day.label.length));
  return [
    summary.heading,
    "",
    ...summary.figures.map(([name, value]) => `${name}: ${value}`),
    texts.withinPromiseNote,
    "",
    texts.perDay,
    ...summary.days.map((day) => {
      const bar = "█".repeat(day.count > 0 ? Math.max(1, Math.round(day.share * textBarWidth)) : 0);
      return `${day.label.padEnd(labelWidth)}  ${bar}${bar ? " " : ""}${day.count}`;
    }),
    "",
    texts.byArea,
    ...list(summary.areas),
    "",
    texts.byChannel,
    ...list(summary.channels),
    "",
    texts.therapists,
    ...list(summary.therapists),
    "",
    texts.link,
    summary.url,
  ].join("\n");
}

/** Every value in the HTML part goes through the library's encoder. */
const escapeHtml = (value: string | number) => validator.escape(String(value));

function htmlOf(summary: Summary): string {
  const texts = weeklySummaryTexts;
  const cell = 'style="padding:2px 8px 2px 0"';
  const table = (rows: [string, string | number][]) =>
    rows.length > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="0">${rows
          .map(
            ([name, value]) =>
              `<tr><td ${cell}>${escapeHtml(name)}</td><td align="right" ${cell}><strong>${escapeHtml(value)}</strong></td></tr>`,
          )
          .join("")}</table>`
      : `<p>${escapeHtml(texts.none)}</p>`;
  // Each bar is a cell of the day's share of the row, coloured, beside an empty one: tables and
  // bgcolor are what mail clients that ignore most CSS still draw.
  const bar = (share: number) => {
    const percent = Math.max(1, Math.round(share * 100));
    const filled = `<td width="${percent}%" height="14" bgcolor="${barColour}" style="background-color:${barColour};height:14px;font-size:1px;line-height:1px">&nbsp;</td>`;
    const empty =
      percent < 100 ? `<td width="${100 - percent}%" style="font-size:1px">&nbsp;</td>` : "";
    return share > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="0" width="100%"><tr>${filled}${empty}</tr></table>`
      : "";
  };
  const chart = `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="max-width:480px">${summary.days
    .map(
      (day) =>
        `<tr><td width="100" ${cell} nowrap>${escapeHtml(day.label)}</td><td width="300" style="padding:2px 0">${bar(day.share)}</td><td align="right" width="40" style="padding:2px 0 2px 8px">${escapeHtml(day.count)}</td></tr>`,
    )
    .join("")}</table>`;
  return [
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1f2937">`,
    `<h1 style="font-size:18px">${escapeHtml(summary.heading)}</h1>`,
    table(summary.figures),
    `<p style="font-size:12px;color:#6b7280">${escapeHtml(texts.withinPromiseNote)}</p>`,
    `<h2 style="font-size:16px">${escapeHtml(texts.perDay)}</h2>`,
    chart,
    `<h2 style="font-size:16px">${escapeHtml(texts.byArea)}</h2>`,
    table(summary.areas),
    `<h2 style="font-size:16px">${escapeHtml(texts.byChannel)}</h2>`,
    table(summary.channels),
    `<h2 style="font-size:16px">${escapeHtml(texts.therapists)}</h2>`,
    table(summary.therapists),
    `<p><a href="${escapeHtml(summary.url)}">${escapeHtml(texts.linkText)}</a></p>`,
    "</div>",
  ].join("\n");
}

/** The e-mail of a week's figures. */
export function weeklySummaryMail(
  insights: Insights,
  options: WeeklySummaryMailOptions,
): MailContent {
  const summary = summarise(insights, options);
  return { subject: summary.subject, text: textOf(summary), html: htmlOf(summary) };
}

/** Composes the weekly summary of the week an outbox row names, with its figures as of now. */
async function composeWeeklySummary(
  db: Database,
  payload: unknown,
  options: WeeklySummaryMailOptions,
): Promise<MailContent> {
  const week = weeklySummaryPayloadSchema.safeParse(payload);
  if (!week.success) throw new Error("the weekly summary names no week");
  const now = options.now?.() ?? new Date();
  const { period, error } = resolvePeriod({ period: "dates", ...week.data }, now);
  if (error) throw new Error(`the weekly summary's week cannot be read: ${error}`);
  const insights = await computeInsights(db, comparedWith(period, "week-before", 7, now), {
    now,
    locate: options.locate,
  });
  return weeklySummaryMail(insights, options);
}

/**
 * The weekly summary as a kind of the outbox. Every instance composes it (whichever sweeps first
 * sends it), whether or not its own WEEKLY_SUMMARY_TO is set.
 */
export function weeklySummaryMailKinds(options: WeeklySummaryMailOptions): MailKind[] {
  return [
    {
      kind: weeklySummaryKind,
      compose: (db, message) => composeWeeklySummary(db, message.payload, options),
    },
  ];
}
