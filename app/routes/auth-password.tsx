// Change password, for a signed-in member of staff: the current password, then the new one
// twice. Every other session of the account ends (and its live streams with them); this browser
// gets a new session. Wrong current passwords count as failed sign-ins (docs/abuse.md).
import { data, Form, Link, redirect, useActionData, useLocation } from "react-router";
import { PasswordField } from "#app/components/password-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { signInAttempt } from "#app/domain/abuse/rate-limit.server.ts";
import { parseNewPassword } from "#app/domain/staff/staff-auth-form.ts";
import {
  askerOf,
  clearHint,
  staffOf,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import {
  authLimitMessages,
  authMessages,
  passwordMessages,
  changePasswordTexts as texts,
} from "#app/domain/staff/staff-texts.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/auth-password";

export const meta: Route.MetaFunction = () => [
  { title: texts.title },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

const formPath = "/auth/password";
/** Where a change leads: this page again, with the catalogue's "changed" message. */
const changedPath = `${formPath}?changed=1`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await staffOf(request, context);
  if (!staff) throw redirect("/auth", { headers: clearHint() });
  const changed = new URL(request.url).searchParams.get("changed") === "1";
  return data(
    { email: staff.user.email, notice: changed ? passwordMessages.changed : undefined },
    { headers: withCookies(staff.setCookies) },
  );
}

type ActionData = { message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await staffOf(request, context);
  if (!staff) throw redirect("/auth", { headers: clearHint() });
  const { limits, staffAuth } = context.get(servicesContext);
  const form = await request.formData().catch(() => undefined);
  const values = form ? Object.fromEntries(form) : {};
  const parsed = parseNewPassword(values);
  if (!parsed.ok) return data<ActionData>({ message: parsed.message }, { status: 400 });
  // A stolen session must not become a way to guess the password: failures count as sign-ins'.
  const attempt = signInAttempt(
    { client: limits.signInClient, account: limits.signInAccount },
    staff.user.email,
    context.get(requestInfo).clientKey,
    authLimitMessages.signIn,
  );
  const limited = await attempt.start();
  if (limited) {
    return data<ActionData>(
      { message: limited.message },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const current = typeof values.current === "string" ? values.current : "";
  const result = await staffAuth.changePassword(
    askerOf(request, context),
    current,
    parsed.password,
  );
  if (!result.ok) {
    const message =
      result.reason === "invalid" ? passwordMessages.wrongCurrent : authMessages.unexpected;
    return data<ActionData>({ message }, { status: 400 });
  }
  await attempt.succeeded();
  // The change ended the session of this request's cookie too: a page rendered now (without
  // JavaScript, the loader runs on this same request) would find no session and send the user to
  // /auth. The new session's cookie goes with a redirect instead, and the page is asked for again
  // with it: as a 303 to a form's post, and, to a script's fetch, as React Router's redirect
  // answer, which keeps the Set-Cookie lines.
  throw redirect(changedPath, { status: 303, headers: withCookies(result.setCookies) });
}

export default function AuthPassword({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  // A change empties the fields: a new form at each arrival at the changed page (a second
  // change included); a refusal keeps what was typed.
  const location = useLocation();
  const formKey = loaderData.notice ? location.key : "form";
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-3xl font-bold text-slate-900">{texts.title}</h1>
        <p className="mt-4 text-center text-slate-700">{loaderData.email}</p>
        {answer ? (
          <p role="alert" className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800">
            {answer.message}
          </p>
        ) : loaderData.notice ? (
          <p role="status" className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800">
            {loaderData.notice}
          </p>
        ) : null}
        {/* Posted to the page without ?changed, so that a refusal after a change shows alone. */}
        <Form method="post" action={formPath} className="mt-6 space-y-5" key={formKey}>
          <PasswordField name="current" label={texts.current} autoComplete="current-password" />
          <PasswordField name="password" label={texts.new} autoComplete="new-password" />
          <PasswordField name="repeat" label={texts.repeat} autoComplete="new-password" />
          <Button type="submit" className="w-full">
            {texts.submit}
          </Button>
        </Form>
        <Link to="/admin" className="mt-6 block text-center font-medium text-brand-700 underline">
          {texts.back}
        </Link>
      </div>
    </div>
  );
}
