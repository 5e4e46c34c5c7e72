// The appointment request form. A real form posted to the contact route's action: without
// JavaScript it works as HTML forms always have (the server validates and answers); with it,
// the browser validates first with the same schema, and the page never reloads.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { useSiteConfig } from "~/config/use-site-config";
import {
  type AppointmentErrors,
  type AppointmentField,
  type AppointmentValues,
  appointmentFields,
  appointmentLimits,
  parseAppointment,
} from "~/domain/appointments/appointment-form";
import { areaNames } from "~/domain/areas/areas";
import { servedAreaOf } from "~/domain/areas/served-area";
import { appointmentMessages, confirmationMessages } from "~/domain/messages";
import { trackConversion } from "~/lib/analytics";
import { asciiDigits } from "~/lib/typed-text";
import { RequestConfirmation } from "./request-confirmation";
import { showToast } from "./toasts";
import { Button } from "./ui/button";

export type AppointmentActionData =
  | { status: "sent"; notified: boolean; reference: string }
  | { status: "invalid"; errors: AppointmentErrors; values: AppointmentValues }
  | { status: "refused"; message: string; values?: AppointmentValues };

const labels: Record<AppointmentField, string> = {
  name: "Full Name",
  phone: "Phone Number",
  address: "Address",
  pincode: "Pin Code",
  message: "Message (optional)",
};

const inputClass =
  "mt-1 block w-full scroll-mt-24 rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-700 focus-visible:outline-2 focus-visible:outline-brand-700";

/** A label, its control (children), anything under it, and the field's error linked to it. */
function Field({
  field,
  error,
  children,
}: {
  field: AppointmentField;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field} className="font-medium text-slate-900">
        {labels[field]}
      </label>
      {children}
      {error ? (
        <p id={`${field}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AppointmentForm() {
  const site = useSiteConfig();
  const fetcher = useFetcher<AppointmentActionData>({ key: "appointment" });
  const { pathname } = useLocation();
  // Without JavaScript the page itself is the action's answer.
  const pageResult = useActionData<AppointmentActionData>();
  const result = fetcher.data ?? pageResult;
  const [errors, setErrors] = useState<AppointmentErrors>(
    result?.status === "invalid" ? result.errors : {},
  );
  const [pincode, setPincode] = useState(result?.status === "invalid" ? result.values.pincode : "");
  const [hydrated, setHydrated] = useState(false);
  const [startedAt, setStartedAt] = useState("");
  /** The last request sent from this page: its confirmation stays until she leaves. */
  const [confirmed, setConfirmed] = useState<{ reference: string; notified: boolean }>();
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<AppointmentActionData | undefined>(undefined);
  const values = result && result.status !== "sent" ? result.values : undefined;
  const submitting = fetcher.state !== "idle";

  useEffect(() => {
    setHydrated(true);
    setStartedAt(String(Date.now()));
  }, []);

  useEffect(() => {
    const data = fetcher.data;
    if (!data || handled.current === data || fetcher.state !== "idle") return;
    handled.current = data;
    if (data.status === "sent") {
      setConfirmed({ reference: data.reference, notified: data.notified });
      formRef.current?.reset();
      setPincode("");
      setErrors({});
      setStartedAt(String(Date.now()));
      trackConversion(site.adsConversionId);
      showToast({
        variant: data.notified ? "success" : "info",
        ...(data.notified ? appointmentMessages.sent : appointmentMessages.notifyLater),
      });
    } else if (data.status === "invalid") {
      setErrors(data.errors);
    } else {
      showToast({
        variant: "error",
        title: appointmentMessages.failed.title,
        description: data.message,
      });
    }
  }, [fetcher.data, fetcher.state, site.adsConversionId]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const typed = Object.fromEntries(
      appointmentFields.map((field) => [field, String(form.get(field) ?? "")]),
    ) as AppointmentValues;
    const parsed = parseAppointment(typed);
    if (!parsed.ok) {
      event.preventDefault();
      setErrors(parsed.errors);
      const first = appointmentFields.find((field) => parsed.errors[field]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  function clearError(field: AppointmentField) {
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  /** What every control shares: its name, its typed value, its error and how it clears. */
  const control = (field: AppointmentField) => ({
    id: field,
    name: field,
    defaultValue: values?.[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? `${field}-error` : "", field === "pincode" ? "pincode-hint" : ""]
        .filter(Boolean)
        .join(" ") || undefined,
    onChange: () => clearError(field),
    className: inputClass,
  });
  const area = servedAreaOf(pincode);

  const form = (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      className="mt-6 space-y-5"
      aria-label="Appointment request"
    >
      {result?.status === "refused" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {result.message}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field="name" error={errors.name}>
          <input {...control("name")} type="text" autoComplete="name" />
        </Field>
        <Field field="phone" error={errors.phone}>
          <input {...control("phone")} type="tel" inputMode="tel" autoComplete="tel" />
        </Field>
      </div>
      <Field field="address" error={errors.address}>
        {/* One line: a line break cannot be typed (or pasted) into it, and the schema refuses one. */}
        <input {...control("address")} type="text" autoComplete="street-address" />
      </Field>
      <Field field="pincode" error={errors.pincode}>
        <input
          {...control("pincode")}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={appointmentLimits.pincode.length}
          onChange={(event) => {
            clearError("pincode");
            setPincode(asciiDigits(event.currentTarget.value.trim()));
          }}
          className={`${inputClass} sm:max-w-48`}
        />
        <p id="pincode-hint" aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-700">
          {/^\d{6}$/.test(pincode)
            ? area
              ? `Good news: this looks like ${areaNames[area]}, where we visit.`
              : `This PIN code looks outside the areas we usually serve. Send the request anyway, or call us on ${site.phone.display} to ask.`
            : ""}
        </p>
      </Field>
      <Field field="message" error={errors.message}>
        <textarea {...control("message")} rows={4} />
      </Field>
      {/* For bots only: people never see or fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="website">Leave this field empty</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name="startedAt" value={startedAt} />
      <input type="hidden" name="js" value={hydrated ? "1" : ""} />
      {/* The page the request is sent from, stored with it (app/domain/attribution). */}
      <input type="hidden" name="page" value={pathname} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Sending..." : "Send Request"}
      </Button>
      <p className="text-sm text-slate-700">
        We use these details only to arrange your visit. See our{" "}
        <Link to="/privacy-policy" className="text-brand-700 underline">
          privacy policy
        </Link>
        .
      </p>
    </fetcher.Form>
  );
  if (!confirmed) return form;
  return (
    <div className="mt-6 space-y-6">
      <RequestConfirmation
        key={confirmed.reference}
        reference={confirmed.reference}
        notified={confirmed.notified}
        another={
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            // The form stays below, cleared (the spec): this takes her to its first field.
            onClick={() => formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus()}
          >
            {confirmationMessages.another}
          </button>
        }
      />
      {form}
    </div>
  );
}
