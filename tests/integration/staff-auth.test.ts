// Staff accounts on the real database: Better Auth through its Drizzle adapter, as the server
// uses it. Sign-in, sessions that the database decides, sign-out that ends the session there,
// the spec's messages, and the role check.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { createStaffAuth, hasRole, resolveAuthSecret } from "../../app/domain/auth.server.ts";
import { sessions, userRoles, users } from "../../db/schema.ts";
import { describeEachDatabase } from "./databases.ts";
import { compose } from "./fixtures.ts";

const asker = { clientAddress: "203.0.113.9", userAgent: "test" };

/** The cookie a browser would send back: name=value of each Set-Cookie. */
function cookieOf(setCookies: string[]): string {
  return setCookies.map((line) => line.split(";")[0]).join("; ");
}

describeEachDatabase("staff accounts", (database) => {
  const make = async (options: { signUp?: "open" | "closed"; mail?: string[] } = {}) => {
    const sent = options.mail ?? [];
    return createStaffAuth(database.db, {
      siteUrl: "http://localhost:3000",
      secret: await resolveAuthSecret(database.db),
      signUp: options.signUp ?? "open",
      sessionIdleHours: 12,
      sendConfirmation: async (email, url) => void sent.push(`${email} ${url}`),
    });
  };

  it("signs in with the password of a confirmed account, in a session the database holds", async () => {
    const staff = await make();
    const user = await staff.createConfirmedAccount("Nurse@Clinic.test", "correct horse");
    const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ email: "nurse@clinic.test", emailVerified: true });

    expect(await staff.signIn("nurse@clinic.test", "wrong horse", asker)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Invalid email or password",
    });
    expect(await staff.signIn("nobody@clinic.test", "correct horse", asker)).toMatchObject({
      message: "Invalid email or password",
    });

    const signedIn = await staff.signIn("nurse@clinic.test", "correct horse", asker);
    if (!signedIn.ok) throw new Error(signedIn.message);
    const sessionCookie = signedIn.setCookies.find((line) =>
      line.startsWith("staff.session_token="),
    );
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i); // http://: Secure only over HTTPS
    const cookie = cookieOf(signedIn.setCookies);
    const session = await staff.getSession({ ...asker, cookie });
    expect(session?.user.email).toBe("nurse@clinic.test");
    // A second sign-in is a new session (a new id, a new token): never the old one reused.
    const again = await staff.signIn("nurse@clinic.test", "correct horse", asker);
    if (!again.ok) throw new Error(again.message);
    expect(cookieOf(again.setCookies)).not.toBe(cookie);
    expect(await database.db.select().from(sessions)).toHaveLength(2);

    // Signing out deletes the session row: the same cookie is worth nothing afterwards.
    await staff.signOut({ ...asker, cookie });
    expect(await staff.getSession({ ...asker, cookie })).toBeNull();
    expect(await database.db.select().from(sessions)).toHaveLength(1);
    // A forged cookie is nothing.
    expect(
      await staff.getSession({ ...asker, cookie: "staff.session_token=forged.value" }),
    ).toBeNull();
  });

  it("slides a session forward while it is used, and ends it after that long unused", async () => {
    // Two seconds of allowed idleness (in hours), so that the test can wait it out.
    const staff = createStaffAuth(database.db, {
      siteUrl: "http://localhost:3000",
      secret: await resolveAuthSecret(database.db),
      signUp: "open",
      sessionIdleHours: 2 / 3600,
      sendConfirmation: async () => {},
    });
    await staff.createConfirmedAccount("slide@clinic.test", "pass123");
    const signedIn = await staff.signIn("slide@clinic.test", "pass123", asker);
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = cookieOf(signedIn.setCookies);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await pause(1_200);
    const used = await staff.getSession({ ...asker, cookie });
    expect(used).not.toBeNull();
    // The end moved: the cookie comes again with the new lifetime.
    expect(used?.setCookies.join()).toContain("staff.session_token=");
    await pause(1_200);
    // 2.4 s after sign-in, past the first end, still signed in: the use above moved it.
    expect(await staff.getSession({ ...asker, cookie })).not.toBeNull();
    await pause(2_500);
    expect(await staff.getSession({ ...asker, cookie })).toBeNull();
  });

  it("stores passwords as scrypt hashes, never as typed", async () => {
    const staff = await make();
    await staff.createConfirmedAccount("hash@clinic.test", "secret-pass-1");
    const rows = await database.db.execute(
      // biome-ignore lint/suspicious/noExplicitAny: raw row
      (await import("drizzle-orm")).sql`select password from accounts` as any,
    );
    const password = (rows as unknown as { rows: { password: string }[] }).rows[0]?.password;
    expect(password).toBeDefined();
    expect(password).not.toContain("secret-pass-1");
    expect(password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/); // Better Auth's scrypt: salt:key
  });

  it("signs up once per address, sends the confirmation link, and confirms by it", async () => {
    const mail: string[] = [];
    const staff = await make({ mail });
    expect(await staff.signUp("new@clinic.test", "pass123", asker)).toEqual({ ok: true });
    expect(mail).toHaveLength(1);
    const [address, url] = (mail[0] ?? "").split(" ");
    expect(address).toBe("new@clinic.test");
    expect(url).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?token=/);
    // Sign-up does not sign in (the spec: "Account created! Please login.").
    expect(await database.db.select().from(sessions)).toHaveLength(0);

    expect(await staff.signUp("NEW@clinic.test", "pass123", asker)).toEqual({
      ok: false,
      reason: "exists",
      message: "This email is already registered. Please login instead.",
    });

    const [before] = await database.db.select().from(users);
    expect(before?.emailVerified).toBe(false);
    const token = new URL(url ?? "").searchParams.get("token") ?? "";
    expect(await staff.confirmEmail("not-a-token")).toBe(false);
    expect(await staff.confirmEmail(token)).toBe(true);
    const [after] = await database.db.select().from(users);
    expect(after?.emailVerified).toBe(true);
  });

  it("writes the confirmation e-mail with its link, composed when sent", async () => {
    const content = await compose(database.db, {
      id: "00000000-0000-4000-8000-000000000000",
      kind: "account-confirmation",
      recipient: "new@clinic.test",
      appointmentId: null,
      payload: { url: "http://localhost:3000/auth/confirm?token=abc" },
      attempts: 1,
    });
    expect(content.subject).toBe("Confirm your HomePhysio NCR staff account");
    expect(content.text).toContain("http://localhost:3000/auth/confirm?token=abc");
    expect(content.text).toContain("It then opens the dashboard.");
  });

  it("refuses sign-up when it is closed", async () => {
    const staff = await make({ signUp: "closed" });
    expect(await staff.signUp("new@clinic.test", "pass123", asker)).toMatchObject({
      ok: false,
      reason: "closed",
    });
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("knows an admin by a user_roles row, and nobody else", async () => {
    const staff = await make();
    const admin = await staff.createConfirmedAccount("admin@clinic.test", "pass123");
    const other = await staff.createConfirmedAccount("other@clinic.test", "pass123");
    await database.db.insert(userRoles).values({ userId: admin.id, role: "admin" });
    expect(await hasRole(database.db, admin.id, "admin")).toBe(true);
    expect(await hasRole(database.db, other.id, "admin")).toBe(false);
  });

  it("shares one cookie secret between instances on one database", async () => {
    const first = await resolveAuthSecret(database.db);
    const second = await resolveAuthSecret(database.db);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveAuthSecret(database.db, "x".repeat(40))).toBe("x".repeat(40));
  });
});
