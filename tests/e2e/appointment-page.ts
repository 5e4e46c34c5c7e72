// The appointment form as a test sees it in Chromium: open it, fill it, send it, and read what it
// shows (the messages under the fields, their links for screen readers, the toasts).
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { validAppointment } from "#tests/e2e/appointments.ts";
import { navigationWait, waitForHydration } from "#tests/e2e/browser.ts";

export type Field = keyof typeof validAppointment;
export const fields = Object.keys(validAppointment) as Field[];

/** /contact, hydrated: the form validates in the browser and sends without a reload. */
export async function openForm(page: Page, url: string): Promise<void> {
  const response = await page.goto(`${url}/contact`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/** Types each value into its field (replacing what was there). */
export async function fill(page: Page, values: Partial<Record<Field, string>>) {
  for (const [field, value] of Object.entries(values)) await page.locator(`#${field}`).fill(value);
}

/** The form's accessible name, in each language. */
export const formLabels = { en: "Appointment request", hi: "अपॉइंटमेंट का अनुरोध" } as const;

/** The form's one button: "Send Request", or "Sending..." while it sends. */
export const submitButton = (page: Page, formLabel: string = formLabels.en) =>
  page.locator(`form[aria-label="${formLabel}"] button`);

/**
 * Taps Send Request. The button is brought to the middle of the screen first, as a person
 * scrolls to it: at the bottom edge the phone's quick-contact bar covers it, and a focused
 * field's smooth scroll would still be moving it.
 */
export async function send(page: Page, formLabel: string = formLabels.en) {
  const button = submitButton(page, formLabel);
  await button.evaluate((node) => node.scrollIntoView({ block: "center", behavior: "instant" }));
  await button.click();
}

/**
 * With the form filled in rightly, each rule in turn: its field given the refused value, the
 * form sent (`press`), and the rule's message shown under that field, linked to it, the focus on
 * it; then the field set right again, and the message gone.
 */
export async function expectEachRuleShown(
  page: Page,
  rules: readonly (readonly [field: Field, value: string, message: string])[],
  press: (page: Page) => Promise<void> = send,
) {
  for (const [field, value, message] of rules) {
    const input = page.locator(`#${field}`);
    await input.fill(value);
    await press(page);
    // The message sits under the field, which names it for screen readers and takes the focus.
    await expect
      .poll(() => fieldState(page, field), navigationWait)
      .toEqual({
        errors: { [field]: message },
        invalid: "true",
        describedBy: field === "pincode" ? "pincode-error pincode-hint" : `${field}-error`,
        focused: true,
      });
    await input.fill(validAppointment[field]);
    await expect.poll(() => fieldState(page, field)).toMatchObject({ errors: {}, invalid: null });
  }
}

/** The error messages shown under the fields, by field. */
export function shownErrors(page: Page) {
  return page
    .locator('[id$="-error"]')
    .evaluateAll((nodes) =>
      Object.fromEntries(nodes.map((node) => [node.id.replace(/-error$/, ""), node.textContent])),
    );
}

/** One look at the form: the messages under the fields, and how `field` is linked to its own. */
function fieldState(page: Page, field: Field) {
  return page.evaluate((id) => {
    const input = document.getElementById(id);
    const shown = [...document.querySelectorAll('[id$="-error"]')];
    return {
      errors: Object.fromEntries(
        shown.map((node) => [node.id.replace(/-error$/, ""), node.textContent]),
      ),
      invalid: input?.getAttribute("aria-invalid") ?? null,
      describedBy: input?.getAttribute("aria-describedby") ?? null,
      focused: document.activeElement === input,
    };
  }, field);
}

/** The toasts on screen, as title and description. */
export function shownToasts(page: Page) {
  return page.locator("[data-toast]").evaluateAll((nodes) =>
    nodes.map((node) => ({
      title: node.querySelector("[data-title]")?.textContent,
      description: node.querySelector("[data-description]")?.textContent,
    })),
  );
}

/** A toast as shownToasts lists it, from a title and description of the catalogue. */
export const toast = ([title, description]: readonly [string, string]) => ({ title, description });

/** The values in the form's fields. */
export function formValues(page: Page) {
  return Promise.all(fields.map((field) => page.locator(`#${field}`).inputValue()));
}

/** Chromium reports a fetch answered with an error status as a console error; a refusal is one. */
export function besidesRefusal(errors: string[], status: number): string[] {
  return errors.filter(
    (error) => !error.includes(`the server responded with a status of ${status}`),
  );
}
