// Where a password link leads (a new account's confirmation, or a reset): its owner chooses the
// password, which confirms the address and ends every session of the account. The token leaves
// the address bar at once: it is moved into an HttpOnly cookie for this page only, and the page
// reloads without it, so it never reaches the history, an analytics report or a Referer.
import { createCookie, data, Form, Link, redirect, useActionData } from "react-router";
import { PasswordField } from "#app/components/password-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { accountLinkHours, passwordLinkPath } from "#app/domain/staff/auth.server.ts";
import { parseNewPassword } from "#app/domain/staff/staff-auth-form.ts";
import { staffRouteHeaders } from "#app/domain/staff/staff-session.server.ts";
import { passwordMessages, setPasswordTexts as texts } from "#app/domain/staff/staff-texts.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/auth-set-password";

export const meta: Route.MetaFunction = () => [
  { title: texts.title },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

/**
 * The link's token while its page is open: never readable by a script, sent only to /auth pages
 * (the page's own path would leave out the `.data` requests React Router posts the form to).
 */
function linkCookie() {
  return createCookie("staff.password_link", {
    path: "/auth",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().SITE_URL.startsWith("https://"),
    maxAge: accountLinkHours.confirm * 3600,
  });
}

async function tokenOf(request: Request): Promise<string> {
  const token = await linkCookie().parse(request.headers.get("cookie"));
  return typeof token === "string" ? token : "";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staffAuth = context.get(servicesContext).staffAuth;
  const fromLink = new URL(request.url).searchParams.get("token");
  if (fromLink !== null) {
    // Only a working token is kept; either way the page comes back without it in its address.
    const keep = (await staffAuth.passwordLinkWorks(fromLink)) ? fromLink : "";
    throw redirect(passwordLinkPath, {
      headers: { "Set-Cookie": await linkCookie().serialize(keep, keep ? {} : { maxAge: 0 }) },
    });
  }
  return { works: await staffAuth.passwordLinkWorks(await tokenOf(request)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  const parsed = parseNewPassword(form ? Object.fromEntries(form) : {});
  if (!parsed.ok) return data({ message: parsed.message }, { status: 400 });
  const set = await context
    .get(servicesContext)
    .staffAuth.setPasswordByLink(await tokenOf(request), parsed.password);
  if (!set) return data({ message: passwordMessages.linkExpired }, { status: 400 });
  throw redirect("/auth?password=set", {
    status: 303,
    headers: { "Set-Cookie": await linkCookie().serialize("", { maxAge: 0 }) },
  });
}

export default function AuthSetPassword({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  if (!loaderData.works) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{passwordMessages.linkExpired}</h1>
        <p className="mt-4 text-lg text-slate-700">{passwordMessages.linkExpiredText}</p>
        <Link
          to="/auth?mode=reset"
          className="mt-6 inline-block font-semibold text-brand-700 underline"
        >
          {texts.askAgain}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-3xl font-bold text-slate-900">{texts.title}</h1>
        <p className="mt-4 text-slate-700">{texts.text}</p>
        {answer ? (
          <p role="alert" className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800">
            {answer.message}
          </p>
        ) : null}
        <Form method="post" className="mt-6 space-y-5">
          <PasswordField name="password" label={texts.new} autoComplete="new-password" />
          <PasswordField name="repeat" label={texts.repeat} autoComplete="new-password" />
          <Button type="submit" className="w-full">
            {texts.submit}
          </Button>
        </Form>
      </div>
    </div>
  );
}
