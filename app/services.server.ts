// What the server's routes need beyond the request, made once per process at start-up (never
// when a module is imported: prerendering imports the server bundle) and handed to each request
// through its context.
import { createContext } from "react-router";
import type { Env } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { toStaffSettings } from "#app/config/staff-settings.server.ts";
import { type Database, openDatabase } from "#app/db.server.ts";
import {
  createRateLimiter,
  parseRateLimit,
  type RateLimiter,
} from "#app/domain/abuse/rate-limit.server.ts";
import {
  type AppointmentEvents,
  startAppointmentEvents,
} from "#app/domain/appointments/appointment-events.server.ts";
import {
  appointmentMailKinds,
  staffMailFor,
} from "#app/domain/appointments/appointment-mail.server.ts";
import {
  type AppointmentDesk,
  openAppointmentDesk,
  type StaffMail,
} from "#app/domain/appointments/appointments.server.ts";
import { startSearchReadingFill } from "#app/domain/appointments/search-reading.server.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { startWeeklySummary } from "#app/domain/insights/weekly-summary.server.ts";
import {
  type WeeklySummaryMailOptions,
  weeklySummaryMailKinds,
} from "#app/domain/insights/weekly-summary-mail.server.ts";
import { type MailKind, mailComposer } from "#app/domain/mail/mail-kinds.server.ts";
import { type MailSender, startMailSender } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { payloadSealer } from "#app/domain/mail/sealed-payload.server.ts";
import { startVisitReminders } from "#app/domain/messages/visit-reminders.server.ts";
import type { WhatsappApiSettings } from "#app/domain/messages/whatsapp-api.server.ts";
import {
  byHandFamilyMessages,
  type FamilyMessages,
  startWhatsappSender,
} from "#app/domain/messages/whatsapp-sender.server.ts";
import { type RazorpaySettings, razorpaySettingsOf } from "#app/domain/money/razorpay.server.ts";
import { newsletterMailKinds } from "#app/domain/newsletter/newsletter-mail.server.ts";
import { startAlerts } from "#app/domain/operations/alerts.server.ts";
import { readOperations } from "#app/domain/operations/operations-reading.server.ts";
import type { OperationsReading } from "#app/domain/operations/operations-reading.ts";
import { startOutageAlert } from "#app/domain/operations/outage-alert.server.ts";
import { enqueueMessage } from "#app/domain/outbox/outbox.server.ts";
import { startBackupSchedule } from "#app/domain/privacy/backup-schedule.server.ts";
import { scrubErasure } from "#app/domain/privacy/erasure.server.ts";
import { startRetention } from "#app/domain/privacy/retention.server.ts";
import {
  accountConfirmationKind,
  accountMailKinds,
  passwordResetKind,
} from "#app/domain/staff/account-mail.server.ts";
import {
  accountLinkHours,
  createStaffAuth,
  type StaffAuth,
} from "#app/domain/staff/auth.server.ts";
import { claimSecretKey, resolveSecretKey } from "#app/domain/staff/secret-key.server.ts";
import type { DatabaseAvailability } from "#app/lib/database-availability.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { type OneAtATime, oneAtATime } from "#app/lib/one-at-a-time.ts";
import { keepPlannerStatistics } from "#app/lib/planner-statistics.server.ts";
import { createReadinessCheck, type ReadinessCheck } from "#app/lib/readiness.server.ts";

export interface AppServices {
  db: Database;
  databaseKind: "pglite" | "postgres";
  /** Whether the database answers now (PGlite: always): decision 041. */
  databaseAvailability: DatabaseAvailability;
  /** The e-mail sender: the outbox's e-mails (WhatsApp's messages: `familyMessages`). */
  mailSender: MailSender;
  /**
   * How messages to families go (decision 038): through Meta's Cloud API when its four settings are
   * set (`mode` "api", a sender running: `kick()` after queueing), else by hand ("by_hand").
   */
  familyMessages: FamilyMessages;
  /** Razorpay's settings when the clinic has set it up (decision 047); null: no online payment. */
  razorpay: RazorpaySettings | null;
  /** Where the contact form's requests are stored and staff are told of them. */
  appointments: AppointmentDesk;
  /** Every rate limit, counted in the database (docs/abuse.md). */
  limits: Limits;
  /** The site's secret key (secret-key.server.ts): what signs the family's status cookie. */
  secret: string;
  /** Forms filled faster than this are a bot's. */
  minFillSeconds: number;
  /** How long a patient's request waits for the staff e-mail's first attempt. */
  firstAttemptMs: number;
  /** Staff accounts and sessions. */
  staffAuth: StaffAuth;
  /** Tells open dashboards that appointments changed. */
  appointmentEvents: AppointmentEvents;
  /** Tells open live-update streams that a session ended or a role was revoked somewhere. */
  staffAccessEvents: AppointmentEvents;
  /** The staff downloads under way (one per member of staff at a time). */
  downloads: OneAtATime;
  /** Takes what an erasure left behind off the disk, once it has committed (erasure.server.ts). */
  scrubErasure(ids: readonly string[]): Promise<void>;
  /** Whether the database answers and holds this build's migrations: /readyz (decision 039). */
  readiness: ReadinessCheck;
  /** The operations reading now (/metrics' gauges; the alerts read the same; decision 039). */
  readOperations(): Promise<OperationsReading>;
  close(): Promise<void>;
}

