// The one module that reads the environment: the process environment over the `.env` file.
// Every program (build, postbuild, servers, scripts, tests) reads its settings through here, so
// they can never disagree. It imports nothing but zod, Node built-ins and the pure phone-number
// module (written with .ts extensions) so that plain Node scripts and the React Router build can
// both use it.
import { existsSync, readFileSync } from "node:fs";
import { isIP } from "node:net";
import { resolve } from "node:path";
import { parseEnv as parseDotenv } from "node:util";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { z } from "#app/lib/zod.ts";

/** A number the call and chat links can be made from (app/lib/indian-phone.ts reads it). */
const phoneNumber = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => phoneKey(value) !== null,
      `${label} must be a phone number: an Indian number of 10 digits (0, 91 or +91 before it optional), or + and another country's code`,
    );

/** The greeting the staff's WhatsApp links open with; see whatsappGreeting in indian-phone.ts. */
export const defaultWhatsappGreeting =
  "Hello {patient}, this is {clinic}. We received your request for a home physiotherapy visit.";

/** The same greeting for a request sent from the Hindi site (docs/hindi-glossary.md's words). */
export const defaultWhatsappGreetingHi =
  "नमस्ते {patient} जी, हम {clinic} से मैसेज कर रहे हैं। घर पर फिज़ियोथेरेपी विज़िट के लिए आपका अनुरोध हमें मिल गया है।";

/** A greeting template: one line, at most 300 characters, {clinic} and {patient} only. */
const greetingTemplate = (fallback: string) =>
  z
    .string()
    .trim()
    .max(300, "must be at most 300 characters")
    .regex(/^[^\r\n\u2028\u2029]*$/, "must be one line (no line breaks)")
    .refine(
      (value) =>
        [...value.matchAll(/\{([^{}]*)\}/g)].every(([, name]) =>
          /^(clinic|patient)$/.test(name ?? ""),
        ),
      "may hold only the placeholders {clinic} and {patient}",
    )
    .default(fallback);

/** A rate limit: count/period (s, m, h or d), or off. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^(off|\d+\/\d*[smhd])$/, `must look like ${fallback} (count/period), or off`)
    .default(fallback);

const analyticsId = z
  .string()
  .trim()
  .regex(/^(G|AW|UA)-[A-Z0-9-]{4,20}$/, "must look like G-XXXXXXX (or AW-/UA-)")
  .optional()
  .or(z.literal("").transform(() => undefined));

/**
 * The defaults of the business facts. They let the site run out of the box, and they are not a
 * real business's: the server refuses to serve them at a public address (see goingLiveProblems).
 */
export const placeholders = {
  BUSINESS_PHONE: "+91 98765 43210",
  BUSINESS_WHATSAPP: "+91 98765 43210",
  BUSINESS_EMAIL: "care@homephysio.example",
  BUSINESS_STREET: "Coworking centre, Golf Course Road, Sector 43",
  /** Who answers questions about personal data (DPDP Act s. 8(9)): a person's name and role. */
  DATA_CONTACT_NAME: "The clinic's data protection contact",
  DATA_CONTACT_EMAIL: "privacy@homephysio.example",
} as const;

/**
 * The fees the pages state, in whole rupees. Unset, the pages show these sample figures, marked
 * as samples on the page, and the server refuses to serve them at a public address: like the
 * placeholders above, they are not a real clinic's (docs/content.md, how the clinic sets them).
 */
export const sampleFees = {
  FEE_HOME_SESSION: 1000,
  FEE_PACKAGE_SESSIONS: 10,
  FEE_PACKAGE_PRICE: 9000,
} as const;

/** A figure in whole rupees, digits only: "1200", not "1,200" or "₹1200". */
const rupees = z
  .string()
  .trim()
  .regex(/^[1-9]\d{1,5}$/, "must be whole rupees, digits only (e.g. 1200)")
  .transform(Number)
  .optional();

/** Whose forwarded headers to believe: Express's "trust proxy" values. */
export type TrustProxy = boolean | number | string[];

