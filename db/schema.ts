// The database schema: one source for the tables, the migrations (drizzle-kit generates them
// into db/migrations from this file) and the queries' types.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  appointmentStatuses,
  type PreferredTime,
  paymentMethods,
  preferredTimes,
  privacyRequestKinds,
  type RequestCondition,
  requestConditions,
  type TherapistSkill,
  therapistLanguages,
  therapistSkills,
} from "#db/enums.ts";

/** How a visit reached the site (app/domain/attribution/channels.ts says how each is told). */
export const channels = ["search", "ads", "social", "direct", "other"] as const;
export type Channel = (typeof channels)[number];

/** The ad click ids kept with a request, so that conversions can be matched to clicks later. */
export const clickIdParams = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid"] as const;
export type ClickIdParam = (typeof clickIdParams)[number];

/** A patient's request for a home visit, as the contact form sends it. */
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    pincode: text("pincode").notNull(),
    /** Null when the patient left it empty. */
    message: text("message"),
    status: text("status", { enum: appointmentStatuses }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The number as repeats and search compare it (`phoneKey` in app/lib/indian-phone.ts: "91" and
     * the 10 digits of an Indian number), written by the code with the row. Null only for a number
     * that module cannot read.
     */
    phoneKey: text("phone_key"),
    /** The member of staff working the request ("Mine"); null while it is open to anyone. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** When staff are to call back; null when no call-back is planned. */
    callbackAt: timestamp("callback_at", { withTimezone: true }),
    /** Marked as junk by staff (test entries, spam): out of the lists and counts, never deleted. */
    junk: boolean("junk").notNull().default(false),
    /**
     * When staff first reached the family: the first change of status away from pending, made in
     * the same transaction; and who made it. Null while no one has (and for a request that was
     * never marked contacted or completed).
     */
    firstContactAt: timestamp("first_contact_at", { withTimezone: true }),
    firstContactBy: text("first_contact_by").references(() => users.id, { onDelete: "set null" }),
    // Where the request came from (app/domain/attribution): no personal data, only pages of the
    // site, a referring site's host name and the campaign's own labels. All null for requests
    // stored before migration 0009, whose source was not recorded.
    /** The page of the site the visit began on ("/services/stroke-rehabilitation"). */
    landingPath: text("landing_path"),
    /** The page the form was sent from ("/contact"). */
    sentFromPath: text("sent_from_path"),
    /** The other site the visit came from ("google.com"); null when none said. */
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** Which ad click id the landing page's address carried, and its value. */
    clickIdParam: text("click_id_param", { enum: clickIdParams }),
    clickId: text("click_id"),
    /** Search, ads, social, direct or other sites, told when the request was stored. */
    channel: text("channel", { enum: channels }),
    /**
     * The short reference the family is given to quote on the phone ("7K3Q2M"), made by the
     * database as the row is stored (`appointment_reference()`, migration 0010): unique.
     */
    reference: text("reference").unique(),
    /**
     * The language of the page the request was sent from ("hi": /hi/contact), so that staff can
     * call back in it. Requests stored before migration 0011 came from the English site.
     */
    language: text("language", { enum: ["en", "hi"] })
      .notNull()
      .default("en"),
    /**
     * The version of the privacy notice shown beside the form when it was sent (DPDP Act s. 5):
     * null for requests sent before notices were versioned (migration 0012).
     */
    noticeVersion: text("notice_version"),
    /**
     * When its personal data was erased (a data principal's request, or retention): name, phone,
     * address and message are then empty and the row keeps only what is not personal (dates,
     * status, PIN code's area, source), so that the owner's figures stay true.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * The loose reading of name, address and message that search matches across Latin and
     * Devanagari (`requestReading` in app/lib/loose-reading.server.ts, decision 031): written by
     * the code with the row and with each correction, empty once erased. Null for a request not
     * yet read: migration 0014 adds it empty, and `fillSearchReadings` fills it at start-up.
     */
    searchReading: text("search_reading"),
    /**
     * When the family ticked "Send me updates about my visits on WhatsApp at this number" on the
     * form (decision 038): null when they did not. The notice they were shown is `notice_version`.
     * Nothing is sent to the family automatically without it (app/domain/messages).
     */
    whatsappConsentAt: timestamp("whatsapp_consent_at", { withTimezone: true }),
    /** When they stopped the updates (a "STOP" reply, or the status page's link); null while on. */
    whatsappStoppedAt: timestamp("whatsapp_stopped_at", { withTimezone: true }),
    // The need, as matching reads it (decision 050). Health data: erased with the request.
    /**
     * The condition the desk recorded (a service's key); null while none is, when the service
     * page the request came from stands for it.
     */
    condition: text("condition", { enum: requestConditions }),
    /** The times of day the family would rather have (the form's optional question, or the desk). */
    preferredTimes: text("preferred_times", { enum: preferredTimes })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A language the therapist must speak, when the desk marks it so ("Hindi"); null otherwise. */
    requiredLanguage: text("required_language", { enum: therapistLanguages }),
  },
  (table) => [
    // The dashboard's two orders (newest first; by status, then newest first), the id keeping
    // pages stable among requests stored together. NULLS FIRST is what `ORDER BY … DESC` means:
    // drizzle's .desc() alone writes NULLS LAST, which no such ORDER BY can use.
    index("appointments_newest_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("appointments_status_newest_idx").on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The front desk's questions: what is waiting (pending, oldest first), which call-backs are
    // due, which requests share a number, which words an address holds. The call-backs of
    // completed requests stay set but are never due: left out, they are most of them. Junk and
    // erased requests are no one's work (migration 0015).
    index("appointments_waiting_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'pending' and not ${table.junk} and ${table.erasedAt} is null`),
    index("appointments_callback_idx")
      .on(table.callbackAt)
      .where(
        sql`${table.callbackAt} is not null and not ${table.junk} and ${table.erasedAt} is null and ${table.status} <> 'completed'`,
      ),
    // The junk, newest first: its own list, and what the count of everything else leaves out
    // (counting every row reads none of its columns; "not junk" would read each up to the flag).
    index("appointments_junk_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.junk}`),
    // The erased, newest first, likewise: their own list, and left out of the count.
    index("appointments_erased_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.erasedAt} is not null`),
    index("appointments_phone_key_idx").on(table.phoneKey, table.createdAt),
    check(
      "appointments_condition_check",
      sql`${table.condition} is null or ${table.condition} in ('stroke', 'postSurgery', 'backPain', 'sportsInjury', 'senior')`,
    ),
    check(
      "appointments_preferred_times_check",
      sql`${table.preferredTimes} <@ array['morning', 'afternoon', 'evening']::text[]`,
    ),
    check(
      "appointments_required_language_check",
      sql`${table.requiredLanguage} is null or char_length(${table.requiredLanguage}) between 1 and 40`,
    ),
    index("appointments_owner_idx").on(table.ownerId),
    // Search by part of a name, a word of an address, part of a number, a pincode's start: the
    // trigram indexes (pg_trgm, migration 0008) answer LIKE '%…%' without reading every row.
    index("appointments_name_trgm_idx").using("gin", sql`lower(${table.name}) gin_trgm_ops`),
    index("appointments_address_trgm_idx").using("gin", sql`lower(${table.address}) gin_trgm_ops`),
    index("appointments_phone_key_trgm_idx").using("gin", sql`${table.phoneKey} gin_trgm_ops`),
    index("appointments_pincode_trgm_idx").using("gin", sql`${table.pincode} gin_trgm_ops`),
    // Search across scripts (decision 031): the requests' readings; and, for those not yet read,
    // their addresses, which the readings otherwise answer for.
    index("appointments_search_reading_trgm_idx").using(
      "gin",
      sql`${table.searchReading} gin_trgm_ops`,
    ),
    index("appointments_address_unread_trgm_idx")
      .using("gin", sql`lower(${table.address}) gin_trgm_ops`)
      .where(sql`${table.searchReading} is null`),
    // The database holds the rules too: no row can break them, whatever code writes it.
    check(
      "appointments_status_check",
      sql`${table.status} in ('pending', 'contacted', 'completed')`,
    ),
    check("appointments_pincode_check", sql`${table.pincode} ~ '^[0-9]{6}$'`),
    check(
      "appointments_channel_check",
      sql`${table.channel} is null or ${table.channel} in ('search', 'ads', 'social', 'direct', 'other')`,
    ),
    check(
      "appointments_source_check",
      sql`(${table.landingPath} is null or char_length(${table.landingPath}) <= 200) and (${table.sentFromPath} is null or char_length(${table.sentFromPath}) <= 200) and (${table.referrerHost} is null or char_length(${table.referrerHost}) <= 253) and (${table.utmSource} is null or char_length(${table.utmSource}) <= 100) and (${table.utmMedium} is null or char_length(${table.utmMedium}) <= 100) and (${table.utmCampaign} is null or char_length(${table.utmCampaign}) <= 100) and (${table.clickIdParam} is null or ${table.clickIdParam} in ('gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid')) and (${table.clickId} is null or char_length(${table.clickId}) <= 200)`,
    ),
    // A phone number is 10 to 15 digits, whatever separates them (spaces, dashes, brackets, a
    // leading +), in at most 30 characters. Migration 0007 adds it NOT VALID: rows stored before
    // the form counted digits keep what they hold; every new or changed row is checked. An erased
    // request (migration 0012) holds none of them: its personal fields are empty.
    check(
      "appointments_lengths_check",
      sql`${table.erasedAt} is not null or (char_length(${table.name}) between 1 and 100 and char_length(${table.phone}) between 10 and 30 and char_length(regexp_replace(${table.phone}, '[^0-9]', '', 'g')) between 10 and 15 and char_length(${table.address}) between 5 and 200 and (${table.message} is null or char_length(${table.message}) between 1 and 1000))`,
    ),
  ],
);

/**
 * A message's state. E-mails are queued, then sent or failed. A WhatsApp message to a family
 * (decision 038) is also `by_hand` when the clinic has no WhatsApp Business API: it waits in the
 * front desk's Needs attention for staff to send it from a chat link and mark it sent; and
 * `skipped` when the family stopped the updates (or their request was erased) before it went.
 */
export const notificationStates = ["queued", "sent", "failed", "by_hand", "skipped"] as const;
export type NotificationState = (typeof notificationStates)[number];

/** How a message goes: e-mail (SMTP) or WhatsApp (Meta's Cloud API, or by hand). */
export const notificationChannels = ["email", "whatsapp"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * The outbox: every e-mail and WhatsApp message the site sends, written in the same transaction as
 * the change that causes it, then delivered (and retried) by its channel's sender
 * (app/domain/outbox/outbox.server.ts). Nothing is sent that was not stored. The table keeps the
 * name it had when it held e-mail alone: a rename would be a migration for nothing (decision 027).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the message is about: the appointment that caused it, when there is one. */
    appointmentId: uuid("appointment_id").references(() => appointments.id, {
      onDelete: "cascade",
    }),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    /** What the message is composed from, beyond the row it is about (its kind's composer: mail-kinds.server.ts). */
    payload: jsonb("payload"),
    state: text("state", { enum: notificationStates }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** E-mail, or WhatsApp to the family of `appointment_id` (their number is read when sent). */
    channel: text("channel", { enum: notificationChannels }).notNull().default("email"),
    /** The visit a WhatsApp message is about (booked, moved, cancelled, tomorrow's reminder). */
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "cascade" }),
    /** The payment a WhatsApp message is about (its receipt). */
    paymentId: uuid("payment_id").references((): AnyPgColumn => payments.id, {
      onDelete: "cascade",
    }),
    /** The Razorpay payment link a WhatsApp message carries (decision 047). */
    paymentLinkId: uuid("payment_link_id").references((): AnyPgColumn => paymentLinks.id, {
      onDelete: "cascade",
    }),
    /** The id WhatsApp gave the message ("wamid.…"): its delivery reports and replies name it. */
    externalId: text("external_id"),
    /** When WhatsApp reported it delivered to the phone, and read. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Who sent a `by_hand` message from the chat link (null for the API's). */
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * When it was given up (state `failed`): stamped by the database itself (a trigger, migration
     * 0018), whichever code or release marks it, for the alert on messages failed in the last hour.
     */
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (table) => [
    // The sender's question: what is due? Only queued rows are ever looked up this way.
    index("notifications_due_idx").on(table.nextAttemptAt).where(sql`${table.state} = 'queued'`),
    index("notifications_appointment_idx").on(table.appointmentId),
    index("notifications_visit_idx").on(table.visitId),
    // The front desk's messages to send by hand (few at a time), oldest first.
    index("notifications_by_hand_idx").on(table.createdAt).where(sql`${table.state} = 'by_hand'`),
    // A delivery report or a reply names the message by WhatsApp's id.
    uniqueIndex("notifications_external_id_idx")
      .on(table.externalId)
      .where(sql`${table.externalId} is not null`),
    check(
      "notifications_state_check",
      sql`${table.state} in ('queued', 'sent', 'failed', 'by_hand', 'skipped')`,
    ),
    check("notifications_channel_check", sql`${table.channel} in ('email', 'whatsapp')`),
    // The operations reading's messages failed in the last hour (what waits is read through
    // notifications_due_idx: a few rows).
    index("notifications_failed_idx").on(table.failedAt).where(sql`${table.failedAt} is not null`),
  ],
);

/**
 * Rate-limit counters (rate-limiter-flexible's Drizzle store): in the database, so that every
 * instance on one PostgreSQL counts against the same limit.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

// --- Staff accounts (Better Auth's four tables, through its Drizzle adapter) -------------------
// Better Auth names the models user, session, account and verification; app/domain/staff/auth.server.ts
// hands it these tables under those names. Ids are Better Auth's own random strings.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A member of staff's account. Only the e-mail address is shown anywhere. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  /** Set when the address is confirmed by the link of the sign-up e-mail (or by `npm run admin`). */
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A signed-in browser: the cookie holds the token, signed; the row holds only its hash
 * ("sha256:…", app/domain/staff/hashed-sessions.server.ts) and decides whether it is valid.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/** How an account signs in: here only "credential" (e-mail and a scrypt password hash). */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

/** Better Auth's one-time values: password links, each stored as the SHA-256 of its name. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** An admin works the front desk; a therapist sees their own visits (an account may hold both). */
export const roles = ["admin", "therapist"] as const;
export type Role = (typeof roles)[number];

/** Who may do what: a row (user, "admin") makes an admin. Only `npm run admin` writes here. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: roles }).notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check("user_roles_role_check", sql`${table.role} in ('admin', 'therapist')`),
  ],
);

/** The audit trail of the dashboard: every status change, who made it, when, from and to. */
export const appointmentStatusChanges = pgTable(
  "appointment_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    /** Null once the account is deleted; the address below still says who it was. */
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedByEmail: text("changed_by_email").notNull(),
    fromStatus: text("from_status", { enum: appointmentStatuses }).notNull(),
    toStatus: text("to_status", { enum: appointmentStatuses }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("appointment_status_changes_appointment_idx").on(table.appointmentId, table.changedAt),
  ],
);

export const activityKinds = [
  "note",
  "callback_set",
  "callback_cleared",
  "owner_changed",
  "junk_marked",
  "junk_cleared",
  // A home visit's life (docs/visits.md): each on the request's timeline, `visit_id` naming the
  // visit.
  "visit_booked",
  "visit_moved",
  "visit_done",
  "visit_no_show",
  "visit_cancelled",
  "visit_cant_make",
  /** Staff recorded the request's need: condition, preferred times, language (decision 050). */
  "need_recorded",
  // The family kept informed (decision 038). Written by the family (the status page, a WhatsApp
  // reply) or by the messages' sender: `by_email` then names that, not a member of staff.
  /** The family asked to move or cancel a visit (`family_asks`); `body` is what they wrote. */
  "family_asked",
  /** Staff settled a family's ask (moved or cancelled the visit, or marked it handled). */
  "family_ask_handled",
  /** The family confirmed a visit by replying to its reminder. */
  "visit_confirmed",
  /** A WhatsApp message to the family was refused or given up: staff call instead. */
  "message_failed",
  /** Staff sent a WhatsApp message by hand from its chat link. */
  "message_sent_by_hand",
  /** The family stopped WhatsApp updates ("STOP", or the status page). */
  "messages_stopped",
  /** The family started them again on the status page: their consent given anew. */
  "messages_started",
  // The money of the request (decision 045): `body` says what and how much.
  "package_sold",
  "payment_received",
  "payment_refunded",
  /** A credit note corrected a receipt (the receipt itself is never edited). */
  "credit_note_issued",
  /** A Razorpay payment link was made for the family (decision 047). */
  "payment_link_sent",
  // The care record (decision 051): that it was written, never what; `visit_id` names the visit.
  "assessment_recorded",
  "measure_recorded",
  "note_signed",
  "note_amended",
  "programme_set",
  /** A measure recorded in error, struck out with its reason (decision 053). */
  "measure_struck",
  /** The desk handled the red flags of an assessment (Needs attention). */
  "red_flags_handled",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * The front desk's record of a request besides its status: notes, call-backs set and cleared,
 * hand-overs, junk marks. Rows are only ever added (a correction is a new note); with the status
 * changes and the staff e-mail's delivery they make the request's timeline.
 */
export const appointmentActivity = pgTable(
  "appointment_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: activityKinds }).notNull(),
    /** Null once the account is deleted; the address below still says who it was. */
    byUserId: text("by_user_id").references(() => users.id, { onDelete: "set null" }),
    byEmail: text("by_email").notNull(),
    /** A note's text. */
    body: text("body"),
    /** The call-back time set. */
    callbackAt: timestamp("callback_at", { withTimezone: true }),
    /** Who the request was handed to (their address); null when it was left open. */
    ownerEmail: text("owner_email"),
    /** The visit a visit_* entry is about. */
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("appointment_activity_appointment_idx").on(table.appointmentId, table.createdAt),
    // The owners' trail, read by the insights (who owned a request when it was judged) from a
    // period's start: the hand-overs alone, a small part of the activity (migration 0015).
    index("appointment_activity_owner_idx")
      .on(table.appointmentId, table.createdAt)
      .where(sql`${table.kind} = 'owner_changed'`),
    check(
      "appointment_activity_kind_check",
      sql`${table.kind} in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'need_recorded', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped', 'messages_started', 'package_sold', 'payment_received', 'payment_refunded', 'credit_note_issued', 'payment_link_sent', 'assessment_recorded', 'measure_recorded', 'note_signed', 'note_amended', 'programme_set', 'red_flags_handled', 'measure_struck')`,
    ),
    check(
      "appointment_activity_note_check",
      sql`${table.kind} <> 'note' or char_length(${table.body}) between 1 and 2000`,
    ),
    check(
      "appointment_activity_callback_check",
      sql`${table.kind} <> 'callback_set' or ${table.callbackAt} is not null`,
    ),
    check(
      "appointment_activity_visit_check",
      sql`left(${table.kind}, 6) <> 'visit_' or ${table.visitId} is not null`,
    ),
  ],
);

// A therapist's languages and skills are listed in db/enums.ts (the profile's page lists them too).
export {
  type PreferredTime,
  preferredTimes,
  type RequestCondition,
  requestConditions,
  type TherapistSkill,
  therapistLanguages,
  therapistSkills,
};

/** "07:30" to "12:00", India time. */
export type WorkingWindow = { from: string; to: string };
/** For each ISO weekday ("1" Monday … "7" Sunday), none, one or two windows, in order. */
export type WeeklyHours = Partial<Record<"1" | "2" | "3" | "4" | "5" | "6" | "7", WorkingWindow[]>>;

/**
 * A therapist's profile, kept by the admins at /admin/therapists: one per account holding the
 * therapist role (the role is granted by `npm run admin -- grant <email> therapist`).
 */
export const therapists = pgTable(
  "therapists",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    /** The state council's or the IAP's registration, as written on the certificate. */
    registrationNumber: text("registration_number").notNull().default(""),
    yearsOfPractice: integer("years_of_practice").notNull().default(0),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    /** Districts of the PIN code directory, as `districtOf` names them. */
    districts: text("districts").array().notNull().default(sql`'{}'::text[]`),
    hours: jsonb("hours").$type<WeeklyHours>().notNull().default({}),
    /** Days of leave (India dates). */
    leave: date("leave", { mode: "string" }).array().notNull().default(sql`'{}'::date[]`),
    active: boolean("active").notNull().default(true),
    /** SHA-256 of the calendar feed's token (hex); null when none is issued or it was revoked. */
    calendarTokenHash: text("calendar_token_hash").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("therapists_years_check", sql`${table.yearsOfPractice} between 0 and 70`),
    check("therapists_name_check", sql`char_length(${table.displayName}) between 1 and 100`),
  ],
);

export const visitStatuses = ["scheduled", "done", "no_show", "cancelled"] as const;
export type VisitStatus = (typeof visitStatuses)[number];
export const visitKinds = ["assessment", "treatment"] as const;
export type VisitKind = (typeof visitKinds)[number];
export const visitLengths = [45, 60, 90] as const;

/**
 * A home visit: a therapist at a request's address from `starts_at` to `ends_at`. It holds the
 * therapist until `blocked_until` (its end and the travel time after it, as set when booked): the
 * exclusion constraint of migration 0016 refuses two visits of one therapist, not cancelled,
 * whose held times overlap (decision 036). A course's sessions share `course_id`, each with its
 * place in it.
 */
export const visits = pgTable(
  "visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    therapistId: text("therapist_id")
      .notNull()
      .references(() => therapists.userId, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: visitKinds }).notNull(),
    status: text("status", { enum: visitStatuses }).notNull().default("scheduled"),
    courseId: uuid("course_id"),
    courseIndex: integer("course_index"),
    courseSize: integer("course_size"),
    /** Cancelled by the patient or the clinic. */
    cancelledBy: text("cancelled_by", { enum: ["patient", "clinic"] }),
    /** Why it was cancelled. */
    reason: text("reason"),
    /** The therapist cannot make it, and why: until staff move or cancel it. */
    cantMakeReason: text("cant_make_reason"),
    cantMakeAt: timestamp("cant_make_at", { withTimezone: true }),
    /** What was done, in the therapist's words, and pain before and after (0–10). */
    note: text("note"),
    /** When the family confirmed it by replying "Confirm" to a WhatsApp message (decision 038). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * When the evening-before reminder was queued (once, across instances: the reminder job sets
     * it where it is null); cleared when the visit is moved, so that the new day gets its own.
     */
    reminderQueuedAt: timestamp("reminder_queued_at", { withTimezone: true }),
    painBefore: integer("pain_before"),
    painAfter: integer("pain_after"),
    /**
     * The visit's code (decision 048): four digits the family sees on the status page and in the
     * reminder, and gives the therapist at the end of the visit. Made by the database from
     * gen_random_uuid()'s random bits, for every visit (old ones too, by the migration).
     */
    familyCode: text("family_code")
      .notNull()
      .default(
        sql`lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint % 10000))::text, 4, '0')`,
      ),
    /** When the therapist marked it done with the family's code: the family confirmed it. */
    codeConfirmedAt: timestamp("code_confirmed_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("visits_family_code_check", sql`${table.familyCode} ~ '^[0-9]{4}$'`),
    index("visits_therapist_idx").on(table.therapistId, table.startsAt),
    index("visits_appointment_idx").on(table.appointmentId, table.startsAt),
    index("visits_starts_idx").on(table.startsAt),
    // The visits their therapist can't make (Needs attention): a few, read on every dashboard
    // page; without it, every visit was read (bench:care, 200,000 visits).
    index("visits_cant_make_idx")
      .on(table.appointmentId)
      .where(sql`${table.cantMakeAt} is not null and ${table.status} = 'scheduled'`),
    // Needs attention's follow-ups, on every dashboard page: the visits a patient was not home
    // for, and the assessments done (the drop-off rule, which the insights read too), each of
    // the last 30 days by its start; read from the start's index, each was a few of 12,000 to
    // 24,000 visits filtered (bench:care).
    index("visits_no_show_idx").on(table.startsAt).where(sql`${table.status} = 'no_show'`),
    index("visits_assessed_idx")
      .on(table.startsAt)
      .where(sql`${table.kind} = 'assessment' and ${table.status} = 'done'`),
    check(
      "visits_times_check",
      sql`${table.endsAt} > ${table.startsAt} and ${table.blockedUntil} >= ${table.endsAt}`,
    ),
    check(
      "visits_course_check",
      sql`(${table.courseId} is null) = (${table.courseIndex} is null) and (${table.courseId} is null) = (${table.courseSize} is null) and (${table.courseIndex} is null or ${table.courseIndex} between 1 and ${table.courseSize})`,
    ),
    check(
      "visits_pain_check",
      sql`(${table.painBefore} is null or ${table.painBefore} between 0 and 10) and (${table.painAfter} is null or ${table.painAfter} between 0 and 10)`,
    ),
    check(
      "visits_cancelled_check",
      sql`${table.status} <> 'cancelled' or ${table.cancelledBy} is not null`,
    ),
    check("visits_note_check", sql`${table.note} is null or char_length(${table.note}) <= 2000`),
  ],
);

