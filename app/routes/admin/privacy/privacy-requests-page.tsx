// The privacy-requests list: a form to record one, then what is to answer (overdue and soonest due
// first), then what was answered. Each request names the requests it concerns by reference (a
// link to each one's page) with the person's name until it is erased; an open erasure request
// carries its erasure out behind a confirmation (a fold, as on a request's page). Each form posts
// through a fetcher (a toast says how it went) and works as a plain post before the JavaScript
// has loaded.
import { useRef } from "react";
import { Link } from "react-router";
import { AdminPageTitle } from "#app/components/admin/admin-page-title.tsx";
import { EmailAddress } from "#app/components/admin/email-address.tsx";
import { useToastedFetcher } from "#app/components/admin/use-toasted-fetcher.ts";
import {
  maxAnswerLength,
  type PrivacyChannel,
  type PrivacyRequestResult,
  type PrivacyRequestRow,
  privacyChannels,
} from "#app/domain/privacy/privacy-requests-form.ts";
import {
  kindNames,
  privacyChannelNames,
  privacyRequestTexts as texts,
} from "#app/domain/privacy/privacy-texts.ts";
import { formatDate } from "#app/lib/dates.ts";
import { privacyRequestKinds } from "#db/enums.ts";

const primary =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800";
const field = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3";
const danger =
  "inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800";
const link = "inline-flex min-h-11 items-center font-medium text-brand-700 underline";
const summary = "inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900";

export interface PrivacyRequestsPageProps {
  open: PrivacyRequestRow[];
  done: PrivacyRequestRow[];
  /** Today in India, yyyy-mm-dd: the received date's default and latest. */
  today: string;
  dueDays: number;
  /** Opened from a request's page: that person's requests, to fill the form with. */
  prefill: { references: string[]; name: string | null; count: number } | null;
  actionData?: PrivacyRequestResult;
}

