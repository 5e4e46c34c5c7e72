// One home for words (decision 026): every sentence a person reads is in a catalogue (the
// public site's records in app/content/, a capability's `*-texts.ts` beside its code), never
// written out in a route or a component. Checked on the code itself: each string, template and
// JSX text of app/routes/ and app/components/ is read from its syntax tree, and any that reads as
// words (two words with a capital, a capitalised word, Devanagari; any text between JSX tags or
// in a label, title, placeholder or alt) fails, but for what is not said to a person: imports,
// types, object keys, class names, console lines, HTTP reason phrases, the files crawlers read
// (robots.txt, sitemap.xml) and the short list below.
import { readdirSync, readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import { join } from "node:path";
import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";

/** Words in code that are not said to a person: names the platform or the protocol gives. */
const notWords = new Set([
  // Request headers read by a route (a header's name, not words).
  "Cookie",
  "Vary",
  // schema.org's types, in structured data.
  "BlogPosting",
  "Organization",
  // The browser's Notification API, tested for by name.
  "Notification",
]);

/** Attributes whose text a person reads or hears; the rest are names, ids and values. */
const saidAttributes = new Set([
  "alt",
  "aria-description",
  "aria-label",
  "aria-roledescription",
  "aria-valuetext",
  "description",
  "heading",
  "label",
  "message",
  "placeholder",
  "text",
  "title",
]);

const reasonPhrases = new Set(Object.values(STATUS_CODES));
const devanagari = /\p{Script=Devanagari}/u;
/** A word starting with a capital, as a sentence or a label starts: not a camelCase name. */
const capitalised = /(?<![\p{L}\p{N}_$-])\p{Lu}\p{Ll}+(?![\p{L}\p{N}_$])/u;

/** Whether a string in code reads as words for a person. */
function readsAsWords(text: string): boolean {
  const trimmed = text.trim();
  if (notWords.has(trimmed) || reasonPhrases.has(trimmed)) return false;
  if (devanagari.test(text)) return true;
  if (!capitalised.test(text)) return false;
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  return words.length >= 2 || /^\p{Lu}\p{Ll}+$/u.test(trimmed);
}

type Span = { start: number; end: number };

interface Found {
  line: number;
  text: string;
}

/** What a source file says in words outside a catalogue, with its line. */
function wordsIn(file: string, source: string): Found[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const skipped: Span[] = [];
  const found: Found[] = [];
  const lineOf = (at: number) => source.slice(0, at).split("\n").length;
  const report = (node: Span, text: string) => {
    if (skipped.some((span) => node.start >= span.start && node.end <= span.end)) return;
    found.push({ line: lineOf(node.start), text: text.replace(/\s+/g, " ").trim() });
  };
  // First what is not said (to skip), and the attributes a person reads (any text in them).
  new Visitor({
    ImportDeclaration(node) {
      skipped.push(node);
    },
    ExportNamedDeclaration(node) {
      if (node.source) skipped.push(node.source);
    },
    ExportAllDeclaration(node) {
      skipped.push(node);
    },
    TSLiteralType(node) {
      skipped.push(node);
    },
    TSImportType(node) {
      skipped.push(node);
    },
    CallExpression(node) {
      const callee = node.callee;
      if (
        callee.type === "MemberExpression" &&
        callee.object.type === "Identifier" &&
        callee.object.name === "console"
      ) {
        skipped.push(node);
      }
    },
    Property(node) {
      if (!node.computed && node.key.type === "Literal") skipped.push(node.key);
    },
    JSXAttribute(node) {
      const name = node.name.type === "JSXIdentifier" ? node.name.name : node.name.name.name;
      if (name === "className") skipped.push(node);
      else if (
        saidAttributes.has(name) &&
        node.value?.type === "Literal" &&
        /\p{L}/u.test(String(node.value.value))
      ) {
        report(node.value, String(node.value.value));
        skipped.push(node);
      }
    },
  }).visit(program);
  new Visitor({
    Literal(node) {
      if (typeof node.value === "string" && readsAsWords(node.value)) report(node, node.value);
    },
    TemplateLiteral(node) {
      const text = node.quasis.map((quasi) => quasi.value.cooked ?? "").join(" … ");
      if (readsAsWords(text)) report(node, text);
    },
    JSXText(node) {
      if (/\p{L}{2,}/u.test(node.value)) report(node, node.value);
    },
  }).visit(program);
  return found;
}

/** Every string the code holds (literals, templates' parts, JSX text): what it writes out. */
function stringsIn(file: string, source: string): string[] {
  const strings: string[] = [];
  new Visitor({
    Literal(node) {
      if (typeof node.value === "string") strings.push(node.value);
    },
    TemplateElement(node) {
      strings.push(node.value.cooked ?? "");
    },
    JSXText(node) {
      strings.push(node.value.replace(/\s+/g, " "));
    },
  }).visit(parseSync(file, source).program);
  return strings;
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name))
    .sort();
}

