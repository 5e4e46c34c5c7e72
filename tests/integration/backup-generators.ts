// A generator of rows for each table, by the table's name, and of a whole database from them
// (backup-property.test.ts). The tests take the set of tables from the live database: a new table
// gets a line here (the test fails for a table without one).
import fc from "fast-check";
import { batchSize } from "#app/domain/privacy/backup.server.ts";
import type { BackupTable } from "#app/domain/privacy/backup-file.server.ts";
import {
  anyText,
  bool,
  day,
  everyHostile,
  int4,
  json,
  jsTimestamp,
  type Made,
  oneOf,
  optional,
  phone,
  pick,
  type Row,
  rows,
  text,
  timestamp,
  uuid,
  uuids,
} from "#tests/integration/backup-values.ts";

/** A bigint, as the database writes it. */
const int8 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);

/** Rows whose `columns` each hold a value once where they hold one (a unique column that may be null). */
const onceWhereSet = (columns: string[]) => (all: Row[]) => {
  const seen = columns.map(() => new Set<unknown>());
  return all.filter((row) => {
    if (columns.some((column, i) => row[column] != null && seen[i]?.has(row[column]))) return false;
    columns.forEach((column, i) => {
      if (row[column] != null) seen[i]?.add(row[column]);
    });
    return true;
  });
};

/** A text[] of some of these words, each quoted. */
const textArray = (...words: string[]) =>
  fc.subarray(words).map((chosen) => `{${chosen.map((word) => `"${word}"`).join(",")}}`);

// --- A generator per table, by name (a table that is not there is simply not generated) -----

