// One record shape, every language: a page's words typed so that a language cannot be missing.
import type { Lang } from "#app/lib/lang.ts";

export type { Lang } from "#app/lib/lang.ts";

/** A value in each of the site's languages; the type refuses a record without its Hindi. */
export type Localized<T> = { readonly [L in Lang]: T };