export const familyAskKinds = ["move", "cancel"] as const;
export type FamilyAskKind = (typeof familyAskKinds)[number];

/**
 * A family's ask to move or cancel a visit (decision 038), from the status page or a WhatsApp
 * reply: in the front desk's Needs attention until staff settle it (`handled_at`). The schedule
 * changes only when staff change it.
 */
export const familyAsks = pgTable(
  "family_asks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: familyAskKinds }).notNull(),
    /** In the family's words; emptied by an erasure. */
    reason: text("reason").notNull().default(""),
    /** When they would rather have it ("Saturday morning"); empty when they gave none. */
    preferredTime: text("preferred_time").notNull().default(""),
    /** Where it came from: the status page, or a reply to a WhatsApp message. */
    via: text("via", { enum: ["status_page", "whatsapp"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("family_asks_open_idx")
      .on(table.appointmentId, table.createdAt)
      .where(sql`${table.handledAt} is null`),
    index("family_asks_visit_idx").on(table.visitId),
    check("family_asks_kind_check", sql`${table.kind} in ('move', 'cancel')`),
    check("family_asks_via_check", sql`${table.via} in ('status_page', 'whatsapp')`),
    check(
      "family_asks_lengths_check",
      sql`char_length(${table.reason}) <= 500 and char_length(${table.preferredTime}) <= 200`,
    ),
  ],
);

/**
 * The WhatsApp webhook's deliveries already acted on, by the id Meta gives each (a reply's
 * message id, or a status report's id and state): a delivery Meta sends again changes nothing.
 */
export const whatsappInbound = pgTable("whatsapp_inbound", {
  id: text("id").primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The key of the requests' references (one row): `next_appointment_reference()` (migration 0013)
 * turns the sequence's next number into six characters by a permutation keyed with it, so that
 * one reference says nothing of another, nor how many requests came before. Made at random by
 * the migration; it opens nothing, and goes with the rows into backups so that references stay
 * unique after a restore. (The key that signs cookies is never in the database:
 * app/domain/staff/secret-key.server.ts.)
 */
export const appointmentReferenceKey = pgTable(
  "appointment_reference_key",
  {
    id: boolean("id").primaryKey().default(true),
    key: text("key").notNull(),
  },
  (table) => [check("appointment_reference_key_one_row", sql`${table.id}`)],
);

export const newsletterStates = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterState = (typeof newsletterStates)[number];

/**
 * Newsletter sign-ups, with double opt-in: an address is `pending` until the link of its one
 * confirmation e-mail is opened. The links' tokens are stored only as SHA-256 hashes (hex): the
 * raw tokens exist only in the e-mail, so a copy of this table cannot confirm or unsubscribe
 * anyone. See app/domain/newsletter/newsletter.server.ts.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased: one row per address however it is typed. */
    email: text("email").notNull().unique(),
    /**
     * The mailbox the address reaches, whatever its plus or dot variants (mailboxOf in
     * newsletter.server.ts): one pending confirmation per mailbox.
     */
    mailbox: text("mailbox").notNull(),
    state: text("state", { enum: newsletterStates }).notNull().default("pending"),
    confirmTokenHash: text("confirm_token_hash").notNull().unique(),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull().unique(),
    /** When the last confirmation e-mail was queued: resends wait, and links expire, from here. */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [
    index("newsletter_subscriptions_mailbox_idx").on(table.mailbox),
    check(
      "newsletter_subscriptions_state_check",
      sql`${table.state} in ('pending', 'confirmed', 'unsubscribed')`,
    ),
    check(
      "newsletter_subscriptions_confirmed_at_check",
      sql`${table.state} <> 'confirmed' or ${table.confirmedAt} is not null`,
    ),
    // Ranges in PostgreSQL's regular expressions are code points, whatever the locale.
    check(
      "newsletter_subscriptions_email_check",
      sql`${table.email} !~ '[A-Z]' and char_length(${table.email}) between 3 and 255`,
    ),
  ],
);

/**
 * The owner's weekly summaries, one row per week (its Monday, in India): the row and its e-mail
 * in the outbox are written in one transaction, and the key lets only one instance write it, so
 * that each week's summary is sent once however many instances run or restart.
 */
export const weeklySummaries = pgTable("weekly_summaries", {
  /** The Monday the summarised week began on (India's calendar). */
  weekStart: date("week_start", { mode: "string" }).primaryKey(),
  /**
   * The week's e-mail. Null when none was queued: a new site's first week due, which predates
   * the site (app/domain/insights/weekly-summary.server.ts); or its message was deleted since.
   */
  notificationId: uuid("notification_id").references(() => notifications.id, {
    onDelete: "set null",
  }),
  createdAt: createdAt(),
});

// --- Privacy (DPDP Act 2023 and Rules 2025; docs/privacy.md) -----------------------------------

/**
 * A request by a data principal (a patient or family) about their data: when it came, when it is
 * due (PRIVACY_DUE_DAYS after, at most 90), who answered it, when and how. It names the requests
 * it concerns by id, never by the person's details, so that it outlives an erasure it records.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: privacyRequestKinds }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** The appointment requests it concerns (those with the person's phone number, say). */
    appointmentIds: uuid("appointment_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** Staff's note of how it came in ("Phone call", "E-mail"): no personal data. */
    channel: text("channel").notNull(),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByEmail: text("recorded_by_email").notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    doneByEmail: text("done_by_email"),
    /** How it was answered ("Export e-mailed to the sender", "Erased 3 requests"). */
    answer: text("answer"),
  },
  (table) => [index("privacy_requests_due_idx").on(table.doneAt, table.dueAt)],
);

/**
 * Every erasure of a request's personal data, by id only: a restore from a backup taken before
 * it re-applies it (npm run db:restore), so that no erased person comes back.
 */
export const erasures = pgTable("erasures", {
  appointmentId: uuid("appointment_id").primaryKey(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
  /** "request" (a data principal asked) or "retention" (its time was up). */
  reason: text("reason", { enum: ["request", "retention"] }).notNull(),
  /** The member of staff's address, or "retention" for the daily job. */
  erasedBy: text("erased_by").notNull(),
});

/** The daily retention job's runs: one row per India day, which only one instance can write. */
export const retentionRuns = pgTable("retention_runs", {
  day: date("day", { mode: "string" }).primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  /** What it erased and purged, as counts ({ appointments: 3, newsletter: 1, … }). */
  result: jsonb("result").notNull(),
});

export const accessActions = [
  "dashboard",
  "search",
  "request",
  "timeline",
  "export",
  "newsletter-export",
  "rights-export",
  "correction",
  "erasure",
  "access-log",
  /** The privacy-requests list, which names the people whose requests it concerns. */
  "privacy-requests",
  /** A therapist's profile saved by an admin (docs/visits.md): no request, the therapist's id. */
  "therapist-profile",
  /** A therapist's day (/visits): the patients of their own visits. */
  "visits",
  /** A therapist's calendar feed read (its visits' times and localities, no names). */
  "calendar-feed",
  /** The front desk's schedule, which names each visit's patient by their first name. */
  "schedule",
  /** The WhatsApp messages to send by hand (decision 038): each family's name and number. */
  "messages",
  /** A change to a request's money (decision 045): a package sold, a payment or a refund. */
  "money",
  /**
   * A care record's content read by staff who are not its therapist (decision 051): `detail` holds
   * the reason they gave.
   */
  "care-record",
] as const;
export type AccessAction = (typeof accessActions)[number];

/**
 * Who saw or took personal data, when, what and from where (DPDP Rules 2025, r. 6: logs kept at
 * least a year): the ids of the requests shown, a filter and a row count, never the data itself
 * (a search is recorded without its words). Append-only: a trigger (migration 0012) refuses any
 * UPDATE, and any DELETE of a row less than a year old.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Kept when the account is deleted: the address still says who it was. */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: accessActions }).notNull(),
    appointmentIds: uuid("appointment_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The filter, page or row count: what was asked, without personal words. */
    detail: jsonb("detail"),
    /** The client's address as the edge read it. */
    address: text("address"),
  },
  (table) => [
    index("access_log_at_idx").on(table.at),
    index("access_log_actor_idx").on(table.actorEmail, table.at),
  ],
);