interface Limits {
  /** Appointment requests per client. */
  appointment: RateLimiter;
  /** Failed sign-ins per (account, client), and per client. */
  signInAccount: RateLimiter;
  signInClient: RateLimiter;
  /** Staff sign-ups, and password-reset requests, per client. */
  signUpClient: RateLimiter;
  passwordResetClient: RateLimiter;
  /** Reset links for the whole site (mail to addresses that hold an account). */
  accountMailSite: RateLimiter;
  /** Sign-up confirmations for the whole site, and per e-mail domain. */
  signUpSite: RateLimiter;
  signUpDomain: RateLimiter;
  /** Sign-up confirmations per mailbox: one while its link works. */
  confirmationMailbox: RateLimiter;
  /** Password-reset requests per mailbox. */
  passwordResetMailbox: RateLimiter;
  /** Newsletter sign-ups per client, for the whole site, and per mailbox. */
  newsletterClient: RateLimiter;
  newsletterSite: RateLimiter;
  newsletterMailbox: RateLimiter;
  /** The status page's failed look-ups per client, and per reference. */
  statusClient: RateLimiter;
  statusReference: RateLimiter;
  statusNewClients: RateLimiter;
  statusWrongPair: RateLimiter;
  /** Wrong visit codes per visit (decision 048). */
  visitCode: RateLimiter;
}

export const servicesContext = createContext<AppServices>();

/**
 * Every kind of e-mail the site sends, each registered by its capability. The weekly summary needs
 * the site's address and where each PIN code is (without them, it is left out).
 */
export function siteMailKinds(
  staffMail: StaffMail,
  siteName: string,
  summary?: Omit<WeeklySummaryMailOptions, "siteName">,
): MailKind[] {
  return [
    ...appointmentMailKinds(staffMail),
    ...accountMailKinds(siteName),
    ...newsletterMailKinds(siteName),
    ...(summary ? weeklySummaryMailKinds({ ...summary, siteName }) : []),
  ];
}

/** About what a person will wait after pressing Send; the e-mail is never lost past it. */
const firstAttemptMs = 4_000;

/**
 * The Cloud API's settings when all four are set (env.server.ts refuses some without the others);
 * null when messages go by hand.
 */
function whatsappApi(env: Env): WhatsappApiSettings | null {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = env;
  if (!token || !phoneNumberId || !env.WHATSAPP_APP_SECRET || !env.WHATSAPP_VERIFY_TOKEN) {
    return null;
  }
  return {
    apiUrl: env.WHATSAPP_API_URL,
    phoneNumberId,
    token,
    templates: {
      family_visit_booked: env.WHATSAPP_TEMPLATE_BOOKED,
      family_visit_moved: env.WHATSAPP_TEMPLATE_MOVED,
      family_visit_cancelled: env.WHATSAPP_TEMPLATE_CANCELLED,
      family_visit_reminder: env.WHATSAPP_TEMPLATE_REMINDER,
      family_receipt: env.WHATSAPP_TEMPLATE_RECEIPT,
      family_payment_link: env.WHATSAPP_TEMPLATE_PAYMENT_LINK,
    },
  };
}