const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, or a subnet (`10.0.0.0/8`, `fd00::/8`), or a named range; else false. */
function isTrustedPeerSpec(spec: string): boolean {
  if (namedRanges.has(spec)) return true;
  const [address = "", prefix, ...rest] = spec.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** "true", "false", "2" (hops), or "10.0.0.0/8, loopback"; undefined when none of these. */
function parseTrustProxy(value: string): TrustProxy | undefined {
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const specs = value.split(",").map((spec) => spec.trim());
  return specs.every(isTrustedPeerSpec) ? specs : undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /**
   * Instances that share one network (deploy/compose.yaml) all listen on PORT, and the kernel
   * hands each new connection to one that listens (SO_REUSEPORT): one that stops or crashes is
   * passed over at once, with no address for the proxy to find dead (decision 041). Off alone, where
   * a second server started by mistake on the same port should fail rather than share it.
   */
  REUSE_PORT: z.stringbool().default(false),
  /**
   * A port of this instance alone, besides PORT (which instances sharing a network share): its
   * own /metrics, /readyz and /healthz for a scraper and the container's health check. Unset:
   * none.
   */
  INSTANCE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * On SIGTERM, how long to keep serving while /readyz says "draining", before the server stops
   * taking requests (decision 041): longer than a load balancer that asks /readyz takes to notice, so
   * that it sends nothing more to an instance about to close. 0: alone, or sharing REUSE_PORT.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** Where the build lives; a second build (e.g. with analytics ids) can sit beside it. */
  BUILD_DIR: z.string().default("build"),
  /**
   * Which peers' X-Forwarded-* headers to believe (Express's "trust proxy"): `false`, `true`
   * (anyone: only when nothing but the load balancer can reach the port), a number of hops, or
   * addresses and subnets such as `10.0.0.0/8, loopback`.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((value, context): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        context.addIssue({
          code: "custom",
          message:
            "must be true, false, a number of hops, or addresses and subnets (10.0.0.0/8, loopback)",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/+$/, "")),
  BUSINESS_NAME: z.string().trim().min(2).max(80).default("HomePhysio NCR"),
  BUSINESS_PHONE: phoneNumber("BUSINESS_PHONE").default(placeholders.BUSINESS_PHONE),
  BUSINESS_WHATSAPP: phoneNumber("BUSINESS_WHATSAPP").default(placeholders.BUSINESS_WHATSAPP),
  BUSINESS_EMAIL: z
    .email({ error: "must be an e-mail address" })
    .default(placeholders.BUSINESS_EMAIL),
  BUSINESS_STREET: z.string().trim().min(3).default(placeholders.BUSINESS_STREET),
  BUSINESS_LOCALITY: z.string().trim().min(2).default("Gurugram"),
  BUSINESS_REGION: z.string().trim().min(2).default("Haryana"),
  BUSINESS_POSTAL_CODE: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "must be a 6-digit PIN code")
    .default("122002"),
  /**
   * The message a staff member's WhatsApp link to a patient opens with (the staff e-mail, the
   * dashboard): {clinic} becomes BUSINESS_NAME, {patient} the patient's name. Staff-side only:
   * never on a public page, so changing it needs no rebuild.
   */
  WHATSAPP_GREETING: greetingTemplate(defaultWhatsappGreeting),
  /** The same, for a request sent from the Hindi site (its family is written to in Hindi). */
  WHATSAPP_GREETING_HI: greetingTemplate(defaultWhatsappGreetingHi),
  /** Rupees for one session at home (the fees section, the FAQs). Unset: a sample figure. */
  FEE_HOME_SESSION: rupees,
  /** How many sessions the package holds (2 to 60). Unset: a sample figure. */
  FEE_PACKAGE_SESSIONS: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, "must be a number of sessions, 2 to 60")
    .transform(Number)
    .refine((count) => count >= 2 && count <= 60, "must be a number of sessions, 2 to 60")
    .optional(),
  /** Rupees for the whole package. Unset: a sample figure. */
  FEE_PACKAGE_PRICE: rupees,
  /** Days a package is valid for, from the day it is sold (7 to 730). */
  FEE_PACKAGE_DAYS: z.coerce
    .number("must be a number of days, 7 to 730")
    .int("must be a number of days, 7 to 730")
    .min(7, "must be a number of days, 7 to 730")
    .max(730, "must be a number of days, 7 to 730")
    .default(90),
  /**
   * Whether a visit the patient was not home for costs a session ("session") or nothing ("none",
   * the default): docs/payments.md.
   */
  VISIT_NO_SHOW_CHARGE: z.enum(["none", "session"], "must be none or session").default("none"),
  /**
   * The clinic's UPI id ("clinic@okhdfcbank"): the status page offers a UPI link and its QR code
   * for what a family owes. Unset: no UPI link is shown.
   */
  CLINIC_UPI_ID: z
    .string()
    .trim()
    .regex(
      /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/,
      "must be a UPI id, such as clinic@okhdfcbank",
    )
    .optional(),
  /**
   * The clinic's registration as a clinical establishment (or the physiotherapist's council
   * registration), printed on every receipt. Unset: the line is left out.
   */
  CLINIC_REGISTRATION: z.string().trim().max(100, "must be at most 100 characters").optional(),
  /** The clinic's GSTIN when it has one (15 characters), printed on every receipt. */
  CLINIC_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "must be a GSTIN of 15 characters")
    .optional(),
  /** The service's accounting code on receipts: SAC 999314, nursing and physiotherapy. */
  RECEIPT_SAC: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, "must be 4 to 8 digits")
    .default("999314"),
  /**
   * Why no GST is charged, printed on every receipt (docs/payments.md): an accountant may change it.
   */
  RECEIPT_TAX_NOTE: z
    .string()
    .trim()
    .min(1)
    .max(300, "must be at most 300 characters")
    .default(
      "Bill of supply: health care services by a clinical establishment are exempt from GST (Notification 12/2017-Central Tax (Rate), entry 74).",
    ),
  /** The receipts' numbers begin with it: 1 to 3 capital letters or digits ("HP/26-27/000123"). */
  RECEIPT_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,3}$/, "must be 1 to 3 capital letters or digits")
    .default("HP"),
  GA_MEASUREMENT_ID: analyticsId,
  GA_MEASUREMENT_ID_SECONDARY: analyticsId,
  /** A conversion action of the ad account (AW-123456789/AbCdEf): reported after each request. */
  ADS_CONVERSION_ID: z
    .string()
    .trim()
    .regex(/^AW-\d{4,15}\/[\w-]{2,40}$/, "must look like AW-123456789/AbCdEfGh")
    .optional(),
  /** PostgreSQL (postgres://…): several instances on one database. Unset: PGlite in DATA_DIR. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })
    .optional(),
  /** The embedded database (and, without AUTH_SECRET, the file that keeps the secret key). */
  DATA_DIR: z.string().default("data"),
  /** Where e-mails are written, as .eml files, when there is no SMTP server. */
  MAIL_DIR: z.string().default("mail"),
  /** smtp(s)://user:password@host:port. Unset: e-mails are written as .eml files in MAIL_DIR. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** The sender of the site's e-mails; by default the business name and e-mail. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** Who receives the appointment e-mails; by default BUSINESS_EMAIL. */
  NOTIFY_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  /** Who answers questions about personal data: shown on the privacy policy and the notice. */
  DATA_CONTACT_NAME: z.string().trim().min(3).max(100).default(placeholders.DATA_CONTACT_NAME),
  DATA_CONTACT_EMAIL: z
    .email({ error: "must be an e-mail address" })
    .default(placeholders.DATA_CONTACT_EMAIL),
  /** Months a request's personal data is kept after it is completed or marked junk. */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Days an unconfirmed newsletter address is kept. */
  NEWSLETTER_PENDING_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Days staff have to answer a data principal's request (the Rules allow at most 90). */
  PRIVACY_DUE_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /** Who receives the weekly summary, Mondays at 9:00 India time. Unset: none is sent. */
  WEEKLY_SUMMARY_TO: z.email({ error: "must be an e-mail address" }).optional(),
  /**
   * Who is told when the site needs attention (docs/operations.md): staff e-mails failing, patient
   * messages failing, no backup or retention run for a day, the database's disk nearly full. By
   * default WEEKLY_SUMMARY_TO; neither set, alerts are only logged and shown on the dashboard.
   */
  ALERT_TO: z.email({ error: "must be an e-mail address" }).optional(),
  /** How often each instance checks the alerts' conditions. */
  ALERT_CHECK_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /**
   * How long the database may stay unreachable before the owner is told (decision 041): by e-mail
   * straight through the mail server, decided without the database, once across the instances
   * that share ALERT_STATE_DIR.
   */
  DATABASE_ALERT_SECONDS: z.coerce.number().min(1).max(86_400).default(120),
  /**
   * A folder every instance mounts (deploy/compose.yaml: a volume of its own), where they agree
   * that a database outage is told once. Unset: DATA_DIR, this instance's own.
   */
  ALERT_STATE_DIR: z.string().trim().min(1).optional(),
  /**
   * The folder the running server writes a backup to each day (the same files as npm run
   * db:backup), once across instances. Unset: no scheduled backups, and no alert about them.
   */
  BACKUP_DIR: z.string().trim().min(1).optional(),
  /** The time of day in India from which each day's scheduled backup is due ("02:30"). */
  BACKUP_AT: z
    .string()
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "must be a time of day, like 02:30")
    .default("02:30"),
  /**
   * Days a scheduled backup is kept in BACKUP_DIR: older backup files there are deleted after each
   * day's backup (a backup holds data erased since it was taken; docs/privacy.md). 0 keeps all.
   */
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Delivery attempts of one e-mail before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  /** Wait before the first retry; each later retry waits twice as long (at most an hour). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** How often each instance looks for e-mails due. */
  MAIL_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
  /** Faster than this from opening the page to sending, a form is a bot's. */
  APPOINTMENT_MIN_FILL_SECONDS: z.coerce.number().min(0).max(120).default(3),
  /** Requests per client address, e.g. 10/10m (count/period with s, m, h or d), or off. */
  APPOINTMENT_RATE_LIMIT: rateLimit("10/10m"),
  /**
   * The secret key (at least 32 characters): it signs session cookies and seals the password links
   * waiting in the outbox. Unset: a random one made once and kept in DATA_DIR/secret-key, never in
   * the database. Required on a public site (the going-live guard).
   */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Whether anyone may create a staff account at /auth (the spec's default), or only `npm run admin`. */
  AUTH_SIGN_UP: z.enum(["open", "closed"]).default("open"),
  /** A session ends after this many hours without a request; each use moves the end forward. */
  SESSION_IDLE_HOURS: z.coerce.number().min(0.1).max(720).default(12),
  /**
   * Minutes a therapist keeps free after each home visit to reach the next (decision 036): the time
   * a visit holds, and what the exclusion constraint compares, is its length and this.
   */
  VISIT_TRAVEL_MINUTES: z.coerce.number().int().min(0).max(240).default(30),
  /**
   * Whether a visit is marked done only with the family's 4-digit code (decision 048); unset or
   * false: without it the visit is done but "not confirmed by the family".
   */
  VISIT_CODE_REQUIRED: z.stringbool().default(false),
  /** Wrong visit codes per visit (count/period) before its code is refused, or off. */
  VISIT_CODE_RATE_LIMIT: rateLimit("5/1d"),
  /** The care record (decision 051): outcome measures are due every this many sessions. */
  CARE_MEASURE_EVERY_SESSIONS: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Whether admins read a care record's content without giving a reason (each reading is logged
   * all the same); unset or false: a reason first, as for the rest of the desk.
   */
  CARE_ADMINS_READ: z.stringbool().default(false),
  /**
   * The family kept informed (decision 038, docs/messages.md). When the evening-before reminders
   * are queued, India time ("18:00"): for the visits of the next India day, once across instances.
   */
  VISIT_REMINDER_AT: z
    .string()
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "must be a time of day, like 18:00")
    .default("18:00"),
  /**
   * Meta's WhatsApp Business Cloud API: all four set, messages to families go through it; none
   * set, each due message waits in the front desk's Needs attention to be sent by hand from a
   * chat link. Some set and not others is refused at start (whatsappProblems below).
   */
  WHATSAPP_TOKEN: z.string().trim().min(1).optional(),
  /** The business phone number's id in Meta's WhatsApp Manager (digits), not the number itself. */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^[0-9]{5,30}$/, "must be the phone number id WhatsApp Manager shows (digits)")
    .optional(),
  /** The Meta app's secret: the webhook's deliveries are signed with it. */
  WHATSAPP_APP_SECRET: z.string().trim().min(8, "must be the Meta app's secret").optional(),
  /** What Meta must send to subscribe the webhook (any secret words you choose, at least 16). */
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  /** The Cloud API's address with its version (a test points it at a local server). */
  WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v23.0"),
  /** The names of the approved utility templates (their texts: docs/messages.md). */
  WHATSAPP_TEMPLATE_BOOKED: z.string().trim().min(1).default("visit_booked"),
  WHATSAPP_TEMPLATE_MOVED: z.string().trim().min(1).default("visit_moved"),
  WHATSAPP_TEMPLATE_CANCELLED: z.string().trim().min(1).default("visit_cancelled"),
  WHATSAPP_TEMPLATE_REMINDER: z.string().trim().min(1).default("visit_reminder"),
  WHATSAPP_TEMPLATE_RECEIPT: z.string().trim().min(1).default("payment_receipt"),
  WHATSAPP_TEMPLATE_PAYMENT_LINK: z.string().trim().min(1).default("payment_link"),
  /**
   * Razorpay (decision 047; docs/payments.md): with all three set, staff send payment links and
   * the family can pay and buy a package online; some set and not others is refused at start.
   * The key id and secret are the API's (test keys start rzp_test_); the webhook secret is the one
   * typed in Razorpay's dashboard for this site's webhook.
   */
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .regex(
      /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/,
      "must be a Razorpay key id (rzp_test_… or rzp_live_…)",
    )
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(8, "must be the Razorpay key's secret").optional(),
  RAZORPAY_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(8, "must be the webhook secret set in Razorpay's dashboard")
    .optional(),
  /** Razorpay's API address with its version (a test points it at a local server). */
  RAZORPAY_API_URL: z.url().default("https://api.razorpay.com/v1"),
  /** Attempts per WhatsApp message (rate limits, server errors) before it is given up. */
  WHATSAPP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** The first retry of a WhatsApp message after this; each later one twice as long (≤ 1 h). */
  WHATSAPP_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** Looks at the status page ("My request") per client address, and per reference. */
  STATUS_RATE_LIMIT_CLIENT: rateLimit("10/15m"),
  STATUS_RATE_LIMIT_REFERENCE: rateLimit("5/1h"),
  STATUS_RATE_LIMIT_NEW_CLIENTS: rateLimit("20/1d"),
  /** The length a visit's booking form starts with: 45, 60 or 90 minutes. */
  VISIT_DEFAULT_MINUTES: z.coerce
    .number()
    .pipe(z.union([z.literal(45), z.literal(60), z.literal(90)], { error: "must be 45, 60 or 90" }))
    .default(60),
  /**
   * Failed sign-ins per account from one client, and per client whatever the account
   * (count/period), or off. A stranger elsewhere cannot use up the clinic's count.
   */
  SIGN_IN_RATE_LIMIT_ACCOUNT: rateLimit("5/15m"),
  SIGN_IN_RATE_LIMIT_CLIENT: rateLimit("20/15m"),
  /** Staff sign-ups per client address. */
  SIGN_UP_RATE_LIMIT_CLIENT: rateLimit("3/1h"),
  /** Password-reset requests per client address. */
  PASSWORD_RESET_RATE_LIMIT_CLIENT: rateLimit("5/1h"),
  /**
   * Reset links for the whole site: e-mails to addresses that hold an account. Sign-ups, which
   * mail addresses that do not, never count here, so a stranger cannot keep staff from them.
   */
  ACCOUNT_MAIL_RATE_LIMIT_SITE: rateLimit("30/1h"),
  /** Staff sign-ups (their confirmation e-mails) for the whole site, and per e-mail domain. */
  SIGN_UP_RATE_LIMIT_SITE: rateLimit("50/1h"),
  SIGN_UP_RATE_LIMIT_DOMAIN: rateLimit("10/1h"),
  /** Newsletter sign-ups per client address, and for the whole site. */
  NEWSLETTER_RATE_LIMIT_CLIENT: rateLimit("5/1h"),
  NEWSLETTER_RATE_LIMIT_SITE: rateLimit("100/1h"),
  /** Newsletter sign-ups, or password-reset requests, per mailbox (plus and dot variants are one). */
  MAILBOX_RATE_LIMIT: rateLimit("3/1d"),
  /** debug | info | warn | error | silent: what the server writes to standard output. */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * What a Prometheus scraper sends to read /metrics (`Authorization: Bearer <token>`): 16 to 256
   * visible characters, no spaces. Unset: /metrics is off (404) and nothing is counted.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(
      /^[\x21-\x7e]{16,256}$/,
      "must be 16 to 256 characters without spaces (openssl rand -hex 32)",
    )
    .optional(),
  /** The Chromium the browser tests and the page benchmark drive (else /usr/bin/chromium). */
  CHROMIUM_PATH: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every setting the programs read (documented, one by one, in .env.example). */
