// A visit's time as the front desk and therapists read it, always in India time (Asia/Kolkata):
// "Mon 1 Dec", "7:30 AM", and the values of the booking form's inputs ("2026-12-01", "07:30").
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { indiaDay } from "#app/lib/dates.ts";

export const indiaZone = "Asia/Kolkata";

const inIndia = (date: Date) => new TZDate(date.getTime(), indiaZone);

/** "Mon 1 Dec" (India's day). */
export const visitDay = (date: Date) => format(inIndia(date), "EEE d MMM");

/** "7:30 AM" (India time). */
export const visitClock = (date: Date) => format(inIndia(date), "h:mm a");

/** "Mon 1 Dec 7:30 AM". */
export const visitMoment = (date: Date) => `${visitDay(date)} ${visitClock(date)}`;

/** The India day of a time, as a date input holds it: "2026-12-01". */
export const indiaDayInput = indiaDay;

/** The India time of day, as a time input holds it: "07:30". */
export const indiaClockInput = (date: Date) => format(inIndia(date), "HH:mm");

/** The ISO weekday (1 = Monday … 7 = Sunday) of a time's India day. */
export const indiaWeekday = (date: Date) => Number(format(inIndia(date), "i"));
