// A care record, read (decision 051): the assessment (and the ones it corrects), the measures with
// their change from the first, the notes with their amendments under them, the home programme and
// how much of it was done. The therapist's page adds its forms around it; the desk's page shows
// it once a reason was given.
import type { ReactNode } from "react";
import { soapParts } from "#app/domain/care/care-form.ts";
import { carePageTexts as texts } from "#app/domain/care/care-texts.ts";
import { measureUnitTexts } from "#app/domain/care/measure-texts.ts";
import { measures } from "#app/domain/care/measures.ts";
import type { CareRecordView } from "#app/routes/admin/care/care-view.server.ts";

const section = "mt-6 border-t border-slate-200 pt-4";
const heading = "text-lg font-semibold text-slate-900";

function Assessment({ assessment }: { assessment: NonNullable<CareRecordView["assessment"]> }) {
  return (
    <div data-care-assessment={assessment.id} className="mt-2 space-y-2 text-slate-800">
      <p className="text-sm text-slate-600">{texts.by(assessment.by, assessment.at)}</p>
      <dl className="space-y-1">
        <dt className="font-medium">{texts.problem}</dt>
        <dd className="whitespace-pre-line">{assessment.problem}</dd>
        {assessment.since ? (
          <>
            <dt className="font-medium">{texts.since}</dt>
            <dd>{assessment.since}</dd>
          </>
        ) : null}
        {assessment.history ? (
          <>
            <dt className="font-medium">{texts.history}</dt>
            <dd className="whitespace-pre-line">{assessment.history}</dd>
          </>
        ) : null}
      </dl>
      <p className="font-medium">{texts.redFlags}</p>
      {assessment.redFlags.length === 0 ? (
        <p>{texts.redFlagsNone}</p>
      ) : (
        <ul className="space-y-1" data-care-red-flags>
          {assessment.redFlags.map((flag) => (
            <li key={flag.key} className="rounded border border-red-300 bg-red-50 p-2">
              <strong>{flag.label}</strong>
              <br />
              {flag.action}
            </li>
          ))}
        </ul>
      )}
      {assessment.regions.length > 0 ? (
        <ul className="flex flex-wrap gap-2" data-care-regions>
          {assessment.regions.map((region) => (
            <li key={region.label} className="rounded bg-slate-100 px-2 py-1">
              {region.label}: {region.pain}/10
            </li>
          ))}
        </ul>
      ) : null}
      <p className="font-medium">{texts.goals}</p>
      <ol className="list-decimal pl-6" data-care-goals>
        {assessment.goals.map((goal) => (
          <li key={goal}>{goal}</li>
        ))}
      </ol>
    </div>
  );
}

export function AssessmentSection({
  record,
  children,
}: {
  record: CareRecordView;
  children?: ReactNode;
}) {
  return (
    <section className={section} aria-labelledby="care-assessment">
      <h2 id="care-assessment" className={heading}>
        {texts.assessment}
      </h2>
      {record.assessment ? (
        <Assessment assessment={record.assessment} />
      ) : (
        <p className="mt-2 text-slate-700">{texts.assessmentNone}</p>
      )}
      {children}
      {record.earlierAssessments.length > 0 ? (
        <details className="mt-3">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">
            {texts.corrects(record.earlierAssessments[0]?.at ?? "")}
          </summary>
          {record.earlierAssessments.map((earlier) => (
            <Assessment key={earlier.id} assessment={earlier} />
          ))}
        </details>
      ) : null}
    </section>
  );
}

