// Every kind of e-mail the site sends, composed from hostile values in every field a visitor
// controls (the request form's five fields; the address typed for the newsletter, a sign-up or
// a password reset) and read back by a real mail parser: the message has exactly the headers and
// the one recipient it should, and the visitor's text is in the body as typed. Values are made by
// fast-check from pieces that have broken hand-built e-mails: line breaks of every kind, NUL,
// header names, MIME boundaries, encoded words, long words, non-ASCII.
import fc from "fast-check";
import { simpleParser } from "mailparser";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import type { Database } from "#app/db.server.ts";
import { staffMailFor } from "#app/domain/appointments/appointment-mail.server.ts";
import type { Appointment } from "#app/domain/appointments/appointments.server.ts";
import { unknownSource } from "#app/domain/attribution/site-session.server.ts";
import { mailComposer } from "#app/domain/mail/mail-kinds.server.ts";
import type { MailContent } from "#app/domain/mail/mail-sender.server.ts";
import {
  composeMessage,
  composeTree,
  parseAddress,
  writeMessage,
} from "#app/domain/mail/mime.server.ts";
import { newsletterSchema } from "#app/domain/newsletter/newsletter-form.ts";
import type { ClaimedMessage } from "#app/domain/outbox/outbox.server.ts";
import { staffAuthFormSchema } from "#app/domain/staff/staff-auth-form.ts";
import { siteMailKinds } from "#app/services.server.ts";

const site = toSiteConfig(parseEnv({}));
const staffAddress = "frontdesk@clinic.test";
const staffMail = staffMailFor(site, staffAddress);
const kinds = siteMailKinds(staffMail, site.name);
const compose = mailComposer(kinds);
const from = parseAddress(`${site.name} <${site.email}>`);
/** Values per field: at least 1,000 each. */
const runs = 1_000;
/** Seconds a run may take on a busy machine: these parse thousands of messages. */
const timeout = 300_000;

/** What hand-built messages have been broken by. */
const hostilePieces = [
  "\r",
  "\n",
  "\r\n",
  "\r\n\r\n",
  "\u0000",
  "\u000b",
  "\u000c",
  "\u0085",
  "\u2028",
  "\u2029",
  "\t",
  " ",
  "Bcc: eve@evil.example",
  "Reply-To: eve@evil.example",
  "To: eve@evil.example",
  "Subject: Urgent",
  "Content-Type: text/html",
  "Content-Transfer-Encoding: 8bit",
  "MIME-Version: 1.0",
  "<h1>Pay now</h1>",
  "<script>alert(1)</script>",
  "--",
  "----=_Part_0",
  '--b1; boundary="b1"',
  "=?utf-8?B?SGVsbG8=?=",
  "=?utf-8?Q?=0D=0ABcc:?=",
  "=0D=0A",
  '"',
  "'",
  "\\",
  "<",
  ">",
  ",",
  ";",
  ":",
  "@",
  "eve@evil.example",
  "राम कुमार",
  "ä",
  "😀",
  ".",
  "..",
];

const hostileText = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...hostilePieces) },
      { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
      // A word longer than any line may be.
      {
        weight: 1,
        arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 80, maxLength: 300 }),
      },
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((pieces) => pieces.join(""));

/** Lines as a reader sees them: every kind of line end is one. */
const lines = (text: string) => text.replace(/\r\n|\r|\n/g, "\n");

const allowedHeaders = new Set([
  "from",
  "to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
]);

async function readBack(content: MailContent, recipient: string) {
  const { raw, envelope } = composeMessage(from, { to: recipient, ...content });
  // Written at once, the message is byte for byte what the library's own streams write.
  const tree = composeTree(from, { to: recipient, ...content });
  const atOnce = writeMessage(tree);
  expect((await tree.build()).toString("latin1")).toBe(atOnce.toString("latin1"));
  const mail = await simpleParser(raw);
  const headerNames = [...mail.headers.keys()];
  expect(headerNames.filter((name) => !allowedHeaders.has(name))).toEqual([]);
  for (const name of ["from", "to", "subject", "date", "message-id"]) {
    expect(headerNames).toContain(name);
  }
  // One header block: every header line before the first empty line, none after it.
  const text = raw.toString("latin1");
  const head = text.slice(0, text.indexOf("\r\n\r\n"));
  expect(head.split("\r\n").filter((line) => /^(bcc|reply-to|cc):/i.test(line))).toEqual([]);
  expect(mail.from?.value).toEqual([{ name: from.name, address: from.address }]);
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  expect(to.flatMap((list) => list.value)).toEqual([{ name: "", address: recipient }]);
  expect(mail.cc).toBeUndefined();
  expect(mail.bcc).toBeUndefined();
  expect(mail.replyTo).toBeUndefined();
  expect(envelope).toEqual({ from: from.address, to: [recipient] });
  return mail;
}