// --- Operations (decision 039; docs/operations.md) ----------------------------------------------

/** How a backup came to be written: the server's schedule (BACKUP_DIR), or `npm run db:backup`. */
export const backupKinds = ["scheduled", "manual"] as const;
export type BackupKind = (typeof backupKinds)[number];

/**
 * Every backup written (app/domain/privacy/backup.server.ts): when it finished, the file's name in
 * its folder (the India date and time), its rows and size; never the folder's path, which may name
 * a person. A scheduled backup's row is written first, as the instance's claim on the India day
 * (`day` is unique): held until `held_until` while the backup runs, then finished, or deleted if
 * the backup failed, so that the next check tries again. A row without `finished_at` is a backup
 * under way, or one whose instance stopped: another takes the day again once the hold has passed.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: backupKinds }).notNull(),
    /** The India day a scheduled backup is for; null for one made by hand. */
    day: date("day", { mode: "string" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The file's name, as `2026-11-24T0230.jsonl.gz`: no folder. */
    file: text("file"),
    rows: bigint("rows", { mode: "number" }),
    bytes: bigint("bytes", { mode: "number" }),
  },
  (table) => [
    uniqueIndex("backup_runs_day_idx").on(table.day),
    // The last backup (the operations reading): one step down this index.
    index("backup_runs_finished_idx").on(table.finishedAt),
    check("backup_runs_kind_check", sql`${table.kind} in ('scheduled', 'manual')`),
    check("backup_runs_day_check", sql`(${table.kind} = 'scheduled') = (${table.day} is not null)`),
    check(
      "backup_runs_finished_check",
      sql`(${table.finishedAt} is null) = (${table.file} is null)`,
    ),
  ],
);