export function MeasuresSection({
  record,
  children,
}: {
  record: CareRecordView;
  children?: ReactNode;
}) {
  return (
    <section className={section} aria-labelledby="care-measures">
      <h2 id="care-measures" className={heading}>
        {texts.measures}
      </h2>
      {record.measures.length === 0 && record.struck.length === 0 ? (
        <p className="mt-2 text-slate-700">{texts.measuresNone}</p>
      ) : (
        record.measures.map((measure) => (
          <div key={measure.measure} className="mt-3" data-care-measure={measure.measure}>
            <h3 className="font-medium text-slate-900">{measure.name}</h3>
            <table className="mt-1 w-full text-sm">
              <tbody>
                {measure.points.map((point, index) => (
                  <tr key={point.id} className="border-b border-slate-200">
                    <td className="py-1 pr-2">{point.at}</td>
                    <td className="py-1 pr-2">{texts.occasions[point.occasion]}</td>
                    <td className="py-1 pr-2 font-medium" data-care-score>
                      {point.score} / {measure.max}{" "}
                      {measureUnitTexts.en[measures[measure.measure].unit]}
                    </td>
                    <td className="py-1" data-care-change>
                      {index === 0
                        ? (point.band ?? "")
                        : texts.change(point.difference, point.important, point.better, point.band)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
      {record.struck.length > 0 ? (
        <div className="mt-3">
          <h3 className="font-medium text-slate-900">{texts.struck}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {record.struck.map((point) => (
              <li key={point.id} data-care-struck={point.id}>
                {point.name}, {point.at}:{" "}
                <s>
                  {point.score} / {point.max}
                </s>
                . {texts.struckBy(point.by, point.struckAt, point.reason)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
    </section>
  );
}

function NoteParts({ parts }: { parts: Record<(typeof soapParts)[number], string> }) {
  return (
    <dl className="space-y-1">
      {soapParts
        .filter((part) => parts[part] !== "")
        .map((part) => (
          <div key={part}>
            <dt className="text-sm font-medium text-slate-700">{texts.soap[part]}</dt>
            <dd className="whitespace-pre-line text-slate-900">{parts[part]}</dd>
          </div>
        ))}
    </dl>
  );
}

export function NotesSection({
  record,
  amendForm,
}: {
  record: CareRecordView;
  /** The therapist's form to amend a signed note. */
  amendForm?: (note: CareRecordView["notes"][number]) => ReactNode;
}) {
  return (
    <section className={section} aria-labelledby="care-notes">
      <h2 id="care-notes" className={heading}>
        {texts.notes}
      </h2>
      {record.notes.length === 0 ? <p className="mt-2 text-slate-700">{texts.notesNone}</p> : null}
      {record.notes.map((note) => (
        <article
          key={note.id}
          className="mt-3 rounded-lg border border-slate-200 p-3"
          data-care-note={note.id}
          data-care-note-signed={note.signed ? "yes" : "no"}
        >
          <p className="text-sm text-slate-600">
            {note.signed ? texts.signed(note.by, note.at) : texts.draft(note.at)}
          </p>
          <NoteParts parts={note.parts} />
          {note.amendments.map((amendment) => (
            <div
              key={amendment.id}
              className="mt-2 border-l-4 border-amber-400 pl-3"
              data-care-amendment={amendment.id}
            >
              <p className="text-sm text-slate-600">
                {texts.amendment(amendment.by, amendment.at)}
              </p>
              <NoteParts parts={amendment.parts} />
            </div>
          ))}
          {note.signed && amendForm ? amendForm(note) : null}
        </article>
      ))}
    </section>
  );
}

export function ProgrammeSection({
  record,
  children,
}: {
  record: CareRecordView;
  children?: ReactNode;
}) {
  const programme = record.programme;
  return (
    <section className={section} aria-labelledby="care-programme">
      <h2 id="care-programme" className={heading}>
        {texts.programme}
      </h2>
      {programme ? (
        <>
          <p className="mt-1 text-slate-800" data-care-adherence>
            {programme.adherence && programme.adherence.ticked > 0
              ? texts.adherence(programme.adherence.percent, programme.adherence.days)
              : texts.adherenceNone}
          </p>
          <ol className="mt-2 list-decimal space-y-1 pl-6" data-care-programme>
            {programme.items.map((item) => (
              <li key={item.exercise} data-exercise={item.exercise}>
                {item.name}: {texts.dose(item.sets, item.reps, item.holdSeconds, item.timesPerDay)}
                {item.doneToday ? ` ✓ ${texts.doneToday}` : ""}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="mt-2 text-slate-700">{texts.programmeNone}</p>
      )}
      {children}
    </section>
  );
}
