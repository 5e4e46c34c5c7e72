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

// Making a formatter is costly (it loads locale and time-zone data); one per time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "MMM dd, yyyy", e.g. "Nov 05, 2026" — the date format the whole site uses. */
export function formatDate(date: Date, timeZone = "Asia/Kolkata"): string {
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
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day in India as yyyy-mm-dd (for file names): early-morning IST is not the day before. */
export function indiaDay(date: Date): string {
  return isoDayInIndia.format(date);
}
