// A therapist's profile form (/admin/therapists/:id): every field of the profile in one form,
// each refusal under its field, values kept as typed. Leave days are removed and added by the
// same form (each button saves the whole profile), so that nothing needs the JavaScript.
import { Form, Link, useNavigation } from "react-router";
import { adminLink } from "#app/components/admin/admin-page-title.tsx";
import type { FieldErrors, ProfileFormValues, Weekday } from "#app/domain/visits/therapist-form.ts";
import { weekdays, windowFields } from "#app/domain/visits/therapist-form.ts";
import type { Therapist } from "#app/domain/visits/therapists.server.ts";
import {
  skillNames,
  therapistFormTexts as texts,
  therapistTexts,
  weekdayNames,
} from "#app/domain/visits/visit-texts.ts";
import { formatDate, parseIndiaDay } from "#app/lib/dates.ts";
import { therapistLanguages, therapistSkills } from "#db/enums.ts";

export type ProfileAnswer =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: FieldErrors; values?: ProfileFormValues };

export interface TherapistProfilePageProps {
  therapist: Omit<Therapist, "updatedAt"> & { updatedAt: number };
  districts: { name: string; areas: string[] }[];
  today: string;
  answer?: ProfileAnswer;
}

const control = "mt-1 block h-10 rounded-md border border-slate-300 bg-white px-2";
const legend = "text-base font-semibold text-slate-900";
const primary =
  "inline-flex min-h-10 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const secondary =
  "inline-flex min-h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50";

const errorId = (name: string) => `${name}-error`;

function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  const message = errors[name];
  return message ? (
    <p id={errorId(name)} className="mt-1 text-sm text-red-800" data-field-error={name}>
      {message}
    </p>
  ) : null;
}

/** The attributes of a control that may be refused. */
const invalidProps = (name: string, errors: FieldErrors, hint?: string) => ({
  "aria-invalid": errors[name] ? true : undefined,
  "aria-describedby": errors[name] ? errorId(name) : hint,
});

