// Backups restore every value the database can hold (issue 25): generated databases — rows for
// every table, their text drawn from every Unicode line and paragraph separator, combining marks,
// Devanagari, Arabic and Hebrew with bidi controls, astral characters, at the longest lengths the
// schema's CHECKs allow — are backed up from PGlite and from PostgreSQL and restored into both,
// and every row comes back as the database wrote it. The set of tables is the live database's:
// a table without a generator below fails the test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db.server.ts";
import {
  backupDatabase,
  batchSize,
  ident,
  quoted,
  tablesInOrder,
} from "../../app/domain/privacy/backup.server.ts";
import type { BackupTable } from "../../app/domain/privacy/backup-file.server.ts";
import { restoreDatabase } from "../../app/domain/privacy/restore.server.ts";
import {
  emptyEveryTable,
  everyRow,
  everySequence,
  keptOpen,
  nullsByColumn,
  openScratchDatabase,
} from "./backup-rows.ts";
import { type DatabaseKind, databaseKinds, queryRows } from "./databases.ts";

/** A column's value as PostgreSQL reads it from text, or null. */
type Value = string | null;
type Row = Record<string, Value>;
/** The rows generated so far, by table: a table's generator picks its references among them. */
type Made = Record<string, Row[]>;

// --- Text -----------------------------------------------------------------------------------

/** Every line and paragraph separator of Unicode, and the C0 information separators. */
const separators = [
  "\n",
  "\r",
  "\v",
  "\f",
  "\u0085",
  "\u2028",
  "\u2029",
  "\u001c",
  "\u001d",
  "\u001e",
];
const hostile = [
  ...separators,
  "\t",
  "\u001f",
  "\u007f",
  // Combining marks, alone and stacked.
  "\u0301",
  "\u0308",
  "\u0327",
  "\u20dd",
  // Devanagari: consonants, vowel signs, virama, nukta, digits.
  "क",
  "ष",
  "ि",
  "्",
  "ं",
  "ँ",
  "़",
  "१",
  "ॐ",
  // Arabic and Hebrew, with their marks, and the bidi controls.
  "ب",
  "ي",
  "ة",
  "\u0650",
  "א",
  "ש",
  "\u05b8",
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  // Astral: an emoji and its modifiers, mathematical letters, a tag, the last code point.
  "\u{1f926}",
  "\u{1f3fd}",
  "\u200d",
  "\u2642",
  "\ufe0f",
  "\u{1d54f}",
  "\u{e0041}",
  "\u{10ffff}",
  // What JSON and SQL escape, and other odd ones.
  '"',
  "\\",
  "'",
  "/",
  "\u00a0",
  "\u00ad",
  "\u200b",
  "\ufeff",
  "\ufffd",
  "\ufffe",
  "\uffff",
];

/** One code point: mostly the hostile ones, some printable ASCII, any (but U+0000). */
const codePoint = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostile) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: "binary", minLength: 1, maxLength: 1 })
      .filter((char) => char !== "\u0000"),
  },
);

/** Every hostile code point, "\r\n", and an escape's look-alike, over and over: `length` long. */
const everyHostile = (length: number) => {
  const all = [...hostile, "\r", "\n", ..."\\u2028 \\n"];
  return Array.from({ length }, (_, i) => all[i % all.length]).join("");
};

/** Text of `min` to `max` code points (PostgreSQL's char_length), often exactly `max`. */
function text(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: codePoint, minLength: min, maxLength: Math.min(max, min + 30) }),
    fc.string({ unit: codePoint, minLength: max, maxLength: max }),
  );
}

/** Any text at all, up to a few hundred code points (no CHECK bounds it). */
const anyText = text(0, 300);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

