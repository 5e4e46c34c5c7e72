// The travel table's two forms at /admin/travel (decision 050): "Save" posts every row shown
// (`pair` "placeA|placeB" and `minutes`, in the same order; minutes left empty remove the row),
// "Add" posts one pair of places and its minutes. Places are checked against the page's own list.
import { travelFormMessages as messages } from "#app/domain/visits/visit-texts.ts";

interface TravelRow {
  placeA: string;
  placeB: string;
  /** Null: remove the pair (it then takes the least, or its areas' row). */
  minutes: number | null;
}

export type TravelForm = { ok: true; rows: TravelRow[] } | { ok: false; message: string };

/** The most rows one post may hold: every pair of the listed places would never be typed. */
const maxRows = 500;

function minutesOf(value: FormDataEntryValue | null, required: boolean): number | null | undefined {
  if (typeof value !== "string") return undefined;
  const typed = value.trim();
  if (typed === "") return required ? undefined : null;
  if (!/^\d{1,3}$/.test(typed)) return undefined;
  const minutes = Number(typed);
  return minutes <= 240 ? minutes : undefined;
}

export function parseTravelForm(form: FormData, places: ReadonlySet<string>): TravelForm {
  const intent = form.get("intent");
  if (intent === "add") {
    const placeA = form.get("placeA");
    const placeB = form.get("placeB");
    if (typeof placeA !== "string" || typeof placeB !== "string") {
      return { ok: false, message: messages.places };
    }
    if (!places.has(placeA) || !places.has(placeB)) return { ok: false, message: messages.places };
    const minutes = minutesOf(form.get("minutes"), true);
    if (minutes === undefined || minutes === null) return { ok: false, message: messages.minutes };
    return { ok: true, rows: [{ placeA, placeB, minutes }] };
  }
  if (intent !== "save") return { ok: false, message: messages.failed };
  const pairs = form.getAll("pair");
  const typed = form.getAll("minutes");
  if (pairs.length !== typed.length || pairs.length > maxRows) {
    return { ok: false, message: messages.failed };
  }
  const rows: TravelRow[] = [];
  for (const [index, pair] of pairs.entries()) {
    const [placeA, placeB, ...rest] = typeof pair === "string" ? pair.split("|") : [];
    if (!placeA || !placeB || rest.length > 0 || !places.has(placeA) || !places.has(placeB)) {
      return { ok: false, message: messages.places };
    }
    const minutes = minutesOf(typed[index] ?? null, false);
    if (minutes === undefined) return { ok: false, message: messages.minutes };
    rows.push({ placeA, placeB, minutes });
  }
  return { ok: true, rows };
}
