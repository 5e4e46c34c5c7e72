// The appointment request form. A real form posted to the contact route's action: without
// JavaScript it works as HTML forms always have (the server validates and answers); with it,
// the browser validates first with the same schema, and the page never reloads.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import {
  type AppointmentIslandData,
  confirmedClass,
  fieldErrorClass,
  refusalClass,
} from "#app/components/appointment-form-markup.ts";
import { PrivacyNotice } from "#app/components/privacy-notice.tsx";
import { RequestConfirmation } from "#app/components/request-confirmation.tsx";
import { showToast } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useLang, useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import type { PrivacyNotice as PrivacyNoticeData } from "#app/content/privacy-notice.ts";
import {
  type AppointmentErrors,
  type AppointmentField,
  type AppointmentValues,
  appointmentFields,
  appointmentLimits,
  parseAppointment,
  whatsappUpdatesField,
  whatsappUpdatesValue,
} from "#app/domain/appointments/appointment-form.ts";
import type { AppointmentFormText } from "#app/domain/appointments/appointment-texts.ts";
import { receivedAddress } from "#app/domain/appointments/reference.ts";
import { servedAreaOf } from "#app/domain/areas/served-area.ts";
import { trackConversion } from "#app/lib/analytics.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { localePath } from "#app/lib/lang.ts";
import { asciiDigits } from "#app/lib/typed-text.ts";

export type AppointmentActionData =
  | { status: "sent"; notified: boolean; reference: string }
  | { status: "invalid"; errors: AppointmentErrors; values: AppointmentValues; updates: boolean }
  | { status: "refused"; message: string; values?: AppointmentValues; updates?: boolean }
  /** The browser could not reach us (offline): said as the spec's unexpected error. */
  | { status: "unreachable" };

const anotherClass = "font-semibold text-brand-700 underline";

const inputClass =
  "mt-1 block w-full scroll-mt-24 rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-700 focus-visible:outline-2 focus-visible:outline-brand-700";

/** A label, its control (children), anything under it, and the field's error linked to it. */
function Field({
  field,
  label,
  error,
  children,
}: {
  field: AppointmentField;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field} className="font-medium text-slate-900">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${field}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form, its words and its privacy notice in the page's language (from the contact route's
 * loader). On an island page (`island`, rendered on the server only) it carries what its island
 * needs (app/islands/appointment-form.ts): its words and address as data, and the confirmation
 * as an inert template to fill in.
 */
