// docs/messages.md lists the templates to submit to Meta for approval: their names (the
// WHATSAPP_TEMPLATE_* defaults), each body in English and Hindi with Meta's {{1}} … (a visit's
// five parameters, a receipt's four), a sample of each parameter, and the reminder's two reply buttons. The table is made here from
// family-message-texts.ts and the settings, and must be in the guide word for word: a body
// changed in one place and not the other fails. To write the table into the guide after a change:
//   WRITE_MESSAGES_DOC=1 npx vitest run app/domain/messages/messages-doc.test.ts
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import {
  type FamilyMessageKind,
  familyMessageKinds,
  familyMessageText,
  parametersOf,
} from "#app/domain/messages/family-message-texts.ts";
import { familyDay, familyTime } from "#app/domain/messages/family-time.ts";
import {
  receiptLinkUrl,
  statusLinkKey,
  statusPageUrl,
} from "#app/domain/messages/status-link.server.ts";
import type { Lang } from "#app/lib/lang.ts";

const guide = "docs/messages.md";
const start = "<!-- templates: made by app/domain/messages/messages-doc.test.ts -->";
const end = "<!-- end of templates -->";

const langs: readonly Lang[] = ["en", "hi"];

/** The setting that names each kind's template, and its default. */
const settingOf: Record<FamilyMessageKind, keyof ReturnType<typeof parseEnv>> = {
  family_visit_booked: "WHATSAPP_TEMPLATE_BOOKED",
  family_visit_moved: "WHATSAPP_TEMPLATE_MOVED",
  family_visit_cancelled: "WHATSAPP_TEMPLATE_CANCELLED",
  family_visit_reminder: "WHATSAPP_TEMPLATE_REMINDER",
  family_receipt: "WHATSAPP_TEMPLATE_RECEIPT",
  family_payment_link: "WHATSAPP_TEMPLATE_PAYMENT_LINK",
};

const what: Record<FamilyMessageKind, string> = {
  family_visit_booked: "when staff book a visit",
  family_visit_moved: "when staff move a visit to another time",
  family_visit_cancelled: "when a visit is cancelled",
  family_visit_reminder: "the evening before each visit, at `VISIT_REMINDER_AT`",
  family_receipt: "when a payment is recorded, with its receipt",
  family_payment_link: "when staff send a Razorpay payment link",
};

/** A body as Meta takes it: its kind's parameters as {{1}} … , in their order. */
const numbered = (kind: FamilyMessageKind, body: string) =>
  parametersOf(kind).reduce((text, name, i) => text.replaceAll(`{${name}}`, `{{${i + 1}}}`), body);

const sampleSecret = "a-sample-secret-for-the-guide-of-32-characters";
const sampleRequest = "0b7d2c3e-5f41-4a8e-9c6d-2e1f3a4b5c6d";

/**
 * A sample for each parameter, as Meta's review asks: a visit at 4:30 PM on 1 December 2026, or a
 * receipt of ₹1,200 that day.
 */
function samples(kind: FamilyMessageKind, lang: Lang): string[] {
  const visit = new Date("2026-12-01T16:30:00+05:30");
  if (kind === "family_payment_link") {
    return ["₹1,200", "7K3Q2M", "https://rzp.io/i/nxrHnLJ"];
  }
  if (kind === "family_receipt") {
    return [
      "₹1,200",
      "HP/26-27/000123",
      "7K3Q2M",
      receiptLinkUrl(
        "https://homephysio.example",
        "5c2e8f1a-3b4d-4e6f-8a9b-0c1d2e3f4a5b",
        statusLinkKey(sampleSecret, sampleRequest, visit),
      ),
    ];
  }
  return [
    familyDay(visit, lang),
    familyTime(visit, lang),
    "Dr. Meera Kapoor",
    "7K3Q2M",
    ...(kind === "family_visit_reminder" ? ["4821"] : []),
    // The link that opens the family's page: a sample request's, sealed with a sample secret.
    statusPageUrl(
      "https://homephysio.example",
      lang,
      statusLinkKey(sampleSecret, sampleRequest, visit),
    ),
  ];
}