export async function startServices(env: Env): Promise<AppServices> {
  const log = getLogger();
  const site = toSiteConfig(env);
  // Kept outside the database: it signs session cookies and seals the links in the outbox.
  const secret = resolveSecretKey({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR });
  const sealer = payloadSealer(secret);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // Every instance on one database must sign with one key: one with another refuses to start.
  let releaseKey: () => Promise<void>;
  try {
    releaseKey = await claimSecretKey(database, secret, {
      configured: env.AUTH_SECRET !== undefined,
      log,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  // The requests stored before search read across scripts (migration 0014), or restored from a
  // backup made before it: none after the first start (decision 031).
  const readings = startSearchReadingFill(database.db, log);
  // PGlite's planner statistics, as PostgreSQL's autovacuum keeps its own: after the readings.
  const statistics = keepPlannerStatistics(database, log, readings.done);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `${site.name} <${site.email}>`,
    mailDir: env.MAIL_DIR,
  });
  const staffMail = staffMailFor(site, env.NOTIFY_EMAIL ?? site.email, toStaffSettings(env));
  const mailSender = startMailSender(database.db, mailer, log, {
    compose: mailComposer(
      siteMailKinds(staffMail, site.name, { siteUrl: site.siteUrl, locate: districtOf }),
    ),
    sealer,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    retryBaseSeconds: env.MAIL_RETRY_BASE_SECONDS,
    pollSeconds: env.MAIL_POLL_SECONDS,
  });
  // Messages to families through Meta's Cloud API when it is configured; else staff send them.
  const api = whatsappApi(env);
  const familyMessages = api
    ? startWhatsappSender(database.db, log, {
        api,
        siteUrl: site.siteUrl,
        secret,
        maxAttempts: env.WHATSAPP_MAX_ATTEMPTS,
        retryBaseSeconds: env.WHATSAPP_RETRY_BASE_SECONDS,
        pollSeconds: env.MAIL_POLL_SECONDS,
        webhook: {
          appSecret: env.WHATSAPP_APP_SECRET ?? "",
          verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? "",
        },
      })
    : byHandFamilyMessages;
  // Null, and nothing scheduled, when WEEKLY_SUMMARY_TO is unset.
  const weeklySummary = startWeeklySummary(database.db, {
    recipient: env.WEEKLY_SUMMARY_TO,
    mailSender,
    log,
  });
  // The evening before each visit, once across instances: its reminder to the family (decision
  // 038).
  const visitReminders = startVisitReminders(database.db, {
    reminderAt: env.VISIT_REMINDER_AT,
    mode: familyMessages.mode,
    log,
    messageQueued: () => familyMessages.kick(),
  });
  const scrub = (ids: readonly string[]) => scrubErasure(database, ids, mailer);
  // Once a day across instances: erases and purges what has expired (docs/privacy.md).
  const retention = startRetention(database.db, {
    retentionMonths: env.RETENTION_MONTHS,
    newsletterPendingDays: env.NEWSLETTER_PENDING_DAYS,
    afterErasure: scrub,
    log,
  });
  // The running server's daily backup, once across instances (BACKUP_DIR; docs/operations.md).
  const backups = startBackupSchedule(database, {
    dir: env.BACKUP_DIR,
    backupAt: env.BACKUP_AT,
    keepDays: env.BACKUP_KEEP_DAYS,
    log,
  });
  // The embedded database's disk is ours to watch; PostgreSQL's is its host's.
  const dataDir = database.kind === "pglite" ? env.DATA_DIR : null;
  const operations = (now?: Date) => readOperations(database.db, { dataDir, now });
  // The owner is told when the site needs attention, straight through the mailer (decision 039).
  const alerts = startAlerts(database.db, {
    recipient: env.ALERT_TO ?? env.WEEKLY_SUMMARY_TO ?? null,
    mailer,
    mail: { siteName: site.name, siteUrl: site.siteUrl },
    backupsConfigured: env.BACKUP_DIR !== undefined,
    since: new Date(),
    read: operations,
    log,
    checkMs: env.ALERT_CHECK_SECONDS * 1000,
  });
  // The owner is told when the database stays unreachable, without asking it (decision 041).
  const outageAlert = startOutageAlert({
    availability: database.availability,
    afterMs: env.DATABASE_ALERT_SECONDS * 1000,
    stateDir: env.ALERT_STATE_DIR ?? env.DATA_DIR,
    recipient: env.ALERT_TO ?? env.WEEKLY_SUMMARY_TO ?? null,
    mailer,
    mail: { siteName: site.name, siteUrl: site.siteUrl },
    log,
  });
  const staffAuth = createStaffAuth(database.db, {
    siteUrl: env.SITE_URL,
    secret,
    signUp: env.AUTH_SIGN_UP,
    sessionIdleHours: env.SESSION_IDLE_HOURS,
    async sendAccountLink({ kind, email, url }) {
      // Sealed: the link is readable only with the key, and forgotten once the e-mail is sent.
      await enqueueMessage(database.db, {
        kind: kind === "confirm" ? accountConfirmationKind : passwordResetKind,
        recipient: email,
        payload: sealer.seal({ url }, email),
      });
      mailSender.kick();
    },
  });
  const appointmentEvents = await startAppointmentEvents(database);
  const staffAccessEvents = await startAppointmentEvents(database, {
    channel: "staff_access_changed",
    quietMs: 50,
  });
  const limiter = (name: string, spec: string) =>
    createRateLimiter(database.db, name, parseRateLimit(spec) ?? "off");
  const limits: Limits = {
    appointment: limiter("appointment", env.APPOINTMENT_RATE_LIMIT),
    signInAccount: limiter("sign-in-account", env.SIGN_IN_RATE_LIMIT_ACCOUNT),
    signInClient: limiter("sign-in-client", env.SIGN_IN_RATE_LIMIT_CLIENT),
    signUpClient: limiter("sign-up-client", env.SIGN_UP_RATE_LIMIT_CLIENT),
    passwordResetClient: limiter("password-reset-client", env.PASSWORD_RESET_RATE_LIMIT_CLIENT),
    accountMailSite: limiter("account-mail-site", env.ACCOUNT_MAIL_RATE_LIMIT_SITE),
    signUpSite: limiter("sign-up-site", env.SIGN_UP_RATE_LIMIT_SITE),
    signUpDomain: limiter("sign-up-domain", env.SIGN_UP_RATE_LIMIT_DOMAIN),
    confirmationMailbox: limiter("confirmation-mailbox", `1/${accountLinkHours.confirm}h`),
    passwordResetMailbox: limiter("password-reset-mailbox", env.MAILBOX_RATE_LIMIT),
    newsletterClient: limiter("newsletter-client", env.NEWSLETTER_RATE_LIMIT_CLIENT),
    newsletterSite: limiter("newsletter-site", env.NEWSLETTER_RATE_LIMIT_SITE),
    newsletterMailbox: limiter("newsletter-mailbox", env.MAILBOX_RATE_LIMIT),
    statusClient: limiter("status-client", env.STATUS_RATE_LIMIT_CLIENT),
    statusReference: limiter("status-reference", env.STATUS_RATE_LIMIT_REFERENCE),
    statusNewClients: limiter("status-new-clients", env.STATUS_RATE_LIMIT_NEW_CLIENTS),
    // Not a setting: it remembers for a day which clients were wrong about which reference.
    statusWrongPair: limiter("status-wrong-pair", "1/1d"),
    visitCode: limiter("visit-code", env.VISIT_CODE_RATE_LIMIT),
  };
  // Said once when this instance stops being ready (and again when it is back), not at every
  // load balancer's call.
  const readiness = createReadinessCheck(database, {
    onChange: (now) =>
      now.ready
        ? log.info(now, "ready: the database answers and holds this build's migrations")
        : now.database === "unavailable"
          ? log.warn(
              now,
              "degraded: the database does not answer; the form answers 503 until it does",
            )
          : log.warn(
              now,
              "not ready: /readyz answers 503 until the database holds this build's migrations",
            ),
  });
  log.info({ database: database.kind, mail: mailer.destination }, "services started");
  return {
    db: database.db,
    databaseKind: database.kind,
    databaseAvailability: database.availability,
    mailSender,
    familyMessages,
    razorpay: razorpaySettingsOf(env),
    appointments: openAppointmentDesk(
      database.db,
      staffMail,
      mailSender,
      // PGlite runs one statement at a time; PostgreSQL commits several groups side by side.
      { concurrentWrites: database.kind === "pglite" ? 1 : 4 },
    ),
    limits,
    secret,
    minFillSeconds: env.APPOINTMENT_MIN_FILL_SECONDS,
    firstAttemptMs,
    staffAuth,
    appointmentEvents,
    staffAccessEvents,
    downloads: oneAtATime(),
    scrubErasure: scrub,
    readiness,
    readOperations: () => operations(),
    async close() {
      await releaseKey();
      await readings.stop();
      await statistics.stop();
      await appointmentEvents.close();
      await staffAccessEvents.close();
      await weeklySummary?.stop();
      await visitReminders.stop();
      await retention.stop();
      await alerts.stop();
      outageAlert.stop();
      await backups?.stop();
      await mailSender.stop();
      await familyMessages.stop();
      mailer.close();
      await database.close();
    },
  };
}
