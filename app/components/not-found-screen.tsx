import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useSiteConfig } from "~/config/use-site-config";
import { serviceNav } from "~/content/navigation";
import { notFoundMessages } from "~/domain/messages";
import { CallLink } from "./contact-links";

/** The meta tags of a 404 answer: a title, and never indexed. */
export const notFoundMeta = [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

/**
 * The 404 screen, shared by unknown paths and unknown service-area slugs. Not a dead end: the
 * services, the contact page and the phone number are one tap away.
 */
export function NotFoundScreen() {
  const location = useLocation();
  const site = useSiteConfig();
  useEffect(() => {
    // A warning, not an error: a mistyped address is not a fault of the site.
    console.warn("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-6xl font-bold text-slate-900">404</h1>
      <p className="mt-4 text-xl text-slate-600">{notFoundMessages.page}</p>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        Return to Home
      </Link>
      <p className="mt-8 text-lg text-slate-700">
        Looking for help at home? Call us on{" "}
        <CallLink
          placement="not-found"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          {site.phone.display}
        </CallLink>{" "}
        or{" "}
        <Link
          to="/contact"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          request an appointment
        </Link>
        .
      </p>
      <nav aria-label="Our services" className="mt-6 w-full">
        <h2 className="text-xl font-semibold text-slate-900">Our services</h2>
        <ul className="mt-3 grid gap-1">
          {serviceNav.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="inline-flex min-h-11 items-center text-lg text-brand-700 underline"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
