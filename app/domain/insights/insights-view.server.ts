// The owner's figures for a period (insights.server.ts), worded and drawn for the insights page:
// names for areas, channels and statuses, India's dates, durations and shares, and each chart's
// geometry (charts.server.ts).

import {
  dashboardSearchParams,
  defaultDashboardQuery,
} from "#app/domain/appointments/dashboard.ts";
import { statusNames } from "#app/domain/appointments/front-desk-texts.ts";
import { type AreaSlug, areaNames, areaSlugs } from "#app/domain/areas/areas.ts";
import { channelNames } from "#app/domain/attribution/attribution-texts.ts";
import {
  type BarInput,
  barChart,
  columnChart,
  shareRing,
} from "#app/domain/insights/charts.server.ts";
import type { DropOff } from "#app/domain/insights/drop-off.server.ts";
import type { Insights } from "#app/domain/insights/insights.server.ts";
import {
  comparedText,
  dropOffTexts,
  formatDay,
  formatMinutes,
  formatPeriod,
  formatShare,
  formatShortDay,
  formatSpan,
  insightsTexts as texts,
  visitInsightsTexts,
} from "#app/domain/insights/insights-texts.ts";
import type {
  DropOffView,
  InsightsView,
  OwnerRow,
  VisitsView,
} from "#app/domain/insights/insights-view.ts";
import { firstNameOf } from "#app/domain/visits/schedule-view.server.ts";
import { formatDate, indiaDay } from "#app/lib/dates.ts";
import { formatPhone, telHref } from "#app/lib/indian-phone.ts";

/** The dashboard's Needs attention view, where the overdue requests are listed first. */
const needsAttentionHref = `/admin?${dashboardSearchParams({ ...defaultDashboardQuery, view: "attention" })}`;

const day = 86_400_000;

/** "Gurugram 12, Delhi 8, …; 25 requests in all." */
const listSummary =
  (title: string) =>
  (rows: BarInput[]): string =>
    texts.listSummary(
      title,
      rows.map((row) => `${row.label} ${row.count}`),
      rows.reduce((sum, row) => sum + (row.apart ? 0 : row.count), 0),
    );

/** The five served areas (none left out, even at nought), then the districts outside them. */
function areaRows(byArea: Insights["byArea"]): BarInput[] {
  const served = new Map<AreaSlug, number>(areaSlugs.map((slug) => [slug, 0]));
  const outside: BarInput[] = [];
  for (const { key, count } of byArea) {
    if (key.area) served.set(key.area, (served.get(key.area) ?? 0) + count);
    else {
      outside.push({
        label: key.district ? texts.outside(key.district) : texts.unknownPincode,
        count,
        tone: "muted",
      });
    }
  }
  const ours = [...served]
    .map(([slug, count]) => ({ label: areaNames[slug], count }))
    .sort((a, b) => b.count - a.count);
  // byArea lists the districts most first; the unknown PIN codes go last.
  outside.sort(
    (a, b) =>
      Number(a.label === texts.unknownPincode) - Number(b.label === texts.unknownPincode) ||
      b.count - a.count,
  );
  return [...ours, ...outside];
}

const within = (figures: { withinPromise: number; judged: number }) => ({
  within: figures.judged > 0 ? formatShare(figures.withinPromise, figures.judged) : "—",
  withinText:
    figures.judged > 0 ? texts.outOf(figures.withinPromise, figures.judged) : texts.notJudged,
});

/** Whole days from midnight to midnight as days; a span that ends at another time, with times. */
function spanText(start: Date, end: Date): string {
  const last = new Date(end.getTime() - 1);
  const midnights = indiaDay(start) !== indiaDay(new Date(start.getTime() - 1));
  return midnights && indiaDay(end) !== indiaDay(last)
    ? formatPeriod(indiaDay(start), indiaDay(last))
    : formatSpan(start, end);
}

