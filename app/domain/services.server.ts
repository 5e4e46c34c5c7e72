// What the server's routes need beyond the request, made once per process at start-up (never
// when a module is imported: prerendering imports the server bundle) and handed to each request
// through its context.
import { createContext } from "react-router";
import type { Env } from "../config/env.server.ts";
import { toSiteConfig } from "../config/site-config.ts";
import { getLogger } from "../lib/logger.server.ts";
import { type AppointmentEvents, startAppointmentEvents } from "./appointment-events.server.ts";
import { staffMailFor } from "./appointment-mail.server.ts";
import { type AppointmentDesk, openAppointmentDesk } from "./appointments.server.ts";
import { createStaffAuth, resolveAuthSecret, type StaffAuth } from "./auth.server.ts";
import { type Database, openDatabase } from "./db.server.ts";
import { createMailer } from "./mailer.server.ts";
import {
  accountConfirmationKind,
  mailComposer,
  siteMailKinds,
} from "./notification-mail.server.ts";
import { enqueueNotification, type OutboxSender, startOutboxSender } from "./outbox.server.ts";
import { createRateLimiter, parseRateLimit, type RateLimiter } from "./rate-limit.server.ts";

export interface AppServices {
  db: Database;
  databaseKind: "pglite" | "postgres";
  outbox: OutboxSender;
  /** Where the contact form's requests are stored and staff are told of them. */
  appointments: AppointmentDesk;
  appointmentLimiter: RateLimiter;
  /** Forms filled faster than this are a bot's. */
  minFillSeconds: number;
  /** How long a patient's request waits for the staff e-mail's first attempt. */
  firstAttemptMs: number;
  /** Staff accounts and sessions. */
  staffAuth: StaffAuth;
  /** Sign-in attempts per account (the e-mail typed) and per client address. */
  signInLimiters: { account: RateLimiter; client: RateLimiter };
  /** Tells open dashboards that appointments changed. */
  appointmentEvents: AppointmentEvents;
  close(): Promise<void>;
}

export const servicesContext = createContext<AppServices>();

/** About what a person will wait after pressing Send; the e-mail is never lost past it. */
const firstAttemptMs = 4_000;

export async function startServices(env: Env): Promise<AppServices> {
  const log = getLogger();
  const site = toSiteConfig(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `${site.name} <${site.email}>`,
    dataDir: env.DATA_DIR,
  });
  const staffMail = staffMailFor(site, env.NOTIFY_EMAIL ?? site.email);
  const outbox = startOutboxSender(database.db, mailer, log, {
    compose: mailComposer(siteMailKinds(staffMail, site.name)),
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    retryBaseSeconds: env.MAIL_RETRY_BASE_SECONDS,
    pollSeconds: env.MAIL_POLL_SECONDS,
  });
  const staffAuth = createStaffAuth(database.db, {
    siteUrl: env.SITE_URL,
    secret: await resolveAuthSecret(database.db, env.AUTH_SECRET),
    signUp: env.AUTH_SIGN_UP,
    sessionIdleHours: env.SESSION_IDLE_HOURS,
    async sendConfirmation(email, url) {
      await enqueueNotification(database.db, {
        kind: accountConfirmationKind,
        recipient: email,
        payload: { url },
      });
      outbox.kick();
    },
  });
  const appointmentEvents = await startAppointmentEvents(database);
  const limiter = (name: string, spec: string) =>
    createRateLimiter(database.db, name, parseRateLimit(spec) ?? "off");
  log.info({ database: database.kind, mail: mailer.destination }, "services started");
  return {
    db: database.db,
    databaseKind: database.kind,
    outbox,
    appointments: openAppointmentDesk(
      database.db,
      staffMail,
      outbox,
      // PGlite runs one statement at a time; PostgreSQL commits several groups side by side.
      { concurrentWrites: database.kind === "pglite" ? 1 : 4 },
    ),
    appointmentLimiter: createRateLimiter(
      database.db,
      "appointment",
      parseRateLimit(env.APPOINTMENT_RATE_LIMIT) ?? "off",
    ),
    minFillSeconds: env.APPOINTMENT_MIN_FILL_SECONDS,
    firstAttemptMs,
    staffAuth,
    signInLimiters: {
      account: limiter("sign-in-account", env.SIGN_IN_RATE_LIMIT_ACCOUNT),
      client: limiter("sign-in-client", env.SIGN_IN_RATE_LIMIT_CLIENT),
    },
    appointmentEvents,
    async close() {
      await appointmentEvents.close();
      await outbox.stop();
      mailer.close();
      await database.close();
    },
  };
}
