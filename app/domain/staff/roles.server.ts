// Who holds a role, changed only by `npm run admin` (scripts/admin.ts): no page of the site
// grants or revokes one, so nobody can raise their own role through the site. Accounts are named
// by their address, matched whatever its case.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { endSessions } from "#app/domain/staff/auth.server.ts";
import { type Role, userRoles, users } from "#db/schema.ts";

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

async function findAccount(db: Database, email: string) {
  const address = email.trim();
  const [account] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
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
  const inserted = await db
    .insert(userRoles)
    .values({ userId: account.id, role })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return { email: account.email, changed: inserted.length > 0 };
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
