// The address a suggested free start opens: the request's own page with the booking form filled
// in (`?book=<therapist>&day=YYYY-MM-DD&start=HH:MM#book`). It names a therapist and a time, never
// anything of the patient's.
import { indiaDateTimeInput } from "#app/lib/dates.ts";

/** "?book=t-1&day=2026-12-01&start=07:30#book": a start in India time. */
export function bookingSearch(therapistId: string, start: Date): string {
  const [day = "", time = ""] = indiaDateTimeInput(start).split("T");
  // Written out rather than by URLSearchParams, which would write the time's colon as %3A.
  return `?book=${encodeURIComponent(therapistId)}&day=${day}&start=${time}#book`;
}

/** What a booking address asks for; undefined when it asks for none, or not in this form. */
export function readBookingSearch(
  params: URLSearchParams,
): { therapistId: string; day: string; start: string } | undefined {
  const therapistId = params.get("book");
  const day = params.get("day") ?? "";
  const start = params.get("start") ?? "";
  if (!therapistId || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(start)) {
    return undefined;
  }
  return { therapistId, day, start };
}
