// The site's secret key: it signs the staff's session cookies and seals the password links waiting
// in the outbox (app/domain/mail/sealed-payload.server.ts). It is kept outside the database, so
// that a copy of the database or a backup opens nothing (docs/accounts.md): AUTH_SECRET when set
// (required on a public site: env.server.ts's going-live guard), else a random key made once and
// kept in a file beside the embedded database, `DATA_DIR/secret-key`, readable by its owner only.
import { randomBytes } from "node:crypto";
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
