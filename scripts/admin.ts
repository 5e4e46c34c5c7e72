// `npm run admin -- <command>`: staff accounts and their roles, from the server's shell
// (docs/accounts.md). The only way to hold a role: no page of the site grants one. It opens the
// database from the same settings as the server, does one thing, says so in one line, closes it.
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { ConfigError, type Env } from "#app/config/env.server.ts";
import { type Database, DataDirLockedError, openDatabase } from "#app/db.server.ts";
import {
  grantRole,
  listAccountRoles,
  RoleError,
  revokeRole,
} from "#app/domain/staff/roles.server.ts";
import { staffAuthFormSchema } from "#app/domain/staff/staff-auth-form.ts";
import { type Role, roles } from "#db/schema.ts";
import { commandArguments, databaseCommandSettings } from "#scripts/database-command.ts";

const usage = `Usage: npm run admin -- <command>
  create <email>   a new account, confirmed, with the admin role; asks for its password
                   (typed twice at a terminal; else the first line of standard input)
  grant <email> [admin|therapist]
                   gives the role (admin when left out) to an account whose address is
                   confirmed; a new therapist gets an empty profile, kept at /admin/therapists
  revoke <email> [admin|therapist]
                   takes the role (admin when left out) from an account and ends its sessions;
                   a therapist's profile stays, inactive
  list             the accounts holding a role, each with its roles`;

/** A refusal to report in one line, without a stack. */
class CommandError extends Error {}

type Command =
  | { name: "create"; email: string }
  | { name: "grant" | "revoke"; email: string; role: Role }
  | { name: "list" };

const isRole = (word: string): word is Role => (roles as readonly string[]).includes(word);

function parseArgs(args: string[]): Command | undefined {
  const [name, email, role, ...rest] = args;
  if (rest.length > 0) return undefined;
  if (name === "list") return email === undefined ? { name } : undefined;
  if (name === "create" && email && role === undefined) return { name, email };
  if ((name === "grant" || name === "revoke") && email) {
    if (role === undefined) return { name, email, role: "admin" };
    return isRole(role) ? { name, email, role } : undefined;
  }
  return undefined;
}

/** One line typed at the terminal, not shown (the muted output swallows readline's echo). */
function askHidden(prompt: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let answer: string | undefined;
    rl.once("line", (line) => {
      answer = line;
      rl.close();
    });
    rl.once("SIGINT", () => rl.close());
    rl.once("close", () => {
      process.stderr.write("\n");
      if (answer === undefined) reject(new CommandError("Cancelled: nothing was created."));
      else resolve(answer);
    });
  });
}

/** The first line of standard input (a pipe or a file), or undefined when it is empty. */
function readFirstLine(): Promise<string | undefined> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  return new Promise((resolve) => {
    rl.once("line", (line) => {
      resolve(line);
      rl.close();
    });
    rl.once("close", () => resolve(undefined));
  });
}

async function readPassword(email: string): Promise<string> {
  let password: string | undefined;
  if (process.stdin.isTTY) {
    password = await askHidden(`Password for ${email}: `);
    if ((await askHidden("The same password again: ")) !== password) {
      throw new CommandError("The two passwords differ: nothing was created.");
    }
  } else {
    password = await readFirstLine();
    if (password === undefined) throw new CommandError("No password on standard input.");
  }
  const checked = staffAuthFormSchema.shape.password.safeParse(password);
  if (!checked.success) throw new CommandError(checked.error.issues[0]?.message);
  return checked.data;
}

async function create(db: Database, env: Env, typed: string): Promise<string> {
  const parsed = staffAuthFormSchema.shape.email.safeParse(typed);
  if (!parsed.success) throw new CommandError(`${typed}: ${parsed.error.issues[0]?.message}`);
  // Better Auth is a large import: only this command needs it.
  const { createStaffAuth } = await import("#app/domain/staff/auth.server.ts");
  const staff = createStaffAuth(db, {
    siteUrl: env.SITE_URL,
    // Nothing this command makes is signed (no session, no link): any key will do.
    secret: randomBytes(32).toString("base64url"),
    signUp: env.AUTH_SIGN_UP,
    sessionIdleHours: env.SESSION_IDLE_HOURS,
    // An account made here is confirmed already: no e-mail is ever sent.
    sendAccountLink: async () => {},
  });
  // Before the password is asked for, not after.
  const existing = await staff.findUserByEmail(parsed.data);
  if (existing) {
    throw new CommandError(`${existing.email} already has an account (grant gives it the role).`);
  }
  const password = await readPassword(parsed.data);
  const user = await staff.createConfirmedAccount(parsed.data, password);
  await grantRole(db, user.email, "admin");
  return `Created ${user.email}, confirmed, with the admin role.`;
}

async function run(db: Database, env: Env, command: Command): Promise<string> {
  switch (command.name) {
    case "create":
      return create(db, env, command.email);
    case "grant": {
      const { role } = command;
      const { email, changed } = await grantRole(db, command.email, role);
      if (!changed) return `${email} already has the ${role} role.`;
      return role === "therapist"
        ? `Granted the therapist role to ${email} (their profile is at /admin/therapists).`
        : `Granted the ${role} role to ${email}.`;
    }
    case "revoke": {
      const { role } = command;
      const { email, changed } = await revokeRole(db, command.email, role);
      if (!changed) return `${email} does not have the ${role} role: nothing changed.`;
      return role === "therapist"
        ? `Revoked the therapist role from ${email} (their profile is kept, inactive; their calendar link no longer opens).`
        : `Revoked the ${role} role from ${email}.`;
    }
    case "list": {
      const accounts = await listAccountRoles(db);
      if (accounts.length === 0) return "No account has a role.";
      return accounts
        .map(({ email, roles }) => {
          const held = roles.map(
            ({ role, grantedAt }) => `${role} since ${grantedAt.toISOString()}`,
          );
          return `${email}  ${held.join(", ")}`;
        })
        .join("\n");
    }
  }
}

function describeError(error: unknown): string {
  // pg's refused connection is an AggregateError with no message of its own, and a file system
  // error inside PGlite may not be an Error at all.
  const { message, code, name } = (error ?? {}) as Record<string, unknown>;
  for (const text of [message, code, name]) if (typeof text === "string" && text) return text;
  try {
    return JSON.stringify(error).slice(0, 300);
  } catch {
    return String(error);
  }
}

const command = commandArguments(usage, parseArgs);
const env = databaseCommandSettings();
try {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    console.log(await run(handle.db, env, command));
  } finally {
    await handle.close();
  }
} catch (error) {
  const expected = [CommandError, RoleError, DataDirLockedError, ConfigError];
  if (expected.some((type) => error instanceof type)) {
    console.error(describeError(error));
  } else {
    console.error(`admin: ${describeError(error)}`);
    if (env.LOG_LEVEL === "debug") console.error(error);
  }
  process.exitCode = 1;
}