/** An appointment as stored: what the staff e-mail is composed from. */
const appointmentOf = (
  fields: Record<"name" | "phone" | "address" | "pincode", string> & {
    message: string | null;
    /** A campaign's label, from the landing page's address: the visitor's bytes too. */
    utmCampaign?: string | null;
  },
): Appointment => ({
  id: "00000000-0000-4000-8000-000000000001",
  status: "pending",
  createdAt: new Date("2026-11-23T06:30:00Z"),
  reference: "7K3Q2M",
  ...unknownSource,
  channel: "other",
  landingPath: "/",
  sentFromPath: "/contact",
  ...fields,
});

const noDatabase = {} as Database;
const claimed = (kind: string, recipient: string, payload: unknown): ClaimedMessage => ({
  id: "00000000-0000-4000-8000-000000000002",
  kind,
  recipient,
  appointmentId: null,
  visitId: null,
  paymentId: null,
  paymentLinkId: null,
  payload,
  attempts: 1,
});

/** Addresses a visitor could get past the forms' own schemas, and the hostile rest. */
const formAddress = fc.emailAddress();
const hostileAddress = fc.oneof(
  formAddress,
  fc
    .tuple(formAddress, fc.constantFrom(...hostilePieces), formAddress)
    .map((parts) => parts.join("")),
  fc.tuple(hostileText, fc.constant("@"), hostileText).map((parts) => parts.join("")),
);

