import { Link } from "react-router";
import { useToastedFetcher } from "#app/components/admin/use-toasted-fetcher.ts";
import {
  type AppointmentField,
  appointmentFields,
  appointmentLimits,
} from "#app/domain/appointments/appointment-form.ts";
import type { AppointmentRow } from "#app/domain/appointments/dashboard.ts";
import { fieldLabels, rightsTexts as texts } from "#app/domain/privacy/privacy-texts.ts";
import type { RightsResult } from "#app/domain/privacy/rights-form.ts";
import { formatDate } from "#app/lib/dates.ts";

const button =
  "inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ring-1 ring-brand-700 text-brand-800 hover:bg-brand-50";
const danger =
  "inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800";
const link = "inline-flex min-h-11 items-center font-medium text-brand-700 underline";
const summary = "inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900";

type Values = Pick<AppointmentRow, "id" | "name" | "phone" | "address" | "pincode" | "message">;

export interface PrivacyActionsProps {
  appointment: Values & { erasedAt: Date | string | null };
  /** Requests with this one's phone number, itself included. */
  sameNumber: number;
}

function ScopeChoice({ sameNumber, name }: { sameNumber: number; name: string }) {
  if (sameNumber <= 1) return <input type="hidden" name="scope" value="one" />;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">{texts.applyTo}</legend>
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" name="scope" value="one" defaultChecked id={`${name}-one`} />
        {texts.thisRequest}
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" name="scope" value="number" id={`${name}-number`} />
        {texts.sameNumber(sameNumber)}
      </label>
    </fieldset>
  );
}

type RightsFetcher = ReturnType<typeof useToastedFetcher<RightsResult>>;

function CorrectForm({
  appointment,
  sameNumber,
  fetcher,
}: PrivacyActionsProps & { fetcher: RightsFetcher }) {
  const action = `/admin/appointments/${appointment.id}/privacy`;
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const input = (field: AppointmentField) => {
    const error = errors[field];
    const common = {
      id: `correct-${field}`,
      name: field,
      defaultValue: (field === "message" ? appointment.message : appointment[field]) ?? "",
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `correct-${field}-error` : undefined,
      className: "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2",
    };
    return (
      <div key={field}>
        <label htmlFor={common.id} className="block text-sm font-medium text-slate-800">
          {fieldLabels[field]}
        </label>
        {field === "message" ? (
          <textarea {...common} rows={3} maxLength={appointmentLimits.message.max} dir="auto" />
        ) : (
          <input {...common} type="text" dir="auto" className={`${common.className} min-h-11`} />
        )}
        {error ? (
          <p id={`correct-${field}-error`} className="text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <details className="rounded-md border border-slate-200 px-3">
      <summary className={summary}>{texts.correctTitle}</summary>
      <fetcher.Form
        method="post"
        action={action}
        className="space-y-3 pb-3"
        // Shown afresh once saved: the fields hold what is stored.
        key={[
          appointment.name,
          appointment.phone,
          appointment.address,
          appointment.pincode,
          appointment.message,
        ].join("\n")}
      >
        <input type="hidden" name="intent" value="correct" />
        <p className="text-sm text-slate-700">{texts.correctHint}</p>
        {appointmentFields.map(input)}
        <ScopeChoice sameNumber={sameNumber} name="correct-scope" />
        <button type="submit" className={button} disabled={fetcher.state !== "idle"}>
          {texts.correctSubmit}
        </button>
      </fetcher.Form>
    </details>
  );
}

function EraseForm({
  appointment,
  count,
  scope,
  fetcher,
}: {
  appointment: Values;
  count: number;
  scope: "one" | "number";
  fetcher: RightsFetcher;
}) {
  return (
    <fetcher.Form
      method="post"
      action={`/admin/appointments/${appointment.id}/privacy`}
      className="space-y-2 border-t border-slate-200 py-3 first:border-t-0"
      data-erase={scope}
    >
      <input type="hidden" name="intent" value="erase" />
      <input type="hidden" name="scope" value={scope} />
      <input type="hidden" name="confirm" value={count} />
      <p className="text-sm font-medium text-slate-800">
        {scope === "one" ? texts.thisRequest : texts.sameNumber(count)}
      </p>
      <p className="text-sm text-slate-800">{texts.eraseWarning(count)}</p>
      <button type="submit" className={danger} disabled={fetcher.state !== "idle"}>
        {texts.eraseSubmit(count)}
      </button>
    </fetcher.Form>
  );
}

export function PrivacyActions({ appointment, sameNumber }: PrivacyActionsProps) {
  // Here, not in the forms: an erasure takes the forms away, and its answer must still show.
  const correcting = useToastedFetcher<RightsResult>();
  const erasing = useToastedFetcher<RightsResult>();
  const exportHref = `/admin/appointments/${appointment.id}/personal-data.txt`;
  return (
    <div className="space-y-3" data-privacy>
      {appointment.erasedAt ? (
        <p className="font-medium text-slate-900" data-erased>
          {texts.erasedOn(formatDate(new Date(appointment.erasedAt)))}
        </p>
      ) : (
        <p className="text-sm text-slate-700">{texts.intro}</p>
      )}
      <Link to={`/admin/privacy-requests?request=${appointment.id}`} className={link}>
        {texts.requestsList}
      </Link>
      <div className="flex flex-wrap gap-x-4">
        <a href={exportHref} download className={link}>
          {texts.download} ({texts.thisRequest.toLowerCase()})
        </a>
        {sameNumber > 1 ? (
          <a href={`${exportHref}?scope=number`} download className={link}>
            {texts.download} ({texts.sameNumber(sameNumber).toLowerCase()})
          </a>
        ) : null}
      </div>
      {appointment.erasedAt ? null : (
        <>
          <CorrectForm appointment={appointment} sameNumber={sameNumber} fetcher={correcting} />
          <details className="rounded-md border border-red-200 px-3">
            <summary className={summary}>{texts.eraseTitle}…</summary>
            <EraseForm appointment={appointment} count={1} scope="one" fetcher={erasing} />
            {sameNumber > 1 ? (
              <EraseForm
                appointment={appointment}
                count={sameNumber}
                scope="number"
                fetcher={erasing}
              />
            ) : null}
          </details>
        </>
      )}
    </div>
  );
}
