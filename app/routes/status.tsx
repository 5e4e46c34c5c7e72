// The family's status page, "My request" (/status, /hi/status; decision 038). Rendered per request,
// never prerendered nor indexed nor cached; it works without JavaScript: each form posts, and a
// change answers with a 303 back to the page (Post/Redirect/Get). The reference and the digits
// are posted, never put in the address; the request looked up is named by a signed cookie that
// lasts 30 minutes. Nothing staff wrote, and no personal data but the reference, is shown. The
// request's repeats are shown with it, as one story (docs/messages.md, "The family's status
// page"); stopping the WhatsApp updates asks once, and they can be started again.
import { data, Form, Link, redirect, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { appointmentFormText, waitIn } from "#app/domain/appointments/appointment-texts.ts";
import { tickExercise } from "#app/domain/care/care.server.ts";
import {
  careRequestOf,
  type FamilyCareView,
  familyCareView,
} from "#app/domain/care/family-care.server.ts";
import { familyOnStatusPage } from "#app/domain/messages/origins.ts";
import { readStatusLinkKey } from "#app/domain/messages/status-link.server.ts";
import {
  askOnStatusPage,
  familyRequestIds,
  familyStatus,
  familyStatusView,
  lookUpRequest,
  readAsk,
  readLookup,
  statusCookie,
} from "#app/domain/messages/status-page.server.ts";
import { statusAskLimits, statusPageText } from "#app/domain/messages/status-texts.ts";
import { startUpdates, stopUpdates } from "#app/domain/messages/updates-consent.server.ts";
import { MoneyRefused } from "#app/domain/money/account.server.ts";
import { type FamilyMoneyView, familyMoney } from "#app/domain/money/family-money.server.ts";
import { familyMoneyText } from "#app/domain/money/family-money-texts.ts";
import { getMoneySettings } from "#app/domain/money/prices.server.ts";
import { familyPaymentLink, PaymentLinkFailed } from "#app/domain/money/razorpay.server.ts";
import { FamilyAskRefused } from "#app/domain/visits/family-asks.server.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { type Lang, langOfRequest, localePath } from "#app/lib/lang.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { retryAfterHeaders } from "#app/lib/route-headers.ts";
import { FamilyCare } from "#app/routes/status-care.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/status";

/**
 * A refusal's Retry-After reaches the browser. Never cached: the server marks everything rendered
 * per request `no-store` (server/security-headers.ts).
 */
export const headers = retryAfterHeaders;

function cookieOf(secret: string) {
  return statusCookie(secret, getEnv().SITE_URL.startsWith("https://"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = langOfRequest(request);
  const cookie = cookieOf(services.secret);
  // The link in a family's WhatsApp message (status-link.server.ts): it sets the cookie as a
  // look-up does, and the page is shown at its own address, the key out of it.
  const key = new URL(request.url).searchParams.get("key");
  if (key !== null) {
    const named = readStatusLinkKey(services.secret, key);
    if (named && (await familyStatus(services.db, named))) {
      throw redirect(localePath(lang, "/status"), {
        status: 303,
        headers: { "Set-Cookie": await cookie.set(named) },
      });
    }
  }
  const id = await cookie.read(request);
  const status = id ? await familyStatus(services.db, id) : undefined;
  const env = getEnv();
  // The care record of the family's request that holds it (decision 051).
  const care =
    id && status
      ? await familyCareView(services.db, await careRequestOf(services.db, id), lang)
      : null;
  return data(
    {
      text: statusPageText[lang],
      phone: toSiteConfig(env).phone.display,
      view: status ? familyStatusView(status, lang) : null,
      money: status
        ? await familyMoney(services.db, status, lang, {
            name: env.BUSINESS_NAME,
            upiId: env.CLINIC_UPI_ID,
            // The package on sale now, when it can be bought online.
            online: services.razorpay ? getMoneySettings().prices : null,
          })
        : null,
      linkExpired: key !== null,
      care,
      lang,
      printExercises: new URL(request.url).searchParams.get("print") === "exercises",
    },
    // A request erased since (or a cookie of another key): forgotten.
    id && !status ? { headers: { "Set-Cookie": await cookie.clear() } } : undefined,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.text.title },
  { name: "robots", content: "noindex, nofollow" },
];

export type StatusActionData =
  | {
      form: "lookup";
      message?: string;
      problems?: { reference?: string; digits?: string };
      reference?: string;
    }
  | { form: "ask"; visitId: string; message: string }
  | { form: "pay"; message: string }
  /** "Stop WhatsApp updates" tapped once: the page asks before stopping them. */
  | { form: "stop-ask" };

/**
 * The look-up, an ask about a visit, the stop of WhatsApp updates (asked once) and their start
 * again, and "look up another".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const lang = langOfRequest(request);
  const text = statusPageText[lang];
  const cookie = cookieOf(services.secret);
  const page = localePath(lang, "/status");
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent");
  if (intent === "forget") {
    throw redirect(page, { status: 303, headers: { "Set-Cookie": await cookie.clear() } });
  }
  if (!form || typeof intent !== "string") {
    return data<StatusActionData>(
      { form: "lookup", message: text.ask.unreadable },
      { status: 400 },
    );
  }

  if (intent === "lookup") {
    const typed = String(form.get("reference") ?? "").slice(0, 40);
    const lookup = readLookup(form);
    if (!lookup.reference || !lookup.digits) {
      return data<StatusActionData>(
        {
          form: "lookup",
          reference: typed,
          problems: {
            reference: lookup.problems.reference ? text.invalid.reference : undefined,
            digits: lookup.problems.digits ? text.invalid.digits : undefined,
          },
        },
        { status: 400 },
      );
    }
    const outcome = await lookUpRequest(services.db, services.limits, {
      clientKey: context.get(requestInfo).clientKey,
      reference: lookup.reference,
      digits: lookup.digits,
    });
    if ("refused" in outcome) {
      getLogger().warn({ reason: "rate-limited" }, "status look-up refused");
      const { retryAfterSeconds } = outcome.refused;
      const message = fillText(text.rateLimited, {
        wait: waitIn(appointmentFormText[lang].refusals, retryAfterSeconds),
        phone: toSiteConfig(getEnv()).phone.display,
      });
      return data<StatusActionData>(
        { form: "lookup", reference: typed, message },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }
    if ("wrong" in outcome) {
      return data<StatusActionData>(
        { form: "lookup", reference: typed, message: text.noMatch },
        { status: 422 },
      );
    }
    const found = outcome.found;
    throw redirect(page, { status: 303, headers: { "Set-Cookie": await cookie.set(found) } });
  }

  // A change: only for the request the cookie names, while it lasts.
  const appointmentId = await cookie.read(request);
  if (!appointmentId) {
    return data<StatusActionData>({ form: "lookup", message: text.expired }, { status: 403 });
  }
  // The updates of the family's requests shown together: stopped after a question, started again
  // by the family's own tap (docs/privacy.md).
  if (intent === "stop-ask") return data<StatusActionData>({ form: "stop-ask" });
  if (intent === "stop" || intent === "start") {
    const ids = await familyRequestIds(services.db, appointmentId);
    if (intent === "stop") {
      await stopUpdates(services.db, { appointmentIds: ids }, familyOnStatusPage);
    } else {
      await startUpdates(services.db, ids, familyOnStatusPage);
    }
    throw redirect(`${page}#updates`, 303);
  }
  // Paying online (decision 047): Razorpay's page, for what is due or a package.
  if ((intent === "pay-online" || intent === "buy-package") && services.razorpay) {
    try {
      const url = await familyPaymentLink(
        services.db,
        services.razorpay,
        appointmentId,
        intent === "pay-online" ? "due" : "package",
        getMoneySettings(),
        { siteUrl: getEnv().SITE_URL },
      );
      throw redirect(url, 303);
    } catch (error) {
      if (!(error instanceof PaymentLinkFailed || error instanceof MoneyRefused)) throw error;
      getLogger().warn({ reason: error.name }, "status page: no payment link");
      return data<StatusActionData>(
        { form: "pay", message: familyMoneyText[lang].linkFailed },
        { status: error instanceof MoneyRefused ? 409 : 502 },
      );
    }
  }
  // The family ticks a home exercise done today, or takes the tick back (decision 051).
  if (intent === "exercise-tick") {
    const exercise = String(form.get("exercise") ?? "").slice(0, 100);
    const ticked = await tickExercise(
      services.db,
      await careRequestOf(services.db, appointmentId),
      exercise,
      form.get("done") === "1",
    );
    if (!ticked) {
      return data<StatusActionData>(
        { form: "lookup", message: text.ask.unreadable },
        { status: 404 },
      );
    }
    throw redirect(`${page}#exercises`, 303);
  }
  if (intent === "ask") {
    const read = readAsk(form);
    if (!read.ok) {
      const message =
        read.problem === "reasonTooLong"
          ? fillText(text.ask.reasonTooLong, { max: String(statusAskLimits.reason) })
          : read.problem === "preferredTooLong"
            ? fillText(text.ask.preferredTooLong, { max: String(statusAskLimits.preferred) })
            : text.ask[read.problem];
      return data<StatusActionData>(
        { form: "ask", visitId: read.visitId, message },
        { status: 400 },
      );
    }
    try {
      await askOnStatusPage(services.db, appointmentId, read.ask);
    } catch (error) {
      if (!(error instanceof FamilyAskRefused)) throw error;
      return data<StatusActionData>(
        { form: "ask", visitId: read.ask.visitId, message: text.ask.refused[error.problem] },
        { status: error.problem === "no_visit" ? 404 : 409 },
      );
    }
    throw redirect(page, 303);
  }
  return data<StatusActionData>({ form: "lookup", message: text.ask.unreadable }, { status: 400 });
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-700 focus-visible:outline-2 focus-visible:outline-brand-700";

type Loaded = Route.ComponentProps["loaderData"];
type Text = Loaded["text"];
type View = NonNullable<Loaded["view"]>;
type VisitView = View["visits"][number];

function Lookup({ text, answer }: { text: Text; answer?: StatusActionData }) {
  const lookup = answer?.form === "lookup" ? answer : undefined;
  const problems = lookup?.problems ?? {};
  return (
    <section aria-labelledby="lookup-heading">
      <h1 id="lookup-heading" className="text-3xl font-bold text-slate-900">
        {text.lookup.heading}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{text.lookup.intro}</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="intent" value="lookup" />
        {lookup?.message ? (
          <p
            role="alert"
            data-status-message
            className="rounded-lg bg-red-50 p-3 font-medium text-red-800"
          >
            {lookup.message}
          </p>
        ) : null}
        <div>
          <label htmlFor="reference" className="font-medium text-slate-900">
            {text.lookup.reference}
          </label>
          <input
            id="reference"
            name="reference"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
            defaultValue={lookup?.reference ?? ""}
            aria-invalid={problems.reference ? true : undefined}
            aria-describedby={problems.reference ? "reference-error" : "reference-hint"}
            className={`${inputClass} font-mono tracking-widest sm:max-w-56`}
          />
          <p id="reference-hint" className="mt-1 text-sm text-slate-700">
            {text.lookup.referenceHint}
          </p>
          {problems.reference ? (
            <p id="reference-error" className="mt-1 text-sm font-medium text-red-700">
              {problems.reference}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="digits" className="font-medium text-slate-900">
            {text.lookup.digits}
          </label>
          <input
            id="digits"
            name="digits"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            // A Hindi keyboard's digits too (U+0966-U+096F): the server reads them as ASCII.
            pattern="[0-9\u0966-\u096F]{4}"
            required
            aria-invalid={problems.digits ? true : undefined}
            aria-describedby={problems.digits ? "digits-error" : "digits-hint"}
            className={`${inputClass} sm:max-w-32`}
          />
          <p id="digits-hint" className="mt-1 text-sm text-slate-700">
            {text.lookup.digitsHint}
          </p>
          {problems.digits ? (
            <p id="digits-error" className="mt-1 text-sm font-medium text-red-700">
              {problems.digits}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg">
          {text.lookup.submit}
        </Button>
      </Form>
    </section>
  );
}

/**
 * The ask about a visit, folded: to move or cancel one to come, or (`again`) a new time for one
 * missed, whose reason may be left empty.
 */
function AskForm({
  text,
  visit,
  again,
  error,
}: {
  text: Text;
  visit: VisitView;
  again: boolean;
  error?: string;
}) {
  const id = (name: string) => `${name}-${visit.id}`;
  return (
    <details open={error ? true : undefined} className="mt-3">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline">
        {again ? text.ask.again : text.ask.open}
      </summary>
      <Form method="post" className="mt-3 space-y-4" data-ask-form={visit.id}>
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="visitId" value={visit.id} />
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {error}
          </p>
        ) : null}
        {again ? (
          <input type="hidden" name="kind" value="again" />
        ) : (
          <fieldset>
            <legend className="font-medium text-slate-900">{text.ask.kind}</legend>
            <label className="mt-2 flex min-h-11 items-center gap-2">
              <input type="radio" name="kind" value="move" defaultChecked className="size-5" />
              {text.ask.move}
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="kind" value="cancel" className="size-5" />
              {text.ask.cancel}
            </label>
          </fieldset>
        )}
        <div>
          <label htmlFor={id("reason")} className="font-medium text-slate-900">
            {again ? text.ask.againReason : text.ask.reason}
          </label>
          <textarea
            id={id("reason")}
            name="reason"
            required={!again}
            maxLength={statusAskLimits.reason}
            rows={3}
            aria-describedby={id("reason-hint")}
            className={inputClass}
          />
          <p id={id("reason-hint")} className="mt-1 text-sm text-slate-700">
            {text.ask.reasonHint}
          </p>
        </div>
        <div>
          <label htmlFor={id("preferred")} className="font-medium text-slate-900">
            {text.ask.preferred}
          </label>
          <input
            id={id("preferred")}
            name="preferredTime"
            maxLength={statusAskLimits.preferred}
            aria-describedby={id("preferred-hint")}
            className={inputClass}
          />
          <p id={id("preferred-hint")} className="mt-1 text-sm text-slate-700">
            {text.ask.preferredHint}
          </p>
        </div>
        <Button type="submit">{text.ask.submit}</Button>
      </Form>
    </details>
  );
}

const stateClasses: Record<VisitView["state"], string> = {
  to_come: "bg-brand-700 text-white",
  passed: "bg-slate-200 text-slate-900",
  done: "bg-emerald-100 text-emerald-900",
  cancelled: "border border-slate-400 text-slate-800",
  no_show: "bg-amber-100 text-amber-950",
};

function Therapist({ visit, text }: { visit: VisitView; text: Text }) {
  return (
    <p className="mt-1 text-slate-800" data-therapist>
      <span className="sr-only">{text.request.therapist}: </span>
      <strong>{visit.therapist.name}</strong>
      {/* One box: a number such as DL-PT-20417 would break at its hyphens at a line's end. */}
      {visit.therapist.registration ? (
        <>
          {" · "}
          <span className="inline-block">{visit.therapist.registration}</span>
        </>
      ) : null}
      {visit.therapist.languages ? <> · {visit.therapist.languages}</> : null}
    </p>
  );
}

function Visit({ visit, text, error }: { visit: VisitView; text: Text; error?: string }) {
  return (
    <li
      data-visit={visit.id}
      data-state={visit.state}
      className={`rounded-xl border p-4 ${visit.next ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-white"}`}
    >
      <p className="flex flex-wrap items-center gap-2">
        <strong className="text-slate-900">{visit.when}</strong>
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${stateClasses[visit.state]}`}
        >
          {visit.stateText}
        </span>
      </p>
      <p className="text-slate-700">{visit.what}</p>
      <Therapist visit={visit} text={text} />
      {visit.code ? (
        <p data-visit-code className="mt-2 font-medium text-slate-900">
          {visit.code}
        </p>
      ) : null}
      {visit.asked ? (
        <p data-asked className="mt-2 rounded-lg bg-amber-50 p-2 font-medium text-amber-950">
          {visit.asked}
        </p>
      ) : null}
      {visit.canAsk || visit.canAskAgain ? (
        <AskForm text={text} visit={visit} again={visit.canAskAgain} error={error} />
      ) : null}
    </li>
  );
}

/**
 * WhatsApp updates: on, with "Stop" that asks once (the answer to its post is the page with the
 * question: no JavaScript needed), or stopped, with "Start them again" and what it sends.
 */
function Updates({ text, state, asking }: { text: Text; state: View["updates"]; asking: boolean }) {
  const t = text.updates;
  // Posted to the section itself: without JavaScript the answer opens where the tap was.
  const here = `${useLocation().pathname}#updates`;
  return (
    <section
      id="updates"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4"
      data-updates={state}
    >
      <p data-updates-state>{state === "on" ? t.on : state === "stopped" ? t.stopped : t.none}</p>
      {state === "on" && asking ? (
        <Form method="post" action={here} className="mt-3" data-stop-ask>
          <p role="alert" className="font-semibold text-slate-900">
            {t.stopAsk}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="stop">
              {t.confirmStop}
            </Button>
            <Link
              to={here}
              className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-700"
            >
              {t.keep}
            </Link>
          </div>
        </Form>
      ) : state === "on" ? (
        <Form method="post" action={here} className="mt-3">
          <input type="hidden" name="intent" value="stop-ask" />
          <Button type="submit" variant="secondary">
            {t.stop}
          </Button>
        </Form>
      ) : state === "stopped" ? (
        <Form method="post" action={here} className="mt-3">
          <input type="hidden" name="intent" value="start" />
          <Button type="submit" variant="secondary">
            {t.start}
          </Button>
          <p className="mt-2 text-sm text-slate-700">{t.startHint}</p>
        </Form>
      ) : null}
    </section>
  );
}

/** What is due, the packages, the receipts, and the UPI payment of what is due. */
function Payments({ money, error }: { money: FamilyMoneyView; error: string | undefined }) {
  return (
    <section aria-labelledby="payments-heading" className="mt-8" data-due={money.duePaise}>
      <h2 id="payments-heading" className="text-xl font-bold text-slate-900">
        {money.heading}
      </h2>
      <p data-balance className="mt-1 text-lg font-semibold text-slate-900">
        {money.balance}
      </p>
      {money.packages.length > 0 ? (
        <ul className="mt-2 space-y-1 text-slate-700">
          {money.packages.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {money.online ? (
        <Form
          method="post"
          className="mt-3 space-y-2 rounded-xl border border-slate-200 bg-white p-4"
        >
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {money.online.payDue ? (
              <button
                type="submit"
                name="intent"
                value="pay-online"
                className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white"
              >
                {money.online.payDue}
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="buy-package"
              className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-700"
            >
              {money.online.buyPackage}
            </button>
          </div>
          <p className="text-sm text-slate-700">{money.online.hint}</p>
        </Form>
      ) : null}
      {money.upi ? (
        <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4">
          <a
            href={money.upi.link}
            data-upi
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white"
          >
            {money.upi.label}
          </a>
          <p className="mt-2 text-sm text-slate-700">{money.upi.hint}</p>
          <figure className="mt-3">
            {/* The QR code of the same link, drawn on the server by the qrcode library. */}
            <div
              className="size-48"
              role="img"
              aria-label={money.upi.qrLabel}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the qrcode library's own SVG of a link the server made.
              dangerouslySetInnerHTML={{ __html: money.upi.qrSvg }}
            />
            <figcaption className="mt-1 text-sm text-slate-700">{money.upi.qrLabel}</figcaption>
          </figure>
        </div>
      ) : null}
      <h3 className="mt-4 font-semibold text-slate-900">{money.receiptsHeading}</h3>
      {money.receipts.length === 0 ? (
        <p className="mt-1 text-slate-700">{money.noReceipts}</p>
      ) : (
        <ul className="mt-1 space-y-1" data-receipts>
          {money.receipts.map((receipt) => (
            <li key={receipt.number} className="text-slate-800">
              <a
                href={receipt.href}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {receipt.number}
              </a>{" "}
              · {receipt.day} · {receipt.amount}
              {receipt.note ? ` · ${receipt.note}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestPage({
  text,
  view,
  money,
  phone,
  answer,
  care,
}: {
  text: Text;
  view: View;
  money: FamilyMoneyView | null;
  phone: string;
  answer?: StatusActionData;
  care: { view: FamilyCareView | null; lang: Lang };
}) {
  const t = text.request;
  const askError = answer?.form === "ask" ? answer : undefined;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{view.heading}</h1>
      {askError &&
      !view.visits.some(
        (visit) => visit.id === askError.visitId && (visit.canAsk || visit.canAskAgain),
      ) ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {askError.message}
        </p>
      ) : null}
      <dl className="mt-4 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{t.received}</dt>
        <dd data-received>{view.received}</dd>
        <dt className="font-medium text-slate-700">{view.contact?.label ?? t.calledBack}</dt>
        <dd data-called-back={view.contact?.how ?? "not-yet"}>
          {view.contact?.at ?? t.notCalledYet}
        </dd>
      </dl>
      {view.joined.map((line) => (
        <p key={line} data-joined className="mt-3 rounded-lg bg-slate-50 p-3 text-slate-800">
          {line}
        </p>
      ))}
      <section aria-labelledby="next-heading" className="mt-8">
        <h2 id="next-heading" className="text-xl font-bold text-slate-900">
          {t.next}
        </h2>
        {view.next ? (
          <div data-next className="mt-2 rounded-xl border-2 border-brand-700 bg-brand-50 p-4">
            <p className="text-lg font-bold text-slate-900">{view.next.when}</p>
            <p className="text-slate-700">{view.next.what}</p>
            <Therapist visit={view.next} text={text} />
          </div>
        ) : (
          <p className="mt-2 text-slate-700">{t.noNext}</p>
        )}
      </section>
      <section aria-labelledby="visits-heading" className="mt-8">
        <h2 id="visits-heading" className="text-xl font-bold text-slate-900">
          {t.visits}
        </h2>
        <p data-done className="mt-1 text-slate-700">
          {view.done}
        </p>
        {view.visits.length === 0 ? (
          <p className="mt-2 text-slate-700">{t.noVisits}</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {view.visits.map((visit) => (
              <Visit
                key={visit.id}
                visit={visit}
                text={text}
                error={askError?.visitId === visit.id ? askError.message : undefined}
              />
            ))}
          </ol>
        )}
      </section>
      {care.view ? <FamilyCare care={care.view} lang={care.lang} /> : null}
      {money ? (
        <Payments money={money} error={answer?.form === "pay" ? answer.message : undefined} />
      ) : null}
      <Updates text={text} state={view.updates} asking={answer?.form === "stop-ask"} />
      <p className="mt-6 text-slate-700">{fillText(t.call, { phone })}</p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="forget" />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          {t.another}
        </button>
      </Form>
    </>
  );
}

export default function Status({ loaderData, actionData }: Route.ComponentProps) {
  const { text, view, money, phone, linkExpired, care, lang, printExercises } = loaderData;
  const answer =
    (actionData as StatusActionData | undefined) ??
    (linkExpired && !view ? { form: "lookup", message: text.linkExpired } : undefined);
  // A look-up's refusal, or a change sent after the look-up ended: the form again.
  const showLookup = !view || answer?.form === "lookup";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {showLookup ? (
        <Lookup text={text} answer={answer} />
      ) : printExercises && care?.programme ? (
        // The exercises alone, to print and keep by the bed.
        <>
          <h1 className="text-3xl font-bold text-slate-900">{view.heading}</h1>
          <FamilyCare care={{ ...care, measures: [], goals: [] }} lang={lang} printOnly />
        </>
      ) : (
        <RequestPage
          text={text}
          view={view}
          money={money}
          phone={phone}
          answer={answer}
          care={{ view: care, lang }}
        />
      )}
    </div>
  );
}
