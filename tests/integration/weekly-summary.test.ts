// The owner's weekly summary (decision 019) on the real databases, through a real SMTP server: two
// instances asking at the same moment, restarts, the next week, Monday before 9:00; a new site's
// first start, which sends nothing for the week before the site; the e-mail as delivered, its
// figures written here by hand from the rows below; and off when unset. Every time is a fixed
// India time handed to the schedulers' clock, never the machine's.
import { parse as parseHtml } from "node-html-parser";
import { expect, it, onTestFinished } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import type { Database } from "#app/db.server.ts";
import type { Locate } from "#app/domain/insights/insights.server.ts";
import {
  queueWeeklySummary,
  startWeeklySummary,
  type WeeklySummaryScheduler,
} from "#app/domain/insights/weekly-summary.server.ts";
import { mailComposer } from "#app/domain/mail/mail-kinds.server.ts";
import { type MailSender, startMailSender } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { siteMailKinds } from "#app/services.server.ts";
import { appointments, notifications, weeklySummaries } from "#db/schema.ts";
import {
  describeEachDatabase,
  eventually,
  type TestDatabase,
} from "#tests/integration/databases.ts";
import { captureLog, site, staffMail } from "#tests/integration/fixtures.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/integration/smtp.ts";

const owner = "owner@clinic.test";
const siteUrl = "https://homephysio.example";
/** A time in India, written as India's clocks show it. */
const india = (local: string) => new Date(`${local}+05:30`);
const minutes = (n: number) => n * 60_000;

/** Where the test's PIN codes are (the real table is app/domain/areas'). */
const places: Record<string, ReturnType<Locate>> = {
  "110017": { district: "South Delhi", area: "delhi" },
  "201301": { district: "Gautam Buddha Nagar", area: "noida" },
  "201010": { district: "Ghaziabad", area: null },
  "122002": { district: "Gurugram", area: "gurugram" },
  "124001": { district: "Rohtak", area: null },
  "121001": { district: "Faridabad", area: "faridabad" },
};
const locate: Locate = (pincode) => places[pincode];

/** One app instance: its own outbox sender and SMTP connection, and its weekly summary. */
interface Instance {
  sender: MailSender;
  /** Starts this instance's scheduler (as a start or restart of the app does). */
  startSummary(recipient: string | undefined): WeeklySummaryScheduler | null;
  logLines(): string[];
}

function startInstance(db: Database, smtp: TestSmtpServer, clock: () => Date): Instance {
  const mailer = createMailer({ smtpUrl: smtp.url, from: site.email, mailDir: "unused" });
  const { log, lines } = captureLog();
  const sender = startMailSender(db, mailer, log, {
    compose: mailComposer(siteMailKinds(staffMail, site.name, { siteUrl, locate, now: clock })),
    maxAttempts: 3,
    retryBaseSeconds: 30,
    // Only the start's sweep and the summary's kick send: nothing waits for a poll.
    pollSeconds: 3600,
  });
  const schedulers: WeeklySummaryScheduler[] = [];
  onTestFinished(async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    await sender.stop();
    mailer.close();
  });
  return {
    sender,
    startSummary(recipient) {
      const scheduler = startWeeklySummary(db, { recipient, mailSender: sender, log, now: clock });
      if (scheduler) schedulers.push(scheduler);
      return scheduler;
    },
    logLines: lines,
  };
}

function started(scheduler: WeeklySummaryScheduler | null): WeeklySummaryScheduler {
  if (!scheduler) throw new Error("the weekly summary did not start");
  return scheduler;
}

async function storedSummaries(db: Database) {
  const weeks = await db.select().from(weeklySummaries).orderBy(weeklySummaries.weekStart);
  const messages = await db.select().from(notifications).orderBy(notifications.createdAt);
  return {
    weeks: weeks.map((week) => ({
      weekStart: week.weekStart,
      notificationId: week.notificationId,
    })),
    messages: messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      recipient: message.recipient,
      payload: message.payload,
    })),
  };
}

async function allSent(db: Database, smtp: TestSmtpServer, count: number) {
  await eventually(`${count} summaries sent`, async () => {
    const rows = await db.select().from(notifications);
    // A failed attempt is retried only 30 s later: say why at once instead.
    expect(rows.map((row) => row.lastError).filter(Boolean)).toEqual([]);
    const sent = rows.filter((row) => row.state === "sent").length;
    return sent === count && smtp.received.length === count;
  });
}

