// The appointment form on the contact page (both languages), as the React form does it
// (app/components/appointment-form.tsx) without React: checked on send with the server's own
// schema, each message under its field, a field's message gone as soon as it is typed in, the
// area hint under the PIN code, "Sending..." while it goes, then the answer: the confirmation
// above the cleared form and the success toast, the messages, or the refusal's toast. It sends to
// the form's JSON address (app/routes/contact-send.ts); the page's own action stays for the form
// without JavaScript. Every piece of markup it adds is one the form rendered in a template, and
// its words are the form's (decision 042).
import type { AppointmentActionData } from "#app/components/appointment-form.tsx";
import { type AppointmentIslandData, areaHint } from "#app/components/appointment-form-data.ts";
import { showToast } from "#app/components/toasts-behaviour.ts";
import {
  type AppointmentErrors,
  type AppointmentField,
  appointmentFields,
  parseAppointment,
  whatsappUpdatesField,
} from "#app/domain/appointments/appointment-form.ts";
import { receivedAddress } from "#app/domain/appointments/reference.ts";
import type { Island } from "#app/islands/registry.ts";
import { trackConversion } from "#app/lib/analytics.ts";
import { chatLink } from "#app/lib/chat-link.ts";
import { fillText } from "#app/lib/fill-text.ts";

const isField = (name: string): name is AppointmentField =>
  (appointmentFields as readonly string[]).includes(name);

/** What the answer of the JSON address may be; anything else is treated as not reaching us. */
const answered = new Set(["sent", "invalid", "refused"]);