/** The headline's figures for the span compared with, said plainly: "9 the week before". */
function compare(insights: Insights): InsightsView["headline"]["compare"] {
  const kind = insights.period.previous?.kind;
  const previous = insights.previous;
  if (!kind || !previous) return undefined;
  const { judged, medianMinutes } = previous.contact;
  return {
    requests: comparedText(previous.total, kind),
    within: comparedText(judged > 0 ? within(previous.contact).within : texts.noneToJudge, kind),
    median: comparedText(
      medianMinutes === null ? texts.noneContacted : formatMinutes(medianMinutes),
      kind,
    ),
  };
}

/** The home visits' figures, worded: first visits beside the span before, weeks, therapists. */
function visitsView(insights: Insights): VisitsView {
  const { firstVisit, messages, perWeek, perTherapist } = insights.visits;
  const { withReminder, withoutReminder } = messages.notHome;
  const words = visitInsightsTexts;
  const kind = insights.period.previous?.kind;
  const before = insights.previous?.firstVisit;
  return {
    median: formatMinutes(firstVisit.medianMinutes),
    p90: formatMinutes(firstVisit.p90Minutes),
    within: firstVisit.judged > 0 ? formatShare(firstVisit.within, firstVisit.judged) : "—",
    withinText: words.withinText(firstVisit.within, firstVisit.judged),
    ...(kind && before
      ? {
          compare: {
            median: comparedText(
              before.medianMinutes === null
                ? texts.noneToJudge
                : formatMinutes(before.medianMinutes),
              kind,
            ),
            within: comparedText(
              before.judged > 0 ? formatShare(before.within, before.judged) : texts.noneToJudge,
              kind,
            ),
          },
        }
      : {}),
    messages: {
      sent: messages.sent,
      sentText: words.messages.sentText(messages.byHand),
      delivered: messages.delivered,
      failed: messages.failed,
      confirmed: formatShare(messages.confirmed, messages.reminded),
      confirmedText: words.messages.confirmedText(messages.confirmed, messages.reminded),
      codeConfirmed: formatShare(messages.codeConfirmed, messages.done),
      codeConfirmedText: words.messages.codeConfirmedText(messages.codeConfirmed, messages.done),
      notHomeReminded: formatShare(withReminder.noShow, withReminder.judged),
      notHomeRemindedText: words.messages.notHomeText(withReminder.noShow, withReminder.judged),
      notHomeNotReminded: formatShare(withoutReminder.noShow, withoutReminder.judged),
      notHomeNotRemindedText: words.messages.notHomeText(
        withoutReminder.noShow,
        withoutReminder.judged,
      ),
    },
    perWeek: perWeek.map((week) => [
      texts.weekOf(formatShortDay(week.week)),
      week.done,
      week.noShow,
      week.cancelled,
      week.scheduled,
    ]),
    therapists: perTherapist.map((row) => ({
      id: row.therapistId,
      name: row.name,
      done: row.done,
      noShow: row.noShow,
      cancelled: row.cancelled,
      scheduled: row.scheduled,
      booked: words.hours(row.bookedMinutes),
      working: words.hours(row.workingMinutes),
      share: formatShare(row.bookedMinutes, row.workingMinutes),
    })),
  };
}