/** What the owner is told of (app/domain/operations/alerts.server.ts says when each holds). */
export const alertKinds = [
  "staff_email",
  "patient_messages",
  "backup",
  "retention",
  "disk",
] as const;
export type AlertKind = (typeof alertKinds)[number];

/**
 * The owner's alerts: one row per incident, from the check that saw its condition to the check
 * that saw it clear. At most one open incident per kind (the partial unique index), so that two
 * instances seeing the same trouble open one incident and send one e-mail. Each of its two
 * e-mails (it began; it is over) is stamped once sent; an instance sending one holds the row
 * until `mail_held_until`, and another leaves it alone until then.
 */
export const alertIncidents = pgTable(
  "alert_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: alertKinds }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the check saw when it opened: counts and ages, never an address or an error's words. */
    detail: jsonb("detail").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** When the e-mail saying it began went out; null until then (or if nobody is told). */
    openedMailAt: timestamp("opened_mail_at", { withTimezone: true }),
    /** When the e-mail saying it is over went out. */
    resolvedMailAt: timestamp("resolved_mail_at", { withTimezone: true }),
    mailHeldUntil: timestamp("mail_held_until", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("alert_incidents_open_idx").on(table.kind).where(sql`${table.resolvedAt} is null`),
    // The e-mails still owed, and the incidents of the last day (the dashboard, the checks).
    index("alert_incidents_opened_idx").on(table.openedAt),
    check(
      "alert_incidents_kind_check",
      sql`${table.kind} in ('staff_email', 'patient_messages', 'backup', 'retention', 'disk')`,
    ),
  ],
);

