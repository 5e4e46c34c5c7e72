// The privacy-requests list: a form to record one, then what is to answer (overdue and soonest due
// first), then what was answered. Each form posts through a fetcher (a toast says how it went) and
// works as a plain post before the JavaScript has loaded.
import { useRef } from "react";
import { Link } from "react-router";
import { AdminPageTitle } from "#app/components/admin/admin-page-title.tsx";
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
const link = "inline-flex min-h-11 items-center font-medium text-brand-700 underline";

export interface PrivacyRequestsPageProps {
  open: PrivacyRequestRow[];
  done: PrivacyRequestRow[];
  /** Today in India, yyyy-mm-dd: the received date's default and latest. */
  today: string;
  dueDays: number;
  actionData?: PrivacyRequestResult;
}

function RecordForm({ today, dueDays }: Pick<PrivacyRequestsPageProps, "today" | "dueDays">) {
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
          aria-invalid={refused?.field === "references" || undefined}
          aria-describedby={refused?.field === "references" ? "references-error" : undefined}
          className={`${field} font-mono uppercase`}
        />
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

function RequestItem({ row }: { row: PrivacyRequestRow }) {
  const due = formatDate(new Date(row.dueAt));
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
        {texts.recordedBy(formatDate(new Date(row.receivedAt)), row.recordedByEmail)}
      </p>
      {row.requests.length > 0 ? (
        <p className="flex flex-wrap items-center gap-x-3 text-sm">
          {row.requests.map((request) => (
            <Link key={request.id} to={`/admin/appointments/${request.id}`} className={link}>
              <span className="font-mono">{request.reference ?? request.id.slice(0, 8)}</span>
            </Link>
          ))}
        </p>
      ) : null}
      {row.doneAt ? (
        <>
          <p className="text-sm text-slate-800">
            {texts.answeredBy(formatDate(new Date(row.doneAt)), row.doneByEmail ?? "")}
          </p>
          <p dir="auto" className="mt-1 whitespace-pre-wrap rounded bg-slate-50 p-2 text-slate-900">
            {row.answer}
          </p>
        </>
      ) : (
        <DoneForm id={row.id} />
      )}
    </li>
  );
}

export function PrivacyRequestsPage({
  open,
  done,
  today,
  dueDays,
  actionData,
}: PrivacyRequestsPageProps) {
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
          <RecordForm today={today} dueDays={dueDays} />
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
              <RequestItem key={row.id} row={row} />
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
              <RequestItem key={row.id} row={row} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
