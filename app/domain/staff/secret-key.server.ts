// The site's secret key: it signs the staff's session cookies and seals the password links waiting
// in the outbox (app/domain/mail/sealed-payload.server.ts). It is kept outside the database, so
// that a copy of the database or a backup opens nothing (docs/accounts.md): AUTH_SECRET when set
// (required on a public site: env.server.ts's going-live guard), else a random key made once and
// kept in a file beside the embedded database, `DATA_DIR/secret-key`, readable by its owner only.
import { createHmac, randomBytes } from "node:crypto";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "#app/db.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";

export const secretKeyFileName = "secret-key";

/** The key AUTH_SECRET names, else the one in `dataDir` (made now when there is none). */
export function resolveSecretKey(options: { configured?: string; dataDir: string }): string {
  if (options.configured) return options.configured;
  const path = join(options.dataDir, secretKeyFileName);
  return readKeyFile(path) ?? makeKeyFile(path);
}

function readKeyFile(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (text.length < 32) {
    throw new Error(
      `${path} does not hold a key (at least 32 characters): remove it to make a new one, which signs everybody out.`,
    );
  }
  // Copied with looser permissions (a backup tool, a careless cp): only its owner reads it.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return text;
}

/**
 * Writes a new key whole, then links it into place: two processes starting together (instances
 * on one PostgreSQL sharing a folder) end up with the same key, never half of one.
 */
function makeKeyFile(path: string): string {
  const key = randomBytes(32).toString("base64url");
  const dir = join(path, "..");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, `${key}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(partial, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = readKeyFile(path);
    if (!theirs) throw error;
    return theirs;
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * The first key of the advisory locks an instance holds for its secret key (any fixed number of
 * ours; 727_100_001 serialises the migrations). The second key is the key's fingerprint.
 */
const keyLockClass = 727_100_002;

/**
 * A key of its own for one purpose (the status cookie, the status link, the fingerprint below),
 * derived from the site's secret: an HMAC of the purpose's name under it. None of them tells
 * anything of the secret or of another purpose's key.
 */
export const derivedKey = (secret: string, purpose: string): Buffer =>
  createHmac("sha256", secret).update(purpose).digest();

/**
 * The key's fingerprint as a lock's key: 31 bits of an HMAC of a fixed text under it, so that
 * instances compare keys through the database without any of the key in it.
 */
function keyFingerprint(secret: string): number {
  return derivedKey(secret, "home-physio instance key").readUInt32BE(0) >>> 1;
}

/** Another instance on this database runs with another key. */
export class SecretKeyMismatchError extends Error {
  constructor(configured: boolean) {
    super(
      [
        "Refusing to start: another instance on this database runs with a different secret key, and staff signed in on one would be signed out by the other.",
        configured
          ? "Give every instance the same AUTH_SECRET (docs/accounts.md)."
          : "This instance has no AUTH_SECRET, so it uses a key of its own in its DATA_DIR: give every instance the same AUTH_SECRET (docs/accounts.md).",
        "To change the key on purpose, stop every instance, then start them with the new one.",
      ].join(" "),
    );
    this.name = "SecretKeyMismatchError";
  }
}

/**
 * Holds, for as long as this instance runs, a lock that says which key it signs with (a shared
 * advisory lock on a session of its own: PostgreSQL lets it go the moment the instance's
 * connection ends, a crash included), and refuses when an instance holding another key's lock
 * is running. Two starting together with different keys both refuse. PGlite is one process per
 * folder: nothing to compare. Resolves to a function that lets the lock go.
 */
export async function claimSecretKey(
  database: Pick<DatabaseHandle, "session">,
  secret: string,
  options: { configured: boolean; log: Logger },
): Promise<() => Promise<void>> {
  if (!database.session) return async () => {};
  const fingerprint = keyFingerprint(secret);
  let first = true;
  return database.session(async (client) => {
    await client.query("SELECT pg_advisory_lock_shared($1, $2)", [keyLockClass, fingerprint]);
    const { rows } = await client.query<{ others: number }>(
      `SELECT count(*)::int AS others FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND classid = $1::oid AND objid <> $2::oid
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [keyLockClass, fingerprint],
    );
    const mismatch = (rows[0]?.others ?? 0) > 0;
    if (mismatch && first) throw new SecretKeyMismatchError(options.configured);
    // Found only after the session was made again (both started during an outage): it runs.
    if (mismatch) options.log.error(new SecretKeyMismatchError(options.configured).message);
    first = false;
  });
}