describe("every e-mail kind, composed from hostile values", () => {
  it("covers every kind the site sends", () => {
    expect(kinds.map(({ kind }) => kind).sort()).toEqual(
      [
        "account-confirmation",
        "appointment-staff",
        "handover",
        "newsletter-confirm",
        "password-reset",
        "visit-cant-make",
      ].sort(),
    );
  });

  it(
    `keeps the staff e-mail's headers and recipient, and each of the five fields as typed in the body (${runs} values each)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileText,
          hostileText,
          hostileText,
          hostileText,
          fc.option(hostileText, { nil: null }),
          hostileText,
          async (name, phone, address, pincode, message, utmCampaign) => {
            const appointment = appointmentOf({
              name,
              phone,
              address,
              pincode,
              message,
              utmCampaign,
            });
            const content = staffMail.compose(appointment);
            const mail = await readBack(content, staffAddress);
            // The name and pincode are in the subject: on its one line, nothing lost but breaks.
            // (Spaces around a header's value are not part of it.)
            expect(mail.subject?.trim()).toBe(
              lines(`New appointment request: ${name}, ${pincode}`).replace(/\n/g, " ").trim(),
            );
            const body = lines(mail.text ?? "");
            for (const [label, value] of [
              ["Name", name],
              ["Phone", phone],
              ["Address", address],
              ["Pin code", pincode],
              ["Message", message ?? "(none)"],
            ] as const) {
              // (Line ends read as one kind: a value's bare CR before the line's own LF is a CRLF.)
              expect(body).toContain(lines(`${label}: ${value}\n`));
            }
            // The HTML part shows the same text, and holds no element of the visitor's making.
            const html = parseHtml(typeof mail.html === "string" ? mail.html : "");
            const tags = new Set(
              html.querySelectorAll("*").map((node) => node.tagName.toLowerCase()),
            );
            expect(
              [...tags].filter((tag) => !["p", "table", "tr", "th", "td", "br", "a"].includes(tag)),
            ).toEqual([]);
            // The name's cell reads as typed, line by line (entities decoded by the parser).
            const nameCell = html
              .querySelectorAll("tr")
              .find((row) => row.querySelector("th")?.text === "Name")
              ?.querySelector("td");
            const nameLines = (nameCell?.innerHTML ?? "")
              .split("<br>")
              .map((line) => parseHtml(line).text);
            expect(nameLines).toEqual(lines(name).split("\n"));
          },
        ),
        { numRuns: runs, seed: 20261123 },
      );
    },
    timeout,
  );

  it(
    `keeps the hand-over e-mail's subject and recipient, and the PIN code as typed (${runs} values)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileText, hostileAddress, async (pincode, by) => {
          const appointment = appointmentOf({
            name: "Asha Rani",
            phone: "98100 12345",
            address: "H-12, Sector 62, Noida",
            pincode,
            message: null,
          });
          const content = staffMail.handover(appointment, by);
          const mail = await readBack(content, staffAddress);
          expect(mail.subject).toBe("Request 7K3Q2M was handed to you");
          const body = lines(mail.text ?? "");
          expect(body).toContain(lines(`Pin code: ${pincode}\n`));
          expect(body).toContain(`/admin/appointments/${appointment.id}`);
        }),
        { numRuns: runs, seed: 20261127 },
      );
    },
    timeout,
  );

  it(
    `keeps the can't-make e-mail's subject and recipient, and the therapist, reason and PIN code as typed (${runs} values each)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileText,
          hostileText,
          hostileText,
          async (therapist, reason, pincode) => {
            const appointment = appointmentOf({
              name: "Asha Rani",
              phone: "98100 12345",
              address: "H-12, Sector 62, Noida",
              pincode,
              message: null,
            });
            const startsAt = new Date("2026-12-01T09:00:00Z");
            const content = staffMail.cantMake(appointment, { therapist, startsAt, reason });
            const mail = await readBack(content, staffAddress);
            // Only the reference and the visit's time in the subject: nothing typed.
            expect(mail.subject).toBe("Can't make it: request 7K3Q2M, Tue 1 Dec 2:30 PM");
            const body = lines(mail.text ?? "");
            for (const [label, value] of [
              ["Therapist", therapist],
              ["Reason", reason],
              ["Pin code", pincode],
            ] as const) {
              expect(body).toContain(lines(`${label}: ${value}\n`));
            }
            expect(body).toContain(`/admin/appointments/${appointment.id}#visits`);
            expect(body).not.toContain("Asha");
          },
        ),
        { numRuns: runs, seed: 20261130 },
      );
    },
    timeout,
  );

  for (const [kind, payload] of [
    ["account-confirmation", { url: "https://physio.example/auth/set-password?token=abc" }],
    ["password-reset", { url: "https://physio.example/auth/set-password?token=def" }],
    [
      "newsletter-confirm",
      {
        confirmUrl: "https://physio.example/newsletter/confirm?token=ghi",
        unsubscribeUrl: "https://physio.example/newsletter/unsubscribe?token=jkl",
      },
    ],
  ] as const) {
    it(
      `sends the ${kind} e-mail to the one address typed, or to none (${runs} addresses)`,
      async () => {
        const schema =
          kind === "newsletter-confirm"
            ? newsletterSchema.shape.email
            : staffAuthFormSchema.shape.email;
        let sent = 0;
        await fc.assert(
          fc.asyncProperty(hostileAddress, async (typed) => {
            const checked = schema.safeParse(typed);
            const content = await compose(noDatabase, claimed(kind, typed, payload));
            let composed = true;
            try {
              composeMessage(from, { to: typed, ...content });
            } catch {
              composed = false;
            }
            if (!composed) {
              // Refused by the composer: then the form would have refused it too.
              expect(checked.success).toBe(false);
              return;
            }
            sent++;
            const mail = await readBack(content, typed);
            expect(mail.subject).toBe(content.subject);
            expect(lines(mail.text ?? "").trimEnd()).toBe(lines(content.text).trimEnd());
          }),
          { numRuns: runs, seed: 20261123 },
        );
        // Most generated addresses are ones a form takes: the property was not tested on nothing.
        expect(sent).toBeGreaterThan(runs / 3);
      },
      timeout,
    );
  }
});
