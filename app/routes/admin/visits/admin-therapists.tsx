// The therapists' roster (issue 28), for the admins: each therapist's name, districts, skills,
// languages and whether they are active, each a link to their profile. Admins only, as every
// staff screen; a therapist who is not an admin is refused it. A therapist is added by granting
// the role in the server's shell, never here: the page says how.

import { data, Link } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { AdminPageTitle, adminLink } from "#app/components/admin/admin-page-title.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { exerciseAdminTexts } from "#app/domain/care/care-texts.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { readRoster } from "#app/domain/visits/therapists.server.ts";
import {
  skillNames,
  therapistTexts as texts,
  travelTexts,
} from "#app/domain/visits/visit-texts.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-therapists";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const roster = await readRoster(context.get(servicesContext).db);
  return data(
    {
      therapists: roster.map((therapist) => ({
        id: therapist.id,
        displayName: therapist.displayName,
        districts: therapist.districts,
        skills: therapist.skills.map((skill) => skillNames[skill]),
        languages: therapist.languages,
        active: therapist.active,
        hasRole: therapist.hasRole,
      })),
    },
    { headers: withCookies(staff.setCookies) },
  );
}

const cell = "px-3 py-2 align-top";
const listed = (items: readonly string[]) => (items.length > 0 ? items.join(", ") : texts.notSet);

export default function AdminTherapists({ loaderData }: Route.ComponentProps) {
  const { therapists } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-3">
      <AdminPageTitle title={texts.title} back={texts.back} />
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      <p className="mt-1 text-sm text-slate-700">{texts.howToAdd}</p>
      <p className="mt-1 text-sm">
        <Link to="/admin/travel" className={adminLink}>
          {travelTexts.navLink}
        </Link>
        {" · "}
        <Link to="/admin/exercises" className={adminLink}>
          {exerciseAdminTexts.navLink}
        </Link>
      </p>
      {therapists.length === 0 ? (
        <p className="mt-4 text-slate-800" data-therapists-empty>
          {texts.none}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm" aria-label={texts.tableLabel}>
            <thead>
              <tr className="border-b border-slate-300 text-left text-slate-800">
                <th scope="col" className={cell}>
                  {texts.columns.name}
                </th>
                <th scope="col" className={cell}>
                  {texts.columns.districts}
                </th>
                <th scope="col" className={cell}>
                  {texts.columns.skills}
                </th>
                <th scope="col" className={cell}>
                  {texts.columns.languages}
                </th>
                <th scope="col" className={cell}>
                  {texts.columns.active}
                </th>
              </tr>
            </thead>
            <tbody>
              {therapists.map((therapist) => (
                <tr
                  key={therapist.id}
                  className="border-b border-slate-200"
                  data-therapist={therapist.id}
                >
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    <Link
                      to={`/admin/therapists/${encodeURIComponent(therapist.id)}`}
                      className={adminLink}
                    >
                      {therapist.displayName}
                    </Link>
                  </th>
                  <td className={cell}>{listed(therapist.districts)}</td>
                  <td className={cell}>{listed(therapist.skills)}</td>
                  <td className={cell}>{listed(therapist.languages)}</td>
                  <td className={cell}>
                    {therapist.active
                      ? texts.yes
                      : therapist.hasRole
                        ? texts.no
                        : texts.inactiveNoRole}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.loadFailed} />;
}
