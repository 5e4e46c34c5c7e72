/**
 * India's time zone, the one the clinic and every date it shows live in: named once, here, for
 * Intl, date-fns's TZDate and SQL's AT TIME ZONE alike (decision 028).
 */
export const indiaTimeZone = "Asia/Kolkata";

const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

const hindiMonthNames = [
  "जनवरी",
  "फ़रवरी",
  "मार्च",
  "अप्रैल",
  "मई",
  "जून",
  "जुलाई",
  "अगस्त",
  "सितंबर",
  "अक्टूबर",
  "नवंबर",
  "दिसंबर",
] as const;

/** A day as each language writes it: "Nov 05, 2026", "05 नवंबर 2026" (India's day). */
export function formatDateIn(lang: "en" | "hi", date: Date): string {
  const english = formatDate(date);
  if (lang === "en") return english;
  const [month = "", day = "", year = ""] = english.replace(",", "").split(" ");
  return `${day} ${hindiMonthNames[monthNames.indexOf(month as (typeof monthNames)[number])]} ${year}`;
}

// Making a formatter is costly (it loads locale and time-zone data); one per time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "MMM dd, yyyy", e.g. "Nov 05, 2026" — the date format the whole site uses. */
export function formatDate(date: Date, timeZone = indiaTimeZone): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-IN", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${monthNames[Number(part("month")) - 1]} ${part("day")}, ${part("year")}`;
}

const isoDayInIndia = new Intl.DateTimeFormat("en-CA", {
  timeZone: indiaTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day in India as yyyy-mm-dd (for file names): early-morning IST is not the day before. */
export function indiaDay(date: Date): string {
  return isoDayInIndia.format(date);
}

const timeInIndia = new Intl.DateTimeFormat("en-IN", {
  timeZone: indiaTimeZone,
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** "10:42 am" → "10:42 AM", in India time. */
export function formatTime(date: Date): string {
  return timeInIndia.format(date).toUpperCase();
}

/** "Nov 24, 2026, 10:42 AM" in India time. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)}, ${formatTime(date)}`;
}

/** How long ago, in the unit a person would say: "5 min ago", "18 h ago", "3 d ago". */
export function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

// India has kept one offset, +05:30, with no daylight saving, since 1945: a wall-clock time there
// is that offset away from UTC, always.
const indiaOffsetMs = 330 * 60_000;

/**
 * A `datetime-local` value ("2026-11-25T10:30") read as India time; undefined for anything
 * else, or a date that does not exist (Feb 30).
 */
export function parseIndiaDateTime(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) {
    return undefined;
  }
  return new Date(utc - indiaOffsetMs);
}

/** India's midnight at the start of a yyyy-mm-dd day; undefined for anything else (Feb 30). */
export function parseIndiaDay(day: string): Date | undefined {
  return parseIndiaDateTime(`${day}T00:00`);
}

/** The `datetime-local` value of a time, in India time ("2026-11-25T10:30"). */
export function indiaDateTimeInput(date: Date): string {
  return new Date(date.getTime() + indiaOffsetMs).toISOString().slice(0, 16);
}

/** The time with India's offset, as a spreadsheet reads it: "2026-11-24T10:42:07+05:30". */
export function indiaIsoTime(date: Date): string {
  return `${new Date(date.getTime() + indiaOffsetMs).toISOString().slice(0, 19)}+05:30`;
}

const weekdayInIndia = new Intl.DateTimeFormat("en-IN", {
  timeZone: indiaTimeZone,
  weekday: "long",
});

/** "Friday": the day of the week in India. */
export function formatWeekday(date: Date): string {
  return weekdayInIndia.format(date);
}
