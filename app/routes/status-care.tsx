// The family's side of the care record on the status page (decision 051): progress in plain words
// with a small chart drawn on the server (an SVG in the page, no script), and the home exercises to
// tick each day — a plain form per exercise, so it works without JavaScript.
import { Form } from "react-router";
import { careFamilyTexts } from "#app/domain/care/care-texts.ts";
import type { FamilyCareView } from "#app/domain/care/family-care.server.ts";
import type { Lang } from "#app/lib/lang.ts";

/** A measure's scores as a line from the first to the latest, on its own range. */
function Chart({ chart }: { chart: FamilyCareView["measures"][number]["chart"] }) {
  const width = 240;
  const height = 80;
  const pad = 8;
  const { scores, min, max } = chart;
  const x = (index: number) =>
    scores.length === 1 ? width / 2 : pad + (index * (width - 2 * pad)) / (scores.length - 1);
  const y = (score: number) =>
    height - pad - ((score - min) / (max - min || 1)) * (height - 2 * pad);
  const points = scores.map((score, index) => `${x(index).toFixed(1)},${y(score).toFixed(1)}`);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`${chart.label}: ${scores.join(", ")}`}
      className="mt-2 max-w-full"
      data-care-chart={scores.join(",")}
    >
      <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="#cbd5e1" />
      <line x1={pad} y1={pad} x2={width - pad} y2={pad} stroke="#e2e8f0" strokeDasharray="4 4" />
      {scores.length > 1 ? (
        <polyline points={points.join(" ")} fill="none" stroke="#0a6358" strokeWidth={2.5} />
      ) : null}
      {scores.map((score, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the points are in time order and never move
        <circle key={index} cx={x(index)} cy={y(score)} r={4} fill="#0a6358" />
      ))}
    </svg>
  );
}

export function FamilyCare({
  care,
  lang,
  printOnly = false,
}: {
  care: FamilyCareView;
  lang: Lang;
  /** The exercises alone, for printing. */
  printOnly?: boolean;
}) {
  const t = careFamilyTexts[lang];
  return (
    <>
      {printOnly ? null : (
        <section
          aria-labelledby="progress-heading"
          className="mt-8 print:hidden"
          data-care-progress
        >
          <h2 id="progress-heading" className="text-xl font-bold text-slate-900">
            {t.progress}
          </h2>
          <p className="mt-1 text-slate-700" data-care-sessions>
            {care.sessions}
          </p>
          {care.goals.length > 0 ? (
            <>
              <h3 className="mt-3 font-semibold text-slate-900">{t.goals}</h3>
              <ul className="mt-1 list-disc pl-6" data-care-goals>
                {care.goals.map((goal) => (
                  <li key={goal} dir="auto">
                    {goal}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {care.measures.map((measure) => (
            <div
              key={measure.measure}
              className="mt-4 rounded-lg border border-slate-200 p-3"
              data-care-measure={measure.measure}
            >
              <p className="font-semibold text-slate-900" data-care-line>
                {measure.line}
              </p>
              {measure.words ? (
                <p className="text-slate-800" data-care-words>
                  {measure.words}
                </p>
              ) : null}
              <p className="text-sm text-slate-600">{measure.what}</p>
              <Chart chart={measure.chart} />
            </div>
          ))}
          {care.discharged ? (
            <a
              href="/status/discharge.pdf"
              className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              data-care-discharge
            >
              {t.discharge}
            </a>
          ) : null}
        </section>
      )}
      {care.programme ? (
        <section aria-labelledby="exercises-heading" id="exercises" className="mt-8">
          <h2 id="exercises-heading" className="text-xl font-bold text-slate-900">
            {t.exercises}
          </h2>
          <p className="mt-1 text-slate-700 print:hidden">{t.exercisesIntro}</p>
          <ol className="mt-3 space-y-4">
            {care.programme.items.map((item) => (
              <li
                key={item.key}
                className="rounded-xl border border-slate-300 p-4"
                data-exercise={item.key}
                data-done={item.done ? "yes" : "no"}
              >
                <h3 className="text-lg font-semibold text-slate-900">{item.name}</h3>
                <p className="text-slate-700">{item.purpose}</p>
                <p className="mt-1 font-medium text-slate-900">{item.dose}</p>
                <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-800">
                  {item.how.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
                <p className="mt-2 text-red-900">
                  <strong>{t.stop}</strong> {item.stopIf}
                </p>
                <Form method="post" className="mt-3 print:hidden">
                  <input type="hidden" name="intent" value="exercise-tick" />
                  <input type="hidden" name="exercise" value={item.key} />
                  <input type="hidden" name="done" value={item.done ? "0" : "1"} />
                  {item.done ? <p className="font-semibold text-green-800">✓ {t.done}</p> : null}
                  <button
                    type="submit"
                    className={
                      item.done
                        ? "mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                        : "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white"
                    }
                  >
                    {item.done ? t.undo : t.markDone}
                  </button>
                </Form>
              </li>
            ))}
          </ol>
          <a
            href="?print=exercises"
            className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 underline print:hidden"
          >
            {t.print}
          </a>
        </section>
      ) : null}
    </>
  );
}
