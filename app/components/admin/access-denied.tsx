import { isRouteErrorResponse, useRouteError } from "react-router";
import { accessDenied } from "#app/domain/staff/staff-texts.ts";

/** The spec's "Access Denied" page: what a signed-in member of staff without the admin role sees. */
export function AccessDeniedScreen() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{accessDenied.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{accessDenied.text}</p>
    </div>
  );
}

/**
 * A staff page's error boundary: the Access Denied screen for a signed-in member of staff without
 * the role (403), else the page's title and why it could not be shown.
 */
export function StaffPageError({ title, message }: { title: string; message: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDeniedScreen />;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p role="alert" className="mt-4 text-lg text-red-800">
        {message}
      </p>
    </div>
  );
}
