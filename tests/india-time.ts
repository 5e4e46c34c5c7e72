// India's wall-clock times for the tests' seeds: the integration and browser tests book visits
// "today at 7:30" in Asia/Kolkata, whatever the machine's zone.
import { TZDate } from "@date-fns/tz";

/** `hour`:`minute` India time, `days` from today's India date (negative: before). */
export function indiaAt(days: number, hour: number, minute = 0): Date {
  const today = new TZDate(Date.now(), "Asia/Kolkata");
  return new Date(
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + days,
      hour,
      minute,
      0,
      "Asia/Kolkata",
    ).getTime(),
  );
}