export function insightsView(insights: Insights): InsightsView {
  const { period, contact } = insights;
  const week = period.bucket === "week";
  const columns = insights.perBucket.map(({ key, count }) => {
    const [month = "", day = ""] = formatShortDay(key).split(" ");
    return {
      key,
      day: String(Number(day)),
      month,
      fullLabel: week ? texts.weekOf(formatShortDay(key)) : formatDay(key),
      count,
    };
  });
  const busiest = columns.reduce<(typeof columns)[number] | undefined>(
    (best, column) => (column.count > (best?.count ?? 0) ? column : best),
    undefined,
  );
  const title = week ? texts.sections.perWeek : texts.sections.perDay;
  const perBucketSummary = texts.perBucketSummary(
    title,
    formatPeriod(period.from, period.to),
    insights.total,
    busiest ? { count: busiest.count, week, day: `${busiest.month} ${busiest.day}` } : undefined,
  );
  const overall = within(contact);
  const owners: OwnerRow[] = insights.contactByOwner.map((row) => ({
    owner: row.owner ?? texts.nobody,
    nobody: row.owner === null,
    requests: row.requests,
    ...within(row),
    withinWidth: row.judged > 0 ? Math.round((100 * row.withinPromise) / row.judged) : 0,
    waiting: row.waiting,
    median: formatMinutes(row.medianMinutes),
    p90: formatMinutes(row.p90Minutes),
  }));
  const previous = insights.previous;
  return {
    periodLine: period.rolling
      ? formatSpan(period.start, period.end)
      : formatPeriod(period.from, period.to),
    ...(previous ? { compareLine: texts.compareLine(spanText(previous.start, previous.end)) } : {}),
    bucket: period.bucket,
    headline: {
      requests: insights.total,
      average: texts.average(
        (insights.total * (week ? 7 : 1)) /
          Math.max(1, Math.round((+period.end - +period.start) / day)),
        period.bucket,
      ),
      ...overall,
      median: formatMinutes(contact.medianMinutes),
      overdue: insights.overdueNow,
      compare: compare(insights),
    },
    perBucket: { chart: columnChart(columns), summary: perBucketSummary, total: insights.total },
    byArea: barChart(areaRows(insights.byArea), listSummary(texts.sections.byArea)),
    byLanding: barChart(
      insights.byLanding.map(({ key, count }) => ({
        label: key === "/" ? texts.homePage : (key ?? texts.notRecorded),
        count,
        tone: key ? "brand" : "muted",
      })),
      listSummary(texts.sections.byLanding),
    ),
    byChannel: barChart(
      insights.byChannel.map(({ key, count }) => ({
        label: key ? channelNames[key] : texts.notRecorded,
        count,
        tone: key ? "brand" : "muted",
      })),
      listSummary(texts.sections.byChannel),
    ),
    byStatus: barChart(
      [
        ...insights.byStatus.map(({ key, count }) => ({ label: statusNames[key], count })),
        { label: texts.junk, count: insights.junk, tone: "muted" as const, apart: true },
      ],
      listSummary(texts.sections.byStatus),
    ),
    contact: {
      median: formatMinutes(contact.medianMinutes),
      p90: formatMinutes(contact.p90Minutes),
      ...overall,
      contactedText: texts.outOf(contact.contacted, texts.requests(contact.requests)),
      ring: shareRing(contact.judged > 0 ? contact.withinPromise / contact.judged : null),
      owners,
    },
    overdueNow: insights.overdueNow,
    overdueHref: needsAttentionHref,
    visits: visitsView(insights),
  };
}

/** Drop-off after the assessment, worded: the weeks' figures and the families to call. */
export function dropOffView(dropOff: DropOff): DropOffView {
  const judged = (week: DropOff["perWeek"][number]) => week.assessed - week.waiting;
  const booked = dropOff.perWeek.reduce((sum, week) => sum + week.booked, 0);
  const all = dropOff.perWeek.reduce((sum, week) => sum + judged(week), 0);
  return {
    booked: formatShare(booked, all),
    bookedText: dropOffTexts.bookedText(booked, all),
    perWeek: dropOff.perWeek.map((week) => [
      texts.weekOf(formatShortDay(week.week)),
      week.assessed,
      week.booked,
      judged(week) - week.booked,
      week.waiting,
      formatShare(week.booked, judged(week)),
    ]),
    families: dropOff.families.map((family) => ({
      id: family.appointmentId,
      href: `/admin/appointments/${family.appointmentId}`,
      // Every request has had one since migration 0010; an id's start stands in otherwise.
      reference: family.reference ?? family.appointmentId.slice(0, 8),
      firstName: firstNameOf(family.name, false) ?? "—",
      assessed: formatDate(family.assessedAt),
      therapist: family.therapist,
      phone: formatPhone(family.phone),
      tel: telHref(family.phone),
    })),
  };
}