/** Two instances on the test's database (the second with a handle of its own), both started. */
async function twoInstances(database: TestDatabase, smtp: TestSmtpServer, clock: () => Date) {
  const second = await database.openInstance();
  const instances = [
    startInstance(database.db, smtp, clock),
    startInstance(second.db, smtp, clock),
  ];
  const [a, b] = instances.map((instance) => started(instance.startSummary(owner))) as [
    WeeklySummaryScheduler,
    WeeklySummaryScheduler,
  ];
  return { second, instances, a, b };
}

describeEachDatabase("the weekly summary", (database) => {
  it("is queued and sent once a week by two instances at once, across restarts, from Monday 9:00", async () => {
    // The site has taken requests since February: the first week due is summarised.
    await insertRequest(database.db, india("2026-02-20T10:00:00"));
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    let now = india("2026-03-09T08:59:59");
    const clock = () => now;
    const { second, instances, a, b } = await twoInstances(database, smtp, clock);

    // Monday before 9:00 in India (and 00:30 on Monday is still Sunday in UTC): nothing.
    expect(await Promise.all([a.check(), b.check()])).toEqual([false, false]);
    now = india("2026-03-09T00:30:00");
    expect(await queueWeeklySummary(second.db, { now, recipient: owner })).toBe("none");
    expect(await storedSummaries(database.db)).toEqual({ weeks: [], messages: [] });

    // 9:00 on the dot, both instances at the same moment: one of them queues last week's.
    now = india("2026-03-09T09:00:00");
    expect((await Promise.all([a.check(), b.check()])).sort()).toEqual([false, true]);
    const first = await storedSummaries(database.db);
    const firstId = first.messages[0]?.id;
    expect(first).toEqual({
      weeks: [{ weekStart: "2026-03-02", notificationId: firstId }],
      messages: [
        {
          id: firstId,
          kind: "weekly-summary",
          recipient: owner,
          payload: { from: "2026-03-02", to: "2026-03-08" },
        },
      ],
    });
    await allSent(database.db, smtp, 1);

    // Both restart on Wednesday, and check again until Sunday night: nothing more.
    await Promise.all([a.stop(), b.stop()]);
    now = india("2026-03-11T14:00:00");
    const [c, d] = instances.map((instance) => started(instance.startSummary(owner))) as [
      WeeklySummaryScheduler,
      WeeklySummaryScheduler,
    ];
    expect(await Promise.all([c.check(), d.check()])).toEqual([false, false]);
    now = india("2026-03-15T23:59:59");
    expect(await Promise.all([c.check(), d.check()])).toEqual([false, false]);
    // Monday again, before 9:00: still nothing.
    now = india("2026-03-16T08:59:00");
    expect(await Promise.all([c.check(), d.check()])).toEqual([false, false]);
    expect(await storedSummaries(database.db)).toEqual(first);

    // Restarted once more at 9:05: the checks at their start queue the new week's, once.
    await Promise.all([c.stop(), d.stop()]);
    now = india("2026-03-16T09:05:00");
    const [e, f] = instances.map((instance) => started(instance.startSummary(owner)));
    await Promise.all([e?.stop(), f?.stop()]);
    const later = await storedSummaries(database.db);
    const secondId = later.messages[1]?.id;
    expect(secondId).not.toBe(firstId);
    expect(later).toEqual({
      weeks: [
        { weekStart: "2026-03-02", notificationId: firstId },
        { weekStart: "2026-03-09", notificationId: secondId },
      ],
      messages: [
        ...first.messages,
        {
          id: secondId,
          kind: "weekly-summary",
          recipient: owner,
          payload: { from: "2026-03-09", to: "2026-03-15" },
        },
      ],
    });
    await allSent(database.db, smtp, 2);

    // No instance ran from Monday 23 March 9:00 to Monday 30 March: that week (16 to 22 March)
    // is skipped, not sent late; the week before the current one is.
    now = india("2026-03-30T10:00:00");
    expect(await queueWeeklySummary(database.db, { now, recipient: owner })).toBe("queued");
    expect((await storedSummaries(database.db)).weeks.map((week) => week.weekStart)).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-23",
    ]);
    instances[0]?.sender.kick();
    await allSent(database.db, smtp, 3);

    expect(smtp.received.map((mail) => [mail.envelope.to, mail.subject])).toEqual([
      [[owner], "Weekly summary: 0 requests, Mar 02 – Mar 08, 2026"],
      [[owner], "Weekly summary: 0 requests, Mar 09 – Mar 15, 2026"],
      [[owner], "Weekly summary: 0 requests, Mar 23 – Mar 29, 2026"],
    ]);
    const lines = instances.flatMap((instance) => instance.logLines());
    expect(lines.filter((line) => line.includes('"msg":"weekly summary queued"'))).toHaveLength(2);
    for (const line of lines) expect(line).not.toContain(owner);
  });

  it("sends nothing on a new site's first start for the week before it, and the week it began on the next Monday", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    // Installed on Thursday 12 March, with the setting, on an empty database, two instances.
    let now = india("2026-03-12T11:00:00");
    const clock = () => now;
    const { instances, a, b } = await twoInstances(database, smtp, clock);

    // The week of 2 to 8 March predates the site: it is taken, with no e-mail, once.
    expect(await Promise.all([a.check(), b.check()])).toEqual([false, false]);
    expect(await storedSummaries(database.db)).toEqual({
      weeks: [{ weekStart: "2026-03-02", notificationId: null }],
      messages: [],
    });
    const lines = () => instances.flatMap((instance) => instance.logLines());
    expect(lines().filter((line) => line.includes("predates the site"))).toHaveLength(1);

    // The first request comes on Friday; on Monday 9:00 the week the site began is sent.
    await insertRequest(database.db, india("2026-03-13T16:00:00"));
    now = india("2026-03-16T09:00:00");
    expect((await Promise.all([a.check(), b.check()])).sort()).toEqual([false, true]);
    const stored = await storedSummaries(database.db);
    const sentId = stored.messages[0]?.id;
    expect(stored).toEqual({
      weeks: [
        { weekStart: "2026-03-02", notificationId: null },
        { weekStart: "2026-03-09", notificationId: sentId },
      ],
      messages: [
        {
          id: sentId,
          kind: "weekly-summary",
          recipient: owner,
          payload: { from: "2026-03-09", to: "2026-03-15" },
        },
      ],
    });
    await allSent(database.db, smtp, 1);
    expect(smtp.received.map((mail) => [mail.envelope.to, mail.subject])).toEqual([
      [[owner], "Weekly summary: 1 request, Mar 09 – Mar 15, 2026"],
    ]);
    expect(lines().filter((line) => line.includes("predates the site"))).toHaveLength(1);
  });

  it("sends the week before at once on a first check when the site already existed", async () => {
    const now = india("2026-03-12T11:00:00");
    const weekBefore = { from: "2026-03-02", to: "2026-03-08" };
    const queued = async () => {
      const { weeks, messages } = await storedSummaries(database.db);
      return {
        weeks: weeks.map((week) => week.weekStart),
        payloads: messages.map((message) => message.payload),
      };
    };

    // Requests since February, the summary never set until now: the week before is sent.
    await insertRequest(database.db, india("2026-02-20T10:00:00"));
    expect(await queueWeeklySummary(database.db, { now, recipient: owner })).toBe("queued");
    expect(await queued()).toEqual({ weeks: ["2026-03-02"], payloads: [weekBefore] });

    // A request on the week's last evening is enough: the site existed in it.
    await database.db.delete(weeklySummaries);
    await database.db.delete(notifications);
    await database.db.delete(appointments);
    await insertRequest(database.db, india("2026-03-08T23:50:00"));
    expect(await queueWeeklySummary(database.db, { now, recipient: owner })).toBe("queued");
    expect(await queued()).toEqual({ weeks: ["2026-03-02"], payloads: [weekBefore] });

    // No request at all, but weeks recorded before (a site that ran for months, or a database
    // restored from a backup): every week is sent as before.
    await database.db.delete(weeklySummaries);
    await database.db.delete(notifications);
    await database.db.delete(appointments);
    await database.db.insert(weeklySummaries).values({ weekStart: "2025-11-03" });
    expect(await queueWeeklySummary(database.db, { now, recipient: owner })).toBe("queued");
    expect(await queued()).toEqual({ weeks: ["2025-11-03", "2026-03-02"], payloads: [weekBefore] });
  });

  it("tells the owner the week's figures, with a chart and the link to the insights page", async () => {
    await insertWeek(database.db);
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    // Sent at 9:00 on Monday: the figures are those of that moment.
    const now = india("2026-03-09T09:00:00");
    const instance = startInstance(database.db, smtp, () => now);
    await started(instance.startSummary(owner)).stop();
    await allSent(database.db, smtp, 1);

    const [mail] = smtp.received;
    expect(mail?.envelope.to).toEqual([owner]);
    expect(mail?.headers.get("to")).toBe(owner);
    expect(mail?.subject).toBe("Weekly summary: 7 requests, Mar 02 – Mar 08, 2026");
    expect(mail?.text).toBe(
      [
        "HomePhysio NCR weekly summary, Mar 02 – Mar 08, 2026",
        "",
        "Requests: 7 · 1 the week before",
        "Contacted within 24 hours: 4 of 6 (67%) · 0% the week before",
        "Median time to first contact: 1 h · none contacted the week before",
        "Overdue now (pending over 24 hours): 3",
        // No visit booked: the five requests of the week 48 hours old, not completed, not erased.
        "Median time from request to first visit: none booked · none booked the week before",
        "First visit within 48 hours: 0 of 5 (0%) · 0% the week before",
        "Home visits: 0 done, 0 not home, 0 cancelled",
        "Within 24 hours counts the requests contacted, or at least 24 hours old and not erased.",
        "",
        "Requests per day",
        "Mon, Mar 02  ████████████████████ 2",
        "Tue, Mar 03  0",
        "Wed, Mar 04  ██████████ 1",
        "Thu, Mar 05  ██████████ 1",
        "Fri, Mar 06  ██████████ 1",
        "Sat, Mar 07  ██████████ 1",
        "Sun, Mar 08  ██████████ 1",
        "",
        "By area (top 5)",
        "Delhi: 2",
        "Faridabad: 1",
        "Gurugram: 1",
        "Noida: 1",
        "Ghaziabad (outside our areas): 1",
        "",
        "By channel",
        "Direct: 2",
        "Search: 2",
        "Ads: 1",
        "Social: 1",
        "Not recorded: 1",
        "",
        "Therapists",
        "None",
        "",
        "The week on the insights page:",
        "https://homephysio.example/admin/insights?period=dates&from=2026-03-02&to=2026-03-08",
      ].join("\n"),
    );

    const html = parseHtml(mail?.html ?? "");
    expect(html.querySelector("h1")?.text).toBe(
      "HomePhysio NCR weekly summary, Mar 02 – Mar 08, 2026",
    );
    const link = html.querySelector("a");
    expect(link?.getAttribute("href")).toBe(
      "https://homephysio.example/admin/insights?period=dates&from=2026-03-02&to=2026-03-08",
    );
    expect(link?.text).toBe("Open the week on the insights page");
    const [figures, chart, areas, channels] = html
      .querySelectorAll("table[role=presentation]")
      .filter((table) => !table.parentNode?.closest("table"));
    const rowsOf = (table: typeof figures) =>
      (table?.querySelectorAll(":scope > tr") ?? []).map((row) =>
        row.querySelectorAll(":scope > td").map((cell) => cell.text.trim()),
      );
    expect(rowsOf(figures)).toEqual([
      ["Requests", "7 · 1 the week before"],
      ["Contacted within 24 hours", "4 of 6 (67%) · 0% the week before"],
      ["Median time to first contact", "1 h · none contacted the week before"],
      ["Overdue now (pending over 24 hours)", "3"],
      ["Median time from request to first visit", "none booked · none booked the week before"],
      ["First visit within 48 hours", "0 of 5 (0%) · 0% the week before"],
      ["Home visits", "0 done, 0 not home, 0 cancelled"],
    ]);
    expect(rowsOf(areas)).toEqual([
      ["Delhi", "2"],
      ["Faridabad", "1"],
      ["Gurugram", "1"],
      ["Noida", "1"],
      ["Ghaziabad (outside our areas)", "1"],
    ]);
    expect(rowsOf(channels)).toEqual([
      ["Direct", "2"],
      ["Search", "2"],
      ["Ads", "1"],
      ["Social", "1"],
      ["Not recorded", "1"],
    ]);
    // The chart: each day, its bar (a coloured cell as wide as its share of the busiest day),
    // and its count.
    expect(
      (chart?.querySelectorAll(":scope > tr") ?? []).map((row) => {
        const [day, bar, count] = row.querySelectorAll(":scope > td");
        const filled = bar?.querySelector("td[bgcolor]");
        return [day?.text, filled?.getAttribute("width") ?? "", count?.text];
      }),
    ).toEqual([
      ["Mon, Mar 02", "100%", "2"],
      ["Tue, Mar 03", "", "0"],
      ["Wed, Mar 04", "50%", "1"],
      ["Thu, Mar 05", "50%", "1"],
      ["Fri, Mar 06", "50%", "1"],
      ["Sat, Mar 07", "50%", "1"],
      ["Sun, Mar 08", "50%", "1"],
    ]);
  });

  it("is off when WEEKLY_SUMMARY_TO is unset or empty, and refuses a value that is no address", async () => {
    await insertRequest(database.db, india("2026-02-20T10:00:00"));
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const now = india("2026-03-09T10:00:00");
    const instance = startInstance(database.db, smtp, () => now);

    expect(() => parseEnv({ WEEKLY_SUMMARY_TO: "the owner" })).toThrow(/WEEKLY_SUMMARY_TO/);
    expect(instance.startSummary(parseEnv({}).WEEKLY_SUMMARY_TO)).toBeNull();
    expect(instance.startSummary(parseEnv({ WEEKLY_SUMMARY_TO: "" }).WEEKLY_SUMMARY_TO)).toBeNull();
    expect(await storedSummaries(database.db)).toEqual({ weeks: [], messages: [] });

    // The same instance with the setting: the summary is due, and queued.
    const set = parseEnv({ WEEKLY_SUMMARY_TO: owner }).WEEKLY_SUMMARY_TO;
    await started(instance.startSummary(set)).stop();
    const { weeks, messages } = await storedSummaries(database.db);
    expect(weeks).toEqual([{ weekStart: "2026-03-02", notificationId: messages[0]?.id }]);
    expect(messages.map((message) => [message.recipient, message.payload])).toEqual([
      [owner, { from: "2026-03-02", to: "2026-03-08" }],
    ]);
  });
});

