// The roles on the real database, as `npm run admin` changes them: only a confirmed account
// may hold one, accounts are named by their address whatever its case, and granting or revoking
// twice changes nothing the second time. The therapist role comes with a profile: made when
// first granted, kept but inactive when revoked.

import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { createStaffAuth, hasRole } from "#app/domain/staff/auth.server.ts";
import {
  grantRole,
  listAccountRoles,
  listRoleHolders,
  RoleError,
  revokeRole,
} from "#app/domain/staff/roles.server.ts";
import { therapists, userRoles, users } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { testSecret } from "#tests/integration/fixtures.ts";

describeEachDatabase("the admin role", (database) => {
  const make = async (mail: string[] = []) =>
    createStaffAuth(database.db, {
      siteUrl: "http://localhost:3000",
      secret: testSecret,
      signUp: "open",
      sessionIdleHours: 12,
      sendAccountLink: async ({ url }) => void mail.push(url),
    });

  /** What a refused change threw. */
  const refusal = (change: Promise<unknown>) =>
    change.then(
      () => {
        throw new Error("the change was not refused");
      },
      (error: unknown) => {
        if (!(error instanceof RoleError)) throw error;
        return { reason: error.reason, message: error.message };
      },
    );

  it("refuses an address that has no account, for grant and for revoke", async () => {
    const staff = await make();
    await staff.createConfirmedAccount("boss@clinic.test", "pass123");
    expect(await refusal(grantRole(database.db, "nobody@clinic.test"))).toEqual({
      reason: "unknown-account",
      message: "No account has the address nobody@clinic.test.",
    });
    expect(await refusal(revokeRole(database.db, "nobody@clinic.test"))).toMatchObject({
      reason: "unknown-account",
    });
    expect(await database.db.select().from(userRoles)).toEqual([]);
  });

  it("refuses an account whose address is not confirmed, until it is", async () => {
    const mail: string[] = [];
    const staff = await make(mail);
    const signedUp = await staff.signUp("new@clinic.test", "pass123", {
      clientAddress: "203.0.113.9",
    });
    expect(signedUp).toEqual({ ok: true });
    expect(await refusal(grantRole(database.db, "new@clinic.test"))).toEqual({
      reason: "unconfirmed",
      message:
        "new@clinic.test: an unconfirmed account cannot be granted the admin role (its address is confirmed when its owner chooses the password by the link of the sign-up e-mail).",
    });
    const user = await staff.findUserByEmail("new@clinic.test");
    if (!user) throw new Error("not signed up");
    expect(await hasRole(database.db, user.id, "admin")).toBe(false);
    expect(await listRoleHolders(database.db)).toEqual([]);

    const token = new URL(mail[0] ?? "").searchParams.get("token") ?? "";
    expect(await staff.setPasswordByLink(token, "owner-pass")).toBe(true);
    expect(await grantRole(database.db, "new@clinic.test")).toEqual({
      email: "new@clinic.test",
      changed: true,
    });
    expect(await hasRole(database.db, user.id, "admin")).toBe(true);
  });

  it("ends every session of the account whose role is revoked, and no one else's", async () => {
    const staff = await make();
    await staff.createConfirmedAccount("boss@clinic.test", "pass123");
    await staff.createConfirmedAccount("nurse@clinic.test", "pass123");
    await grantRole(database.db, "boss@clinic.test");
    await grantRole(database.db, "nurse@clinic.test");
    const asker = { clientAddress: "203.0.113.9" };
    const cookieOf = (lines: string[]) => lines.map((line) => line.split(";")[0]).join("; ");
    const signIn = async (email: string) => {
      const result = await staff.signIn(email, "pass123", asker);
      if (!result.ok) throw new Error(result.reason);
      return cookieOf(result.setCookies);
    };
    const boss = [await signIn("boss@clinic.test"), await signIn("boss@clinic.test")];
    const nurse = await signIn("nurse@clinic.test");

    await revokeRole(database.db, "boss@clinic.test");
    for (const cookie of boss) expect(await staff.getSession({ ...asker, cookie })).toBeNull();
    expect(await staff.getSession({ ...asker, cookie: nurse })).not.toBeNull();
  });

  it("grants, lists and revokes, and says when nothing changed", async () => {
    const staff = await make();
    const boss = await staff.createConfirmedAccount("boss@clinic.test", "pass123");
    const nurse = await staff.createConfirmedAccount("nurse@clinic.test", "pass123");
    await staff.createConfirmedAccount("other@clinic.test", "pass123");
    const before = Date.now();

    expect(await grantRole(database.db, "boss@clinic.test")).toEqual({
      email: "boss@clinic.test",
      changed: true,
    });
    expect(await grantRole(database.db, "boss@clinic.test")).toEqual({
      email: "boss@clinic.test",
      changed: false,
    });
    expect(await grantRole(database.db, "nurse@clinic.test", "admin")).toMatchObject({
      changed: true,
    });
    const holders = await listRoleHolders(database.db, "admin");
    expect(holders.map((holder) => holder.email)).toEqual([
      "boss@clinic.test",
      "nurse@clinic.test",
    ]);
    for (const { grantedAt } of holders) {
      expect(grantedAt).toBeInstanceOf(Date);
      expect(Math.abs(grantedAt.getTime() - before)).toBeLessThan(60_000);
    }
    expect(await database.db.select().from(userRoles)).toHaveLength(2);

    expect(await revokeRole(database.db, "boss@clinic.test")).toEqual({
      email: "boss@clinic.test",
      changed: true,
    });
    expect(await revokeRole(database.db, "boss@clinic.test")).toEqual({
      email: "boss@clinic.test",
      changed: false,
    });
    expect(await hasRole(database.db, boss.id, "admin")).toBe(false);
    expect(await hasRole(database.db, nurse.id, "admin")).toBe(true);
    expect((await listRoleHolders(database.db)).map((holder) => holder.email)).toEqual([
      "nurse@clinic.test",
    ]);
  });

  it("finds the account by its address whatever the case, and reports it as stored", async () => {
    const staff = await make();
    const boss = await staff.createConfirmedAccount("Boss@Clinic.test", "pass123");
    expect(await grantRole(database.db, " BOSS@clinic.TEST ")).toEqual({
      email: "boss@clinic.test",
      changed: true,
    });
    expect(await hasRole(database.db, boss.id, "admin")).toBe(true);
    expect(await grantRole(database.db, "boss@CLINIC.test")).toMatchObject({ changed: false });
    expect(await revokeRole(database.db, "bOSS@clinic.test")).toEqual({
      email: "boss@clinic.test",
      changed: true,
    });
    expect(await hasRole(database.db, boss.id, "admin")).toBe(false);

    // An address stored with capitals (as an older sign-up may have kept it) is found too.
    await database.db
      .insert(users)
      .values({ id: "kept-case", name: "Nurse", email: "Nurse@Clinic.test", emailVerified: true });
    expect(await grantRole(database.db, "nurse@clinic.test")).toEqual({
      email: "Nurse@Clinic.test",
      changed: true,
    });
    expect(await hasRole(database.db, "kept-case", "admin")).toBe(true);
  });

  it("makes an empty therapist's profile on the first grant, named after the account", async () => {
    const staff = await make();
    const asha = await staff.createConfirmedAccount("asha.verma@clinic.test", "pass123");
    const named = await staff.createConfirmedAccount("ravi@clinic.test", "pass123");
    await database.db.update(users).set({ name: "Ravi Kumar" }).where(eq(users.id, named.id));
    const nameless = await staff.createConfirmedAccount("blank@clinic.test", "pass123");
    await database.db.update(users).set({ name: "  " }).where(eq(users.id, nameless.id));

    for (const email of ["asha.verma@clinic.test", "ravi@clinic.test", "blank@clinic.test"]) {
      expect(await grantRole(database.db, email, "therapist")).toEqual({ email, changed: true });
    }
    expect(await hasRole(database.db, asha.id, "therapist")).toBe(true);
    expect(await hasRole(database.db, asha.id, "admin")).toBe(false);
    const profiles = (await database.db.select().from(therapists)).sort((a, b) =>
      a.userId === asha.id ? -1 : b.userId === asha.id ? 1 : a.displayName < b.displayName ? -1 : 1,
    );
    expect(profiles.map((p) => [p.userId, p.displayName, p.active])).toEqual([
      [asha.id, "asha.verma", true],
      [named.id, "Ravi Kumar", true],
      [nameless.id, "blank@clinic.test", true],
    ]);
    expect(profiles[0]).toMatchObject({
      registrationNumber: "",
      yearsOfPractice: 0,
      languages: [],
      skills: [],
      districts: [],
      hours: {},
      leave: [],
      calendarTokenHash: null,
    });
    // The admin role makes no profile.
    await grantRole(database.db, "asha.verma@clinic.test", "admin");
    await staff.createConfirmedAccount("boss@clinic.test", "pass123");
    await grantRole(database.db, "boss@clinic.test");
    expect(await database.db.select().from(therapists)).toHaveLength(3);
  });

  it("keeps the profile when the therapist role is revoked, inactive, and its edits", async () => {
    const staff = await make();
    const asha = await staff.createConfirmedAccount("asha@clinic.test", "pass123");
    await grantRole(database.db, "asha@clinic.test", "therapist");
    await grantRole(database.db, "asha@clinic.test", "admin");
    await database.db
      .update(therapists)
      .set({ displayName: "Dr Asha Verma", districts: ["Gautam Buddha Nagar"] })
      .where(eq(therapists.userId, asha.id));
    const asker = { clientAddress: "203.0.113.9" };
    const signedIn = await staff.signIn("asha@clinic.test", "pass123", asker);
    if (!signedIn.ok) throw new Error(signedIn.reason);
    const cookie = signedIn.setCookies.map((line) => line.split(";")[0]).join("; ");

    expect(await revokeRole(database.db, "asha@clinic.test", "therapist")).toEqual({
      email: "asha@clinic.test",
      changed: true,
    });
    // The role went, its sessions with it; the admin role and the profile stayed.
    expect(await staff.getSession({ ...asker, cookie })).toBeNull();
    expect(await hasRole(database.db, asha.id, "therapist")).toBe(false);
    expect(await hasRole(database.db, asha.id, "admin")).toBe(true);
    expect(await database.db.select().from(therapists)).toMatchObject([
      {
        userId: asha.id,
        displayName: "Dr Asha Verma",
        districts: ["Gautam Buddha Nagar"],
        active: false,
      },
    ]);
    expect(await revokeRole(database.db, "asha@clinic.test", "therapist")).toMatchObject({
      changed: false,
    });

    // Granted again: the same profile, active again, its edits kept.
    expect(await grantRole(database.db, "asha@clinic.test", "therapist")).toMatchObject({
      changed: true,
    });
    expect(await database.db.select().from(therapists)).toMatchObject([
      {
        userId: asha.id,
        displayName: "Dr Asha Verma",
        districts: ["Gautam Buddha Nagar"],
        active: true,
      },
    ]);
    // A grant that changes nothing leaves a profile made inactive by the admins as it is.
    await database.db
      .update(therapists)
      .set({ active: false })
      .where(eq(therapists.userId, asha.id));
    expect(await grantRole(database.db, "asha@clinic.test", "therapist")).toMatchObject({
      changed: false,
    });
    expect(await database.db.select().from(therapists)).toMatchObject([{ active: false }]);
  });

  it("refuses the therapist role to an unconfirmed account, making no profile", async () => {
    const staff = await make();
    await staff.signUp("new@clinic.test", "pass123", { clientAddress: "203.0.113.9" });
    expect(await refusal(grantRole(database.db, "new@clinic.test", "therapist"))).toMatchObject({
      reason: "unconfirmed",
      message: expect.stringContaining("cannot be granted the therapist role"),
    });
    expect(await database.db.select().from(therapists)).toEqual([]);
    expect(await database.db.select().from(userRoles)).toEqual([]);
  });

  it("lists each account holding a role with all its roles", async () => {
    const staff = await make();
    await staff.createConfirmedAccount("zoya@clinic.test", "pass123");
    await staff.createConfirmedAccount("boss@clinic.test", "pass123");
    await staff.createConfirmedAccount("nobody@clinic.test", "pass123");
    expect(await listAccountRoles(database.db)).toEqual([]);
    await grantRole(database.db, "zoya@clinic.test", "therapist");
    await grantRole(database.db, "boss@clinic.test", "therapist");
    await grantRole(database.db, "boss@clinic.test", "admin");
    const listed = await listAccountRoles(database.db);
    expect(listed.map(({ email, roles }) => [email, roles.map((r) => r.role)])).toEqual([
      ["boss@clinic.test", ["admin", "therapist"]],
      ["zoya@clinic.test", ["therapist"]],
    ]);
    expect(listed[0]?.roles[0]?.grantedAt).toBeInstanceOf(Date);
    expect((await listRoleHolders(database.db, "therapist")).map((h) => h.email)).toEqual([
      "zoya@clinic.test",
      "boss@clinic.test",
    ]);
  });
});
