// The appointment request form, as the server renders it. A real form posted to the contact
// route's action: without JavaScript it works as HTML forms always have (the server validates and
// answers with the messages under each field). With it, the form's island
// (app/islands/appointment-form.ts) validates with the same schema, sends and confirms: the
// contact page is an island page (decision 040), so none of this component runs in the browser.
// Every piece of markup the island adds is rendered here, in a template it clones (decision 042).
import type { ReactNode } from "react";
import { useActionData, useLocation } from "react-router";
import {
  type AppointmentIslandData,
  type AreaHintText,
  areaHint,
} from "#app/components/appointment-form-data.ts";
import { PrivacyNotice } from "#app/components/privacy-notice.tsx";
import { RequestConfirmation } from "#app/components/request-confirmation.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useLang, useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import type { PrivacyNotice as PrivacyNoticeData } from "#app/content/privacy-notice.ts";
import {
  type AppointmentErrors,
  type AppointmentField,
  type AppointmentValues,
  appointmentLimits,
  preferredTimesField,
  whatsappUpdatesField,
  whatsappUpdatesValue,
} from "#app/domain/appointments/appointment-form.ts";
import type { AppointmentFormText } from "#app/domain/appointments/appointment-texts.ts";

/** A preferred time of day, as the form's texts name them (decision 050). */
type PreferredTime = keyof AppointmentFormText["preferredTimes"]["names"];

import { fillText } from "#app/lib/fill-text.ts";
import { localePath } from "#app/lib/lang.ts";

/** The action's answers: the page's (without JavaScript) and the island's JSON route's. */
export type AppointmentActionData =
  | { status: "sent"; notified: boolean; reference: string }
  | {
      status: "invalid";
      errors: AppointmentErrors;
      values: AppointmentValues;
      updates: boolean;
      times?: PreferredTime[];
    }
  | {
      status: "refused";
      message: string;
      values?: AppointmentValues;
      updates?: boolean;
      times?: PreferredTime[];
    }
  /** The browser could not reach us (offline): said as the spec's unexpected error. */
  | { status: "unreachable" };

const anotherClass = "font-semibold text-brand-700 underline";

const inputClass =
  "mt-1 block w-full scroll-mt-24 rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-700 focus-visible:outline-2 focus-visible:outline-brand-700";

/** A field's message under it: the server's answer, or the island's copy of the template's. */
function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  return (
    <p id={id} data-part="field-error" className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

/** A refusal's words, at the top of the form. */
function Refusal({ children }: { children?: ReactNode }) {
  return (
    <p
      role="alert"
      data-part="refusal"
      className="rounded-lg bg-red-50 p-3 font-medium text-red-800"
    >
      {children}
    </p>
  );
}

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
      {error ? <FieldError id={`${field}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * The form, its words and its privacy notice in the page's language (from the contact route's
 * loader). It carries what its island needs (app/islands/appointment-form.ts): its words and
 * address as data, and the confirmation as an inert template to fill in.
 */
export function AppointmentForm({
  text,
  notice,
}: {
  text: AppointmentFormText;
  notice: PrivacyNoticeData;
}) {
  const site = useSiteConfig();
  const lang = useLang();
  const { areaNames } = useSiteText();
  const { toasts } = text;
  const { pathname } = useLocation();
  // Without JavaScript the page itself is the action's answer: the messages, or a refusal.
  const result = useActionData<AppointmentActionData>();
  const errors: AppointmentErrors = result?.status === "invalid" ? result.errors : {};
  const values =
    result && (result.status === "invalid" || result.status === "refused")
      ? result.values
      : undefined;
  const pincode = result?.status === "invalid" ? result.values.pincode : "";
  /** The WhatsApp box as it was sent, when the form comes back: ticked again only if it was. */
  const updatesTicked =
    result && (result.status === "invalid" || result.status === "refused")
      ? result.updates === true
      : false;
  /** The preferred times as they were sent, ticked again when the form comes back. */
  const timesTicked =
    result && (result.status === "invalid" || result.status === "refused")
      ? (result.times ?? [])
      : [];

  /** What every control shares: its name, its typed value and its error. */
  const control = (field: AppointmentField) => ({
    id: field,
    name: field,
    defaultValue: values?.[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? `${field}-error` : "", field === "pincode" ? "pincode-hint" : ""]
        .filter(Boolean)
        .join(" ") || undefined,
    className: inputClass,
  });
  const hint: AreaHintText = {
    areaServed: text.areaServed,
    areaNotServed: fillText(text.areaNotServed, { phone: site.phone.display }),
    areaNames,
  };
  const islandData: AppointmentIslandData = {
    lang,
    sendTo: localePath(lang, "/contact/send"),
    text: {
      fields: text.fields,
      send: text.send,
      sending: text.sending,
      toasts,
      chatMessage: text.confirmation.chatMessage,
    },
    hint,
    whatsapp: site.whatsapp,
  };

  return (
    <form
      method="post"
      action={localePath(lang, "/contact")}
      noValidate
      className="mt-6 space-y-5"
      aria-label={text.formLabel}
      data-island="appointment-form"
      data-form={JSON.stringify(islandData)}
    >
      {result?.status === "refused" ? <Refusal>{result.message}</Refusal> : null}
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
          className={`${inputClass} sm:max-w-48`}
        />
        <p id="pincode-hint" aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-700">
          {areaHint(pincode, hint)}
        </p>
      </Field>
      <Field field="message" label={text.labels.message} error={errors.message}>
        <textarea {...control("message")} rows={4} />
      </Field>
      {/* Optional: none ticked is any time (decision 050). */}
      <fieldset>
        <legend className="font-medium text-slate-900">{text.preferredTimes.legend}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5">
          {(Object.keys(text.preferredTimes.names) as PreferredTime[]).map((time) => (
            <label key={time} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="checkbox"
                name={preferredTimesField}
                value={time}
                defaultChecked={timesTicked.includes(time)}
                className="size-5 shrink-0 accent-brand-700"
              />
              {text.preferredTimes.names[time]}
            </label>
          ))}
        </div>
      </fieldset>
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
      {/* Filled in by the island: when the form was shown, and that a script sent it. */}
      <input type="hidden" name="startedAt" value="" />
      <input type="hidden" name="js" value="" />
      {/* The page the request is sent from, stored with it (app/domain/attribution). */}
      <input type="hidden" name="page" value={pathname} />
      {/* The notice at collection, and which version of it was shown, stored with the request. */}
      <PrivacyNotice text={notice.text} />
      <input type="hidden" name="notice" value={notice.version} />
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        {text.send}
      </Button>
      {/* Inert until the island clones a piece: a field's message, a refusal, the place above the
          form where the confirmation goes. */}
      <template data-parts>
        <FieldError />
        <Refusal />
        <div data-part="confirmed" className="mt-6 space-y-6" />
      </template>
      {/* Inert until the island clones it: the reference, the chat's message and the note on the
          e-mail are filled in or taken out then. */}
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
    </form>
  );
}
