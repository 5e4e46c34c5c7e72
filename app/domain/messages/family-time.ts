// A visit's day and time as a family reads them, in their language and always in India time:
// "Tuesday, 1 December" and "2:30 PM"; "मंगलवार, 1 दिसंबर" and "दोपहर 2:30". Written by the
// platform's own calendar data (ICU, through Intl), for the status page and the messages alike.
import { indiaTimeZone } from "#app/lib/dates.ts";
import type { Lang } from "#app/lib/lang.ts";

const locales: Record<Lang, string> = { en: "en-IN", hi: "hi-IN" };

const dayFormats = new Map<Lang, Intl.DateTimeFormat>();
const timeFormats = new Map<Lang, Intl.DateTimeFormat>();

function formatOf(cache: Map<Lang, Intl.DateTimeFormat>, lang: Lang, options: object) {
  let format = cache.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[lang], { timeZone: indiaTimeZone, ...options });
    cache.set(lang, format);
  }
  return format;
}

/** "Tuesday, 1 December" / "मंगलवार, 1 दिसंबर" (India's day). */
export const familyDay = (date: Date, lang: Lang) =>
  formatOf(dayFormats, lang, { weekday: "long", day: "numeric", month: "long" }).format(date);

/** "2:30 PM" / "दोपहर 2:30" (India time). */
export function familyTime(date: Date, lang: Lang): string {
  if (lang === "hi") {
    return formatOf(timeFormats, lang, {
      hour: "numeric",
      minute: "2-digit",
      dayPeriod: "short",
    }).format(date);
  }
  return formatOf(timeFormats, lang, { hour: "numeric", minute: "2-digit", hour12: true })
    .format(date)
    .toUpperCase();
}
