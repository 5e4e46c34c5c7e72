import { useEffect } from "react";
import { Link, useLocation } from "react-router";

/** The meta tags of a 404 answer: a title, and never indexed. */
export const notFoundMeta = [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

/** The 404 screen, shared by unknown paths and unknown service-area slugs. */
export function NotFoundScreen() {
  const location = useLocation();
  useEffect(() => {
    // A warning, not an error: a mistyped address is not a fault of the site.
    console.warn("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-6xl font-bold text-slate-900">404</h1>
      <p className="mt-4 text-xl text-slate-600">Oops! Page not found</p>
      <Link to="/" className="mt-6 font-semibold text-brand-700 underline">
        Return to Home
      </Link>
    </div>
  );
}