/**
 * The clinic's prices as charges were made with them (decision 045): the settings FEE_* are the
 * one source, and the first charge or sale made with a new set of them records it here, from that
 * moment. Every package and charge names the version it was made with and keeps its own amount,
 * so a later price never changes an earlier charge. Amounts in paise.
 */
export const priceVersions = pgTable(
  "price_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    homeSessionPaise: integer("home_session_paise").notNull(),
    packageSessions: integer("package_sessions").notNull(),
    packagePricePaise: integer("package_price_paise").notNull(),
    packageDays: integer("package_days").notNull(),
    effectiveFrom: timestamp("effective_from", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("price_versions_from_idx").on(table.effectiveFrom),
    check(
      "price_versions_figures_check",
      sql`${table.homeSessionPaise} > 0 and ${table.packagePricePaise} > 0 and ${table.packageSessions} between 2 and 60 and ${table.packageDays} between 7 and 730`,
    ),
  ],
);

/**
 * A package of sessions sold to a request: it holds `sessions`, each visit done (or not-home
 * visit charged) on or before `valid_until` (an India date) uses one (a `package_session` charge
 * naming it). Never edited: money back is a refund (a payment out).
 */
export const packages = pgTable(
  "packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "restrict" }),
    priceVersionId: uuid("price_version_id")
      .notNull()
      .references(() => priceVersions.id, { onDelete: "restrict" }),
    sessions: integer("sessions").notNull(),
    pricePaise: integer("price_paise").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /** Its sessions used so far: one more with each `package_session` charge, in its step. */
    sessionsUsed: integer("sessions_used").notNull().default(0),
    soldBy: text("sold_by").references(() => users.id, { onDelete: "set null" }),
    soldByEmail: text("sold_by_email").notNull(),
    soldAt: timestamp("sold_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("packages_appointment_idx").on(table.appointmentId, table.soldAt),
    index("packages_sold_idx").on(table.soldAt),
    index("packages_valid_idx").on(table.validUntil),
    check(
      "packages_figures_check",
      sql`${table.sessions} between 1 and 60 and ${table.pricePaise} > 0 and ${table.sessionsUsed} between 0 and ${table.sessions}`,
    ),
  ],
);

