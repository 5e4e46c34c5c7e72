// "Suggested therapists" on a request's page: the need they are matched on (a form the desk can
// correct, decision 050), who could take it, best first, each with why and what they lack in a
// few words, and their first free starts as links that fill in the booking form (the same page,
// `?book=…&day=…&start=…#book`: a therapist and a time, nothing of the patient's).
import { Form, Link, useActionData } from "react-router";
import { serviceCatalog } from "#app/content/catalog.ts";
import { bookingSearch } from "#app/domain/visits/booking-link.ts";
import type { RequestSuggestions } from "#app/domain/visits/matching.ts";
import type { VisitFormError } from "#app/domain/visits/visit-form.ts";
import {
  needTexts,
  preferredTimeNames,
  suggestionLine,
  suggestionTexts as texts,
} from "#app/domain/visits/visit-texts.ts";
import { preferredTimes, requestConditions, therapistLanguages } from "#db/schema.ts";

const startLink =
  "inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50";
const field = "mt-1 block min-h-11 rounded-lg border border-slate-300 px-2 text-slate-900";
const button =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800";

/** The need's form: condition, preferred times, a language required. */
function NeedForm({ suggestions }: { suggestions: RequestSuggestions }) {
  const answer = useActionData() as VisitFormError | undefined;
  const refusal =
    answer && "visitForm" in answer && answer.visitForm.intent === "visit-need"
      ? answer.visitForm
      : undefined;
  return (
    <details className="mt-3 rounded-lg bg-slate-50 p-3" open={refusal ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-slate-900">
        {needTexts.title}:{" "}
        <span className="ml-1 font-normal text-slate-800" data-need>
          {needTexts.line(
            suggestions.condition ?? suggestions.service,
            suggestions.preferredTimes,
            suggestions.requiredLanguage,
          )}
        </span>
      </summary>
      <p className="mt-1 text-sm text-slate-700">{needTexts.intro}</p>
      <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="visit-need" />
        <label className="text-sm font-medium text-slate-800">
          {needTexts.condition}
          <select
            name="condition"
            defaultValue={suggestions.condition ?? suggestions.service ?? ""}
            className={field}
            data-need-condition
          >
            <option value="">{needTexts.noCondition}</option>
            {requestConditions.map((key) => (
              <option key={key} value={key}>
                {serviceCatalog[key].name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="text-sm text-slate-800">
          <legend className="font-medium">{needTexts.preferredTimes}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4">
            {preferredTimes.map((time) => (
              <label key={time} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="preferredTimes"
                  value={time}
                  defaultChecked={suggestions.preferredTimes.includes(time)}
                  className="size-5"
                />
                {preferredTimeNames[time]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="text-sm font-medium text-slate-800">
          {needTexts.requiredLanguage}
          <select
            name="requiredLanguage"
            defaultValue={suggestions.requiredLanguage ?? ""}
            className={field}
            data-need-language
          >
            <option value="">{needTexts.noLanguage}</option>
            {therapistLanguages.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={button}>
          {needTexts.save}
        </button>
      </Form>
      {refusal ? (
        <p className="mt-2 text-red-800" role="alert">
          {refusal.message}
        </p>
      ) : null}
    </details>
  );
}

export function SuggestedTherapists({
  suggestions,
  appointmentId,
  now,
}: {
  suggestions: RequestSuggestions;
  appointmentId: string;
  now: number;
}) {
  const { place, service, none, district } = suggestions;
  return (
    <section
      className="mt-4 rounded-lg border border-slate-200 p-4"
      aria-labelledby="suggested-therapists"
      data-suggestions
    >
      <h2 id="suggested-therapists" className="text-lg font-semibold text-slate-900">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {service ? `${texts.cameFor(serviceCatalog[service].name)} ` : ""}
        {texts.intro}
      </p>
      <NeedForm suggestions={suggestions} />
      {none === "no_district" || place === null ? (
        <p className="mt-3 text-slate-800" data-no-suggestion="no_district">
          {texts.noDistrict}
        </p>
      ) : none === "no_one_serves" ? (
        <div className="mt-3" data-no-suggestion="no_one_serves">
          <p className="text-slate-800">{texts.noOneServes(district ?? place)}</p>
          {suggestions.nearest.length > 0 ? (
            <>
              <h3 className="mt-2 font-medium text-slate-900">{texts.nearestTitle}</h3>
              <ul className="mt-1 list-disc pl-5 text-slate-800">
                {suggestions.nearest.map((n) => (
                  <li key={n.therapistId} data-nearest={n.therapistId}>
                    {texts.nearest(n.name, n.district, n.minutes)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <ol className="mt-3 space-y-3">
          {suggestions.suggestions.map((s) => (
            <li
              key={s.therapistId}
              className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0"
              data-therapist={s.therapistId}
              data-lacks={s.lacksLanguage ?? undefined}
            >
              <p>
                <strong className="text-slate-900">{s.name}</strong>
                <span className="text-sm text-slate-700">
                  {" · "}
                  {texts.years(s.yearsOfPractice)}
                  {" · "}
                  {texts.visitsInWeek(s.visitsInWeek)}
                </span>
              </p>
              <p className="text-slate-800" data-reasons>
                {suggestionLine(
                  {
                    skill: s.skill,
                    language: s.language,
                    lacksLanguage: s.lacksLanguage,
                    fitsTimes: s.fitsTimes,
                    firstFree: s.firstFree === null ? null : new Date(s.firstFree),
                  },
                  place,
                  new Date(now),
                  service,
                )}
              </p>
              {s.starts.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={texts.startsLabel(s.name)}>
                  {s.starts.map((ms) => {
                    const start = new Date(ms);
                    return (
                      <li key={ms}>
                        <Link
                          to={`/admin/appointments/${appointmentId}${bookingSearch(s.therapistId, start)}`}
                          aria-label={texts.bookLabel(s.name, start)}
                          className={startLink}
                        >
                          {texts.start(start)}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
