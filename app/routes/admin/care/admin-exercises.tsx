// The exercise library, kept by admins (decision 051): each exercise in English and Hindi, its
// numbers, the conditions it suits, and whether it is offered; a new one added. Plain forms that
// work without JavaScript: saved, the page again with the exercise shown; refused, its words
// above the form, a 400 and nothing saved. Programmes keep their own copy of the numbers.
import { asc, eq } from "drizzle-orm";
import { data, Form, Link, useActionData } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { AdminPageTitle } from "#app/components/admin/admin-page-title.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { exerciseAdminTexts as texts } from "#app/domain/care/care-texts.ts";
import { readExerciseForm } from "#app/domain/care/exercise-form.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { skillNames } from "#app/domain/visits/visit-texts.ts";
import { servicesContext } from "#app/services.server.ts";
import { requestConditions } from "#db/enums.ts";
import { exercises } from "#db/schema.ts";
import type { Route } from "./+types/admin-exercises";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const { db } = context.get(servicesContext);
  const rows = await db.select().from(exercises).orderBy(asc(exercises.nameEn));
  const key = new URL(request.url).searchParams.get("key");
  return data(
    {
      rows: rows.map((row) => ({ key: row.key, name: row.nameEn, active: row.active })),
      editing: key === "new" ? null : (rows.find((row) => row.key === key) ?? null),
      adding: key === "new",
    },
    { headers: withCookies(staff.setCookies) },
  );
}

type Answer = { ok: true; message: string; key: string } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const headers = withCookies(staff.setCookies);
  const { db } = context.get(servicesContext);
  const form = await request.formData().catch(() => new FormData());
  const read = readExerciseForm(form);
  if (!read.ok) return data<Answer>({ ok: false, message: read.message }, { status: 400, headers });
  const adding = form.get("adding") === "1";
  const exercise = read.exercise;
  if (adding) {
    const [taken] = await db
      .select({ key: exercises.key })
      .from(exercises)
      .where(eq(exercises.key, exercise.key));
    if (taken) {
      return data<Answer>({ ok: false, message: texts.refusals.taken }, { status: 409, headers });
    }
    await db.insert(exercises).values(exercise);
  } else {
    const { key, ...rest } = exercise;
    const saved = await db
      .update(exercises)
      .set({ ...rest, updatedAt: new Date() })
      .where(eq(exercises.key, key))
      .returning({ key: exercises.key });
    if (saved.length === 0) {
      return data<Answer>({ ok: false, message: texts.refusals.key }, { status: 404, headers });
    }
  }
  return data<Answer>({ ok: true, message: texts.saved, key: exercise.key }, { headers });
}

/** The fields in Hindi: marked so, for the screen reader's voice and the keyboard. */
const hindiFields = new Set<string>(["nameHi", "purposeHi", "stopIfHi"]);

const field = "mt-1 block w-full min-h-11 rounded-lg border border-slate-300 px-2 text-slate-900";
const label = "mt-3 block text-sm font-medium text-slate-800";

export default function AdminExercises({ loaderData }: Route.ComponentProps) {
  const { rows, editing, adding } = loaderData;
  const answer = useActionData<typeof action>();
  const shown = editing ?? null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.back} />
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        <li>
          <Link
            to="?key=new"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 font-medium text-white"
          >
            {texts.add}
          </Link>
        </li>
        {rows.map((row) => (
          <li key={row.key}>
            <Link
              to={`?key=${row.key}`}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3"
              data-exercise-link={row.key}
            >
              {row.name}
              {row.active ? "" : ` ${texts.inactive}`}
            </Link>
          </li>
        ))}
      </ul>
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`mt-3 font-medium ${answer.ok ? "text-green-800" : "text-red-800"}`}
        >
          {answer.message}
        </p>
      ) : null}
      {shown || adding ? (
        <Form method="post" className="mt-4 max-w-2xl" noValidate key={shown?.key ?? "new"}>
          <h2 className="text-lg font-semibold text-slate-900">
            {shown ? texts.edit(shown.nameEn) : texts.add}
          </h2>
          <input type="hidden" name="adding" value={adding ? "1" : "0"} />
          {adding ? (
            <label className={label}>
              {texts.fields.key}
              <input name="key" className={field} maxLength={40} />
            </label>
          ) : (
            <input type="hidden" name="key" value={shown?.key} />
          )}
          {(["nameEn", "nameHi", "purposeEn", "purposeHi", "stopIfEn", "stopIfHi"] as const).map(
            (name) => (
              <label key={name} className={label}>
                {texts.fields[name]}
                <input
                  name={name}
                  defaultValue={shown?.[name]}
                  maxLength={300}
                  lang={hindiFields.has(name) ? "hi" : undefined}
                  className={field}
                />
              </label>
            ),
          )}
          {(["howEn", "howHi"] as const).map((name) => (
            <label key={name} className={label}>
              {texts.fields[name]}
              <textarea
                name={name}
                rows={5}
                defaultValue={shown?.[name].join("\n")}
                lang={name === "howHi" ? "hi" : undefined}
                className={field}
              />
            </label>
          ))}
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ["sets", shown?.sets],
                ["reps", shown?.reps],
                ["hold", shown?.holdSeconds],
                ["perDay", shown?.timesPerDay],
              ] as const
            ).map(([name, value]) => (
              <label key={name} className={label}>
                {texts.fields[name]}
                <input
                  name={name}
                  type="number"
                  inputMode="numeric"
                  defaultValue={value ?? undefined}
                  className={field}
                />
              </label>
            ))}
          </div>
          <fieldset className="mt-3">
            <legend className="text-sm font-medium text-slate-800">
              {texts.fields.conditions}
            </legend>
            {requestConditions.map((condition) => (
              <label key={condition} className="mt-1 flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="conditions"
                  value={condition}
                  defaultChecked={shown?.conditions.includes(condition)}
                  className="size-5"
                />
                {skillNames[condition]}
              </label>
            ))}
          </fieldset>
          <label className="mt-3 flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="active"
              defaultChecked={shown ? shown.active : true}
              className="size-5"
            />
            {texts.fields.active}
          </label>
          <button
            type="submit"
            className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-medium text-white"
          >
            {texts.save}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.loadFailed} />;
}