export function AppointmentForm({
  text,
  notice,
  island = false,
}: {
  text: AppointmentFormText;
  notice: PrivacyNoticeData;
  island?: boolean;
}) {
  const site = useSiteConfig();
  const lang = useLang();
  const { areaNames } = useSiteText();
  const { toasts } = text;
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
  const values =
    result && (result.status === "invalid" || result.status === "refused")
      ? result.values
      : undefined;
  /** The WhatsApp box as it was sent, when the form comes back: ticked again only if it was. */
  const updatesTicked =
    result && (result.status === "invalid" || result.status === "refused")
      ? result.updates === true
      : false;
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
      // The address becomes the confirmation's, as the send without JavaScript lands on it: a
      // reload, a back to here and a shared link show the confirmation (rendered by the server,
      // from the reference alone), not an empty form. The page itself stays as it is, with the
      // cleared form under the panel (the spec), so the router is not asked to navigate: the
      // entry's state is kept and only its address replaced.
      window.history.replaceState(
        window.history.state,
        "",
        receivedAddress(lang, data.reference, data.notified),
      );
      setConfirmed({ reference: data.reference, notified: data.notified });
      formRef.current?.reset();
      setPincode("");
      setErrors({});
      setStartedAt(String(Date.now()));
      trackConversion(site.adsConversionId);
      showToast({
        variant: data.notified ? "success" : "info",
        ...(data.notified ? toasts.sent : toasts.notifyLater),
      });
    } else if (data.status === "invalid") {
      setErrors(data.errors);
    } else {
      showToast({
        variant: "error",
        title: toasts.failed.title,
        description: data.status === "refused" ? data.message : toasts.unexpected.description,
      });
    }
  }, [fetcher.data, fetcher.state, site.adsConversionId, toasts, lang]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const typed = Object.fromEntries(
      appointmentFields.map((field) => [field, String(form.get(field) ?? "")]),
    ) as AppointmentValues;
    const parsed = parseAppointment(typed, text.fields);
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
  const islandData: AppointmentIslandData | undefined = island
    ? {
        lang,
        sendTo: localePath(lang, "/contact/send"),
        text: {
          fields: text.fields,
          areaServed: text.areaServed,
          areaNotServed: fillText(text.areaNotServed, { phone: site.phone.display }),
          send: text.send,
          sending: text.sending,
          toasts,
          chatMessage: text.confirmation.chatMessage,
        },
        areaNames,
        whatsapp: site.whatsapp,
      }
    : undefined;

  const form = (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={localePath(lang, "/contact")}
      noValidate
      onSubmit={onSubmit}
      className="mt-6 space-y-5"
      aria-label={text.formLabel}
      data-island={islandData ? "appointment-form" : undefined}
      data-form={islandData ? JSON.stringify(islandData) : undefined}
    >
      {result?.status === "refused" ? (
        <p role="alert" className={refusalClass}>
          {result.message}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field="name" label={text.labels.name} error={errors.name}>
          <input {...control("name")} type="text" autoComplete="name" />
        </Field>
        <Field field="phone" label={text.labels.phone} error={errors.phone}>
          <input {...control("phone")} type="tel" inputMode="tel" autoComplete="tel" />
        </Field>
      </div>
      <Field field="address" label={text.labels.address} error={errors.address}>
        {/* One line: a line break cannot be typed (or pasted) into it, and the schema refuses one. */}
        <input {...control("address")} type="text" autoComplete="street-address" />
      </Field>
      <Field field="pincode" label={text.labels.pincode} error={errors.pincode}>
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
              ? fillText(text.areaServed, { area: areaNames[area] })
              : fillText(text.areaNotServed, { phone: site.phone.display })
            : ""}
        </p>
      </Field>
      <Field field="message" label={text.labels.message} error={errors.message}>
        <textarea {...control("message")} rows={4} />
      </Field>
      {/* Optional and unticked: without it nothing is sent to the family (issue 29). */}
      <div className="flex items-start gap-3">
        <input
          id={whatsappUpdatesField}
          name={whatsappUpdatesField}
          type="checkbox"
          value={whatsappUpdatesValue}
          defaultChecked={updatesTicked}
          aria-describedby={`${whatsappUpdatesField}-hint`}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={whatsappUpdatesField} className="font-medium text-slate-900">
            {text.whatsappUpdates.label}
          </label>
          <p id={`${whatsappUpdatesField}-hint`} className="mt-0.5 text-sm text-slate-700">
            {text.whatsappUpdates.hint}
          </p>
        </div>
      </div>
      {/* For bots only: people never see or fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="website">{text.honeypotLabel}</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name="startedAt" value={startedAt} />
      <input type="hidden" name="js" value={hydrated ? "1" : ""} />
      {/* The page the request is sent from, stored with it (app/domain/attribution). */}
      <input type="hidden" name="page" value={pathname} />
      {/* The notice at collection, and which version of it was shown, stored with the request. */}
      <PrivacyNotice text={notice.text} />
      <input type="hidden" name="notice" value={notice.version} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        {submitting ? text.sending : text.send}
      </Button>
      {islandData ? (
        // Inert until the island clones it: the reference, the chat's message and the note on
        // the e-mail are filled in or taken out then.
        <template data-confirmation>
          <RequestConfirmation
            text={text}
            reference=""
            notified={false}
            another={
              <button type="button" data-another className={anotherClass}>
                {text.confirmation.another}
              </button>
            }
          />
        </template>
      ) : null}
    </fetcher.Form>
  );
  if (!confirmed) return form;
  return (
    <div className={confirmedClass}>
      <RequestConfirmation
        text={text}
        key={confirmed.reference}
        reference={confirmed.reference}
        notified={confirmed.notified}
        another={
          <button
            type="button"
            className={anotherClass}
            // The form stays below, cleared (the spec): this takes her to its first field.
            onClick={() => formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus()}
          >
            {text.confirmation.another}
          </button>
        }
      />
      {form}
    </div>
  );
}
