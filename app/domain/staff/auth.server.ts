// Staff accounts and sessions: Better Auth (e-mail and password, scrypt hashes) on the same
// database as the appointments, through its Drizzle adapter. Nothing of Better Auth is mounted
// over HTTP: our routes call it (auth.api.*) after their own checks (same origin, rate limits,
// the spec's messages), so its whole surface is what the routes allow. Sessions live in the
// database and travel in an HttpOnly, SameSite=Lax cookie, Secure over HTTPS (decision 010).
//
// The address's owner chooses the password (docs/accounts.md): a new account cannot sign in
// until the link e-mailed to its address has been used to choose a password, which replaces the
// one typed at sign-up. Whoever signs up with someone else's address therefore never holds a
// password that works. The same kind of link resets a forgotten password (Better Auth's reset
// tokens: single use, stored hashed); either ends every session of the account. Only the newest
// link of an account works: a new one, a used one or a password change ends the others.
//
// A copy of the database opens nothing (docs/accounts.md): links are stored hashed (and sealed in
// the outbox), session tokens hashed (hashed-sessions.server.ts), and the key that signs cookies
// is kept outside the database (secret-key.server.ts).
import { createHash } from "node:crypto";
import { generateId } from "@better-auth/core/utils/id";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { isAPIError } from "better-auth/api";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { withHashedSessionTokens } from "#app/domain/staff/hashed-sessions.server.ts";
import { accounts, type Role, sessions, userRoles, users, verifications } from "#db/schema.ts";

const sessionCookiePrefix = "staff";

export interface StaffAuthOptions {
  siteUrl: string;
  secret: string;
  signUp: "open" | "closed";
  sessionIdleHours: number;
  /**
   * Queues an e-mail with a password link (through the outbox): `confirm` for a new account (its
   * owner confirms the address by choosing the password), `reset` for a forgotten password.
   */
  sendAccountLink(link: AccountLink): Promise<void>;
}

interface AccountLink {
  kind: "confirm" | "reset";
  email: string;
  url: string;
}

/** How long a link works: a day to confirm a new account, an hour to reset a password. */
export const accountLinkHours = { confirm: 24, reset: 1 } as const;

/** The page a password link opens; its token is moved into a cookie there (auth-password.tsx). */
export const passwordLinkPath = "/auth/set-password";

/** A link's token as we make them (32 characters); anything empty or long is not looked up. */
const plausibleToken = (token: string) => token.length > 0 && token.length <= 200;

/** Better Auth's name for a password link's one-time value: `reset-password:<token>`. */
const passwordTokenIdentifier = (token: string) => `reset-password:${token}`;

/**
 * What the database keeps of a one-time value's name: its SHA-256, as Better Auth's own "hashed"
 * storage writes it (so links made before stay valid), named here so that the other links of an
 * account can be told from the newest.
 */
const storedIdentifier = (identifier: string) =>
  createHash("sha256").update(identifier).digest("base64url");

/** Ends every password link of the account but the one of `keepToken`. */
async function endOtherLinks(db: Database, userId: string, keepToken?: string): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        keepToken
          ? ne(verifications.identifier, storedIdentifier(passwordTokenIdentifier(keepToken)))
          : undefined,
      ),
    );
}

export interface StaffUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** What a caller passes of the request: the cookie, and who asks (for the session's record). */
export interface Asker {
  cookie?: string | null;
  userAgent?: string | null;
  clientAddress: string;
}

export type SignInResult =
  | { ok: true; user: StaffUser; setCookies: string[] }
  | { ok: false; reason: "invalid" | "unconfirmed" | "other"; detail?: string };

export type PasswordChangeResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; reason: "invalid" | "other"; detail?: string };

export type SignUpResult =
  | { ok: true }
  | { ok: false; reason: "exists" | "closed" | "other"; detail?: string };

function askerHeaders(asker: Asker): Headers {
  const headers = new Headers();
  if (asker.cookie) headers.set("cookie", asker.cookie);
  if (asker.userAgent) headers.set("user-agent", asker.userAgent.slice(0, 300));
  // The address our server decided on (TRUST_PROXY), not whatever the client wrote.
  headers.set("x-forwarded-for", asker.clientAddress);
  return headers;
}

