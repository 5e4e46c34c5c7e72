// The title line of an admin page beside the dashboard (insights, access log, privacy
// requests): its heading and the way back to the requests.
import { Link } from "react-router";

/** A text link of the admin pages, its tap area at least 32 px high (WCAG 2.2 2.5.8). */
export const adminLink = "inline-flex min-h-8 items-center font-medium text-brand-700 underline";

export function AdminPageTitle({ title, back }: { title: string; back: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <Link to="/admin" className={adminLink}>
        ← {back}
      </Link>
    </div>
  );
}
