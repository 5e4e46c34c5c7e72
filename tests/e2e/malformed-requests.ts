// Malformed appointment requests, as fast-check arbitraries: each knows the answer it must get
// (status and message). Values outside the validation table (over-long, blank, control
// characters, any Unicode), missing and repeated fields, files, other content types (JSON, XML,
// text), oversized and unannounced (chunked) bodies, other origins, bots' hidden field and haste.
import fc from "fast-check";

const phone = "+91 98765 43210";

type Field = "name" | "phone" | "address" | "pincode" | "message";
const required: Field[] = ["name", "phone", "address", "pincode"];
const fields: Field[] = [...required, "message"];

/** The spec's messages, by field (section 5), and ours for what the spec does not check. */
const fieldMessages: Record<Field, string[]> = {
  name: ["Name is required", "Name must be less than 100 characters", "Name must be on one line"],
  phone: [
    "Phone number must be at least 10 digits",
    "Phone number must be less than 15 digits",
    "Phone number may contain only digits, spaces, dashes, brackets and a leading +",
  ],
  address: [
    "Address is required",
    "Address must be less than 200 characters",
    "Address must be on one line",
  ],
  pincode: ["Pin code must be 6 digits", "Pin code must be numeric"],
  message: ["Message must be less than 1000 characters"],
};
const refusals = {
  unreadable: `We could not read this request. Please fill in the form again, or call us on ${phone}.`,
  origin: `This request did not come from our website, so it was not accepted. Please use the form on our contact page, or call us on ${phone}.`,
  tooLarge: `That was more than our form can take. Please shorten your message and press send again, or call us on ${phone}.`,
  noLength: "Please send the form from our contact page.",
  honeypot: `We could not accept this request. Please press send again, or call us on ${phone}.`,
  tooFast: "That was quicker than we expected. Please check your details and press send again.",
};

/** What the form without JavaScript sends: the fields, the empty hidden ones. */
const formBase: [string, string][] = [
  ["name", "Asha Rani"],
  ["phone", "9876543210"],
  ["address", "H-12, Sector 43, Gurugram"],
  ["pincode", "122002"],
  ["message", ""],
  ["website", ""],
  ["startedAt", ""],
  ["js", ""],
];

export interface Part {
  name: string;
  value: string;
  /** Sent as a file upload. */
  filename?: string;
}

export interface Malformed {
  what: string;
  path: "/contact" | "/contact.data";
  headers: Record<string, string>;
  body: Buffer;
  /** Sent without a length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  status: number;
  /** The message the answer must carry: one of these. */
  says: string[];
  /** Where an HTML answer shows it: under this field, or else in the form's alert. */
  field?: Field;
}

/**
 * What the rules see of a value, written out here rather than taken from the app: a one-line
 * field has no line break of any kind; invisible format characters do not count; other control
 * characters are spaces; values are trimmed (spec: trimmed values); Devanagari digits are digits.
 */
const lineBreaks = /[\n\v\f\r\u0085\u2028\u2029]/;
const visible = (value: string) =>
  value
    .replace(/\p{Cf}/gu, "")
    .replace(/\p{Cc}/gu, " ")
    .trim();
const characters = (value: string) => [...visible(value)].length;
const asciiDigits = (value: string) =>
  value.replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
/** A phone number the rules take: digits, spaces, dashes, brackets, a leading +; 10 to 15 digits. */
const acceptablePhone = (value: string) => {
  const seen = asciiDigits(visible(value));
  const digits = seen.replace(/\D/g, "").length;
  return (
    !lineBreaks.test(value) &&
    /^\+?[\d\s\-()]*$/.test(seen) &&
    digits >= 10 &&
    digits <= 15 &&
    seen.length <= 30
  );
};

/** Characters that break naive code: controls, invisible and joined ones, markup, separators. */
const oddCharacters = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u0007",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u202e",
  "\u2028",
  "\ufeff",
  "\ufffd",
  "😀",
  "👨‍👩‍👧",
  "e\u0301",
  "अ",
  "٣",
  "\t",
  "\r\n",
  " ",
  "%",
  "&",
  "=",
  "+",
  "<script>",
  "'",
  '"',
  "\\",
);
const anyCharacter = fc.oneof(
  { arbitrary: oddCharacters, weight: 1 },
  { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }), weight: 2 },
);
const blank = fc.string({
  unit: fc.constantFrom(" ", "\t", "\n", "\u0000", "\u0001", "\u00a0", "\u3000", "\ufeff"),
  maxLength: 8,
});
const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: anyCharacter, minLength, maxLength });