export const chargeKinds = ["package", "session", "no_show", "package_session"] as const;
export type ChargeKind = (typeof chargeKinds)[number];

/**
 * What a request's family owes, entry by entry (decision 045): a package sold (its price), a visit
 * done outside a package (a session's price), a visit the patient was not home for (when
 * VISIT_NO_SHOW_CHARGE says so), or a session of a package used by a visit (nothing more owed).
 * One entry per visit at most; only ever added.
 */
export const charges = pgTable(
  "charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: chargeKinds }).notNull(),
    amountPaise: integer("amount_paise").notNull(),
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "restrict" }),
    packageId: uuid("package_id").references(() => packages.id, { onDelete: "restrict" }),
    priceVersionId: uuid("price_version_id")
      .notNull()
      .references(() => priceVersions.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("charges_appointment_idx").on(table.appointmentId, table.createdAt),
    uniqueIndex("charges_visit_idx").on(table.visitId).where(sql`${table.visitId} is not null`),
    index("charges_package_idx").on(table.packageId),
    check(
      "charges_kind_check",
      sql`${table.kind} in ('package', 'session', 'no_show', 'package_session')`,
    ),
    check(
      "charges_shape_check",
      sql`case ${table.kind} when 'package' then ${table.packageId} is not null and ${table.visitId} is null and ${table.amountPaise} > 0 when 'package_session' then ${table.packageId} is not null and ${table.visitId} is not null and ${table.amountPaise} = 0 else ${table.packageId} is null and ${table.visitId} is not null and ${table.amountPaise} > 0 end`,
    ),
  ],
);

/**
 * Money received from a family (`in`, each with its receipt) or paid back to them (`out`, a
 * refund, with its reason). Never edited or deleted: a mistake is put right by a refund. A
 * receipt's number is `RECEIPT_PREFIX/yy-yy/000123`, from `receipt_counters` in the same
 * transaction, so the numbers of a financial year have no gap and no repeat across instances.
 * `payer_name` is the name the receipt was made out to, kept as the law's record when the
 * request's personal data is erased (docs/privacy.md).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "restrict" }),
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    method: text("method", { enum: paymentMethods }).notNull(),
    amountPaise: integer("amount_paise").notNull(),
    /** The India date the money changed hands. */
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    /** The payer's (or the bank's) reference: a UPI transaction id, a cheque number. */
    reference: text("reference").notNull().default(""),
    /** Why money went back (a refund). */
    reason: text("reason"),
    payerName: text("payer_name").notNull(),
    /** The language of the family's receipt. */
    language: text("language", { enum: ["en", "hi"] }).notNull(),
    /** A receipt's financial year ("26-27") and its number in that year; null for a refund. */
    financialYear: text("financial_year"),
    receiptSeq: integer("receipt_seq"),
    receiptNumber: text("receipt_number").unique(),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByEmail: text("recorded_by_email").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The therapist who took it at the door (cash or UPI to the clinic); null for money the desk
     * received. Cash a therapist took is theirs to hand in until `handed_in_at`.
     */
    collectedBy: text("collected_by").references(() => users.id, { onDelete: "set null" }),
    /** When the desk received a therapist's cash, and who received it. */
    handedInAt: timestamp("handed_in_at", { withTimezone: true }),
    handedInBy: text("handed_in_by").references(() => users.id, { onDelete: "set null" }),
    /** Razorpay's payment id ("pay_…") of money paid online: booked once, whatever it retries. */
    gatewayPaymentId: text("gateway_payment_id").unique(),
  },
  (table) => [
    index("payments_appointment_idx").on(table.appointmentId, table.recordedAt),
    // The cash each therapist holds: taken at the door, not yet handed in.
    index("payments_cash_held_idx")
      .on(table.collectedBy, table.recordedAt)
      .where(
        sql`${table.method} = 'cash' and ${table.collectedBy} is not null and ${table.handedInAt} is null`,
      ),
    index("payments_recorded_idx").on(table.recordedAt),
    uniqueIndex("payments_receipt_seq_idx")
      .on(table.financialYear, table.receiptSeq)
      .where(sql`${table.receiptSeq} is not null`),
    check("payments_direction_check", sql`${table.direction} in ('in', 'out')`),
    check(
      "payments_method_check",
      sql`${table.method} in ('cash', 'upi', 'bank_transfer', 'card', 'online')`,
    ),
    check("payments_amount_check", sql`${table.amountPaise} between 1 and 100000000`),
    check(
      "payments_receipt_check",
      sql`(${table.direction} = 'in') = (${table.receiptNumber} is not null) and (${table.receiptNumber} is null) = (${table.receiptSeq} is null) and (${table.receiptSeq} is null) = (${table.financialYear} is null)`,
    ),
    check(
      "payments_reason_check",
      sql`${table.direction} = 'in' or char_length(${table.reason}) between 1 and 500`,
    ),
    check(
      "payments_texts_check",
      sql`char_length(${table.reference}) <= 100 and char_length(${table.payerName}) <= 200`,
    ),
  ],
);

/**
 * Each request's account in two running sums (decision 045), kept by the money's code in the step
 * of every charge and payment: what was charged and what was paid (less refunds), in paise, and
 * since when the family has owed (the moment the balance last went above zero; null when they owe
 * nothing). The dues list and the owner's figures read it instead of summing every row.
 */
