// The link of the sign-up e-mail: confirms the address, then opens the dashboard (as the
// original's e-mail redirect did). A bad or old link says so.
import { Link, redirect } from "react-router";
import { servicesContext } from "~/domain/services.server";
import type { Route } from "./+types/auth-confirm";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your account" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token && token.length < 4096) {
    if (await context.get(servicesContext).staffAuth.confirmEmail(token)) {
      throw redirect("/admin");
    }
  }
  return null;
}

export default function AuthConfirm() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">This link has expired</h1>
      <p className="mt-4 text-lg text-slate-700">
        The confirmation link is not valid any more (links work for 24 hours). Sign up again to get
        a new one, or ask an administrator.
      </p>
      <Link to="/auth" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Go to Admin Login
      </Link>
    </div>
  );
}
