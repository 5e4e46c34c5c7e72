// Staff accounts on the real database: Better Auth through its Drizzle adapter, as the server
// uses it. Sign-in, sessions that the database decides, sign-out that ends the session there,
// the spec's messages, and the role check.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it, onTestFinished, vi } from "vitest";
import { createStaffAuth, hasRole } from "#app/domain/staff/auth.server.ts";
import { sessions, userRoles, users, verifications } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { compose, testSecret } from "#tests/integration/fixtures.ts";

const asker = { clientAddress: "203.0.113.9", userAgent: "test" };

/** A cookie's value as Better Auth signs it: the value, a dot, its HMAC-SHA256 in base64. */
async function signedCookieValue(value: string, secret: string): Promise<string> {
  const mac = createHmac("sha256", secret).update(value).digest("base64");
  return `${value}.${mac}`;
}

/** The cookie a browser would send back: name=value of each Set-Cookie. */
function cookieOf(setCookies: string[]): string {
  return setCookies.map((line) => line.split(";")[0]).join("; ");
}

describeEachDatabase("staff accounts", (database) => {
  const make = async (options: { signUp?: "open" | "closed"; mail?: string[] } = {}) => {
    const sent = options.mail ?? [];
    return createStaffAuth(database.db, {
      siteUrl: "http://localhost:3000",
      secret: testSecret,
      signUp: options.signUp ?? "open",
      sessionIdleHours: 12,
      sendAccountLink: async ({ kind, email, url }) => void sent.push(`${kind} ${email} ${url}`),
    });
  };

  it("signs in with the password of a confirmed account, in a session the database holds", async () => {
    const staff = await make();
    const user = await staff.createConfirmedAccount("Nurse@Clinic.test", "correct horse");
    const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ email: "nurse@clinic.test", emailVerified: true });

    // A reason, which the route words ("Invalid email or password": tests/e2e/staff-browser.test.ts).
    expect(await staff.signIn("nurse@clinic.test", "wrong horse", asker)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await staff.signIn("nobody@clinic.test", "correct horse", asker)).toEqual({
      ok: false,
      reason: "invalid",
    });

    const signedIn = await staff.signIn("nurse@clinic.test", "correct horse", asker);
    if (!signedIn.ok) throw new Error(signedIn.reason);
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
    if (!again.ok) throw new Error(again.reason);
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
    // Two seconds of allowed idleness (in hours).
    const staff = createStaffAuth(database.db, {
      siteUrl: "http://localhost:3000",
      secret: testSecret,
      signUp: "open",
      sessionIdleHours: 2 / 3600,
      sendAccountLink: async () => {},
    });
    await staff.createConfirmedAccount("slide@clinic.test", "pass123");
    const signedIn = await staff.signIn("slide@clinic.test", "pass123", asker);
    if (!signedIn.ok) throw new Error(signedIn.reason);
    const cookie = cookieOf(signedIn.setCookies);
    // Time passes on the accounts' clock (Date), without the test waiting it out.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const pause = (ms: number) => vi.setSystemTime(Date.now() + ms);
    pause(1_200);
    const used = await staff.getSession({ ...asker, cookie });
    expect(used).not.toBeNull();
    // The end moved: the cookie comes again with the new lifetime.
    expect(used?.setCookies.join()).toContain("staff.session_token=");
    pause(1_200);
    // 2.4 s after sign-in, past the first end, still signed in: the use above moved it.
    expect(await staff.getSession({ ...asker, cookie })).not.toBeNull();
    pause(2_500);
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

  /** The link of the `n`-th e-mail sent, its kind and address, and its token. */
  const linkOf = (mail: string[], n: number) => {
    const [kind, address, url] = (mail[n] ?? "").split(" ");
    return {
      kind,
      address,
      url,
      token: new URL(url ?? "http://x").searchParams.get("token") ?? "",
    };
  };

  it("signs up once per address, e-mails a link, and lets no one in until it is used", async () => {
    const mail: string[] = [];
    const staff = await make({ mail });
    expect(await staff.signUp("new@clinic.test", "pass123", asker)).toEqual({ ok: true });
    expect(mail).toHaveLength(1);
    const link = linkOf(mail, 0);
    expect(link).toMatchObject({ kind: "confirm", address: "new@clinic.test" });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/auth\/set-password\?token=[\w-]{32}$/);
    // Sign-up does not sign in (the spec: "Account created! Please login.").
    expect(await database.db.select().from(sessions)).toHaveLength(0);
    // Nor does the password typed at sign-up, until the address is confirmed.
    expect(await staff.signIn("new@clinic.test", "pass123", asker)).toMatchObject({
      ok: false,
      reason: "unconfirmed",
    });
    expect(await database.db.select().from(sessions)).toHaveLength(0);

    expect(await staff.signUp("NEW@clinic.test", "pass123", asker)).toEqual({
      ok: false,
      reason: "exists",
    });

    // The token is stored only as a hash: a copy of the database holds no working link.
    const stored = JSON.stringify(await database.db.select().from(verifications));
    expect(stored).not.toContain(link.token);

    expect(await staff.passwordLinkWorks("not-a-token")).toBe(false);
    expect(await staff.passwordLinkWorks(link.token)).toBe(true);
    expect(await staff.setPasswordByLink("not-a-token", "chosen-1")).toBe(false);
    expect(await staff.setPasswordByLink(link.token, "chosen-1")).toBe(true);
    const [after] = await database.db.select().from(users);
    expect(after?.emailVerified).toBe(true);
    // Once only.
    expect(await staff.passwordLinkWorks(link.token)).toBe(false);
    expect(await staff.setPasswordByLink(link.token, "chosen-2")).toBe(false);
    expect((await staff.signIn("new@clinic.test", "chosen-1", asker)).ok).toBe(true);
  });

  it("never lets the stranger who signed up with someone's address in: its owner's link chooses the password", async () => {
    const mail: string[] = [];
    const staff = await make({ mail });
    // A stranger signs up with a new colleague's address and a password of their choosing.
    expect(await staff.signUp("colleague@clinic.test", "stranger-pass", asker)).toEqual({
      ok: true,
    });
    // The colleague opens the link that arrived in their inbox, and chooses a password.
    const link = linkOf(mail, 0);
    expect(await staff.setPasswordByLink(link.token, "colleague-pass")).toBe(true);
    // The account is confirmed (an admin may now grant it the role), and only the owner's
    // password opens it.
    expect(await staff.signIn("colleague@clinic.test", "stranger-pass", asker)).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect((await staff.signIn("colleague@clinic.test", "colleague-pass", asker)).ok).toBe(true);
  });

  it("resets a forgotten password by an e-mailed link that works once, for an hour, and ends every session", async () => {
    const mail: string[] = [];
    const staff = await make({ mail });
    await staff.createConfirmedAccount("nurse@clinic.test", "old-pass-1");
    const first = await staff.signIn("nurse@clinic.test", "old-pass-1", asker);
    const second = await staff.signIn("nurse@clinic.test", "old-pass-1", asker);
    if (!first.ok || !second.ok) throw new Error("sign-in failed");

    // Unknown addresses are answered alike, and get nothing.
    await staff.requestPasswordReset("nobody@clinic.test");
    expect(mail).toHaveLength(0);
    await staff.requestPasswordReset("nurse@clinic.test");
    expect(mail).toHaveLength(1);
    const link = linkOf(mail, 0);
    expect(link).toMatchObject({ kind: "reset", address: "nurse@clinic.test" });
    const [row] = await database.db.select().from(verifications);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);

    expect(await staff.setPasswordByLink(link.token, "new-pass-1")).toBe(true);
    // Every session ended: both browsers are signed out.
    expect(await database.db.select().from(sessions)).toHaveLength(0);
    expect(await staff.getSession({ ...asker, cookie: cookieOf(first.setCookies) })).toBeNull();
    expect((await staff.signIn("nurse@clinic.test", "old-pass-1", asker)).ok).toBe(false);
    expect((await staff.signIn("nurse@clinic.test", "new-pass-1", asker)).ok).toBe(true);
    expect(await staff.setPasswordByLink(link.token, "again-pass-1")).toBe(false);

    // An expired link does nothing.
    await staff.requestPasswordReset("nurse@clinic.test");
    const late = linkOf(mail, 1);
    await database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await staff.passwordLinkWorks(late.token)).toBe(false);
    expect(await staff.setPasswordByLink(late.token, "late-pass-1")).toBe(false);
    expect((await staff.signIn("nurse@clinic.test", "new-pass-1", asker)).ok).toBe(true);
  });

  it("lets only the newest link of an account work: a newer one, a used one or a password change ends the others", async () => {
    const mail: string[] = [];
    const staff = await make({ mail });
    // A new account's confirming link, then a reset asked for: the first link ends.
    await staff.signUp("nurse@clinic.test", "stranger-pass", asker);
    await staff.requestPasswordReset("nurse@clinic.test");
    const [confirming, reset] = [linkOf(mail, 0), linkOf(mail, 1)];
    expect(await staff.passwordLinkWorks(confirming.token)).toBe(false);
    expect(await staff.setPasswordByLink(confirming.token, "first-pass")).toBe(false);
    expect(await staff.passwordLinkWorks(reset.token)).toBe(true);

    // Two resets asked for; the newer one used: neither works afterwards.
    await staff.requestPasswordReset("nurse@clinic.test");
    const older = linkOf(mail, 2);
    await staff.requestPasswordReset("nurse@clinic.test");
    const newer = linkOf(mail, 3);
    expect(await staff.passwordLinkWorks(older.token)).toBe(false);
    expect(await staff.setPasswordByLink(newer.token, "chosen-pass")).toBe(true);
    for (const link of [reset, older, newer]) {
      expect(await staff.setPasswordByLink(link.token, "undo-pass")).toBe(false);
    }
    expect(await database.db.select().from(verifications)).toHaveLength(0);

    // A link asked for, then the password changed while signed in: the link no longer undoes it.
    const signedIn = await staff.signIn("nurse@clinic.test", "chosen-pass", asker);
    if (!signedIn.ok) throw new Error(signedIn.reason);
    await staff.requestPasswordReset("nurse@clinic.test");
    const before = linkOf(mail, 4);
    const changed = await staff.changePassword(
      { ...asker, cookie: cookieOf(signedIn.setCookies) },
      "chosen-pass",
      "changed-pass",
    );
    expect(changed.ok).toBe(true);
    expect(await staff.setPasswordByLink(before.token, "undo-pass")).toBe(false);
    expect((await staff.signIn("nurse@clinic.test", "changed-pass", asker)).ok).toBe(true);
    expect((await staff.signIn("nurse@clinic.test", "undo-pass", asker)).ok).toBe(false);
  });

  it("stores sessions as hashes of their tokens: a stored value signed into a cookie opens nothing", async () => {
    const staff = await make();
    await staff.createConfirmedAccount("nurse@clinic.test", "pass123");
    const signedIn = await staff.signIn("nurse@clinic.test", "pass123", asker);
    if (!signedIn.ok) throw new Error(signedIn.reason);
    const cookie = cookieOf(signedIn.setCookies);
    const token = decodeURIComponent(/staff\.session_token=([^;.]+)/.exec(cookie)?.[1] ?? "");
    expect(token).toMatch(/^\w{32}$/);
    const [stored] = await database.db.select().from(sessions);
    expect(stored?.token).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(await database.db.select().from(sessions))).not.toContain(token);
    // The browser's cookie works, and goes on working when refreshed.
    expect((await staff.getSession({ ...asker, cookie }))?.user.email).toBe("nurse@clinic.test");
    // The stored value, signed with the very key (as whoever holds a copy and the key would):
    const forged = `staff.session_token=${encodeURIComponent(
      await signedCookieValue(stored?.token ?? "", testSecret),
    )}`;
    expect(await staff.getSession({ ...asker, cookie: forged })).toBeNull();
    // A control: the same signing of the real token is the browser's own cookie.
    expect(
      await staff.getSession({
        ...asker,
        cookie: `staff.session_token=${encodeURIComponent(await signedCookieValue(token, testSecret))}`,
      }),
    ).not.toBeNull();
  });

  it("sends an account not confirmed yet a confirming link when a reset is asked for", async () => {
    const mail: string[] = [];
    const staff = await make({ mail });
    await staff.signUp("late@clinic.test", "stranger-pass", asker);
    await staff.requestPasswordReset("late@clinic.test");
    const link = linkOf(mail, 1);
    expect(link.kind).toBe("confirm");
    expect(await staff.setPasswordByLink(link.token, "owner-pass")).toBe(true);
    expect((await staff.signIn("late@clinic.test", "owner-pass", asker)).ok).toBe(true);
  });

  it("changes the password of the signed-in account and ends its other sessions", async () => {
    const staff = await make();
    await staff.createConfirmedAccount("nurse@clinic.test", "old-pass-1");
    const here = await staff.signIn("nurse@clinic.test", "old-pass-1", asker);
    const elsewhere = await staff.signIn("nurse@clinic.test", "old-pass-1", asker);
    if (!here.ok || !elsewhere.ok) throw new Error("sign-in failed");
    const cookie = cookieOf(here.setCookies);

    expect(await staff.changePassword({ ...asker, cookie }, "wrong", "new-pass-1")).toEqual({
      ok: false,
      reason: "invalid",
    });
    const changed = await staff.changePassword({ ...asker, cookie }, "old-pass-1", "new-pass-1");
    if (!changed.ok) throw new Error(changed.reason);
    expect(await staff.getSession({ ...asker, cookie: cookieOf(elsewhere.setCookies) })).toBeNull();
    // This browser goes on, in a new session.
    expect(
      await staff.getSession({ ...asker, cookie: cookieOf(changed.setCookies) }),
    ).not.toBeNull();
    expect(await database.db.select().from(sessions)).toHaveLength(1);
    expect((await staff.signIn("nurse@clinic.test", "new-pass-1", asker)).ok).toBe(true);
  });

  it("writes the confirmation and reset e-mails with their links, composed when sent", async () => {
    const message = (kind: string, url: string) => ({
      id: "00000000-0000-4000-8000-000000000000",
      kind,
      recipient: "new@clinic.test",
      appointmentId: null,
      visitId: null,
      paymentId: null,
      paymentLinkId: null,
      payload: { url },
      attempts: 1,
    });
    const confirmation = await compose(
      database.db,
      message("account-confirmation", "http://localhost:3000/auth/set-password?token=abc"),
    );
    expect(confirmation.subject).toBe("Confirm your HomePhysio NCR staff account");
    expect(confirmation.text).toContain("http://localhost:3000/auth/set-password?token=abc");
    expect(confirmation.text).toContain("choose your password");
    const reset = await compose(
      database.db,
      message("password-reset", "http://localhost:3000/auth/set-password?token=def"),
    );
    expect(reset.subject).toBe("Reset your HomePhysio NCR staff password");
    expect(reset.text).toContain("http://localhost:3000/auth/set-password?token=def");
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
});
