// A visit's time as the front desk and therapists read it, always in India time (Asia/Kolkata):
// "Mon 1 Dec", "7:30 AM", and the value of the booking form's date input ("2026-12-01").
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { indiaDay, indiaTimeZone } from "#app/lib/dates.ts";

const inIndia = (date: Date) => new TZDate(date.getTime(), indiaTimeZone);

/** "Mon 1 Dec" (India's day). */
export const visitDay = (date: Date) => format(inIndia(date), "EEE d MMM");

/** "7:30 AM" (India time). */
export const visitClock = (date: Date) => format(inIndia(date), "h:mm a");

/** "Mon 1 Dec 7:30 AM". */
export const visitMoment = (date: Date) => `${visitDay(date)} ${visitClock(date)}`;

/** The India day of a time, as a date input holds it: "2026-12-01". */
export const indiaDayInput = indiaDay;