/** What a person reads: every route and component, but the files crawlers read (robots.txt…). */
const screens = [...sourcesUnder("app/routes"), ...sourcesUnder("app/components")].filter(
  (path) => !/\.(txt|xml)\.ts$/.test(path),
);

/** The catalogues: the public site's records, and each capability's `*-texts.ts`. */
const catalogues = [
  ...sourcesUnder("app/content"),
  ...sourcesUnder("app/domain").filter((path) => path.endsWith("-texts.ts")),
];

/**
 * The texts the product specification gives word for word (its screens, section 2; its
 * validation messages, section 5; its error catalogue and toasts, section 8). The browser tests
 * write them out too: here, that each is in a catalogue and none is in a route or a component.
 */
const specTexts = [
  // Section 2: the screens' headings, buttons and states.
  "Get Certified Physiotherapist at home",
  "Get in Touch",
  "Book your appointment or reach out to us with any questions",
  "Book an Appointment",
  "Fill out the form below and we'll get back to you within 24 hours",
  "Admin Login",
  "Create Admin Account",
  "Need an account? Sign up",
  "Already have an account? Login",
  "Loading...",
  "Appointment Dashboard",
  "Sort by Date",
  "Sort by Status",
  "No appointments yet",
  "You don't have permission to access this page.",
  "Oops! Page not found",
  "Return to Home",
  "Back to Blog",
  "Sending...",
  // Section 5: the forms' messages.
  "Name is required",
  "Name must be less than 100 characters",
  "Phone number must be at least 10 digits",
  "Phone number must be less than 15 digits",
  "Address is required",
  "Address must be less than 200 characters",
  "Pin code must be 6 digits",
  "Pin code must be numeric",
  "Message must be less than 1000 characters",
  "Invalid email address",
  "Password must be at least 6 characters",
  // Section 8: the error catalogue and the toasts.
  "Failed to submit appointment request. Please try again.",
  "Appointment saved but email notification failed. We'll contact you soon!",
  "Appointment Request Received!",
  "We'll contact you shortly to confirm your appointment.",
  "An unexpected error occurred. Please try again.",
  "Invalid email or password",
  "Logged in successfully",
  "This email is already registered. Please login instead.",
  "Account created! Please login.",
  "An unexpected error occurred",
  "Failed to load appointments",
  "Failed to update status",
  "Status updated successfully",
  "Logged out successfully",
  "Failed to logout",
  "Blog Post Not Found",
  "Access Denied",
];

describe("one home for words", () => {
  it.each(screens)("%s says nothing in words of its own", (file) => {
    const found = wordsIn(file, readFileSync(file, "utf8")).map(
      ({ line, text }) => `${file}:${line} ${JSON.stringify(text)}`,
    );
    expect(found).toEqual([]);
  });

  it("keeps every text of the spec in a catalogue, word for word", () => {
    const all = catalogues.map((path) => readFileSync(path, "utf8")).join("\n");
    expect(specTexts.filter((text) => !all.includes(text))).toEqual([]);
  });

  it("writes no text of the spec in a route or a component", () => {
    const written = screens.flatMap((file) =>
      stringsIn(file, readFileSync(file, "utf8")).flatMap((string) =>
        specTexts.filter((text) => string.includes(text)).map((text) => `${file}: ${text}`),
      ),
    );
    expect(written).toEqual([]);
  });

  it("finds words written in a component, and lets names and values be", () => {
    const source = `
      import { data } from "react-router";
      type Kind = "Sent in Hindi";
      console.warn("404 Error: User attempted to access non-existent route:", path);
      const headers = { "Content-Type": "text/plain", Allow: "POST, OPTIONS" };
      export function Page({ name }: { name: string }) {
        if (request.headers.get("Cookie")) throw data("Not Found", { status: 404 });
        const label = \`Save status of \${name}'s request\`;
        return (
          <section className="mt-4 text-lg" aria-label="Timeline" id="case-timeline">
            <h1>Sent in Hindi</h1>
            <Spinner label={label} placeholder="Search name or phone" />
            <p>{state === "on" ? "Notifications on" : "Mine"}</p>
            <p>{ownerId ? "ownerId" : "रद्द"}</p>
          </section>
        );
      }`;
    expect(wordsIn("example.tsx", source).map((found) => found.text)).toEqual([
      "Timeline",
      "Search name or phone",
      "Save status of … 's request",
      "Sent in Hindi",
      "Notifications on",
      "Mine",
      "रद्द",
    ]);
    expect(stringsIn("example.tsx", source)).toContain("Sent in Hindi");
  });
});