/** A value that breaks the field's rule in the validation table (checked here, not assumed). */
const invalidValue: Record<Field, fc.Arbitrary<string>> = {
  name: fc.oneof(
    blank,
    text(101, 160).filter((value) => characters(value) > 100),
    text(1, 40).filter((value) => lineBreaks.test(value)),
  ),
  phone: fc.oneof(
    text(0, 9),
    text(10, 40).filter((value) => !acceptablePhone(value)),
  ),
  address: fc.oneof(
    text(0, 4).filter((value) => characters(value) < 5),
    text(201, 260).filter((value) => characters(value) > 200),
    text(5, 40).filter((value) => lineBreaks.test(value)),
  ),
  pincode: fc
    .oneof(
      text(0, 10),
      fc.stringMatching(/^\d{5}$|^\d{7,9}$/),
      fc
        .tuple(fc.stringMatching(/^\d{6}$/), anyCharacter, fc.nat(6))
        .map(([digits, odd, at]) => digits.slice(0, at) + odd + digits.slice(at)),
      fc.constantFrom("١٢٢٠٠٢", "１２２００２", "12 2002", "-12200", "1.2e+5"),
    )
    .filter((value) => lineBreaks.test(value) || !/^\d{6}$/.test(asciiDigits(visible(value)))),
  message: text(1001, 1100).filter(
    (value) =>
      [...value.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim()].length >
      1000,
  ),
};

export const urlencoded = (entries: [string, string][]) =>
  Buffer.from(new URLSearchParams(entries).toString());