export const generators: Record<string, (made: Made) => fc.Arbitrary<Row[]>> = {
  users: () =>
    rows(
      fc.record({
        id: text(1, 60),
        name: anyText,
        email: anyText,
        email_verified: bool,
        image: optional(anyText),
        created_at: timestamp,
        updated_at: timestamp,
      }),
      { unique: [["id"], ["email"]] },
    ),
  appointments: (made) => {
    const appointment = (longest: boolean) =>
      fc.record({
        id: uuid,
        name: longest ? fc.constant(everyHostile(100)) : text(1, 100),
        phone,
        address: longest ? fc.constant(everyHostile(200)) : text(5, 200),
        pincode: fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 6, maxLength: 6 }),
        message: longest ? fc.constant(everyHostile(1000)) : optional(text(1, 1000)),
        status: oneOf("pending", "contacted", "completed"),
        created_at: timestamp,
        phone_key: optional(anyText),
        owner_id: optional(pick(made, "users", "id")),
        callback_at: optional(timestamp),
        junk: bool,
        first_contact_at: optional(timestamp),
        first_contact_by: optional(pick(made, "users", "id")),
        landing_path: optional(text(0, 200)),
        sent_from_path: optional(text(0, 200)),
        referrer_host: optional(text(0, 253)),
        utm_source: optional(text(0, 100)),
        utm_medium: optional(text(0, 100)),
        utm_campaign: optional(text(0, 100)),
        click_id_param: optional(oneOf("gclid", "gbraid", "wbraid", "fbclid", "msclkid")),
        click_id: optional(text(0, 200)),
        channel: optional(oneOf("search", "ads", "social", "direct", "other")),
        reference: optional(text(0, 40)),
        language: oneOf("en", "hi"),
        notice_version: optional(anyText),
        erased_at: fc.constant(null),
        search_reading: optional(anyText),
        whatsapp_consent_at: optional(timestamp),
        whatsapp_stopped_at: optional(timestamp),
        condition: optional(oneOf("stroke", "backPain", "senior")),
        preferred_times: textArray("morning", "afternoon", "evening"),
        required_language: optional(oneOf("Hindi", "Tamil")),
      });
    // An erased request holds anything in its personal fields: the CHECK lets it.
    const erased = fc
      .tuple(appointment(false), anyText, anyText, anyText, optional(anyText), timestamp)
      .map(([row, name, phone, address, message, erasedAt]) => ({
        ...row,
        ...{ name, phone, address, message, erased_at: erasedAt },
      }));
    return fc
      .tuple(
        appointment(true),
        rows(fc.oneof({ weight: 4, arbitrary: appointment(false) }, erased), { max: 30 }),
      )
      .map(([first, more]) => [first, ...more])
      .map((all) =>
        all.filter(
          (row, i) =>
            all.findIndex(
              (r) => r.id === row.id || (r.reference !== null && r.reference === row.reference),
            ) === i,
        ),
      );
  },
  notifications: (made) =>
    rows(
      fc.record({
        id: uuid,
        appointment_id: optional(pick(made, "appointments", "id")),
        kind: anyText,
        recipient: anyText,
        payload: optional(json),
        state: oneOf("queued", "sent", "failed", "by_hand", "skipped"),
        attempts: int4,
        last_error: optional(anyText),
        next_attempt_at: timestamp,
        created_at: timestamp,
        sent_at: optional(timestamp),
        channel: oneOf("email", "whatsapp"),
        visit_id: optional(pick(made, "visits", "id")),
        payment_id: optional(pick(made, "payments", "id")),
        payment_link_id: optional(pick(made, "payment_links", "id")),
        external_id: optional(anyText),
        delivered_at: optional(timestamp),
        read_at: optional(timestamp),
        sent_by: optional(pick(made, "users", "id")),
        failed_at: optional(timestamp),
      }),
      // WhatsApp's id is unique where there is one (a partial unique index).
      { unique: [["id"]] },
    ).map((all) => {
      const seen = new Set<unknown>();
      return all.filter((row) => {
        if (row.external_id === null) return true;
        if (seen.has(row.external_id)) return false;
        seen.add(row.external_id);
        return true;
      });
    }),
  // Sometimes more rows than a restore inserts at a time (batchSize).
  rate_limits: () =>
    fc.oneof(fc.constant(10), fc.constant(batchSize + 100)).chain((max) =>
      rows(fc.record({ key: anyText, points: int4, expire: optional(timestamp) }), {
        min: max > 10 ? batchSize + 1 : 1,
        max,
        unique: [["key"]],
      }),
    ),
  sessions: (made) =>
    rows(
      fc.record({
        id: text(1, 60),
        token: anyText,
        user_id: pick(made, "users", "id"),
        expires_at: timestamp,
        ip_address: optional(anyText),
        user_agent: optional(anyText),
        created_at: timestamp,
        updated_at: timestamp,
      }),
      { unique: [["id"], ["token"]] },
    ),
  accounts: (made) =>
    rows(
      fc.record({
        id: text(1, 60),
        account_id: anyText,
        provider_id: anyText,
        user_id: pick(made, "users", "id"),
        access_token: optional(anyText),
        refresh_token: optional(anyText),
        id_token: optional(anyText),
        access_token_expires_at: optional(timestamp),
        refresh_token_expires_at: optional(timestamp),
        scope: optional(anyText),
        password: optional(anyText),
        created_at: timestamp,
        updated_at: timestamp,
      }),
      { unique: [["id"]] },
    ),
  verifications: () =>
    rows(
      fc.record({
        id: text(1, 60),
        identifier: anyText,
        value: anyText,
        expires_at: timestamp,
        created_at: timestamp,
        updated_at: timestamp,
      }),
      { unique: [["id"]] },
    ),
  user_roles: (made) =>
    rows(
      fc.record({
        user_id: pick(made, "users", "id"),
        role: oneOf("admin"),
        granted_at: timestamp,
      }),
      { unique: [["user_id"]] },
    ),
  appointment_status_changes: (made) =>
    rows(
      fc.record({
        id: uuid,
        appointment_id: pick(made, "appointments", "id"),
        changed_by: optional(pick(made, "users", "id")),
        changed_by_email: anyText,
        from_status: oneOf("pending", "contacted", "completed"),
        to_status: oneOf("pending", "contacted", "completed"),
        changed_at: timestamp,
      }),
      { unique: [["id"]] },
    ),
  appointment_activity: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          kind: oneOf(
            "note",
            "callback_set",
            "callback_cleared",
            "owner_changed",
            "junk_marked",
            "junk_cleared",
            "visit_booked",
            "visit_confirmed",
            "family_asked",
            "family_ask_handled",
            "message_failed",
            "message_sent_by_hand",
            "messages_stopped",
          ),
          by_user_id: optional(pick(made, "users", "id")),
          by_email: anyText,
          body: optional(text(1, 2000)),
          note: text(1, 2000),
          callback_at: optional(timestamp),
          set_at: timestamp,
          owner_email: optional(anyText),
          visit_id: optional(pick(made, "visits", "id")),
          visit: pick(made, "visits", "id"),
          created_at: timestamp,
        })
        .map(({ note, set_at, visit, ...row }) => ({
          ...row,
          body: row.kind === "note" ? note : row.body,
          callback_at: row.kind === "callback_set" ? set_at : row.callback_at,
          // A visit_* entry names its visit (the CHECK); the others may (a family's ask, a message).
          visit_id: String(row.kind).startsWith("visit_") ? visit : row.visit_id,
        })),
      { max: 20, unique: [["id"]] },
    ),
  therapists: (made) =>
    rows(
      fc.record({
        user_id: pick(made, "users", "id"),
        display_name: text(1, 100),
        registration_number: anyText,
        years_of_practice: fc.integer({ min: 0, max: 70 }).map(String),
        languages: textArray("English", "Hindi", "Punjabi"),
        skills: textArray("stroke", "general"),
        districts: textArray("Gautam Buddha Nagar", "South Delhi", "Gurugram"),
        hours: json,
        leave: fc
          .array(day, { maxLength: 3 })
          .map((days) => `{${days.map((d) => `"${d}"`).join(",")}}`),
        active: bool,
        calendar_token_hash: optional(anyText),
        created_at: timestamp,
        updated_at: timestamp,
      }),
      { unique: [["user_id"], ["calendar_token_hash"]] },
    ),
  // The exclusion constraint lets one therapist hold time once here: each therapist's later
  // visits are made cancelled (which hold none).
  visits: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          therapist_id: pick(made, "therapists", "user_id"),
          start: fc.date({
            min: new Date("2000-01-01T00:00:00Z"),
            max: new Date("2100-01-01T00:00:00Z"),
            noInvalidDate: true,
          }),
          minutes: fc.constantFrom(45, 60, 90),
          travel: fc.integer({ min: 0, max: 240 }),
          kind: oneOf("assessment", "treatment"),
          status: oneOf("scheduled", "done", "no_show", "cancelled"),
          course: fc.option(
            fc
              .record({ id: uuid, size: fc.integer({ min: 1, max: 40 }) })
              .chain((course) =>
                fc.integer({ min: 1, max: course.size }).map((index) => ({ ...course, index })),
              ),
            { nil: null },
          ),
          cancelled_by: oneOf("patient", "clinic"),
          reason: optional(anyText),
          cant_make_reason: optional(anyText),
          cant_make_at: optional(timestamp),
          note: optional(text(0, 2000)),
          pain_before: optional(fc.integer({ min: 0, max: 10 }).map(String)),
          pain_after: optional(fc.integer({ min: 0, max: 10 }).map(String)),
          family_code: fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")),
          code_confirmed_at: optional(timestamp),
          created_by: optional(pick(made, "users", "id")),
          created_at: timestamp,
          updated_at: timestamp,
          confirmed_at: optional(timestamp),
          reminder_queued_at: optional(timestamp),
        })
        .map(({ start, minutes, travel, course, cancelled_by, ...row }) => ({
          ...row,
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
          blocked_until: new Date(start.getTime() + (minutes + travel) * 60_000).toISOString(),
          course_id: course?.id ?? null,
          course_index: course ? String(course.index) : null,
          course_size: course ? String(course.size) : null,
          cancelled_by: row.status === "cancelled" ? cancelled_by : null,
        })),
      { max: 10, unique: [["id"]] },
    ).map((visits) => {
      const holding = new Set<string | null>();
      return visits.map((visit) => {
        if (visit.status === "cancelled") return visit;
        if (holding.has(visit.therapist_id ?? null)) {
          return { ...visit, status: "cancelled", cancelled_by: "clinic" };
        }
        holding.add(visit.therapist_id ?? null);
        return visit;
      });
    }),
  // A family's asks to move or cancel a visit (decision 038), within the CHECKs' lengths.
  family_asks: (made) =>
    rows(
      fc.record({
        id: uuid,
        appointment_id: pick(made, "appointments", "id"),
        visit_id: pick(made, "visits", "id"),
        kind: oneOf("move", "cancel"),
        reason: text(0, 500),
        preferred_time: text(0, 200),
        via: oneOf("status_page", "whatsapp"),
        created_at: timestamp,
        handled_at: optional(timestamp),
        handled_by: optional(pick(made, "users", "id")),
      }),
      { unique: [["id"]] },
    ),
  whatsapp_inbound: () =>
    rows(fc.record({ id: text(1, 300), received_at: timestamp }), { unique: [["id"]] }),
  // One row at most (its CHECK: the id is true).
  appointment_reference_key: () => rows(fc.record({ id: oneOf("true"), key: anyText }), { max: 1 }),
  newsletter_subscriptions: () =>
    rows(
      fc
        .record({
          id: uuid,
          // The CHECK: no capital A to Z, 3 to 255 characters.
          email: text(3, 255).map((value) => value.replace(/[A-Z]/g, (c) => c.toLowerCase())),
          mailbox: anyText,
          state: oneOf("pending", "confirmed", "unsubscribed"),
          confirm_token_hash: anyText,
          unsubscribe_token_hash: anyText,
          confirmation_sent_at: timestamp,
          created_at: timestamp,
          confirmed_at: optional(timestamp),
          confirmed: timestamp,
          unsubscribed_at: optional(timestamp),
        })
        .map(({ confirmed, ...row }) => ({
          ...row,
          confirmed_at: row.state === "confirmed" ? confirmed : row.confirmed_at,
        })),
      { unique: [["id"], ["email"], ["confirm_token_hash"], ["unsubscribe_token_hash"]] },
    ),
  weekly_summaries: (made) =>
    rows(
      fc.record({
        week_start: day,
        notification_id: optional(pick(made, "notifications", "id")),
        created_at: timestamp,
      }),
      { unique: [["week_start"]] },
    ),
  privacy_requests: (made) =>
    rows(
      fc.record({
        id: uuid,
        kind: anyText,
        received_at: timestamp,
        due_at: timestamp,
        appointment_ids: uuids,
        channel: anyText,
        recorded_by: optional(pick(made, "users", "id")),
        recorded_by_email: anyText,
        done_at: optional(timestamp),
        done_by: optional(pick(made, "users", "id")),
        done_by_email: optional(anyText),
        answer: optional(text(0, 2000)),
      }),
      { unique: [["id"]] },
    ),
  erasures: () =>
    rows(
      fc.record({
        appointment_id: uuid,
        erased_at: jsTimestamp,
        reason: anyText,
        erased_by: anyText,
      }),
      { unique: [["appointment_id"]] },
    ),
  retention_runs: () =>
    rows(fc.record({ day, ran_at: timestamp, result: json }), { unique: [["day"]] }),
  backup_runs: () =>
    rows(
      fc
        .record({
          id: uuid,
          kind: oneOf("scheduled", "manual"),
          day,
          started_at: timestamp,
          held_until: optional(timestamp),
          finished_at: optional(timestamp),
          file: anyText,
          rows: optional(int8),
          bytes: optional(int8),
        })
        // A scheduled backup names its day; a finished one its file (the table's checks).
        .map((row) => ({
          ...row,
          day: row.kind === "scheduled" ? row.day : null,
          file: row.finished_at === null ? null : row.file,
        })),
      { unique: [["id"]] },
    ).map((all) => {
      const days = new Set<unknown>();
      return all.filter((row) => {
        if (row.day === null) return true;
        if (days.has(row.day)) return false;
        days.add(row.day);
        return true;
      });
    }),
  alert_incidents: () =>
    rows(
      fc.record({
        id: uuid,
        kind: oneOf("staff_email", "patient_messages", "backup", "retention", "disk"),
        opened_at: timestamp,
        detail: json,
        resolved_at: optional(timestamp),
        opened_mail_at: optional(timestamp),
        resolved_mail_at: optional(timestamp),
        mail_held_until: optional(timestamp),
      }),
      { unique: [["id"]] },
    ).map((all) => {
      // One open incident per kind (a partial unique index).
      const open = new Set<unknown>();
      return all.filter((row) => {
        if (row.resolved_at !== null) return true;
        if (open.has(row.kind)) return false;
        open.add(row.kind);
        return true;
      });
    }),
  // The money (decision 045), within the tables' CHECKs.
  price_versions: () =>
    rows(
      fc.record({
        id: uuid,
        home_session_paise: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
        package_sessions: fc.integer({ min: 2, max: 60 }).map(String),
        package_price_paise: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
        package_days: fc.integer({ min: 7, max: 730 }).map(String),
        effective_from: timestamp,
      }),
      { unique: [["id"]] },
    ),
  packages: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          price_version_id: pick(made, "price_versions", "id"),
          sessions: fc.integer({ min: 1, max: 60 }),
          used: fc.integer({ min: 0, max: 60 }),
          price_paise: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
          valid_until: day,
          sold_by: optional(pick(made, "users", "id")),
          sold_by_email: anyText,
          sold_at: timestamp,
        })
        // Its sessions used: never more than it holds (the CHECK).
        .map(({ sessions, used, ...row }) => ({
          ...row,
          sessions: String(sessions),
          sessions_used: String(Math.min(used, sessions)),
        })),
      { unique: [["id"]] },
    ),
  // Each kind with the shape its CHECK asks: a package's sale names the package, a session used
  // names both (at ₹0), the others their visit.
  charges: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          kind: oneOf("package", "session", "no_show", "package_session"),
          amount: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          visit_id: pick(made, "visits", "id"),
          package_id: pick(made, "packages", "id"),
          price_version_id: pick(made, "price_versions", "id"),
          created_at: timestamp,
        })
        .map(({ amount, ...row }) => ({
          ...row,
          amount_paise: row.kind === "package_session" ? "0" : String(amount),
          visit_id: row.kind === "package" ? null : row.visit_id,
          package_id:
            row.kind === "package" || row.kind === "package_session" ? row.package_id : null,
        })),
      { unique: [["id"], ["visit_id"]] },
    ),
  // A payment in has its receipt (number, year, place in the year); a refund has a reason.
  payments: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          direction: oneOf("in", "out"),
          method: oneOf("cash", "upi", "bank_transfer", "card"),
          amount_paise: fc.integer({ min: 1, max: 100_000_000 }).map(String),
          paid_on: day,
          reference: text(0, 100),
          reason: text(1, 500),
          payer_name: text(0, 200),
          language: oneOf("en", "hi"),
          financial_year: oneOf("26-27", "27-28"),
          receipt_seq: fc.integer({ min: 1, max: 999_999 }),
          recorded_by: optional(pick(made, "users", "id")),
          recorded_by_email: anyText,
          recorded_at: timestamp,
          collected_by: optional(pick(made, "users", "id")),
          handed_in_at: optional(timestamp),
          handed_in_by: optional(pick(made, "users", "id")),
          gateway_payment_id: optional(anyText),
        })
        .map(({ receipt_seq, ...row }) =>
          row.direction === "in"
            ? {
                ...row,
                reason: null,
                receipt_seq: String(receipt_seq),
                receipt_number: `HP/${row.financial_year}/${String(receipt_seq).padStart(6, "0")}`,
              }
            : { ...row, financial_year: null, receipt_seq: null, receipt_number: null },
        ),
      { unique: [["id"], ["receipt_number"]] },
    ).map(onceWhereSet(["gateway_payment_id"])),
  request_balances: (made) =>
    rows(
      fc.record({
        appointment_id: pick(made, "appointments", "id"),
        charged_paise: fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }).map(String),
        paid_paise: fc.bigInt({ min: -(2n ** 53n - 1n), max: 2n ** 53n - 1n }).map(String),
        owed_since: optional(timestamp),
      }),
      { unique: [["appointment_id"]] },
    ),
  receipt_counters: () =>
    rows(fc.record({ financial_year: text(1, 10), last_number: int4 }), {
      unique: [["financial_year"]],
    }),
  // A credit note refers to a receipt; its number is its own series'.
  credit_notes: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          payment_id: pick(made, "payments", "id"),
          amount_paise: fc.integer({ min: 1, max: 100_000_000 }).map(String),
          reason: text(0, 500),
          payer_name: text(0, 200),
          language: oneOf("en", "hi"),
          financial_year: oneOf("26-27", "27-28"),
          seq: fc.integer({ min: 1, max: 99_999 }),
          recorded_by: optional(pick(made, "users", "id")),
          recorded_by_email: anyText,
          recorded_at: timestamp,
        })
        .map(({ seq, ...row }) => ({
          ...row,
          seq: String(seq),
          number: `HP/${row.financial_year}/C${String(seq).padStart(5, "0")}`,
        })),
      { unique: [["id"], ["number"]] },
    ),
  // A Razorpay link: paid exactly when it names the payment its webhook booked.
  payment_links: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          purpose: oneOf("due", "package"),
          amount_paise: fc.integer({ min: 100, max: 100_000_000 }).map(String),
          reference_id: anyText,
          gateway_id: optional(anyText),
          short_url: optional(anyText),
          status: oneOf("creating", "created", "paid", "failed"),
          created_by: optional(pick(made, "users", "id")),
          created_at: timestamp,
          payment_id: pick(made, "payments", "id"),
          paid_at: optional(timestamp),
        })
        .map((row) => (row.status === "paid" ? row : { ...row, payment_id: null })),
      { unique: [["id"], ["reference_id"]] },
    ).map(onceWhereSet(["gateway_id"])),
  gateway_events: (made) =>
    rows(
      fc.record({
        id: uuid,
        event_id: optional(anyText),
        event: text(1, 100),
        outcome: oneOf("booked", "repeated", "refused"),
        reason: text(0, 500),
        payment_link_id: optional(pick(made, "payment_links", "id")),
        gateway_payment_id: optional(anyText),
        amount_paise: optional(int8),
        received_at: timestamp,
        seen_at: optional(timestamp),
        seen_by: optional(pick(made, "users", "id")),
      }),
      { unique: [["id"]] },
    ).map(onceWhereSet(["event_id"])),
  // A change a therapist's phone sent with its key (decision 049), and the answer kept for it.
  therapist_changes: (made) =>
    rows(
      fc.record({
        key: uuid,
        therapist_id: pick(made, "users", "id"),
        visit_id: optional(pick(made, "visits", "id")),
        intent: text(1, 20),
        status: int4,
        answer: json,
        received_at: timestamp,
      }),
      { unique: [["key"]] },
    ),
  // The clinic's travel table (decision 050): each pair once, its places in order under any
  // collation (one case, letters and spaces only).
  travel_times: () =>
    rows(
      fc
        .record({
          pair: fc.constantFrom(
            ["alpha", "alpha"],
            ["alpha", "beta"],
            ["beta", "gamma"],
            ["Central Delhi", "South Delhi"],
          ),
          minutes: fc.integer({ min: 0, max: 240 }).map(String),
          updated_at: timestamp,
        })
        .map(({ pair: [placeA, placeB], ...row }) => ({
          place_a: placeA,
          place_b: placeB,
          ...row,
        })),
      { unique: [["place_a", "place_b"]] },
    ),
  // The care record (decision 051): corrections and amendments are rows of their own, so the
  // generated rows correct nothing (a row naming another of the same table needs it first).
  assessments: (made) =>
    rows(
      fc.record({
        id: uuid,
        appointment_id: pick(made, "appointments", "id"),
        visit_id: optional(pick(made, "visits", "id")),
        author_id: optional(pick(made, "users", "id")),
        author_name: text(0, 100),
        problem: text(1, 2000),
        since: text(0, 200),
        history: text(0, 300),
        red_flags: textArray("chest-pain", "new-weakness", "calf-swelling"),
        regions: fc.constantFrom("[]", '[{"region":"knee-left","pain":6}]'),
        goals: textArray("Walk to the balcony alone", "बाज़ार तक चलना"),
        supersedes_id: fc.constant(null),
        flags_handled_at: optional(timestamp),
        flags_handled_by: optional(anyText),
        created_at: timestamp,
      }),
      { unique: [["id"]] },
    ),
  measure_results: (made) =>
    rows(
      fc
        .record({
          id: uuid,
          appointment_id: pick(made, "appointments", "id"),
          visit_id: optional(pick(made, "visits", "id")),
          author_id: optional(pick(made, "users", "id")),
          measure: oneOf("nprs", "berg", "tug"),
          occasion: oneOf("start", "interval", "discharge"),
          score_tenths: fc.integer({ min: 0, max: 100 }).map(String),
          entry: fc.constantFrom('{"items":{}}', '{"items":{"score":4}}'),
          created_at: timestamp,
        })
        .chain((row) =>
          // Struck out (decision 053) with all its columns, or not at all (the table's CHECK).
          fc
            .option(
              fc.record({
                struck_at: timestamp,
                struck_by: optional(pick(made, "users", "id")),
                struck_by_name: text(0, 100),
                struck_reason: text(3, 500),
              }),
              { nil: null },
            )
            .map((struck) => ({
              ...row,
              struck_at: struck?.struck_at ?? null,
              struck_by: struck?.struck_by ?? null,
              struck_by_name: struck?.struck_by_name ?? null,
              struck_reason: struck?.struck_reason ?? null,
            })),
        ),
      { unique: [["id"]] },
    ),
  visit_notes: (made) =>
    rows(
      fc.record({
        id: uuid,
        appointment_id: pick(made, "appointments", "id"),
        visit_id: pick(made, "visits", "id"),
        author_id: optional(pick(made, "users", "id")),
        author_name: text(0, 100),
        subjective: text(0, 300),
        objective: text(0, 300),
        assessment: text(0, 300),
        plan: text(0, 300),
        signed_at: optional(timestamp),
        amends_id: fc.constant(null),
        created_at: timestamp,
        updated_at: timestamp,
      }),
      { unique: [["id"], ["visit_id"]] },
    ),
  exercises: () =>
    rows(
      fc.record({
        key: fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,8})?$/),
        name_en: anyText,
        name_hi: anyText,
        purpose_en: anyText,
        purpose_hi: anyText,
        how_en: textArray("Sit tall", "Stand up slowly"),
        how_hi: textArray("सीधे बैठें"),
        sets: fc.integer({ min: 1, max: 10 }).map(String),
        reps: fc.integer({ min: 1, max: 100 }).map(String),
        hold_seconds: optional(fc.integer({ min: 1, max: 300 }).map(String)),
        times_per_day: fc.integer({ min: 1, max: 6 }).map(String),
        stop_if_en: anyText,
        stop_if_hi: anyText,
        conditions: textArray("stroke", "senior"),
        active: bool,
        updated_at: timestamp,
      }),
      { unique: [["key"]] },
    ),
  // One current programme per request: the generated ones have all ended but where kept once.
  programmes: (made) =>
    rows(
      fc.record({
        id: uuid,
        appointment_id: pick(made, "appointments", "id"),
        author_id: optional(pick(made, "users", "id")),
        items: fc.constantFrom(
          '[{"exercise":"sit-to-stand","sets":2,"reps":10,"holdSeconds":null,"timesPerDay":2}]',
        ),
        starts_on: day,
        ended_at: timestamp,
        created_at: timestamp,
      }),
      { unique: [["id"]] },
    ),
  exercise_ticks: (made) =>
    rows(
      fc.record({
        programme_id: pick(made, "programmes", "id"),
        day,
        exercise: oneOf("sit-to-stand", "bridging"),
        ticked_at: timestamp,
      }),
      { unique: [["programme_id", "day", "exercise"]] },
    ),
  credit_note_counters: () =>
    rows(fc.record({ financial_year: text(1, 10), last_number: int4 }), {
      unique: [["financial_year"]],
    }),
  access_log: (made) =>
    rows(
      fc.record({
        id: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String),
        at: timestamp,
        actor_id: optional(anyText),
        actor_email: anyText,
        action: anyText,
        appointment_ids: fc.oneof(
          uuids,
          pick(made, "appointments", "id").map((id) => `{${id}}`),
        ),
        detail: optional(json),
        address: optional(anyText),
      }),
      { max: 20, unique: [["id"]] },
    ),
};

/** A whole database: each table's rows, generated after the tables it references. */
export function databaseRows(tables: BackupTable[]): fc.Arbitrary<Made> {
  return tables.reduce<fc.Arbitrary<Made>>(
    (made, table) =>
      made.chain((before) => {
        const generator = generators[table.name];
        if (!generator) throw new Error(`no generator for the table ${table.name}`);
        return generator(before).map((rows) => ({ ...before, [table.name]: rows }));
      }),
    fc.constant({}),
  );
}

/** Each sequence somewhere in its range, called or not. */
export function sequencePlaces(names: string[]): fc.Arbitrary<Record<string, [string, string]>> {
  return fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.tuple(fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String), bool),
      ]),
    ),
  );
}