interface Row {
  at: Date;
  pincode: string;
  channel?: "search" | "ads" | "social" | "direct" | null;
  junk?: boolean;
  /** First contacted this many minutes after arriving. */
  contactAfter?: number;
}

/**
 * The week of Monday 2 to Sunday 8 March 2026, summarised at 9:00 on Monday 9 March. In it, not
 * junk: 7 requests (Mon 2, Wed to Sun 1 each); 5 contacted, after 30, 120, 1800, 60 and 45
 * minutes (median 60; within 24 hours: 4); judged: those 5 and the Wednesday one still pending
 * (the Sunday 23:50 one is 9 hours old) = 6. Overdue now: Wednesday's, and two pending before the
 * week (1 March, 20 February) = 3; not the junk one, nor those of the last 24 hours. The week
 * before (23 February to 1 March): only the 1 March one, pending and judged: 1 request, 0 of 1.
 */
const rows: Row[] = [
  // 00:10 on Monday in India is still Sunday in UTC: it belongs to Monday 2 March.
  { at: india("2026-03-02T00:10:00"), pincode: "110017", channel: "direct", contactAfter: 30 },
  { at: india("2026-03-02T10:00:00"), pincode: "201301", channel: "search", contactAfter: 120 },
  { at: india("2026-03-04T15:00:00"), pincode: "201010", channel: "ads" },
  { at: india("2026-03-05T09:00:00"), pincode: "122002", channel: "social", contactAfter: 1800 },
  { at: india("2026-03-06T12:00:00"), pincode: "110017", channel: "direct", contactAfter: 60 },
  // Rohtak: outside the areas served, and the sixth place: not in the top 5.
  { at: india("2026-03-07T18:00:00"), pincode: "124001", channel: "search", contactAfter: 45 },
  { at: india("2026-03-08T23:50:00"), pincode: "121001" },
  { at: india("2026-03-03T11:00:00"), pincode: "110017", channel: "direct", junk: true },
  // Outside the week: 00:05 on Monday 9 March in India, 23:55 on Sunday 1 March, 20 February.
  { at: india("2026-03-09T00:05:00"), pincode: "110017", channel: "direct" },
  { at: india("2026-03-01T23:55:00"), pincode: "110017", channel: "direct" },
  { at: india("2026-02-20T10:00:00"), pincode: "122002" },
];

/** One request, received at `at`: the site was running then. */
async function insertRequest(db: Database, at: Date): Promise<void> {
  await db.insert(appointments).values({
    name: "Patient",
    phone: "98110 99999",
    address: "H-12, Sector 43",
    pincode: "110017",
    createdAt: at,
  });
}

async function insertWeek(db: Database): Promise<void> {
  await db.insert(appointments).values(
    rows.map((row, i) => ({
      name: `Patient ${i + 1}`,
      phone: `98110 ${String(i + 1).padStart(5, "0")}`,
      address: "H-12, Sector 43",
      pincode: row.pincode,
      status: row.contactAfter === undefined ? ("pending" as const) : ("contacted" as const),
      createdAt: row.at,
      junk: row.junk ?? false,
      channel: row.channel ?? null,
      firstContactAt:
        row.contactAfter === undefined
          ? null
          : new Date(row.at.getTime() + minutes(row.contactAfter)),
    })),
  );
}