export function multipart(parts: Part[], boundary: string): Buffer {
  const chunks = parts.map(({ name, value, filename }) => {
    const disposition = filename
      ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/plain`
      : `form-data; name="${name}"`;
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;
  });
  return Buffer.from(`${chunks.join("")}--${boundary}--\r\n`);
}

const boundary = fc.stringMatching(/^[A-Za-z0-9]{16,32}$/).map((random) => `----e2e${random}`);
const path = fc.constantFrom<Malformed["path"]>("/contact", "/contact", "/contact.data");

/** The form's fields, as urlencoded or multipart (the two encodings a form can use). */
const encoded = (entries: [string, string][]) =>
  fc.oneof(
    fc.constant({ type: "application/x-www-form-urlencoded", body: urlencoded(entries) }),
    boundary.map((mark) => ({
      type: `multipart/form-data; boundary=${mark}`,
      body: multipart(
        entries.map(([name, value]) => ({ name, value })),
        mark,
      ),
    })),
  );

export const replaced = (name: string, value: string): [string, string][] =>
  formBase.map(([key, old]) => [key, key === name ? value : old]);

/** Built at send time: the address of the server, known only then. */
export const sameOrigin = "SAME-ORIGIN";

const badValue: fc.Arbitrary<Malformed> = fc.constantFrom(...fields).chain((field) =>
  fc.record({ field: fc.constant(field), value: invalidValue[field], path }).chain((c) =>
    encoded(replaced(c.field, c.value)).map(
      ({ type, body }): Malformed => ({
        what: `${c.field} ${JSON.stringify(c.value).slice(0, 80)} (${type.split(";")[0]})`,
        path: c.path,
        headers: { origin: sameOrigin, "content-type": type },
        body,
        status: 400,
        says: fieldMessages[c.field],
        field: c.field,
      }),
    ),
  ),
);

const unreadable = (what: string, type: string | undefined, body: Buffer, to = "/contact") => ({
  what,
  path: to as Malformed["path"],
  headers: { origin: sameOrigin, ...(type ? { "content-type": type } : {}) },
  body,
  status: 400,
  says: [refusals.unreadable],
});

const missingField: fc.Arbitrary<Malformed> = fc
  .tuple(fc.subarray(required, { minLength: 1 }), path)
  .chain(([gone, to]) =>
    encoded(formBase.filter(([key]) => !gone.includes(key as Field))).map(({ type, body }) =>
      unreadable(`without ${gone.join(", ")} (${type.split(";")[0]})`, type, body, to),
    ),
  );

const repeatedField: fc.Arbitrary<Malformed> = fc
  .tuple(fc.constantFrom(...fields), fc.oneof(fc.constant(undefined), text(0, 20)), path)
  .chain(([field, second, to]) => {
    const first = formBase.find(([key]) => key === field)?.[1] ?? "";
    const entries: [string, string][] = [...formBase, [field, second ?? first]];
    return encoded(entries).map(({ type, body }) =>
      unreadable(`${field} twice (${type.split(";")[0]})`, type, body, to),
    );
  });

const fileField: fc.Arbitrary<Malformed> = fc
  .tuple(fc.constantFrom(...fields), boundary, text(0, 200), path)
  .map(([field, mark, content, to]) => {
    const parts: Part[] = formBase.map(([name, value]) =>
      name === field ? { name, value: content, filename: "notes.txt" } : { name, value },
    );
    return unreadable(
      `${field} as a file`,
      `multipart/form-data; boundary=${mark}`,
      multipart(parts, mark),
      to,
    );
  });

const validJson = JSON.stringify(Object.fromEntries(formBase));
const otherContentType: fc.Arbitrary<Malformed> = fc
  .tuple(
    fc.constantFrom(
      ["application/json", validJson],
      ["application/json; charset=utf-8", validJson],
      ["text/plain", urlencoded(formBase).toString()],
      ["text/plain; charset=utf-8", "name=Asha\nphone=9876543210"],
      [
        "application/xml",
        "<appointment><name>Asha Rani</name><pincode>122002</pincode></appointment>",
      ],
      [
        "text/xml",
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      ],
      ["application/octet-stream", "\u0000\u0001\u0002binary"],
      ["multipart/form-data", urlencoded(formBase).toString()],
      ["multipart/form-data; boundary=missing", "--other\r\nbroken"],
      ["application/x-www-form-urlencoded", validJson],
      [undefined, urlencoded(formBase).toString()],
    ),
    path,
  )
  .map(([[type, body], to]) =>
    unreadable(`sent as ${type ?? "no content type"}`, type, Buffer.from(body ?? ""), to),
  );

/** A whole valid form, so that what is refused is the request, not the values. */
const validForm = urlencoded(formBase);
export const formType = "application/x-www-form-urlencoded";

const crossOrigin: fc.Arbitrary<Malformed> = fc
  .tuple(
    fc.oneof(
      fc.constant<Record<string, string>>({}),
      fc.webUrl().map((url): Record<string, string> => ({ origin: new URL(url).origin })),
      fc.constantFrom<Record<string, string>>(
        { origin: "null" },
        { origin: "not a url" },
        { origin: "http://127.0.0.1.evil.example" },
        { origin: "https://127.0.0.1" },
        { referer: "https://elsewhere.example/contact" },
        { origin: "https://elsewhere.example", referer: sameOrigin },
      ),
    ),
    path,
  )
  .map(([headers, to]) => ({
    what: `from ${JSON.stringify(headers)}`,
    path: to,
    headers: { ...headers, "content-type": formType },
    body: validForm,
    status: 403,
    says: [refusals.origin],
  }));

const oversized: fc.Arbitrary<Malformed> = fc
  .integer({ min: 32 * 1024 + 1, max: 96 * 1024 })
  .map((size) => {
    const body = urlencoded(replaced("message", "x".repeat(size)));
    return {
      what: `${body.length} bytes`,
      path: "/contact",
      headers: { origin: sameOrigin, "content-type": formType },
      body,
      status: 413,
      says: [refusals.tooLarge],
    };
  });

const withoutLength: fc.Arbitrary<Malformed> = path.map((to) => ({
  what: "chunked",
  path: to,
  headers: { origin: sameOrigin, "content-type": formType },
  body: validForm,
  chunked: true,
  status: 411,
  says: [refusals.noLength],
}));

const honeypot: fc.Arbitrary<Malformed> = text(1, 40)
  .filter((value) => value.trim() !== "")
  .map((value) => ({
    what: `hidden field ${JSON.stringify(value)}`,
    path: "/contact",
    headers: { origin: sameOrigin, "content-type": formType },
    body: urlencoded(replaced("website", value)),
    status: 400,
    says: [refusals.honeypot],
  }));

// A form that says it was opened after it was sent: quicker than any person (or any clock skew).
const tooFast: fc.Arbitrary<Malformed> = fc
  .integer({ min: 10_000, max: 1_000_000_000 })
  .map((ahead) => ({
    what: `filled in -${ahead} ms`,
    path: "/contact",
    headers: { origin: sameOrigin, "content-type": formType },
    body: urlencoded(
      formBase.map(([key, value]): [string, string] =>
        key === "startedAt" ? [key, String(Date.UTC(2030, 0) + ahead)] : [key, value],
      ),
    ),
    status: 400,
    says: [refusals.tooFast],
  }));

/** One malformed request, of any kind above. */
export const malformedRequest = fc.oneof(
  { arbitrary: badValue, weight: 10 },
  { arbitrary: missingField, weight: 2 },
  { arbitrary: repeatedField, weight: 2 },
  { arbitrary: fileField, weight: 1 },
  { arbitrary: otherContentType, weight: 2 },
  { arbitrary: crossOrigin, weight: 2 },
  { arbitrary: oversized, weight: 1 },
  { arbitrary: withoutLength, weight: 1 },
  { arbitrary: honeypot, weight: 1 },
  { arbitrary: tooFast, weight: 1 },
);
