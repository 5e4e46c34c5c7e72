// Drop-off after the assessment (docs/insights.md): the share of families who booked treatment
// within 7 days, the period's weeks, and the families to call, each with its request and number.
import { Link } from "react-router";
import { adminLink } from "#app/components/admin/admin-page-title.tsx";
import { dropOffTexts as words } from "#app/domain/insights/insights-texts.ts";
import type { DropOffView } from "#app/domain/insights/insights-view.ts";
import {
  FigureTable,
  ScrollsAcross,
  Section,
} from "#app/routes/admin/insights/insights-sections.tsx";

export function DropOffSection({ dropOff }: { dropOff: DropOffView }) {
  const columns = words.columns;
  return (
    <Section id="drop-off" title={words.section} wide>
      <div className="flex flex-wrap items-start gap-4">
        <dl className="rounded-lg border border-slate-200 px-3 py-2" data-drop-off="booked">
          <dt className="text-sm text-slate-700">{words.booked}</dt>
          <dd className="text-2xl font-bold text-slate-900" data-value>
            {dropOff.booked}
          </dd>
          <dd className="text-sm text-slate-700">{dropOff.bookedText}</dd>
        </dl>
        <div className="min-w-0 flex-1" data-drop-off="per-week">
          <h3 className="font-semibold text-slate-900">{words.perWeek}</h3>
          <ScrollsAcross label={words.perWeek}>
            <FigureTable
              caption={words.perWeek}
              head={[
                columns.week,
                columns.assessed,
                columns.booked,
                columns.notBooked,
                columns.waiting,
                columns.share,
              ]}
              rows={dropOff.perWeek}
            />
          </ScrollsAcross>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700">{words.note}</p>
      <div data-drop-off="families">
        <h3 className="mt-4 font-semibold text-slate-900">{words.toCall}</h3>
        {dropOff.families.length === 0 ? (
          <p className="mt-2 text-slate-700">{words.noFamilies}</p>
        ) : (
          <FamilyTable families={dropOff.families} />
        )}
        <p className="mt-2 text-sm text-slate-700">{words.listNote}</p>
      </div>
    </Section>
  );
}

/** The families to call: the request's page, the patient, the assessment and a call link. */
function FamilyTable({ families }: { families: DropOffView["families"] }) {
  const columns = words.listColumns;
  return (
    <ScrollsAcross label={words.toCall} className="mt-2">
      <table className="w-full text-left text-sm [overflow-wrap:normal]">
        <caption className="sr-only">{words.toCall}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {[
              columns.reference,
              columns.patient,
              columns.assessed,
              columns.therapist,
              columns.phone,
            ].map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-2 py-1.5 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {families.map((family) => (
            <tr key={family.id} data-request={family.id}>
              <th scope="row" className="px-2 py-1.5 font-medium">
                <Link to={family.href} className={adminLink}>
                  {family.reference}
                </Link>
              </th>
              <td className="px-2 py-1.5 text-slate-900">{family.firstName}</td>
              <td className="whitespace-nowrap px-2 py-1.5">{family.assessed}</td>
              <td className="px-2 py-1.5">{family.therapist}</td>
              <td className="whitespace-nowrap px-2 py-1.5">
                {family.tel ? (
                  <a href={family.tel} className={adminLink}>
                    {family.phone}
                  </a>
                ) : (
                  family.phone
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollsAcross>
  );
}