const appointmentForm: Island = (root, site) => {
  const form = root as HTMLFormElement;
  const { lang, sendTo, text, hint, whatsapp } = JSON.parse(
    form.dataset.form ?? "",
  ) as AppointmentIslandData;
  const control = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const hintShown = form.querySelector<HTMLElement>("#pincode-hint");
  const template = form.querySelector<HTMLTemplateElement>("template[data-confirmation]");
  const parts = form.querySelector<HTMLTemplateElement>("template[data-parts]");
  /** A copy of one of the pieces the form rendered for this island to add. */
  const part = (name: string) => {
    const piece = parts?.content.querySelector(`[data-part="${name}"]`)?.cloneNode(true);
    if (!(piece instanceof HTMLElement)) throw new Error(`The form has no part "${name}"`);
    return piece;
  };
  /** The last confirmation shown: it stays until she leaves, replaced only by the next one. */
  let panel: HTMLElement | undefined;
  let sending = false;

  const setHidden = (name: string, value: string) => {
    const input = control(name);
    if (input) input.value = value;
  };
  setHidden("js", "1");
  setHidden("startedAt", String(Date.now()));
  setHidden("page", window.location.pathname);

  /** A field's message under it, and the field marked and linked to it; none when undefined. */
  function showError(field: AppointmentField, message: string | undefined) {
    const input = control(field);
    if (!input) return;
    let shown = document.getElementById(`${field}-error`);
    if (message) {
      if (!shown) {
        shown = part("field-error");
        shown.id = `${field}-error`;
        input.parentElement?.append(shown);
      }
      shown.textContent = message;
      input.setAttribute("aria-invalid", "true");
    } else {
      shown?.remove();
      input.removeAttribute("aria-invalid");
    }
    const describedBy = [message ? `${field}-error` : "", field === "pincode" ? "pincode-hint" : ""]
      .filter(Boolean)
      .join(" ");
    if (describedBy) input.setAttribute("aria-describedby", describedBy);
    else input.removeAttribute("aria-describedby");
  }

  /** The messages of one check: every field's, those without one cleared. */
  const showErrors = (errors: AppointmentErrors) => {
    for (const field of appointmentFields) showError(field, errors[field]);
  };

  /** The refusal's words at the top of the form, or none. */
  function showRefusal(message: string | undefined) {
    let alert = form.querySelector<HTMLElement>(':scope > [data-part="refusal"]');
    if (!message) {
      alert?.remove();
      return;
    }
    if (!alert) {
      alert = part("refusal");
      form.prepend(alert);
    }
    alert.textContent = message;
  }

  /** Under the PIN code, once it has six digits: whether it is in one of our areas. */
  function showAreaHint() {
    if (hintShown) hintShown.textContent = areaHint(control("pincode")?.value ?? "", hint);
  }

  function setSending(now: boolean) {
    sending = now;
    if (!button) return;
    button.disabled = now;
    button.textContent = now ? text.sending : text.send;
  }

  /** The confirmation of `reference`, above the form, its heading focused (read out, in view). */
  function showConfirmation(reference: string, notified: boolean) {
    const section = template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
    if (!section) return;
    const shownReference = section.querySelector("[data-reference]");
    if (shownReference) shownReference.textContent = reference;
    if (notified) section.querySelector("[data-notify-later]")?.remove();
    const chat = section.querySelector<HTMLAnchorElement>('a[data-contact="whatsapp"]');
    if (chat) chat.href = chatLink(whatsapp, fillText(text.chatMessage, { reference }));
    // The form stays below, cleared (the spec): this takes her to its first field.
    section
      .querySelector("[data-another]")
      ?.addEventListener("click", () => control("name")?.focus());
    if (panel) {
      panel.replaceWith(section);
    } else {
      const both = part("confirmed");
      form.before(both);
      both.append(section, form);
    }
    panel = section;
    section.querySelector<HTMLElement>("#request-confirmation-heading")?.focus();
  }

  /** Empty again, as first served: the typed values and the WhatsApp box are not kept. */
  function clearForm() {
    for (const field of appointmentFields) {
      const input = control(field);
      if (input) input.defaultValue = "";
    }
    const box = control(whatsappUpdatesField);
    if (box) box.defaultChecked = false;
    form.reset();
    showAreaHint();
    showErrors({});
  }

  function answer(data: AppointmentActionData) {
    showRefusal(data.status === "refused" ? data.message : undefined);
    if (data.status === "sent") {
      // The address becomes the confirmation's, as the send without JavaScript lands on it: a
      // reload, a back to here and a shared link show the confirmation (rendered by the server
      // from the reference alone), not an empty form. The page itself stays as it is.
      window.history.replaceState(
        window.history.state,
        "",
        receivedAddress(lang, data.reference, data.notified),
      );
      clearForm();
      // A new start time: the next request is timed from now, as a person fills it again.
      setHidden("startedAt", String(Date.now()));
      showConfirmation(data.reference, data.notified);
      trackConversion(site.adsConversionId);
      showToast({
        variant: data.notified ? "success" : "info",
        ...(data.notified ? text.toasts.sent : text.toasts.notifyLater),
      });
    } else if (data.status === "invalid") {
      showErrors(data.errors);
    } else {
      showToast({
        variant: "error",
        title: text.toasts.failed.title,
        description: data.status === "refused" ? data.message : text.toasts.unexpected.description,
      });
    }
  }

  async function send() {
    setSending(true);
    let data: AppointmentActionData = { status: "unreachable" };
    try {
      const response = await fetch(sendTo, {
        method: "POST",
        // As the form itself would send it (application/x-www-form-urlencoded).
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        headers: { Accept: "application/json" },
      });
      const body = (await response.json()) as AppointmentActionData;
      if (answered.has(body?.status)) data = body;
    } catch {
      // Offline, or an answer that is not the form's (a proxy's error page): said as unexpected.
    }
    setSending(false);
    answer(data);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending) return;
    const typed = new FormData(form);
    const values = Object.fromEntries(
      appointmentFields.map((field) => [field, String(typed.get(field) ?? "")]),
    ) as Record<AppointmentField, string>;
    const parsed = parseAppointment(values, text.fields);
    if (parsed.ok) {
      void send();
      return;
    }
    showErrors(parsed.errors);
    const first = appointmentFields.find((field) => parsed.errors[field]);
    if (first) control(first)?.focus();
  });

  // A field's message goes as soon as something is typed in it, and only that field's.
  form.addEventListener("input", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (!isField(name)) return;
    if (document.getElementById(`${name}-error`)) showError(name, undefined);
    if (name === "pincode") showAreaHint();
  });
};
export default appointmentForm;
