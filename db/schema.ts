// The database schema: one source for the tables, the migrations (drizzle-kit generates them
// into db/migrations from this file) and the queries' types.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const appointmentStatuses = ["pending", "contacted", "completed"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

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
  },
  (table) => [
    // The dashboard lists newest first, and filters by status.
    index("appointments_created_at_idx").on(table.createdAt.desc()),
    index("appointments_status_created_at_idx").on(table.status, table.createdAt.desc()),
    // The database holds the rules too: no row can break them, whatever code writes it.
    check(
      "appointments_status_check",
      sql`${table.status} in ('pending', 'contacted', 'completed')`,
    ),
    check("appointments_pincode_check", sql`${table.pincode} ~ '^[0-9]{6}$'`),
    check(
      "appointments_lengths_check",
      sql`char_length(${table.name}) between 1 and 100 and char_length(${table.phone}) between 10 and 15 and char_length(${table.address}) between 5 and 200 and (${table.message} is null or char_length(${table.message}) between 1 and 1000)`,
    ),
  ],
);

export const notificationStates = ["queued", "sent", "failed"] as const;
export type NotificationState = (typeof notificationStates)[number];

/**
 * The outbox: every e-mail the site sends, written in the same transaction as the change that
 * causes it, then delivered (and retried) by the sender. Nothing is sent that was not stored.
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
    /** What the message is composed from, beyond the row it is about (see notification-mail.server.ts). */
    payload: jsonb("payload"),
    state: text("state", { enum: notificationStates }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    // The sender's question: what is due? Only queued rows are ever looked up this way.
    index("notifications_due_idx").on(table.nextAttemptAt).where(sql`${table.state} = 'queued'`),
    index("notifications_appointment_idx").on(table.appointmentId),
    check("notifications_state_check", sql`${table.state} in ('queued', 'sent', 'failed')`),
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