export const settingNames = Object.keys(envSchema.shape) as (keyof Env)[];

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[], heading = "Invalid configuration") {
    super(`${heading}:\n${problems.map((line) => `  - ${line}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Parses an environment; throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "use the default", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const problems = [...whatsappProblems(result.data), ...razorpayProblems(result.data)];
  if (problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

/** The WhatsApp Cloud API's four settings: all of them, or none. */
const whatsappApiSettings = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** Each of the four that is missing when others are set: half a set sends nothing and says so. */
function whatsappProblems(env: Env): string[] {
  const missing = whatsappApiSettings.filter((name) => !env[name]);
  if (missing.length === 0 || missing.length === whatsappApiSettings.length) return [];
  return missing.map(
    (name) => `${name}: must be set with the other WhatsApp settings (all four, or none)`,
  );
}

/** Razorpay's three settings: all of them, or none. */
const razorpaySettings = [
  "RAZORPAY_KEY_ID",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
] as const;

function razorpayProblems(env: Env): string[] {
  const missing = razorpaySettings.filter((name) => !env[name]);
  if (missing.length === 0 || missing.length === razorpaySettings.length) return [];
  return missing.map(
    (name) => `${name}: must be set with the other Razorpay settings (all three, or none)`,
  );
}

/**
 * The variables of the env file: `ENV_FILE` when set (tests point it at their own file, or at
 * /dev/null to read none), else `.env` in the working directory when there is one.
 */
function readEnvFile(
  processEnv: Record<string, string | undefined>,
  cwd = process.cwd(),
): Record<string, string> {
  const named = processEnv.ENV_FILE;
  const path = resolve(cwd, named || ".env");
  if (!existsSync(path)) {
    if (named) throw new ConfigError([`ENV_FILE: ${named} does not exist`]);
    return {};
  }
  return parseDotenv(readFileSync(path, "utf8")) as Record<string, string>;
}

/** The environment a program runs with: its own variables over those of the env file. */
export function loadEnv(
  processEnv: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Env {
  return parseEnv({ ...readEnvFile(processEnv, cwd), ...processEnv });
}

/** For programs' start-up: the environment, or a message naming every bad variable and exit 1. */
export function getEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

let cached: Env | undefined;

/** The environment, loaded once (lazily, so importing this module has no side effects). */
export function getEnv(): Env {
  cached ??= loadEnv();
  return cached;
}

/** Host names that never face the public: this machine, private networks, reserved TLDs. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1" || host === "0.0.0.0") return true;
  if (/\.(localhost|local|internal|test|example|invalid|lan|home\.arpa)$/.test(host)) return true;
  const octets = host.split(".").map(Number);
  if (octets.length === 4 && octets.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)) {
    const [a = 0, b = 0] = octets;
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  return /^(fc|fd|fe80)/.test(host) && host.includes(":");
}

/** The fees the pages state: the settings, or the sample figures (and `sample`) where unset. */
export function feesOf(env: Env): {
  homeSession: number;
  packageSessions: number;
  packagePrice: number;
  packageDays: number;
  sample: boolean;
} {
  return {
    homeSession: env.FEE_HOME_SESSION ?? sampleFees.FEE_HOME_SESSION,
    packageSessions: env.FEE_PACKAGE_SESSIONS ?? sampleFees.FEE_PACKAGE_SESSIONS,
    packagePrice: env.FEE_PACKAGE_PRICE ?? sampleFees.FEE_PACKAGE_PRICE,
    packageDays: env.FEE_PACKAGE_DAYS,
    sample: (Object.keys(sampleFees) as (keyof typeof sampleFees)[]).some(
      (name) => env[name] === undefined,
    ),
  };
}

/**
 * Why this environment must not serve the public: each business fact still at its placeholder,
 * and each fee not set, while SITE_URL is a public address. Empty when it may go live (or is not
 * a public address).
 */
export function goingLiveProblems(env: Env): string[] {
  if (isPrivateHost(new URL(env.SITE_URL).hostname)) return [];
  const problems = (Object.keys(placeholders) as (keyof typeof placeholders)[])
    .filter((name) => env[name] === placeholders[name])
    .map((name) => `${name} is still the placeholder "${placeholders[name]}"`);
  for (const name of Object.keys(sampleFees) as (keyof typeof sampleFees)[]) {
    if (env[name] === undefined) {
      problems.push(
        `${name} is not set: the pages would show the sample fees (${sampleFees[name]}) as the clinic's`,
      );
    }
  }
  // The token and the families' numbers go to Meta over HTTPS only (a test points it elsewhere).
  if (env.WHATSAPP_TOKEN && new URL(env.WHATSAPP_API_URL).protocol !== "https:") {
    problems.push("WHATSAPP_API_URL is not https: the Cloud API is reached over HTTPS only");
  }
  // A key in a file beside the database goes wherever copies of that folder go; a public site
  // keeps it in its settings, with the other secrets (docs/accounts.md).
  if (!env.AUTH_SECRET) {
    problems.push(
      "AUTH_SECRET is not set: a public site keeps its secret key in its settings (make one with: openssl rand -base64 32)",
    );
  }
  return problems;
}
