// Change password, for a signed-in member of staff: the current password, then the new one
// twice. Every other session of the account ends (and its live streams with them); this browser
// gets a new session. Wrong current passwords count as failed sign-ins (docs/abuse.md).
import { data, Form, Link, redirect, useActionData } from "react-router";
import { PasswordField } from "~/components/password-field";
import { Button } from "~/components/ui/button";
import { signInAttempt } from "~/domain/abuse/rate-limit.server";
import { authLimitMessages, passwordMessages } from "~/domain/messages";
import { parseNewPassword } from "~/domain/staff/staff-auth-form";
import {
  askerOf,
  clearHint,
  staffOf,
  staffRouteHeaders,
  withCookies,
} from "~/domain/staff/staff-session.server";
import { requestInfo } from "~/lib/request-info";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/auth-password";

export const meta: Route.MetaFunction = () => [
  { title: "Change password" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await staffOf(request, context);
  if (!staff) throw redirect("/auth", { headers: clearHint() });
  return data({ email: staff.user.email }, { headers: withCookies(staff.setCookies) });
}

type ActionData = { ok: true; message: string } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await staffOf(request, context);
  if (!staff) throw redirect("/auth", { headers: clearHint() });
  const { limits, staffAuth } = context.get(servicesContext);
  const form = await request.formData().catch(() => undefined);
  const values = form ? Object.fromEntries(form) : {};
  const parsed = parseNewPassword(values);
  if (!parsed.ok) return data<ActionData>({ ok: false, message: parsed.message }, { status: 400 });
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
      { ok: false, message: limited.message },
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
    return data<ActionData>({ ok: false, message: result.message }, { status: 400 });
  }
  await attempt.succeeded();
  return data<ActionData>(
    { ok: true, message: passwordMessages.changed },
    { headers: withCookies(result.setCookies) },
  );
}

export default function AuthPassword({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-3xl font-bold text-slate-900">Change password</h1>
        <p className="mt-4 text-center text-slate-700">{loaderData.email}</p>
        {answer ? (
          <p
            role={answer.ok ? "status" : "alert"}
            className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800"
          >
            {answer.message}
          </p>
        ) : null}
        <Form method="post" className="mt-6 space-y-5" key={answer?.ok ? "done" : "form"}>
          <PasswordField name="current" label="Current password" autoComplete="current-password" />
          <PasswordField name="password" label="New password" autoComplete="new-password" />
          <PasswordField
            name="repeat"
            label="The same new password again"
            autoComplete="new-password"
          />
          <Button type="submit" className="w-full">
            Change password
          </Button>
        </Form>
        <Link to="/admin" className="mt-6 block text-center font-medium text-brand-700 underline">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
