// Migration 0013 (decision 023) on a database as the site left it before: the sessions and password
// links made then end (a copy taken earlier holds them in clear), a link e-mail still queued is
// withdrawn with its link, an erased request loses its campaign's labels too, and new requests
// get references from the keyed numbering. On both databases.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { migrationsUpTo } from "#app/domain/privacy/restore.server.ts";
import {
  createPostgresDatabase,
  type DatabaseKind,
  databaseKinds,
  freshPgliteFolder,
  queryRows,
} from "#tests/integration/databases.ts";

const migrations = join(import.meta.dirname, "../../db/migrations");

/** A new database of this kind, opened at `folder`'s migrations, then at all of them. */
async function databaseOf(kind: DatabaseKind) {
  let open: (migrationsFolder?: string) => Promise<DatabaseHandle>;
  if (kind === "pglite") {
    // A fresh folder: the template is migrated already.
    const dataDir = join(freshPgliteFolder(), "fresh");
    onTestFinished(() => rmSync(join(dataDir, ".."), { recursive: true, force: true }));
    open = (migrationsFolder) => openDatabase({ dataDir, migrationsFolder });
  } else {
    const database = await createPostgresDatabase();
    onTestFinished(database.drop);
    open = (migrationsFolder) =>
      openDatabase({ databaseUrl: database.url, dataDir: "", migrationsFolder, poolSize: 1 });
  }
  return open;
}

it.each(databaseKinds)(
  "on %s: ends the sessions and links of before, withdraws a queued link",
  async (kind) => {
    const journal = (await import("#db/migrations/meta/_journal.json", { with: { type: "json" } }))
      .default.entries as { tag: string; when: number }[];
    const at = journal.findIndex((entry) => entry.tag.startsWith("0013_"));
    const level = { count: at, createdAt: (journal[at - 1] as { when: number }).when };
    const before = await migrationsUpTo(migrations, level);
    onTestFinished(() => rmSync(before, { recursive: true, force: true }));
    const open = await databaseOf(kind);

    const old = await open(before);
    const erasedId = randomUUID();
    try {
      await old.db.execute(sql`INSERT INTO users (id, name, email, email_verified)
      VALUES ('u1', 'Nurse', 'nurse@clinic.test', true)`);
      await old.db.execute(sql`INSERT INTO sessions (id, token, user_id, expires_at)
      VALUES ('s1', 'RawSessionTokenOfBefore0123456789', 'u1', now() + interval '1 day')`);
      await old.db.execute(sql`INSERT INTO verifications (id, identifier, value, expires_at)
      VALUES ('v1', 'hashed-identifier', 'u1', now() + interval '1 hour')`);
      await old.db.execute(sql`INSERT INTO notifications (kind, recipient, payload, state) VALUES
      ('password-reset', 'nurse@clinic.test', '{"url": "http://x/auth/set-password?token=Queued"}', 'queued'),
      ('account-confirmation', 'new@clinic.test', '{"url": "http://x/auth/set-password?token=Sent"}', 'sent'),
      ('test', 'other@clinic.test', '{"subject": "kept"}', 'queued')`);
      await old.db.execute(sql`INSERT INTO appointments (id, name, phone, address, pincode,
        utm_source, utm_campaign, erased_at)
      VALUES (${erasedId}, '', '', '', '110017', 'newsletter', 'a label someone typed', now())`);
      await old.db.execute(
        sql`INSERT INTO app_secrets (name, value) VALUES ('auth', 'an old key')`,
      );
    } finally {
      await old.close();
    }

    const now = await open(migrations);
    try {
      const count = async (table: string) =>
        (
          await queryRows<{ n: number }>(now.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`))
        )[0]?.n;
      expect(await count("sessions")).toBe(0);
      expect(await count("verifications")).toBe(0);
      const mail = await queryRows<{
        kind: string;
        state: string;
        payload: unknown;
        last_error: string | null;
      }>(now.db, sql`SELECT kind, state, payload, last_error FROM notifications ORDER BY kind`);
      expect(mail).toEqual([
        { kind: "account-confirmation", state: "sent", payload: null, last_error: null },
        {
          kind: "password-reset",
          state: "failed",
          payload: null,
          last_error: "withdrawn by migration 0013: ask for a new link",
        },
        { kind: "test", state: "queued", payload: { subject: "kept" }, last_error: null },
      ]);
      const [erased] = await queryRows<{ utm_source: string | null; utm_campaign: string | null }>(
        now.db,
        sql`SELECT utm_source, utm_campaign FROM appointments WHERE id = ${erasedId}`,
      );
      expect(erased).toEqual({ utm_source: null, utm_campaign: null });
      // No key in the database any more.
      const secrets = await queryRows<{ name: string | null }>(
        now.db,
        sql`SELECT to_regclass('public.app_secrets')::text AS name`,
      );
      expect(secrets).toEqual([{ name: null }]);
      const [reference] = await queryRows<{ r: string }>(
        now.db,
        sql`SELECT next_appointment_reference() AS r`,
      );
      expect(reference?.r).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    } finally {
      await now.close();
    }
  },
  120_000,
);
