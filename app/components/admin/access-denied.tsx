import { accessDenied } from "~/domain/messages";

/** The spec's "Access Denied" page: what a signed-in member of staff without the admin role sees. */
export function AccessDeniedScreen() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{accessDenied.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{accessDenied.text}</p>
    </div>
  );
}
