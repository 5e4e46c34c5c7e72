// A copy opens nothing (decision 024): after sign-ups, password links and sign-ins through the
// production server, a copy of its data folder and a backup (`npm run db:backup`) are searched for
// every token-like string, and each is tried as a password link and as a session cookie — raw,
// and signed with the very key the copy holds beside the database (as whoever took the copy
// would) — against the live database. None works; meanwhile the browsers' own cookies and the
// newest unused link, which the copies never held, still do. On PGlite and on PostgreSQL.
//
// Not tried: the strings the empty database's folder already held before the server first
// started (PGlite's catalogs and files: about 4,240 of PGlite's 4,370, which took 13 of the
// scan's 14 CPU seconds). Every link and session is made by the requests here, after that
// folder was, with a token of new random text; a token written into a copy, raw or signed, is
// new text too, and is tried.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { setFlagsFromString } from "node:v8";
import { gunzipSync } from "node:zlib";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { createStaffAuth, type StaffAuth } from "#app/domain/staff/auth.server.ts";
import { secretKeyFileName } from "#app/domain/staff/secret-key.server.ts";
import {
  pinnedEnv,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { createTestDatabase } from "#tests/e2e/appointments.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { admin, nonAdmin, seedStaff } from "#tests/e2e/staff.ts";

const run = promisify(execFile);

const noLimits = {
  SIGN_UP_RATE_LIMIT_CLIENT: "off",
  PASSWORD_RESET_RATE_LIMIT_CLIENT: "off",
  ACCOUNT_MAIL_RATE_LIMIT_SITE: "off",
  SIGN_UP_RATE_LIMIT_SITE: "off",
  SIGN_UP_RATE_LIMIT_DOMAIN: "off",
  MAILBOX_RATE_LIMIT: "off",
  SIGN_IN_RATE_LIMIT_CLIENT: "off",
  SIGN_IN_RATE_LIMIT_ACCOUNT: "off",
};

function post(url: string, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: url, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

async function signIn(url: string, account: { email: string; password: string }) {
  const response = await post(url, "/auth", { intent: "login", ...account });
  expect(response.status).toBe(303);
  return cookiesOf(response);
}

/** The password links of the e-mails written to `mailDir`, oldest first, with their address. */
async function linksIn(mailDir: string): Promise<{ to: string; token: string }[]> {
  const links = [];
  for (const name of readdirSync(mailDir).sort()) {
    const mail = await simpleParser(readFileSync(join(mailDir, name)));
    const token = /\/auth\/set-password\?token=([\w-]+)/.exec(mail.text ?? "")?.[1];
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    if (token) links.push({ to: to?.value[0]?.address ?? "", token });
  }
  return links;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Every run of 16 or more token-like characters in `text` (letters, digits and the signs tokens,
 * hashes, signatures and encodings are written with), and the runs of letters and digits inside
 * each, so that a token stored next to other such characters is found on its own too.
 */
function tokenLike(text: string, into: Set<string>): void {
  for (const [run] of text.matchAll(/[A-Za-z0-9_\-:.%+/=]{16,}/g)) {
    into.add(run);
    for (const [piece] of run.matchAll(/[A-Za-z0-9_-]{16,}|[A-Za-z0-9]{16,}/g)) into.add(piece);
  }
}

/** A cookie value as Better Auth writes it: the value, a dot, its HMAC-SHA256 (base64), encoded. */
const signed = (value: string, key: string) =>
  encodeURIComponent(`${value}.${createHmac("sha256", key).update(value).digest("base64")}`);

for (const kind of ["pglite", "postgres"] as const) {
  describe(`a copy of the data folder and a backup open nothing (${kind})`, () => {
    const root = mkdtempSync(join(tmpdir(), "physio-copies-"));
    const dataDir = join(root, "data");
    const mailDir = join(root, "mail");
    let databaseUrl: string | undefined;
    let dropDatabase = async () => {};
    let server: RunningServer | undefined;

    beforeAll(async () => {
      if (kind === "postgres") {
        mkdirSync(dataDir);
        const database = await createTestDatabase();
        databaseUrl = database.url;
        dropDatabase = database.drop;
        await seedStaff({ databaseUrl });
      } else {
        cpSync(dataTemplate, dataDir, { recursive: true });
        await seedStaff({ dataDir });
      }
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await dropDatabase();
      rmSync(root, { recursive: true, force: true });
    });

    it("after sign-ups, resets and sign-ins, no token-like string in them is a link or a session", {
      timeout: 180_000,
    }, async () => {
      const where: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
      const settings = {
        ...testSite.settings,
        ...noLimits,
        ...where,
        DATA_DIR: dataDir,
        MAIL_DIR: mailDir,
      };
      server = await startProductionServer(settings);
      const url = server.url;

      // Three sign-ups (a link each); one owner chooses the password by it and signs in.
      for (const name of ["asha", "vikram", "meera"]) {
        const response = await post(url, "/auth", {
          intent: "signup",
          email: `${name}@clinic.test`,
          password: `${name}-typed-pass`,
        });
        expect(response.status).toBe(200);
      }
      // Resets: two for the admin (the second ends the first), one for the other member of staff.
      for (const email of [admin.email, admin.email, nonAdmin.email]) {
        expect((await post(url, "/auth", { intent: "reset", email })).status).toBe(200);
      }
      await expect
        .poll(() => (existsSync(mailDir) ? readdirSync(mailDir).length : 0), { timeout: 15_000 })
        .toBe(6);
      const links = await linksIn(mailDir);
      const asha = links.find((link) => link.to === "asha@clinic.test");
      const opened = await fetch(`${url}/auth/set-password?token=${asha?.token}`, {
        redirect: "manual",
      });
      const chosen = await post(
        url,
        "/auth/set-password",
        { password: "asha-chosen-pass", repeat: "asha-chosen-pass" },
        cookiesOf(opened),
      );
      expect(chosen.headers.get("location")).toBe("/auth?password=set");
      // Sessions: the admin in two browsers, the other member of staff, the new colleague.
      const browsers = [
        await signIn(url, admin),
        await signIn(url, admin),
        await signIn(url, nonAdmin),
        await signIn(url, { email: "asha@clinic.test", password: "asha-chosen-pass" }),
      ];

      // Stopped cleanly: the folder is whole. Copied, and backed up as a person does it.
      await server.stop();
      server = undefined;
      const copy = join(root, "copy");
      cpSync(dataDir, copy, { recursive: true });
      const backups = join(root, "backups");
      await run(process.execPath, ["scripts/db-backup.ts", backups], {
        env: pinnedEnv({ LOG_LEVEL: "silent", ...where, DATA_DIR: dataDir }),
      });

      const candidates = new Set<string>();
      for (const file of filesUnder(copy)) tokenLike(readFileSync(file, "latin1"), candidates);
      for (const file of filesUnder(backups)) {
        const bytes = readFileSync(file);
        const text = file.endsWith(".gz") ? gunzipSync(bytes).toString("utf8") : bytes.toString();
        tokenLike(text, candidates);
      }
      // What the folder held before the server first started (PostgreSQL's: nothing).
      const heldBefore = new Set<string>();
      if (kind === "pglite") {
        for (const file of filesUnder(dataTemplate)) {
          tokenLike(readFileSync(file, "latin1"), heldBefore);
        }
      }
      const tried = [...candidates].filter((candidate) => !heldBefore.has(candidate));
      // The key a copy of the folder holds (beside the database, readable by its owner only).
      const key = readFileSync(join(copy, secretKeyFileName), "utf8").trim();
      expect(statSync(join(dataDir, secretKeyFileName)).mode & 0o777).toBe(0o600);

      // The live database, through the same code the routes use (the session of a cookie; whether
      // a link's token works), with the server's key. Thousands of lookups: PGlite's WebAssembly
      // is let tier up here, as a server's is (tests/e2e/setup.ts turns that off for short lives).
      setFlagsFromString("--wasm-tiering-budget=13000000");
      const live = await openDatabase({ dataDir, databaseUrl, poolSize: 1 });
      const started = performance.now();
      try {
        const staff: StaffAuth = createStaffAuth(live.db, {
          siteUrl: url,
          secret: key,
          signUp: "open",
          sessionIdleHours: 12,
          sendAccountLink: async () => {},
        });
        const asker = (cookie: string) => ({ cookie, clientAddress: "198.51.100.9" });
        // Controls: what the copies did not hold still works, so a working one would be seen.
        for (const cookie of browsers) {
          expect(await staff.getSession(asker(cookie)), cookie).not.toBeNull();
        }
        // Of the admin's two links, the later one asked for ended the first: one works. (Not
        // always the last file's: files are named by when each e-mail was written, to the
        // millisecond, then by its tag, which need not be the order the links were asked for.)
        const adminLinks = links.filter((link) => link.to === admin.email);
        expect(adminLinks).toHaveLength(2);
        const working = [];
        for (const link of adminLinks) {
          if (await staff.passwordLinkWorks(link.token)) working.push(link);
        }
        expect(working).toHaveLength(1);
        const tokens = browsers.map((cookie) =>
          decodeURIComponent(/staff\.session_token=([^;.]+)/.exec(cookie)?.[1] ?? ""),
        );
        expect(tokens.every((token) => /^\w{32}$/.test(token))).toBe(true);

        const opening: string[] = [];
        for (const candidate of tried) {
          if (await staff.passwordLinkWorks(candidate)) opening.push(`link ${candidate}`);
          for (const cookie of [
            `staff.session_token=${signed(candidate, key)}`,
            `staff.session_token=${candidate}`,
          ]) {
            if (await staff.getSession(asker(cookie))) opening.push(`session ${candidate}`);
          }
        }
        console.log(
          `${kind}: ${candidates.size} token-like strings in the copy and the backup, ${tried.length} of them new since the empty folder, ${opening.length} of those opening something (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
        expect(tried.length).toBeGreaterThan(100);
        // None of the browsers' tokens, nor any link's, is anywhere in the copies.
        for (const secret of [...tokens, ...links.map((link) => link.token)]) {
          expect([...candidates].some((candidate) => candidate.includes(secret))).toBe(false);
        }
        expect(opening).toEqual([]);
      } finally {
        await live.close();
      }
    });
  });
}