// --- Other types, as text -------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const timestamp: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      year: fc.integer({ min: 1, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      seconds: fc.integer({ min: 0, max: 86_399 }),
      micros: fc.integer({ min: 0, max: 999_999 }),
      offset: fc.constantFrom("+00:00", "+05:30", "-09:30", "+14:00"),
    })
    .map(
      (t) =>
        `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(Math.floor(t.seconds / 3600))}:${pad(Math.floor(t.seconds / 60) % 60)}:${pad(t.seconds % 60)}.${pad(t.micros, 6)}${t.offset}`,
    ),
  fc.constantFrom("infinity", "-infinity", "4713-01-01 00:00:00+00 BC", "294276-12-31 23:59:59+00"),
);
/** A time JavaScript's Date can read (the erasure ledger reads the erasures' times with it). */
const jsTimestamp = fc
  .date({
    min: new Date("0001-01-01T00:00:00Z"),
    max: new Date("9999-12-31T23:59:59Z"),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());
const day = fc.oneof(
  timestamp.filter((t) => /^\d{4}-/.test(t)).map((t) => t.slice(0, 10)),
  fc.constantFrom("infinity", "-infinity", "0044-03-15 BC", "5874897-12-31"),
);
const int4 = fc.integer().map(String);
const bool = fc.boolean().map(String);
const uuid = fc.uuid();
const uuids = fc.array(uuid, { maxLength: 4 }).map((ids) => `{${ids.join(",")}}`);
// A JSON null, often: a NULL is something else.
const json = fc.oneof(
  fc.constant("null"),
  fc.jsonValue({ stringUnit: codePoint, maxDepth: 3 }).map((value) => JSON.stringify(value)),
);
const oneOf = (...values: string[]) => fc.constantFrom(...values);

/** A reference to a row made already: one of its `column`'s values, or null when none was made. */
function pick(made: Made, table: string, column: string): fc.Arbitrary<Value> {
  const values = (made[table] ?? []).map((row) => row[column] ?? null);
  return values.length > 0 ? fc.constantFrom(...values) : fc.constant(null);
}

/** Between `min` and `max` rows, each value of each `unique` column once. */
function rows(
  row: fc.Arbitrary<Row>,
  { min = 1, max = 10, unique = [] as string[][] } = {},
): fc.Arbitrary<Row[]> {
  return fc.array(row, { minLength: min, maxLength: max }).map((all) => {
    const seen = unique.map(() => new Set<string>());
    return all.filter((candidate) => {
      const keys = unique.map((columns) => JSON.stringify(columns.map((c) => candidate[c])));
      if (keys.some((key, i) => seen[i]?.has(key))) return false;
      for (const [i, key] of keys.entries()) seen[i]?.add(key);
      return true;
    });
  });
}

/** A phone as the CHECK wants it: 10 to 15 ASCII digits among other characters, at most 30. */
const phone = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 10, maxLength: 15 }),
    fc.array(fc.constantFrom(...hostile, " ", "-", "+", "(", ")"), { maxLength: 20 }),
    fc.boolean(),
  )
  .map(([digits, others, longest]) => {
    const fill = longest
      ? Array.from({ length: 30 - digits.length }, (_, i) => others[i] ?? "-")
      : others.slice(0, 30 - digits.length);
    return [...digits]
      .flatMap((digit, i) => [digit, ...fill.filter((_, j) => j % digits.length === i)])
      .join("");
  });

// --- A generator per table, by name (a table that is not there is simply not generated) -----

const generators: Record<string, (made: Made) => fc.Arbitrary<Row[]>> = {
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
        state: oneOf("queued", "sent", "failed"),
        attempts: int4,
        last_error: optional(anyText),
        next_attempt_at: timestamp,
        created_at: timestamp,
        sent_at: optional(timestamp),
      }),
      { unique: [["id"]] },
    ),
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
          ),
          by_user_id: optional(pick(made, "users", "id")),
          by_email: anyText,
          body: optional(text(1, 2000)),
          note: text(1, 2000),
          callback_at: optional(timestamp),
          set_at: timestamp,
          owner_email: optional(anyText),
          created_at: timestamp,
        })
        .map(({ note, set_at, ...row }) => ({
          ...row,
          body: row.kind === "note" ? note : row.body,
          callback_at: row.kind === "callback_set" ? set_at : row.callback_at,
        })),
      { max: 20, unique: [["id"]] },
    ),
  // Until migration 0013, which drops it.
  app_secrets: () =>
    rows(fc.record({ name: anyText, value: anyText, created_at: timestamp }), {
      unique: [["name"]],
    }),
  // From migration 0013: one row at most (its CHECK: the id is true).
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
function databaseRows(tables: BackupTable[]): fc.Arbitrary<Made> {
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
function sequencePlaces(names: string[]): fc.Arbitrary<Record<string, [string, string]>> {
  return fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.tuple(fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String), bool),
      ]),
    ),
  );
}

// --- Writing the generated rows, as plain INSERTs ----------------------------------------------

