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

/** "MMM dd, yyyy", e.g. "Nov 05, 2026" — the date format the whole site uses. */
export function formatDate(date: Date, timeZone = "Asia/Kolkata"): string {
  const parts = new Intl.DateTimeFormat("en-IN", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "2-digit",
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${monthNames[Number(part("month")) - 1]} ${part("day")}, ${part("year")}`;
}