export function TherapistProfilePage({
  therapist,
  districts,
  today,
  answer,
}: TherapistProfilePageProps) {
  const busy = useNavigation().state === "submitting";
  const errors = answer && !answer.ok ? answer.errors : {};
  const typed = answer && !answer.ok ? answer.values : undefined;
  const all = (name: string): string[] => {
    const value = typed?.[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const text = (name: string, stored: string | number) =>
    typed ? (all(name)[0] ?? "") : String(stored);
  const list = (name: string, stored: readonly string[]) => (typed ? all(name) : stored);
  const languages = list("languages", therapist.languages);
  const skills = list("skills", therapist.skills);
  const chosenDistricts = list("districts", therapist.districts);
  const leave = list("leave", therapist.leave);
  const windowValue = (day: Weekday, index: number, end: "from" | "to") =>
    typed
      ? (all(`hours.${day}.${index}.${end}`)[0] ?? "")
      : (therapist.hours[day]?.[index]?.[end] ?? "");

  return (
    <div className="mx-auto max-w-4xl px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 className="text-xl font-bold text-slate-900">{texts.title(therapist.displayName)}</h1>
        <Link to="/admin/therapists" className={adminLink}>
          ← {therapistTexts.backToList}
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {texts.account}: {therapist.email}
      </p>
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`mt-3 rounded-md border px-3 py-2 ${answer.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-800"}`}
          data-profile-answer={answer.ok ? "saved" : "refused"}
        >
          {answer.message}
        </p>
      ) : null}

      <Form method="post" key={therapist.updatedAt} className="mt-4 space-y-6" noValidate>
        <fieldset className="space-y-3">
          <legend className={legend}>{texts.about}</legend>
          <div>
            <label htmlFor="displayName" className="block text-sm font-medium text-slate-800">
              {texts.displayName}
            </label>
            <input
              id="displayName"
              name="displayName"
              maxLength={100}
              required
              autoComplete="off"
              defaultValue={text("displayName", therapist.displayName)}
              {...invalidProps("displayName", errors, "displayName-hint")}
              className={`${control} w-full max-w-md`}
            />
            <p id="displayName-hint" className="text-sm text-slate-700">
              {texts.displayNameHint}
            </p>
            <FieldError name="displayName" errors={errors} />
          </div>
          <div>
            <label
              htmlFor="registrationNumber"
              className="block text-sm font-medium text-slate-800"
            >
              {texts.registrationNumber}
            </label>
            <input
              id="registrationNumber"
              name="registrationNumber"
              maxLength={60}
              autoComplete="off"
              defaultValue={text("registrationNumber", therapist.registrationNumber)}
              {...invalidProps("registrationNumber", errors, "registrationNumber-hint")}
              className={`${control} w-full max-w-md`}
            />
            <p id="registrationNumber-hint" className="text-sm text-slate-700">
              {texts.registrationNumberHint}
            </p>
            <FieldError name="registrationNumber" errors={errors} />
          </div>
          <div>
            <label htmlFor="yearsOfPractice" className="block text-sm font-medium text-slate-800">
              {texts.yearsOfPractice}
            </label>
            <input
              id="yearsOfPractice"
              name="yearsOfPractice"
              type="number"
              min={0}
              max={70}
              step={1}
              inputMode="numeric"
              defaultValue={text("yearsOfPractice", therapist.yearsOfPractice)}
              {...invalidProps("yearsOfPractice", errors)}
              className={`${control} w-28`}
            />
            <FieldError name="yearsOfPractice" errors={errors} />
          </div>
        </fieldset>

        <Choices
          name="languages"
          title={texts.languages}
          options={therapistLanguages.map((language) => ({ value: language, label: language }))}
          chosen={languages}
          errors={errors}
        />
        <Choices
          name="skills"
          title={texts.skills}
          options={therapistSkills.map((skill) => ({ value: skill, label: skillNames[skill] }))}
          chosen={skills}
          errors={errors}
        />
        <Choices
          name="districts"
          title={texts.districts}
          hint={texts.districtsHint}
          options={districts.map(({ name, areas }) => ({
            value: name,
            label: areas.length > 0 ? `${name} (${areas.join(", ")})` : name,
          }))}
          chosen={chosenDistricts}
          errors={errors}
        />

        <fieldset>
          <legend className={legend}>{texts.hours}</legend>
          <p className="text-sm text-slate-700">{texts.hoursHint}</p>
          <div className="mt-2 space-y-2">
            {/* What each pair of times is, for the eye; each field has its own full name. */}
            <div aria-hidden="true" className="hidden gap-x-6 text-sm text-slate-700 sm:flex">
              <span className="w-28" />
              {[1, 2].map((n) => (
                <span key={n} className="w-66">
                  {texts.window(n)} ({texts.from} – {texts.to})
                </span>
              ))}
            </div>
            {weekdays.map((day) => (
              <div key={day} className="flex flex-wrap items-start gap-x-6 gap-y-1" data-day={day}>
                <p className="w-28 pt-3 font-medium text-slate-800">{weekdayNames[day]}</p>
                {windowFields(day).map((field, index) => (
                  <div key={field.from}>
                    <div className="flex items-center gap-2">
                      {(["from", "to"] as const).map((end) => (
                        <input
                          key={end}
                          type="time"
                          name={field[end]}
                          step={300}
                          aria-label={texts.windowLabel(weekdayNames[day], index + 1, end)}
                          defaultValue={windowValue(day, index, end)}
                          {...invalidProps(field[end], errors)}
                          className={`${control} mt-0 w-32`}
                        />
                      ))}
                    </div>
                    <FieldError name={field.from} errors={errors} />
                    <FieldError name={field.to} errors={errors} />
                  </div>
                ))}
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className={legend}>{texts.leave}</legend>
          {leave.length === 0 ? (
            <p className="text-sm text-slate-700">{texts.noLeave}</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-2" data-leave-list>
              {leave.map((day) => {
                const shown = formatDate(parseIndiaDay(day) ?? new Date(Number.NaN));
                return (
                  <li
                    key={day}
                    className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1"
                    data-leave={day}
                  >
                    <input type="hidden" name="leave" value={day} />
                    <span>{shown}</span>
                    <button
                      type="submit"
                      name="removeLeave"
                      value={day}
                      className={secondary}
                      aria-label={texts.removeLeave(shown)}
                      disabled={busy}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="mt-2 flex flex-wrap items-end gap-3">
            {(["addLeaveFrom", "addLeaveTo"] as const).map((name) => (
              <div key={name}>
                <label htmlFor={name} className="block text-sm font-medium text-slate-800">
                  {name === "addLeaveFrom" ? texts.addLeaveFrom : texts.addLeaveTo}
                </label>
                <input
                  id={name}
                  name={name}
                  type="date"
                  min={today}
                  defaultValue={typed ? (all(name)[0] ?? "") : ""}
                  {...invalidProps(name, errors)}
                  className={control}
                />
                <FieldError name={name} errors={errors} />
              </div>
            ))}
            <button type="submit" className={secondary} disabled={busy}>
              {texts.addLeave}
            </button>
          </div>
        </fieldset>

        <div>
          <label className="flex items-center gap-2 font-medium text-slate-800">
            <input
              type="checkbox"
              name="active"
              defaultChecked={typed ? all("active")[0] === "on" : therapist.active}
              {...invalidProps("active", errors)}
              className="size-5"
            />
            {texts.active}
          </label>
          <FieldError name="active" errors={errors} />
        </div>

        <button type="submit" className={primary} disabled={busy}>
          {texts.save}
        </button>
      </Form>
    </div>
  );
}

function Choices({
  name,
  title,
  hint,
  options,
  chosen,
  errors,
}: {
  name: string;
  title: string;
  hint?: string;
  options: { value: string; label: string }[];
  chosen: readonly string[];
  errors: FieldErrors;
}) {
  return (
    <fieldset aria-describedby={errors[name] ? errorId(name) : hint ? `${name}-hint` : undefined}>
      <legend className={legend}>{title}</legend>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-8 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={chosen.includes(option.value)}
              className="size-4"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError name={name} errors={errors} />
    </fieldset>
  );
}
