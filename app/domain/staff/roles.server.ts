// Who holds a role, changed only by `npm run admin` (scripts/admin.ts): no page of the site
// grants or revokes one, so nobody can raise their own role through the site. Accounts are named
// by their address, matched whatever its case. The therapist role comes with a profile
// (therapists): made empty when the role is first granted, kept when it is revoked (its visits
// keep their history) but marked inactive, so that nobody is suggested or booked any more.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { endSessions } from "#app/domain/staff/auth.server.ts";
import { type Role, therapists, userRoles, users } from "#db/schema.ts";

export type RoleErrorReason = "unknown-account" | "unconfirmed";

/** A change the command must refuse; `message` is one line for the person who typed it. */
export class RoleError extends Error {
  readonly reason: RoleErrorReason;
  constructor(reason: RoleErrorReason, message: string) {
    super(message);
    this.name = "RoleError";
    this.reason = reason;
  }
}

export interface RoleChange {
  /** The account's address as stored. */
  email: string;
  /** False when the account already was (grant) or was not (revoke) a holder. */
  changed: boolean;
}

export interface RoleHolder {
  email: string;
  grantedAt: Date;
}

/** An account holding at least one role, with each of its roles and when it was granted. */
export interface AccountRoles {
  email: string;
  roles: { role: Role; grantedAt: Date }[];
}

/** A new profile's name: the account's name, else its address (the profile's limit is 100). */
function displayNameOf(account: { name: string; email: string }): string {
  return (account.name.trim() || account.email).slice(0, 100);
}

async function findAccount(db: Database, email: string) {
  const address = email.trim();
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${address.toLowerCase()}`)
    // Two stored addresses differing only in case: the exact one wins.
    .orderBy(sql`${users.email} = ${address} desc`)
    .limit(1);
  if (!account) throw new RoleError("unknown-account", `No account has the address ${address}.`);
  return account;
}

/** Gives the account the role; only an account whose address is confirmed may have one. */
export async function grantRole(
  db: Database,
  email: string,
  role: Role = "admin",
): Promise<RoleChange> {
  const account = await findAccount(db, email);
  // Else whoever signs up with someone else's address would hold that person's role.
  if (!account.emailVerified) {
    throw new RoleError(
      "unconfirmed",
      `${account.email}: an unconfirmed account cannot be granted the ${role} role (its address is confirmed when its owner chooses the password by the link of the sign-up e-mail).`,
    );
  }
  const changed = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userRoles)
      .values({ userId: account.id, role })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    if (inserted.length > 0 && role === "therapist") {
      // A profile kept from an earlier grant comes back active, as it was left otherwise.
      await tx
        .insert(therapists)
        .values({ userId: account.id, displayName: displayNameOf(account) })
        .onConflictDoUpdate({
          target: therapists.userId,
          set: { active: true, updatedAt: sql`now()` },
        });
    }
    return inserted.length > 0;
  });
  return { email: account.email, changed };
}

/**
 * Takes the role from the account and ends its sessions, on every instance: its open dashboards
 * and live streams end with them (staff_access_changed). The account itself stays.
 */
export async function revokeRole(
  db: Database,
  email: string,
  role: Role = "admin",
): Promise<RoleChange> {
  const account = await findAccount(db, email);
  const deleted = await db.transaction(async (tx) => {
    const revoked = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, account.id), eq(userRoles.role, role)))
      .returning({ userId: userRoles.userId });
    if (revoked.length > 0) await endSessions(tx, account.id);
    if (revoked.length > 0 && role === "therapist") {
      // The calendar link ends with the role: a grant later does not open the old one again.
      await tx
        .update(therapists)
        .set({ active: false, calendarTokenHash: null, updatedAt: sql`now()` })
        .where(eq(therapists.userId, account.id));
    }
    return revoked;
  });
  return { email: account.email, changed: deleted.length > 0 };
}

/** The holders of the role, first granted first. */
export async function listRoleHolders(db: Database, role: Role = "admin"): Promise<RoleHolder[]> {
  return db
    .select({ email: users.email, grantedAt: userRoles.grantedAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, role))
    .orderBy(asc(userRoles.grantedAt), asc(users.email));
}

/** Every account holding a role, by address, each with its roles in the order of `roles`. */
export async function listAccountRoles(db: Database): Promise<AccountRoles[]> {
  const rows = await db
    .select({ email: users.email, role: userRoles.role, grantedAt: userRoles.grantedAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(asc(users.email), asc(userRoles.role));
  const byEmail = new Map<string, AccountRoles>();
  for (const { email, role, grantedAt } of rows) {
    const account = byEmail.get(email) ?? { email, roles: [] };
    account.roles.push({ role, grantedAt });
    byEmail.set(email, account);
  }
  return [...byEmail.values()];
}