/** The templates' part of the guide, between its two markers. */
function templatesMarkdown(): string {
  const env = parseEnv({});
  const out: string[] = [start, ""];
  for (const kind of familyMessageKinds) {
    const name = env[settingOf[kind]];
    out.push(`### \`${name}\` (${what[kind]})`, "");
    out.push(`Category **Utility**; the name is \`${settingOf[kind]}\`'s default.`, "");
    out.push("| Language | Body |", "| --- | --- |");
    for (const lang of langs) {
      out.push(`| \`${lang}\` | ${numbered(kind, familyMessageText[lang].bodies[kind])} |`);
    }
    out.push("");
    out.push("| Sample | `en` | `hi` |", "| --- | --- | --- |");
    const [en, hi] = [samples(kind, "en"), samples(kind, "hi")];
    parametersOf(kind).forEach((parameter, i) => {
      out.push(`| \`{{${i + 1}}}\` ${parameter} | ${en[i]} | ${hi[i]} |`);
    });
    out.push("");
    if (kind === "family_visit_reminder") {
      out.push(
        "Two buttons of the kind **Quick reply**, in this order:",
        "",
        "| Button | `en` | `hi` |",
        "| --- | --- | --- |",
        `| 1 (confirms the visit) | ${familyMessageText.en.buttons.confirm} | ${familyMessageText.hi.buttons.confirm} |`,
        `| 2 (asks to change it) | ${familyMessageText.en.buttons.change} | ${familyMessageText.hi.buttons.change} |`,
        "",
      );
    }
  }
  out.push(end);
  return out.join("\n");
}

/** The part of the guide between the markers, markers included. */
function inGuide(text: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return "";
  return text.slice(from, to + end.length);
}

describe("docs/messages.md", () => {
  it("lists each template as family-message-texts.ts has it, in both languages", () => {
    const text = readFileSync(guide, "utf8");
    const made = templatesMarkdown();
    if (process.env.WRITE_MESSAGES_DOC === "1") {
      const current = inGuide(text);
      writeFileSync(guide, current ? text.replace(current, made) : `${text}\n${made}\n`);
      return;
    }
    // Compared as Markdown, whatever the table's padding (the formatter aligns its columns).
    const cells = (markdown: string) =>
      markdown
        .split("\n")
        .map((line) =>
          line.startsWith("|")
            ? line
                .split("|")
                .map((cell) => cell.trim().replace(/^-+$/, "---"))
                .join("|")
            : line.trimEnd(),
        )
        .join("\n");
    expect(cells(inGuide(text))).toBe(cells(made));
  });

  it("begins and ends every body with words, as Meta requires of a template", () => {
    for (const lang of langs) {
      for (const kind of familyMessageKinds) {
        const body = numbered(kind, familyMessageText[lang].bodies[kind]);
        // A parameter at either end, even with only punctuation after it, is refused.
        expect(body, `${lang} ${kind}`).not.toMatch(/^\{\{\d+\}\}/);
        expect(body, `${lang} ${kind}`).not.toMatch(/\{\{\d+\}\}[\s.।!?]*$/);
        // And it says how to stop them.
        expect(body, `${lang} ${kind}`).toContain("STOP");
      }
    }
  });

  it("numbers the parameters as Meta does, each once in every body", () => {
    for (const lang of langs) {
      for (const kind of familyMessageKinds) {
        const body = numbered(kind, familyMessageText[lang].bodies[kind]);
        expect(body).not.toMatch(/\{[a-z]+\}/);
        for (let n = 1; n <= parametersOf(kind).length; n++) {
          expect(body.split(`{{${n}}}`), `${lang} ${kind} {{${n}}}`).toHaveLength(2);
        }
      }
    }
  });
});
