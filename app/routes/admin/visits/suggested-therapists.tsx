// "Suggested therapists" on a request's page: who could take it, best first, each with why in a
// few words and their first free starts as links that fill in the booking form (the same page,
// `?book=…&day=…&start=…#book`: a therapist and a time, nothing of the patient's).
import { Link } from "react-router";
import { serviceCatalog } from "#app/content/catalog.ts";
import { bookingSearch } from "#app/domain/visits/booking-link.ts";
import type { RequestSuggestions } from "#app/domain/visits/matching.ts";
import { suggestionLine, suggestionTexts as texts } from "#app/domain/visits/visit-texts.ts";

const startLink =
  "inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50";

export function SuggestedTherapists({
  suggestions,
  appointmentId,
  now,
}: {
  suggestions: RequestSuggestions;
  appointmentId: string;
  now: number;
}) {
  const { place, service, none } = suggestions;
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
      {none === "no_district" || place === null ? (
        <p className="mt-3 text-slate-800" data-no-suggestion="no_district">
          {texts.noDistrict}
        </p>
      ) : none === "no_one_serves" ? (
        <p className="mt-3 text-slate-800" data-no-suggestion="no_one_serves">
          {texts.noOneServes(place)}
        </p>
      ) : (
        <ol className="mt-3 space-y-3">
          {suggestions.suggestions.map((s) => (
            <li
              key={s.therapistId}
              className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0"
              data-therapist={s.therapistId}
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
                    firstFree: s.firstFree === null ? null : new Date(s.firstFree),
                  },
                  place,
                  new Date(now),
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