async function columnTypes(handle: DatabaseHandle, table: string): Promise<Map<string, string>> {
  const types = await queryRows<{ name: string; type: string }>(
    handle.db,
    sql`SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = ${quoted(table)}::regclass AND attnum > 0 AND NOT attisdropped`,
  );
  return new Map(types.map((row) => [row.name, row.type]));
}

async function insertRows(
  handle: DatabaseHandle,
  tables: BackupTable[],
  made: Made,
  sequences: Record<string, [string, string]>,
): Promise<void> {
  for (const table of tables) {
    const types = await columnTypes(handle, table.name);
    const all = made[table.name] ?? [];
    const generated = Object.keys(all[0] ?? {}).sort();
    // Every stored column generated, no other: a column added by a migration gets a generator.
    expect(generated, `the columns generated for ${table.name}`).toEqual([...table.columns].sort());
    for (let start = 0; start < all.length; start += 50) {
      const values = all.slice(start, start + 50).map(
        (row) =>
          sql`(${sql.join(
            table.columns.map(
              (column) => sql`${row[column]}::text::${sql.raw(types.get(column) ?? "text")}`,
            ),
            sql`, `,
          )})`,
      );
      await handle.db.execute(
        sql`INSERT INTO ${ident(table.name)} (${sql.join(table.columns.map(ident), sql`, `)})
          OVERRIDING SYSTEM VALUE VALUES ${sql.join(values, sql`, `)}`,
      );
    }
  }
  for (const [name, [value, called]] of Object.entries(sequences)) {
    await handle.db.execute(
      sql`SELECT setval(${quoted(name)}::regclass, ${value}::bigint, ${called}::boolean)`,
    );
  }
}

// --- The property ---------------------------------------------------------------------------

describe("backup and restore of generated databases", () => {
  const sources = {} as Record<DatabaseKind, DatabaseHandle>;
  const targets = {} as Record<DatabaseKind, DatabaseHandle>;
  const folder = mkdtempSync(join(tmpdir(), "physio-backup-property-"));

  const removals: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    for (const kind of databaseKinds) {
      for (const into of [sources, targets]) {
        const { handle, remove } = await openScratchDatabase(kind);
        into[kind] = handle;
        removals.push(remove);
      }
    }
  });

  afterAll(async () => {
    for (const remove of removals.splice(0)) await remove();
    rmSync(folder, { recursive: true, force: true });
  });

  it("has a generator for every table", async () => {
    const tables = await tablesInOrder(sources.pglite.db);
    expect(tables.map((t) => t.name).filter((name) => !generators[name])).toEqual([]);
  });

  it.each(databaseKinds)(
    "from %s into PGlite and into PostgreSQL, every row as it was",
    async (from) => {
      const source = sources[from];
      const tables = await tablesInOrder(source.db);
      const sequences = Object.keys(await everySequence(source.db));
      let run = 0;
      await fc.assert(
        fc.asyncProperty(databaseRows(tables), sequencePlaces(sequences), async (made, places) => {
          await emptyEveryTable(source.db);
          await insertRows(source, tables, made, places);
          const expected = await everyRow(source.db);
          const expectedSequences = await everySequence(source.db);
          const expectedNulls = await nullsByColumn(source.db);
          // Every table holds rows: none is left out of the test.
          expect(
            Object.entries(expected)
              .filter(([, r]) => r.length === 0)
              .map(([t]) => t),
          ).toEqual([]);
          run += 1;
          const backup = await backupDatabase(source, join(folder, `${from}-${run}`));
          expect(backup.rows).toEqual(
            Object.fromEntries(tables.map((t) => [t.name, expected[t.name]?.length])),
          );
          for (const into of databaseKinds) {
            const target = targets[into];
            await emptyEveryTable(target.db);
            await restoreDatabase({ file: backup.file, open: keptOpen(target), ledger: [] });
            expect(await everyRow(target.db), `${from} into ${into}`).toEqual(expected);
            expect(await nullsByColumn(target.db), `${from} into ${into}`).toEqual(expectedNulls);
            expect(await everySequence(target.db), `${from} into ${into}`).toEqual(
              expectedSequences,
            );
          }
        }),
        // Each run writes and restores whole databases: a few, each of many rows. A failure is
        // reported as found (its seed replays it), not shrunk through hundreds of such runs.
        { numRuns: 3, endOnFailure: true },
      );
    },
    120_000,
  );
});
