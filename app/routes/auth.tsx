import { useEffect, useState } from "react";
import { data, Link, redirect, useFetcher, useNavigate } from "react-router";
import { showToast } from "#app/components/toasts-behaviour.ts";
import { Button } from "#app/components/ui/button.tsx";
import { getEnv } from "#app/config/env.server.ts";
import {
  checkLimits,
  type LimitRefusal,
  signInAttempt,
  waitText,
} from "#app/domain/abuse/rate-limit.server.ts";
import { mailboxOf } from "#app/domain/mail/mailbox.server.ts";
import { rolesOf } from "#app/domain/staff/auth.server.ts";
import { parseStaffAuthForm, parseStaffEmail } from "#app/domain/staff/staff-auth-form.ts";
import {
  askerOf,
  setHint,
  staffOf,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { authLimitMessages, authMessages, authScreenTexts } from "#app/domain/staff/staff-texts.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: authScreenTexts.title },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

/**
 * Where a member of staff starts: the dashboard (the spec), or for a therapist who is not an
 * admin their day (/visits), the dashboard being refused to them.
 */
const homeOf = (roles: { isAdmin: boolean; isTherapist: boolean }) =>
  roles.isTherapist && !roles.isAdmin ? "/visits" : "/admin";

/** A signed-in member of staff has nothing to do here: their start page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await staffOf(request, context);
  if (staff) throw redirect(homeOf(staff), { headers: withCookies(staff.setCookies) });
  // Back from choosing a password by an e-mailed link (auth-set-password.tsx).
  const search = new URL(request.url).searchParams;
  return {
    signUpOpen: getEnv().AUTH_SIGN_UP === "open",
    // The reset form by its address too, so that "Forgot your password?" works without JavaScript.
    mode: search.get("mode") === "reset" ? ("reset" as const) : ("login" as const),
    notice: search.get("password") === "set" ? authMessages.passwordSet : undefined,
  };
}

export type AuthActionData =
  | { status: "signed-in"; home: string }
  | { status: "signed-up"; message: string; next: string }
  | { status: "reset-sent"; message: string }
  | { status: "error"; message: string };

type Intent = "login" | "signup" | "reset";

/**
 * Sign-in, sign-up and password-reset requests, checked again with the form's schema and
 * limited (docs/abuse.md): failed sign-ins per account and client, and per client; account
 * e-mails per client, per mailbox and for the whole site. With JavaScript the answer is data for
 * a toast; without, sign-in redirects to the dashboard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { limits, staffAuth } = services;
  const form = await request.formData().catch(() => undefined);
  const withScript = form?.get("js") === "1";
  const typed = form?.get("intent");
  const intent: Intent = typed === "signup" || typed === "reset" ? typed : "login";
  const answer = (body: AuthActionData, status: number, headers?: Headers) =>
    data<AuthActionData>(body, { status, headers });
  const tooMany = (refusal: LimitRefusal) =>
    answer(
      { status: "error", message: refusal.message },
      429,
      new Headers({ "Retry-After": String(refusal.retryAfterSeconds) }),
    );
  if (!form) return answer({ status: "error", message: authMessages.unexpected }, 400);
  const { clientKey } = context.get(requestInfo);
  const asker = askerOf(request, context);

  try {
    if (intent === "reset") {
      const parsed = parseStaffEmail(Object.fromEntries(form));
      if (!parsed.ok) return answer({ status: "error", message: parsed.message }, 400);
      // Per client and per mailbox: counted alike whether or not an account has the address.
      const refused = await checkLimits([
        {
          limiter: limits.passwordResetClient,
          key: clientKey,
          message: authLimitMessages.resetClient,
        },
        {
          limiter: limits.passwordResetMailbox,
          key: mailboxOf(parsed.email),
          message: authLimitMessages.resetMailbox,
        },
      ]);
      if (refused) return tooMany(refused);
      // The whole site's count of reset links counts only e-mails that are sent, so that a
      // stranger asking for addresses that have no account cannot use it up and keep staff from
      // their own links; sign-ups have a count of their own. Either way the answer is the same:
      // over the limit, both are refused.
      const site = {
        limiter: limits.accountMailSite,
        key: "site",
        message: authLimitMessages.site,
      };
      if (await staffAuth.findUserByEmail(parsed.email)) {
        const overSite = await checkLimits([site]);
        if (overSite) return tooMany(overSite);
        await staffAuth.requestPasswordReset(parsed.email);
      } else {
        const full = await limits.accountMailSite.peek("site");
        if (full) {
          return tooMany({
            retryAfterSeconds: full.retryAfterSeconds,
            message: site.message(waitText(full.retryAfterSeconds)),
          });
        }
        // Sends nothing; it takes about as long as a reset that does (Better Auth's own cover).
        await staffAuth.requestPasswordReset(parsed.email);
      }
      return answer({ status: "reset-sent", message: authMessages.resetSent }, 200);
    }

    const parsed = parseStaffAuthForm(Object.fromEntries(form));
    if (!parsed.ok) return answer({ status: "error", message: parsed.message }, 400);
    const { email, password } = parsed.value;

    if (intent === "signup") {
      if (getEnv().AUTH_SIGN_UP === "closed") {
        return answer({ status: "error", message: authMessages.signUpClosed }, 403);
      }
      const byClient = await checkLimits([
        {
          limiter: limits.signUpClient,
          key: clientKey,
          message: authLimitMessages.signUpClient,
        },
      ]);
      if (byClient) return tooMany(byClient);
      // The spec's answer for a known address, before any e-mail is counted: nothing is sent.
      if (await staffAuth.findUserByEmail(email)) {
        return answer({ status: "error", message: authMessages.alreadyRegistered }, 400);
      }
      // Per mailbox, per domain, then for the whole site: the sign-ups' own counts, never the
      // reset links', so sign-ups for made-up addresses cannot keep staff from their resets.
      const mailbox = mailboxOf(email);
      const byMail = await checkLimits([
        {
          limiter: limits.confirmationMailbox,
          key: mailbox,
          message: authLimitMessages.confirmationMailbox,
        },
        {
          limiter: limits.signUpDomain,
          key: mailbox.slice(mailbox.lastIndexOf("@") + 1),
          message: authLimitMessages.signUpDomain,
        },
        { limiter: limits.signUpSite, key: "site", message: authLimitMessages.site },
      ]);
      if (byMail) return tooMany(byMail);
      const result = await staffAuth.signUp(email, password, asker);
      if (result.ok) {
        return answer(
          {
            status: "signed-up",
            message: authMessages.accountCreated,
            next: authMessages.accountCreatedNext,
          },
          200,
        );
      }
      if (result.reason === "other") getLogger().warn({ detail: result.detail }, "sign-up refused");
      const message = {
        exists: authMessages.alreadyRegistered,
        closed: authMessages.signUpClosed,
        other: authMessages.unexpected,
      }[result.reason];
      return answer({ status: "error", message }, result.reason === "closed" ? 403 : 400);
    }

    // Failed sign-ins per account and client, and per client (docs/abuse.md).
    const attempt = signInAttempt(
      { client: limits.signInClient, account: limits.signInAccount },
      email,
      clientKey,
      authLimitMessages.signIn,
    );
    const limited = await attempt.start();
    if (limited) {
      getLogger().warn({ reason: "sign-in" }, "sign-in rate-limited");
      return tooMany(limited);
    }
    const result = await staffAuth.signIn(email, password, asker);
    if (!result.ok) {
      if (result.reason === "other") getLogger().warn({ detail: result.detail }, "sign-in refused");
      const message = {
        invalid: authMessages.invalidCredentials,
        unconfirmed: authMessages.unconfirmed,
        other: authMessages.unexpected,
      }[result.reason];
      return answer({ status: "error", message }, result.reason === "unconfirmed" ? 403 : 401);
    }
    await attempt.succeeded();
    const headers = withCookies([
      ...result.setCookies,
      setHint(getEnv().SESSION_IDLE_HOURS * 3600),
    ]);
    const roles = await rolesOf(services.db, result.user.id);
    const home = homeOf({ isAdmin: roles.has("admin"), isTherapist: roles.has("therapist") });
    if (!withScript) throw redirect(home, { status: 303, headers });
    return answer({ status: "signed-in", home }, 200, headers);
  } catch (error) {
    if (error instanceof Response) throw error;
    getLogger().error({ err: error }, "sign-in failed");
    return answer({ status: "error", message: authMessages.unexpected }, 500);
  }
}

/** A failure on the way (the network, a proxy's error page) is the catalogue's unexpected error. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { status: "error", message: authMessages.unexpected } satisfies AuthActionData;
  }
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const [mode, setMode] = useState<Intent>(loaderData.mode);
  const fetcher = useFetcher<AuthActionData>();
  const navigate = useNavigate();
  const busy = fetcher.state !== "idle";
  const text = authScreenTexts.modes[mode];
  // Without JavaScript the page itself receives the action's answer.
  const answer = fetcher.data ?? actionData;

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.status === "signed-in") {
      showToast({ variant: "success", title: authMessages.signedIn, description: "" });
      navigate(result.home, { replace: true });
    } else if (result.status === "signed-up") {
      showToast({ variant: "success", title: result.message, description: result.next });
      setMode("login");
    } else if (result.status === "reset-sent") {
      showToast({ variant: "success", title: result.message, description: "" });
      setMode("login");
    } else {
      showToast({ variant: "error", title: result.message, description: "" });
    }
  }, [fetcher.data, fetcher.state, navigate]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = mode === "reset" ? parseStaffEmail(values) : parseStaffAuthForm(values);
    event.preventDefault();
    if (!parsed.ok) {
      // The spec: only the first error, as a toast.
      showToast({ variant: "error", title: parsed.message, description: "" });
      return;
    }
    const form = new FormData(event.currentTarget);
    form.set("js", "1");
    fetcher.submit(form, { method: "post" }).catch(() => {
      showToast({ variant: "error", title: authMessages.unexpected, description: "" });
    });
  }

  // What the page says above the form: the answer of a form sent without JavaScript, or the
  // notice of a password just chosen. With JavaScript, answers are toasts.
  const shown =
    answer && !fetcher.data && answer.status !== "signed-in"
      ? {
          role: answer.status === "error" ? "alert" : "status",
          text: answer.status === "signed-up" ? `${answer.message} ${answer.next}` : answer.message,
        }
      : loaderData.notice
        ? { role: "status", text: loaderData.notice }
        : undefined;

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-3xl font-bold text-slate-900">{text.heading}</h1>
        {shown ? (
          <p role={shown.role} className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800">
            {shown.text}
          </p>
        ) : null}
        <form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-5">
          <input type="hidden" name="intent" value={mode} />
          <div>
            <label htmlFor="email" className="block font-medium text-slate-800">
              {authScreenTexts.email}
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
          {mode === "reset" ? (
            <p className="text-slate-700">{authScreenTexts.resetHint}</p>
          ) : (
            <div>
              <label htmlFor="password" className="block font-medium text-slate-800">
                {authScreenTexts.password}
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
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? authScreenTexts.loading : text.submit}
          </Button>
        </form>
        {mode === "login" ? (
          <Link
            to="/auth?mode=reset"
            className="mt-6 block min-h-11 content-center text-center font-medium text-brand-700 underline"
            onClick={(event) => {
              event.preventDefault();
              setMode("reset");
            }}
          >
            {authScreenTexts.forgot}
          </Link>
        ) : null}
        {mode === "login" && !loaderData.signUpOpen ? null : (
          <button
            type="button"
            className="mt-2 block min-h-11 w-full text-center font-medium text-brand-700 underline"
            onClick={() => setMode(mode === "login" ? "signup" : "login")}
          >
            {text.toggle}
          </button>
        )}
      </div>
    </div>
  );
}
