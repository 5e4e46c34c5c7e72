// The clinic's travel times (decision 050), for the admins: the minutes from a visit in one place
// (an area, or a district) to the next, which booking and the suggestions read. Two plain forms
// that work without JavaScript: save every row shown, or add a pair. A refusal answers 400 with
// its words above the forms and nothing saved.
import { data, Form, Link, useActionData } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { AdminPageTitle, adminLink } from "#app/components/admin/admin-page-title.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { getVisitSettings } from "#app/config/staff-settings.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import {
  readTravelTimes,
  saveTravelTimes,
  travelPlaces,
} from "#app/domain/visits/travel.server.ts";
import { parseTravelForm } from "#app/domain/visits/travel-form.ts";
import { travelTexts as texts, travelFormMessages } from "#app/domain/visits/visit-texts.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-travel";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const rows = await readTravelTimes(context.get(servicesContext).db);
  return data(
    {
      rows: rows.map(({ placeA, placeB, minutes }) => ({ placeA, placeB, minutes })),
      places: travelPlaces(),
      least: getVisitSettings().travelMinutes,
    },
    { headers: withCookies(staff.setCookies) },
  );
}

type TravelAnswer = { ok: true; message: string } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const answer = (result: TravelAnswer, status = 200) =>
    data<TravelAnswer>(result, { status, headers: withCookies(staff.setCookies) });
  const form = await request.formData().catch(() => undefined);
  const places = new Set(travelPlaces().map((place) => place.value));
  const parsed = form ? parseTravelForm(form, places) : undefined;
  if (!parsed?.ok) {
    return answer({ ok: false, message: parsed?.message ?? travelFormMessages.failed }, 400);
  }
  await saveTravelTimes(context.get(servicesContext).db, parsed.rows);
  return answer({ ok: true, message: form?.get("intent") === "add" ? texts.added : texts.saved });
}

const cell = "px-3 py-2 align-middle";
const field = "min-h-11 rounded-lg border border-slate-300 px-2 text-slate-900";
const button =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800";

export default function AdminTravel({ loaderData }: Route.ComponentProps) {
  const { rows, places, least } = loaderData;
  const result = useActionData<typeof action>();
  const nameOf = new Map(places.map((place) => [place.value, place.name]));
  const name = (value: string) => nameOf.get(value) ?? value;
  return (
    <div className="mx-auto max-w-4xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.backToRequests} />
      <p className="mt-1 text-sm text-slate-700">{texts.intro(least)}</p>
      {result ? (
        <p
          className={`mt-3 ${result.ok ? "text-green-800" : "text-red-800"}`}
          role={result.ok ? "status" : "alert"}
          data-travel-answer={result.ok ? "saved" : "refused"}
        >
          {result.message}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-4 text-slate-800">{texts.none}</p>
      ) : (
        <Form method="post" className="mt-3" noValidate>
          <input type="hidden" name="intent" value="save" />
          <table className="min-w-full border-collapse text-sm" aria-label={texts.tableLabel}>
            <thead>
              <tr className="border-b border-slate-300 text-left text-slate-800">
                <th scope="col" className={cell}>
                  {texts.columns.from}
                </th>
                <th scope="col" className={cell}>
                  {texts.columns.to}
                </th>
                <th scope="col" className={cell}>
                  {texts.columns.minutes}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.placeA}|${row.placeB}`}
                  className="border-b border-slate-200"
                  data-travel={`${row.placeA}|${row.placeB}`}
                >
                  <td className={cell}>{name(row.placeA)}</td>
                  <td className={cell}>{name(row.placeB)}</td>
                  <td className={cell}>
                    <input type="hidden" name="pair" value={`${row.placeA}|${row.placeB}`} />
                    <input
                      type="number"
                      name="minutes"
                      min={0}
                      max={240}
                      defaultValue={row.minutes}
                      aria-label={texts.minutesLabel(name(row.placeA), name(row.placeB))}
                      className={`${field} w-24`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm text-slate-700">{texts.removeHint}</p>
          <button type="submit" className={`${button} mt-2`}>
            {texts.save}
          </button>
        </Form>
      )}
      <h2 className="mt-6 text-lg font-semibold text-slate-900">{texts.addTitle}</h2>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="add" />
        <label className="text-sm font-medium text-slate-800">
          {texts.columns.from}
          <select name="placeA" className={`${field} mt-1 block`}>
            {places.map((place) => (
              <option key={place.value} value={place.value}>
                {place.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {texts.columns.to}
          <select name="placeB" className={`${field} mt-1 block`}>
            {places.map((place) => (
              <option key={place.value} value={place.value}>
                {place.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {texts.columns.minutes}
          <input
            type="number"
            name="minutes"
            min={0}
            max={240}
            required
            className={`${field} mt-1 block w-24`}
          />
        </label>
        <button type="submit" className={button}>
          {texts.add}
        </button>
      </Form>
      <p className="mt-6">
        <Link to="/admin/therapists" className={adminLink}>
          {texts.back}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.loadFailed} />;
}