export function createStaffAuth(db: Database, options: StaffAuthOptions) {
  const idleSeconds = Math.round(options.sessionIdleHours * 3600);
  const linkUrl = (token: string) =>
    `${options.siteUrl}${passwordLinkPath}?token=${encodeURIComponent(token)}`;
  const auth = betterAuth({
    appName: "Staff",
    baseURL: options.siteUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.siteUrl],
    database: (betterAuthOptions: BetterAuthOptions) =>
      withHashedSessionTokens(
        drizzleAdapter(db, {
          provider: "pg",
          schema: {
            user: users,
            session: sessions,
            account: accounts,
            verification: verifications,
          },
        })(betterAuthOptions),
      ),
    emailAndPassword: {
      enabled: true,
      disableSignUp: options.signUp === "closed",
      minPasswordLength: 6,
      maxPasswordLength: 100,
      // The spec: "Account created! Please login." — a sign-up does not sign in.
      autoSignIn: false,
      // Not until the owner of the address has chosen the password by the e-mailed link.
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: accountLinkHours.reset * 3600,
      revokeSessionsOnPasswordReset: true,
      // An account not confirmed yet gets the confirming kind of e-mail: the link does both.
      sendResetPassword: async ({ user, token }) => {
        await endOtherLinks(db, user.id, token);
        await options.sendAccountLink({
          kind: user.emailVerified ? "reset" : "confirm",
          email: user.email,
          url: linkUrl(token),
        });
      },
      // The link reached the address's owner: the address is confirmed, and no other link of
      // the account works any more.
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        await endOtherLinks(db, user.id);
      },
    },
    // Addresses are confirmed by the password links above, never by Better Auth's own
    // verification e-mail (whose link would confirm the password a stranger typed).
    emailVerification: { sendOnSignUp: false, sendOnSignIn: false },
    // A copy of the database holds no usable link: tokens are stored as hashes.
    verification: { storeIdentifier: { hash: async (identifier) => storedIdentifier(identifier) } },
    session: {
      // Ends after this long unused; each use at least `updateAge` after the last refresh moves
      // the end forward (and re-sends the cookie).
      expiresIn: idleSeconds,
      updateAge: Math.min(600, Math.floor(idleSeconds / 4)),
    },
    // Our routes limit sign-in attempts themselves (per account and per client, in the database).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: sessionCookiePrefix,
      useSecureCookies: options.siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    logger: { disabled: true },
  });

  async function findUserByEmail(email: string) {
    const [user] = await db
      .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return user;
  }

  return {
    auth,

    async signIn(email: string, password: string, asker: Asker): Promise<SignInResult> {
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email, password, rememberMe: true },
          headers: askerHeaders(asker),
          returnHeaders: true,
        });
        const user = response.user;
        return {
          ok: true,
          user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
          setCookies: headers.getSetCookie(),
        };
      } catch (error) {
        if (isAPIError(error)) {
          const code = (error.body as { code?: string } | undefined)?.code;
          if (code === "INVALID_EMAIL_OR_PASSWORD" || error.status === "UNAUTHORIZED") {
            return { ok: false, reason: "invalid" };
          }
          if (code === "EMAIL_NOT_VERIFIED") {
            return { ok: false, reason: "unconfirmed" };
          }
          return { ok: false, reason: "other", detail: error.message };
        }
        throw error;
      }
    },

    async signUp(email: string, password: string, asker: Asker): Promise<SignUpResult> {
      if (options.signUp === "closed") {
        return { ok: false, reason: "closed" };
      }
      // Better Auth answers an existing address like a new one (against enumeration); the spec
      // asks to say so, and staff need to know.
      if (await findUserByEmail(email)) {
        return { ok: false, reason: "exists" };
      }
      try {
        const { user } = await auth.api.signUpEmail({
          body: { email, password, name: email.split("@")[0] ?? email, callbackURL: "/admin" },
          headers: askerHeaders(asker),
        });
        // The link that confirms the address: its owner chooses the password there. Made here,
        // as Better Auth's reset makes its own, for the confirming link's day (a reset link
        // lasts an hour); it is used up by the same resetPassword.
        const token = generateId(32);
        const context = await auth.$context;
        await context.internalAdapter.createVerificationValue({
          identifier: passwordTokenIdentifier(token),
          value: user.id,
          expiresAt: new Date(Date.now() + accountLinkHours.confirm * 3_600_000),
        });
        await endOtherLinks(db, user.id, token);
        await options.sendAccountLink({ kind: "confirm", email: user.email, url: linkUrl(token) });
        return { ok: true };
      } catch (error) {
        if (isAPIError(error)) {
          const code = (error.body as { code?: string } | undefined)?.code ?? "";
          if (code.startsWith("USER_ALREADY_EXISTS")) {
            return { ok: false, reason: "exists" };
          }
          return { ok: false, reason: "other", detail: error.message };
        }
        throw error;
      }
    },

    /**
     * E-mails a password link to the account of `email`, if there is one (a reset link; for an
     * account not confirmed yet, the confirming kind). Nothing tells the caller whether there was.
     */
    async requestPasswordReset(email: string): Promise<void> {
      await auth.api.requestPasswordReset({ body: { email } });
    },

    /** Whether a password link's token still works (unused, not expired). */
    async passwordLinkWorks(token: string): Promise<boolean> {
      if (!plausibleToken(token)) return false;
      const context = await auth.$context;
      const found = await context.internalAdapter.findVerificationValue(
        passwordTokenIdentifier(token),
      );
      return Boolean(found && found.expiresAt > new Date());
    },

    /**
     * Sets the password by a link's token (once: the token is used up), confirms the address,
     * and ends every session of the account. False when the token does not work.
     */
    async setPasswordByLink(token: string, password: string): Promise<boolean> {
      if (!plausibleToken(token)) return false;
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password } });
        return true;
      } catch (error) {
        if (isAPIError(error)) return false;
        throw error;
      }
    },

    /**
     * Changes the password of the signed-in account: every other session of it ends, and this
     * one is replaced (the cookies to send back).
     */
    async changePassword(
      asker: Asker,
      current: string,
      next: string,
    ): Promise<PasswordChangeResult> {
      try {
        const { headers, response } = await auth.api.changePassword({
          body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
          headers: askerHeaders(asker),
          returnHeaders: true,
        });
        // A link asked for before the change would undo it: none works any more.
        await endOtherLinks(db, response.user.id);
        return { ok: true, setCookies: headers.getSetCookie() };
      } catch (error) {
        if (isAPIError(error)) {
          const code = (error.body as { code?: string } | undefined)?.code;
          if (code === "INVALID_PASSWORD") {
            return { ok: false, reason: "invalid" };
          }
          return { ok: false, reason: "other", detail: error.message };
        }
        throw error;
      }
    },

    /** Ends the session on the server; the cookies that clear it in the browser. */
    async signOut(asker: Asker): Promise<string[]> {
      const { headers } = await auth.api.signOut({
        headers: askerHeaders(asker),
        returnHeaders: true,
      });
      return headers.getSetCookie();
    },

    /**
     * The session of the request's cookie, refreshed when due (with the cookie to send back),
     * or null. Read from the database each time: a session ended anywhere ends everywhere.
     */
    async getSession(
      asker: Asker,
    ): Promise<{ user: StaffUser; sessionId: string; setCookies: string[] } | null> {
      if (!asker.cookie?.includes(`${sessionCookiePrefix}.session_token=`)) return null;
      const { headers, response } = await auth.api.getSession({
        headers: askerHeaders(asker),
        query: { disableCookieCache: true },
        returnHeaders: true,
      });
      if (!response) return null;
      return {
        user: {
          id: response.user.id,
          email: response.user.email,
          emailVerified: response.user.emailVerified,
        },
        sessionId: response.session.id,
        setCookies: headers.getSetCookie(),
      };
    },

    /** A new account, confirmed, with this password (the admin command's `create`). */
    async createConfirmedAccount(email: string, password: string): Promise<StaffUser> {
      if (await findUserByEmail(email)) throw new Error(`${email} already has an account.`);
      if (password.length < 6 || password.length > 100) {
        throw new Error("The password must be 6 to 100 characters.");
      }
      const context = await auth.$context;
      const hash = await context.password.hash(password);
      const user = await context.internalAdapter.createUser(
        {
          email: email.toLowerCase(),
          name: email.split("@")[0] ?? email,
          emailVerified: true,
        },
        { method: "admin" },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: hash,
      });
      return { id: user.id, email: user.email, emailVerified: true };
    },

    findUserByEmail,
  };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

/** Ends every session of the account (its live streams end with them: staff_access_changed). */
export async function endSessions(db: Pick<Database, "delete">, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Whether this account holds the role: the one check every admin page, action and stream makes. */
export async function hasRole(db: Database, userId: string, role: Role): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(sql`${userRoles.userId} = ${userId} and ${userRoles.role} = ${role}`)
    .limit(1);
  return rows.length > 0;
}

/** The roles this account holds (none, one or both), read in one query for the session. */
export async function rolesOf(db: Database, userId: string): Promise<Set<Role>> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return new Set(rows.map((row) => row.role));
}
