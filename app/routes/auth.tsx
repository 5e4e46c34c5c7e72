import { CallLink } from "~/components/contact-links";
import { PageHero } from "~/components/sections/page-hero";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login" },
  { name: "robots", content: "noindex" },
];

// Staff sign-in arrives with the admin dashboard (its own issue). Until then this page says so
// plainly rather than showing a form that cannot work.
export default function Auth() {
  return (
    <>
      <PageHero
        heading="Admin Login"
        text="Staff sign-in is not open yet. It will be available here with the appointment dashboard."
      />
      <div className="mx-auto max-w-xl px-4 py-12 text-lg text-slate-700">
        <p>
          Looking to book a visit? Call us on{" "}
          <CallLink placement="auth" className="font-semibold text-brand-700 underline" /> or use
          the contact page.
        </p>
      </div>
    </>
  );
}