function RecordForm({
  today,
  dueDays,
  prefill,
}: Pick<PrivacyRequestsPageProps, "today" | "dueDays" | "prefill">) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useToastedFetcher<PrivacyRequestResult>(() => form.current?.reset());
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const error = (name: "references" | "received") =>
    refused?.field === name ? (
      <p id={`${name}-error`} className="text-sm text-red-800">
        {refused.message}
      </p>
    ) : null;
  return (
    <fetcher.Form method="post" ref={form} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="record" />
      <label className="block text-sm font-medium text-slate-800">
        {texts.kind}
        <select name="kind" className={field}>
          {privacyRequestKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindNames[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-800">
        {texts.channel}
        <select name="channel" className={field}>
          {privacyChannels.map((channel) => (
            <option key={channel} value={channel}>
              {privacyChannelNames[channel]}
            </option>
          ))}
        </select>
      </label>
      <div>
        <label className="block text-sm font-medium text-slate-800" htmlFor="references">
          {texts.references}
        </label>
        <input
          id="references"
          name="references"
          maxLength={500}
          autoComplete="off"
          defaultValue={prefill?.references.join(", ")}
          aria-invalid={refused?.field === "references" || undefined}
          aria-describedby={
            refused?.field === "references"
              ? "references-error"
              : prefill
                ? "references-prefilled"
                : undefined
          }
          className={`${field} font-mono uppercase`}
        />
        {prefill ? (
          <p id="references-prefilled" className="text-sm text-slate-700" data-prefilled>
            {texts.prefilled(prefill.name, prefill.count)}
          </p>
        ) : null}
        {error("references")}
      </div>
      <div>
        <label className="block text-sm font-medium text-slate-800" htmlFor="received">
          {texts.received}
        </label>
        <input
          id="received"
          type="date"
          name="received"
          required
          max={today}
          defaultValue={today}
          aria-invalid={refused?.field === "received" || undefined}
          aria-describedby={refused?.field === "received" ? "received-error" : "due-hint"}
          className={field}
        />
        <p id="due-hint" className="text-sm text-slate-700">
          {texts.dueAfter(dueDays)}
        </p>
        {error("received")}
      </div>
      <div>
        <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
          {texts.record}
        </button>
      </div>
    </fetcher.Form>
  );
}

function DoneForm({ id }: { id: string }) {
  const fetcher = useToastedFetcher<PrivacyRequestResult>();
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="done" />
      <input type="hidden" name="id" value={id} />
      <label className="block text-sm font-medium text-slate-800" htmlFor={`answer-${id}`}>
        {texts.answer}
      </label>
      <textarea
        id={`answer-${id}`}
        name="answer"
        rows={2}
        required
        maxLength={maxAnswerLength}
        aria-invalid={refused ? true : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {refused ? <p className="text-sm text-red-800">{refused.message}</p> : null}
      <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
        {texts.markDone}
      </button>
    </fetcher.Form>
  );
}

type RequestFetcher = ReturnType<typeof useToastedFetcher<PrivacyRequestResult>>;

/** An open erasure request's erasure, behind its confirmation (a fold: no script needed). */
function EraseForm({ row, fetcher }: { row: PrivacyRequestRow; fetcher: RequestFetcher }) {
  const count = row.requests.length;
  return (
    <details className="mt-2 rounded-md border border-red-200 px-3" data-erase-request>
      <summary className={summary}>{texts.eraseTitle}…</summary>
      <fetcher.Form method="post" className="space-y-2 pb-3">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="id" value={row.id} />
        <p className="text-sm text-slate-800">{texts.eraseWarning(count)}</p>
        <button type="submit" className={danger} disabled={fetcher.state !== "idle"}>
          {texts.eraseSubmit(count)}
        </button>
      </fetcher.Form>
    </details>
  );
}

function RequestItem({ row, erasing }: { row: PrivacyRequestRow; erasing: RequestFetcher }) {
  const due = formatDate(new Date(row.dueAt));
  const erasable =
    !row.doneAt &&
    row.kind === "erasure" &&
    row.requests.length > 0 &&
    row.requests.some((request) => !request.erased);
  return (
    <li
      className={`rounded-lg border p-3 ${row.overdue ? "border-red-300 bg-red-50" : "border-slate-200"}`}
      data-privacy-request={row.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{kindNames[row.kind]}</p>
        {row.doneAt ? null : (
          <p
            className={row.overdue ? "font-semibold text-red-800" : "text-slate-800"}
            data-due={row.overdue ? "overdue" : "due"}
          >
            {row.overdue ? texts.overdue(due) : texts.due(due)}
          </p>
        )}
      </div>
      <p className="text-sm text-slate-700">
        {privacyChannelNames[row.channel as PrivacyChannel] ?? row.channel} ·{" "}
        {texts.recordedBy(formatDate(new Date(row.receivedAt)))}{" "}
        <EmailAddress address={row.recordedByEmail} />
      </p>
      {row.requests.length > 0 ? (
        <ul className="flex flex-wrap items-center gap-x-4">
          {row.requests.map((request) => (
            <li key={request.id} data-request={request.id}>
              <Link to={`/admin/appointments/${request.id}`} className={link}>
                <span className="font-mono">{request.reference ?? request.id.slice(0, 8)}</span>
                {request.name ? (
                  <>
                    {" "}
                    <span dir="auto" data-name>
                      {request.name}
                    </span>
                  </>
                ) : null}
              </Link>
              {request.erased ? (
                <>
                  {" "}
                  <span className="text-sm text-slate-700" data-erased>
                    ({texts.requestErased})
                  </span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {row.doneAt ? (
        <>
          <p className="text-sm text-slate-800">
            {texts.answeredBy(formatDate(new Date(row.doneAt)))}{" "}
            <EmailAddress address={row.doneByEmail ?? ""} />
          </p>
          <p dir="auto" className="mt-1 whitespace-pre-wrap rounded bg-slate-50 p-2 text-slate-900">
            {row.answer}
          </p>
        </>
      ) : (
        <>
          {erasable ? <EraseForm row={row} fetcher={erasing} /> : null}
          <DoneForm id={row.id} />
        </>
      )}
    </li>
  );
}

export function PrivacyRequestsPage({
  open,
  done,
  today,
  dueDays,
  prefill,
  actionData,
}: PrivacyRequestsPageProps) {
  // Here, not in the item: an erasure moves its item to the answered list, and its answer must
  // still show.
  const erasing = useToastedFetcher<PrivacyRequestResult>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <AdminPageTitle title={texts.title} back={texts.backToRequests} />
      <p className="mt-1 text-slate-700">{texts.intro}</p>
      {actionData ? (
        <p role="status" className={actionData.ok ? "mt-2 text-slate-900" : "mt-2 text-red-800"}>
          {actionData.message}
        </p>
      ) : null}
      <section
        className="mt-4 rounded-lg border border-slate-200 p-4"
        aria-label={texts.recordTitle}
      >
        <h2 className="text-lg font-semibold text-slate-900">{texts.recordTitle}</h2>
        <div className="mt-3">
          <RecordForm today={today} dueDays={dueDays} prefill={prefill} />
        </div>
      </section>
      <section className="mt-4" aria-label={texts.open}>
        <h2 className="text-lg font-semibold text-slate-900">
          {texts.open} ({open.length})
        </h2>
        {open.length === 0 ? (
          <p className="mt-2 text-slate-700">{texts.noneOpen}</p>
        ) : (
          <ul className="mt-2 space-y-2" data-open-requests>
            {open.map((row) => (
              <RequestItem key={row.id} row={row} erasing={erasing} />
            ))}
          </ul>
        )}
      </section>
      <section className="mt-6" aria-label={texts.done}>
        <h2 className="text-lg font-semibold text-slate-900">{texts.done}</h2>
        {done.length === 0 ? (
          <p className="mt-2 text-slate-700">{texts.noneDone}</p>
        ) : (
          <ul className="mt-2 space-y-2" data-done-requests>
            {done.map((row) => (
              <RequestItem key={row.id} row={row} erasing={erasing} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