export const requestBalances = pgTable(
  "request_balances",
  {
    appointmentId: uuid("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "restrict" }),
    chargedPaise: bigint("charged_paise", { mode: "number" }).notNull().default(0),
    paidPaise: bigint("paid_paise", { mode: "number" }).notNull().default(0),
    owedSince: timestamp("owed_since", { withTimezone: true }),
  },
  (table) => [
    index("request_balances_owed_idx")
      .on(table.owedSince)
      .where(sql`${table.chargedPaise} > ${table.paidPaise}`),
  ],
);

/** The last receipt number of each financial year ("26-27"), taken in the payment's transaction. */
export const receiptCounters = pgTable("receipt_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * A receipt corrected (decision 046): the receipt stays as it was made, and a credit note, with
 * its own number in its own series of the financial year, takes back all or part of its amount,
 * with the reason. What the family paid is the receipts less the refunds and the credit notes.
 * Kept like a receipt when the request's personal data is erased; its reason is emptied.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "restrict" }),
    /** The receipt it corrects. */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    /** Copied from the receipt: the name it was made out to, and its language. */
    payerName: text("payer_name").notNull(),
    language: text("language", { enum: ["en", "hi"] }).notNull(),
    financialYear: text("financial_year").notNull(),
    seq: integer("seq").notNull(),
    number: text("number").notNull().unique(),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByEmail: text("recorded_by_email").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_notes_appointment_idx").on(table.appointmentId, table.recordedAt),
    index("credit_notes_payment_idx").on(table.paymentId),
    index("credit_notes_recorded_idx").on(table.recordedAt),
    uniqueIndex("credit_notes_seq_idx").on(table.financialYear, table.seq),
    check("credit_notes_amount_check", sql`${table.amountPaise} between 1 and 100000000`),
    check(
      "credit_notes_texts_check",
      sql`char_length(${table.reason}) <= 500 and char_length(${table.payerName}) <= 200`,
    ),
  ],
);

/** The last credit note number of each financial year (their own series beside the receipts'). */
export const creditNoteCounters = pgTable("credit_note_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

export const paymentLinkPurposes = ["due", "package"] as const;
export type PaymentLinkPurpose = (typeof paymentLinkPurposes)[number];

/**
 * A Razorpay payment link (decision 047): for what a request owes, or for a package. Stored before
 * Razorpay is asked (`creating`, with our `reference_id`, which Razorpay keeps unique), then its
 * id and address (`created`); `paid` once its webhook booked the payment, in the same transaction.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "restrict" }),
    purpose: text("purpose", { enum: paymentLinkPurposes }).notNull(),
    amountPaise: integer("amount_paise").notNull(),
    /** Ours, sent as Razorpay's `reference_id`: the request's reference and the link's place. */
    referenceId: text("reference_id").notNull().unique(),
    /** Razorpay's id ("plink_…") and the address the family opens. */
    gatewayId: text("gateway_id").unique(),
    shortUrl: text("short_url"),
    status: text("status", { enum: ["creating", "created", "paid", "failed"] })
      .notNull()
      .default("creating"),
    /** Who asked for it: a member of staff, or the family from the status page (null). */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The payment its webhook booked. */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    index("payment_links_appointment_idx").on(table.appointmentId, table.createdAt),
    check("payment_links_purpose_check", sql`${table.purpose} in ('due', 'package')`),
    check(
      "payment_links_status_check",
      sql`${table.status} in ('creating', 'created', 'paid', 'failed')`,
    ),
    check("payment_links_amount_check", sql`${table.amountPaise} between 100 and 100000000`),
    check(
      "payment_links_paid_check",
      sql`(${table.status} = 'paid') = (${table.paymentId} is not null)`,
    ),
  ],
);

/**
 * Every Razorpay webhook delivery with a good signature (decision 047): what it was and what was
 * done with it. Anything not booked (a different amount, an unknown link, a refund or a failure
 * event) is `refused` with its reason, shown to staff until one of them marks it seen.
 */
export const gatewayEvents = pgTable(
  "gateway_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Razorpay's `X-Razorpay-Event-Id`: the same delivery sent again is recorded once. */
    eventId: text("event_id").unique(),
    event: text("event").notNull(),
    outcome: text("outcome", { enum: ["booked", "repeated", "refused"] }).notNull(),
    reason: text("reason").notNull().default(""),
    paymentLinkId: uuid("payment_link_id").references(() => paymentLinks.id, {
      onDelete: "set null",
    }),
    gatewayPaymentId: text("gateway_payment_id"),
    amountPaise: bigint("amount_paise", { mode: "number" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    seenBy: text("seen_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("gateway_events_refused_idx")
      .on(table.receivedAt)
      .where(sql`${table.outcome} = 'refused' and ${table.seenAt} is null`),
    check(
      "gateway_events_outcome_check",
      sql`${table.outcome} in ('booked', 'repeated', 'refused')`,
    ),
    check(
      "gateway_events_texts_check",
      sql`char_length(${table.event}) <= 100 and char_length(${table.reason}) <= 500`,
    ),
  ],
);

/**
 * A change a therapist's phone sent with its own key (decision 049): Done, Not home, Can't make it
 * or money at the door, made on the phone (online or queued offline) and sent until it is
 * answered. The key is claimed in the change's own transaction, so a key is applied once however
 * often it arrives, and the answer is kept to be given again to a copy that arrives later.
 */
export const therapistChanges = pgTable(
  "therapist_changes",
  {
    key: uuid("key").primaryKey(),
    therapistId: text("therapist_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "set null" }),
    intent: text("intent").notNull(),
    /** The HTTP status of the answer (200 applied; 4xx refused), and the answer itself. */
    status: integer("status").notNull(),
    answer: jsonb("answer").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("therapist_changes_received_idx").on(table.receivedAt),
    check("therapist_changes_intent_check", sql`char_length(${table.intent}) <= 20`),
  ],
);

/**
 * The time a therapist needs to go from a visit at one place to the next (decision 050): a place
 * is one of our five areas (its slug, "gurugram") or a district of the PIN code directory
 * ("North West Delhi"); a district's row, where there is one, comes before its area's. Each pair
 * is stored once, its two places in order; the clinic adjusts them at /admin/travel. The flat
 * VISIT_TRAVEL_MINUTES is the least between any two visits, and what a pair not listed takes.
 */
export const travelTimes = pgTable(
  "travel_times",
  {
    placeA: text("place_a").notNull(),
    placeB: text("place_b").notNull(),
    minutes: integer("minutes").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.placeA, table.placeB] }),
    check("travel_times_order_check", sql`${table.placeA} <= ${table.placeB}`),
    check("travel_times_minutes_check", sql`${table.minutes} between 0 and 240`),
    check(
      "travel_times_places_check",
      sql`char_length(${table.placeA}) between 1 and 100 and char_length(${table.placeB}) between 1 and 100`,
    ),
  ],
);

// --- The care record (decision 051; docs/care.md) ------------------------------------------------

/** Why a measure was taken: at the assessment, on the way (every N sessions), or at discharge. */
export const measureOccasions = ["start", "interval", "discharge"] as const;
export type MeasureOccasion = (typeof measureOccasions)[number];

/** A body chart's region and the pain in it (0–10), as the therapist tapped it. */
export interface BodyRegionPain {
  region: string;
  pain: number;
}

/**
 * The first visit's assessment of a request's patient: what is wrong and since when, the history,
 * red flags ticked (app/domain/care/care.ts), the body chart and the goals in the family's words.
 * Never edited: a correction is a new row that `supersedes` the one it corrects, which stays
 * readable (a trigger of migration 0024 refuses any other change than the desk's handling of the
 * red flags). Deleted with the request's personal data (docs/privacy.md).
 */
