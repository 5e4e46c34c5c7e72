// An exercise of the library as an admin's form sends it (/admin/exercises): both languages, the
// steps one per line, the numbers in the ranges the database's check holds.
import { exerciseAdminTexts } from "#app/domain/care/care-texts.ts";
import { requestConditions } from "#db/enums.ts";
import type { exercises } from "#db/schema.ts";

export type ExerciseRow = Omit<typeof exercises.$inferInsert, "updatedAt">;

const refusals = exerciseAdminTexts.refusals;

export function readExerciseForm(
  form: FormData,
): { ok: true; exercise: ExerciseRow } | { ok: false; message: string } {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const key = text("key");
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(key) || key.length < 2 || key.length > 40) {
    return { ok: false, message: refusals.key };
  }
  const words = ["nameEn", "nameHi", "purposeEn", "purposeHi", "stopIfEn", "stopIfHi"].map(text);
  if (words.some((word) => word.length < 1 || word.length > 300)) {
    return { ok: false, message: refusals.text };
  }
  const steps = (name: string) =>
    text(name)
      .split(/\r?\n/)
      .map((step) => step.trim())
      .filter(Boolean);
  const howEn = steps("howEn");
  const howHi = steps("howHi");
  if (
    howEn.length < 1 ||
    howEn.length > 8 ||
    howEn.length !== howHi.length ||
    [...howEn, ...howHi].some((step) => step.length > 300)
  ) {
    return { ok: false, message: refusals.steps };
  }
  const whole = (name: string, min: number, max: number) => {
    const raw = text(name);
    return /^\d{1,3}$/.test(raw) && Number(raw) >= min && Number(raw) <= max
      ? Number(raw)
      : undefined;
  };
  const sets = whole("sets", 1, 10);
  const reps = whole("reps", 1, 100);
  const timesPerDay = whole("perDay", 1, 6);
  const holdSeconds = text("hold") === "" ? null : whole("hold", 1, 300);
  if (
    sets === undefined ||
    reps === undefined ||
    timesPerDay === undefined ||
    holdSeconds === undefined
  ) {
    return { ok: false, message: refusals.numbers };
  }
  const conditions = form.getAll("conditions").map(String);
  if (
    conditions.some((condition) => !(requestConditions as readonly string[]).includes(condition))
  ) {
    return { ok: false, message: refusals.conditions };
  }
  const [nameEn, nameHi, purposeEn, purposeHi, stopIfEn, stopIfHi] = words as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    ok: true,
    exercise: {
      key,
      nameEn,
      nameHi,
      purposeEn,
      purposeHi,
      howEn,
      howHi,
      sets,
      reps,
      holdSeconds,
      timesPerDay,
      stopIfEn,
      stopIfHi,
      conditions: [...new Set(conditions)],
      active: form.get("active") === "on",
    },
  };
}
