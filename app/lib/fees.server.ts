// The fees a page states, in its language: the words of app/content/fees.ts with the figures of
// the settings (or the samples, while the clinic has not set them). Server only: a page's loader
// sends the result, so neither the words nor the figures are in the JavaScript.
import { feesOf, getEnv } from "#app/config/env.server.ts";
import { feesIn } from "#app/content/fees.ts";
import type { Lang } from "#app/lib/lang.ts";

export function pageFees(lang: Lang) {
  return feesIn(lang, feesOf(getEnv()));
}