export const assessments = pgTable(
  "assessments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author as named when it was written (kept when the account goes). */
    authorName: text("author_name").notNull(),
    problem: text("problem").notNull(),
    since: text("since").notNull().default(""),
    history: text("history").notNull().default(""),
    redFlags: text("red_flags").array().notNull().default(sql`'{}'::text[]`),
    regions: jsonb("regions").$type<BodyRegionPain[]>().notNull().default([]),
    goals: text("goals").array().notNull().default(sql`'{}'::text[]`),
    /** The row this one corrects. */
    supersedesId: uuid("supersedes_id").references((): AnyPgColumn => assessments.id, {
      onDelete: "cascade",
    }),
    /** When the desk handled the red flags (Needs attention), and who. */
    flagsHandledAt: timestamp("flags_handled_at", { withTimezone: true }),
    flagsHandledBy: text("flags_handled_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("assessments_appointment_idx").on(table.appointmentId, table.createdAt),
    index("assessments_flags_idx")
      .on(table.createdAt)
      .where(sql`${table.redFlags} <> '{}' and ${table.flagsHandledAt} is null`),
    check(
      "assessments_text_check",
      sql`char_length(${table.problem}) between 1 and 2000 and char_length(${table.since}) <= 200 and char_length(${table.history}) <= 4000 and char_length(${table.authorName}) <= 100`,
    ),
    check(
      "assessments_lists_check",
      sql`cardinality(${table.goals}) <= 3 and cardinality(${table.redFlags}) <= 20 and jsonb_typeof(${table.regions}) = 'array' and jsonb_array_length(${table.regions}) <= 30`,
    ),
  ],
);

/**
 * An outcome measure recorded for a request's patient (app/domain/care/measures.ts scores it):
 * its items as entered and the total in tenths (PSFS and TUG have one decimal). Never edited.
 */
export const measureResults = pgTable(
  "measure_results",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id").references(() => visits.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    measure: text("measure").notNull(),
    occasion: text("occasion", { enum: measureOccasions }).notNull(),
    scoreTenths: integer("score_tenths").notNull(),
    entry: jsonb("entry")
      .$type<{ items: Record<string, number>; activities?: Record<string, string> }>()
      .notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A measure recorded in error (the wrong patient, a slip of the finger) is struck out, once,
     * with its reason (decision 053): it stays readable to the record's readers, and counts in
     * no progress, chart or summary. Its score is never changed (the trigger).
     */
    struckAt: timestamp("struck_at", { withTimezone: true }),
    struckBy: text("struck_by").references(() => users.id, { onDelete: "set null" }),
    struckByName: text("struck_by_name"),
    struckReason: text("struck_reason"),
  },
  (table) => [
    index("measure_results_appointment_idx").on(
      table.appointmentId,
      table.measure,
      table.createdAt,
    ),
    check(
      "measure_results_measure_check",
      sql`${table.measure} in ('nprs', 'psfs', 'barthel', 'berg', 'tug', 'chair_stand', 'lefs')`,
    ),
    check(
      "measure_results_score_check",
      sql`${table.scoreTenths} >= 0 and ${table.scoreTenths} <= case ${table.measure} when 'nprs' then 100 when 'psfs' then 100 when 'barthel' then 1000 when 'berg' then 560 when 'lefs' then 800 when 'tug' then 6000 else 1000 end`,
    ),
    check("measure_results_entry_check", sql`pg_column_size(${table.entry}) <= 8192`),
    check(
      "measure_results_struck_check",
      sql`(${table.struckAt} is null and ${table.struckReason} is null and ${table.struckByName} is null) or (${table.struckAt} is not null and char_length(${table.struckReason}) between 3 and 500 and char_length(${table.struckByName}) <= 100)`,
    ),
  ],
);

/**
 * A visit's note in the SOAP shape. A draft (`signed_at` null) may be saved again; once signed it
 * is never changed (a trigger of migration 0024): a correction is an amendment, a new signed row
 * naming the note it `amends`, with its own author and time, and the original stays readable.
 */
export const visitNotes = pgTable(
  "visit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    subjective: text("subjective").notNull().default(""),
    objective: text("objective").notNull().default(""),
    assessment: text("assessment").notNull().default(""),
    plan: text("plan").notNull().default(""),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    amendsId: uuid("amends_id").references((): AnyPgColumn => visitNotes.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("visit_notes_appointment_idx").on(table.appointmentId, table.createdAt),
    uniqueIndex("visit_notes_one_per_visit_idx")
      .on(table.visitId)
      .where(sql`${table.amendsId} is null`),
    check(
      "visit_notes_text_check",
      sql`char_length(${table.subjective}) <= 4000 and char_length(${table.objective}) <= 4000 and char_length(${table.assessment}) <= 4000 and char_length(${table.plan}) <= 4000 and char_length(${table.authorName}) <= 100`,
    ),
    check(
      "visit_notes_amendment_check",
      sql`${table.amendsId} is null or ${table.signedAt} is not null`,
    ),
  ],
);

/** An exercise of the clinic's library, in both languages, kept by admins (/admin/exercises). */
export const exercises = pgTable(
  "exercises",
  {
    key: text("key").primaryKey(),
    nameEn: text("name_en").notNull(),
    nameHi: text("name_hi").notNull(),
    purposeEn: text("purpose_en").notNull(),
    purposeHi: text("purpose_hi").notNull(),
    howEn: text("how_en").array().notNull(),
    howHi: text("how_hi").array().notNull(),
    sets: integer("sets").notNull(),
    reps: integer("reps").notNull(),
    holdSeconds: integer("hold_seconds"),
    timesPerDay: integer("times_per_day").notNull(),
    stopIfEn: text("stop_if_en").notNull(),
    stopIfHi: text("stop_if_hi").notNull(),
    conditions: text("conditions").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("exercises_key_check", sql`${table.key} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "exercises_numbers_check",
      sql`${table.sets} between 1 and 10 and ${table.reps} between 1 and 100 and (${table.holdSeconds} is null or ${table.holdSeconds} between 1 and 300) and ${table.timesPerDay} between 1 and 6`,
    ),
  ],
);

/** One exercise of a programme, as prescribed (the library's numbers, or the therapist's own). */
export interface ProgrammeItem {
  exercise: string;
  sets: number;
  reps: number;
  holdSeconds: number | null;
  timesPerDay: number;
}

/**
 * A patient's home exercise programme: the exercises prescribed from the library. One current
 * programme per request; a new one ends the one before (`ended_at`), whose ticks stay.
 */
export const programmes = pgTable(
  "programmes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    items: jsonb("items").$type<ProgrammeItem[]>().notNull(),
    /** The India day it starts: adherence counts from it. */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("programmes_current_idx")
      .on(table.appointmentId)
      .where(sql`${table.endedAt} is null`),
    // The desk's "Exercises not done" reads the current programmes by their start.
    index("programmes_current_start_idx").on(table.startsOn).where(sql`${table.endedAt} is null`),
    check(
      "programmes_items_check",
      sql`jsonb_typeof(${table.items}) = 'array' and jsonb_array_length(${table.items}) between 1 and 12`,
    ),
  ],
);

/** The family ticked an exercise of the programme as done on an India day. */
export const exerciseTicks = pgTable(
  "exercise_ticks",
  {
    programmeId: uuid("programme_id")
      .notNull()
      .references(() => programmes.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    exercise: text("exercise").notNull(),
    tickedAt: timestamp("ticked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.programmeId, table.day, table.exercise] })],
);
