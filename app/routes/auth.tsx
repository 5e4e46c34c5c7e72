import { useEffect, useState } from "react";
import { data, redirect, useFetcher, useNavigate } from "react-router";
import { showToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { getEnv } from "~/config/env.server";
import { servicesContext } from "~/domain/services.server";
import { parseStaffAuthForm, staffAuthMessages } from "~/domain/staff-auth-form";
import { getLogger } from "~/lib/logger.server";
import {
  askerOf,
  setHint,
  staffOf,
  staffRouteHeaders,
  withCookies,
} from "~/lib/staff-session.server";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

/** A signed-in member of staff has nothing to do here: the dashboard (the spec). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await staffOf(request, context);
  if (staff) throw redirect("/admin", { headers: withCookies(staff.setCookies) });
  return { signUpOpen: getEnv().AUTH_SIGN_UP === "open" };
}

export type AuthActionData =
  | { status: "signed-in" }
  | { status: "signed-up"; message: string }
  | { status: "error"; message: string };

/**
 * Sign-in and sign-up, checked again with the form's schema, limited per account and per client.
 * With JavaScript the answer is data for a toast; without, sign-in redirects to the dashboard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData().catch(() => undefined);
  const withScript = form?.get("js") === "1";
  const intent = form?.get("intent") === "signup" ? "signup" : "login";
  const answer = (body: AuthActionData, status: number, headers?: Headers) =>
    data<AuthActionData>(body, { status, headers });
  if (!form) return answer({ status: "error", message: staffAuthMessages.unexpected }, 400);
  const parsed = parseStaffAuthForm(Object.fromEntries(form));
  if (!parsed.ok) return answer({ status: "error", message: parsed.message }, 400);
  const { email, password } = parsed.value;
  const asker = askerOf(request, context);

  try {
    if (intent === "signup") {
      const limited = await services.signInLimiters.client.hit(asker.clientAddress);
      if (limited) return tooMany(limited.retryAfterSeconds);
      const result = await services.staffAuth.signUp(email, password, asker);
      if (result.ok) {
        return answer({ status: "signed-up", message: staffAuthMessages.accountCreated }, 200);
      }
      const message =
        result.reason === "exists"
          ? staffAuthMessages.alreadyRegistered
          : result.reason === "closed"
            ? staffAuthMessages.signUpClosed
            : result.message;
      return answer({ status: "error", message }, result.reason === "closed" ? 403 : 400);
    }

    // Both counted before the password is checked: a guesser learns nothing from the wait.
    const byAccount = await services.signInLimiters.account.hit(email.toLowerCase());
    const byClient = await services.signInLimiters.client.hit(asker.clientAddress);
    const limited = byAccount ?? byClient;
    if (limited) {
      getLogger().warn({ reason: byAccount ? "account" : "client" }, "sign-in rate-limited");
      return tooMany(limited.retryAfterSeconds);
    }
    const result = await services.staffAuth.signIn(email, password, asker);
    if (!result.ok) return answer({ status: "error", message: result.message }, 401);
    const headers = withCookies([
      ...result.setCookies,
      setHint(getEnv().SESSION_IDLE_HOURS * 3600),
    ]);
    if (!withScript) throw redirect("/admin", { status: 303, headers });
    return answer({ status: "signed-in" }, 200, headers);
  } catch (error) {
    if (error instanceof Response) throw error;
    getLogger().error({ err: error }, "sign-in failed");
    return answer({ status: "error", message: staffAuthMessages.unexpected }, 500);
  }

  function tooMany(retryAfterSeconds: number) {
    return answer(
      { status: "error", message: staffAuthMessages.tooManyAttempts },
      429,
      new Headers({ "Retry-After": String(retryAfterSeconds) }),
    );
  }
}

/** A failure on the way (the network, a proxy's error page) is the catalogue's unexpected error. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { status: "error", message: staffAuthMessages.unexpected } satisfies AuthActionData;
  }
}

const texts = {
  login: {
    heading: "Admin Login",
    submit: "Login",
    toggle: "Need an account? Sign up",
  },
  signup: {
    heading: "Create Admin Account",
    submit: "Sign Up",
    toggle: "Already have an account? Login",
  },
} as const;

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const [mode, setMode] = useState<"login" | "signup">("login");
  const fetcher = useFetcher<AuthActionData>();
  const navigate = useNavigate();
  const busy = fetcher.state !== "idle";
  const text = texts[mode];
  // Without JavaScript the page itself receives the action's answer.
  const answer = fetcher.data ?? actionData;

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.status === "signed-in") {
      showToast({ variant: "success", title: staffAuthMessages.signedIn, description: "" });
      navigate("/admin", { replace: true });
    } else if (result.status === "signed-up") {
      showToast({ variant: "success", title: result.message, description: "" });
      setMode("login");
    } else {
      showToast({ variant: "error", title: result.message, description: "" });
    }
  }, [fetcher.data, fetcher.state, navigate]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = parseStaffAuthForm(values);
    event.preventDefault();
    if (!parsed.ok) {
      // The spec: only the first error, as a toast.
      showToast({ variant: "error", title: parsed.message, description: "" });
      return;
    }
    const form = new FormData(event.currentTarget);
    form.set("js", "1");
    fetcher.submit(form, { method: "post" }).catch(() => {
      showToast({ variant: "error", title: staffAuthMessages.unexpected, description: "" });
    });
  }

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-3xl font-bold text-slate-900">{text.heading}</h1>
        {answer && answer.status !== "signed-in" && !fetcher.data ? (
          <p
            role={answer.status === "error" ? "alert" : "status"}
            className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800"
          >
            {answer.message}
          </p>
        ) : null}
        <form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-5">
          <input type="hidden" name="intent" value={mode} />
          <div>
            <label htmlFor="email" className="block font-medium text-slate-800">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={255}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-3 text-lg"
            />
          </div>
          <div>
            <label htmlFor="password" className="block font-medium text-slate-800">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              required
              maxLength={100}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-3 text-lg"
            />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Loading..." : text.submit}
          </Button>
        </form>
        {mode === "login" && !loaderData.signUpOpen ? null : (
          <button
            type="button"
            className="mt-6 block min-h-11 w-full text-center font-medium text-brand-700 underline"
            onClick={() => setMode(mode === "login" ? "signup" : "login")}
          >
            {text.toggle}
          </button>
        )}
      </div>
    </div>
  );
}
