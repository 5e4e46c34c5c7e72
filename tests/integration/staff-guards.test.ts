// The two guards of the staff routes on the real database, as a route calls them: requireAdmin
// for the front desk's pages, requireTherapist for a therapist's own (/visits). Each role passes
// its own guard only; an account holding both passes both; nobody signed in is sent to sign in.
// The refusals carry a word, never a patient's data: the request is not even read.
import type { RouterContext } from "react-router";
import { expect, it } from "vitest";
import { createStaffAuth } from "#app/domain/staff/auth.server.ts";
import { grantRole, revokeRole } from "#app/domain/staff/roles.server.ts";
import { requireAdmin, requireTherapist, staffOf } from "#app/domain/staff/staff-session.server.ts";
import { accessDenied } from "#app/domain/staff/staff-texts.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { testSecret } from "#tests/integration/fixtures.ts";

const clientAddress = "203.0.113.9";

/** What a thrown guard answered: a redirect's status and place, or an error's status and body. */
async function refusal(guard: Promise<unknown>) {
  const thrown = await guard.then(
    () => {
      throw new Error("the guard let the request through");
    },
    (error: unknown) => error,
  );
  if (thrown instanceof Response) {
    return { status: thrown.status, location: thrown.headers.get("location") };
  }
  const { data, init } = thrown as { data: unknown; init: { status: number } };
  return { status: init.status, body: data };
}

describeEachDatabase("the staff guards", (database) => {
  const staffAuth = () =>
    createStaffAuth(database.db, {
      siteUrl: "http://localhost:3000",
      secret: testSecret,
      signUp: "open",
      sessionIdleHours: 12,
      sendAccountLink: async () => {},
    });

  /** A route's context: the services the guards read, and the client's address. */
  const contextFor = () => {
    const services = { db: database.db, staffAuth: staffAuth() };
    const values = new Map<unknown, unknown>([
      [servicesContext, services],
      [requestInfo, { clientAddress, clientKey: clientAddress }],
    ]);
    return {
      get<T>(key: RouterContext<T>): T {
        if (!values.has(key)) throw new Error("a context the guards were not expected to read");
        return values.get(key) as T;
      },
    };
  };

  /** An account with these roles, signed in: the request a browser would send for `path`. */
  const signedIn = async (email: string, roles: ("admin" | "therapist")[]) => {
    const auth = staffAuth();
    await auth.createConfirmedAccount(email, "pass1234");
    for (const role of roles) await grantRole(database.db, email, role);
    const result = await auth.signIn(email, "pass1234", { clientAddress });
    if (!result.ok) throw new Error(result.reason);
    const cookie = result.setCookies.map((line) => line.split(";")[0]).join("; ");
    return (path: string) => new Request(`http://localhost:3000${path}`, { headers: { cookie } });
  };

  it("lets each role through its own guard only, and an account with both through both", async () => {
    const context = contextFor();
    const admin = await signedIn("boss@clinic.test", ["admin"]);
    const therapist = await signedIn("asha@clinic.test", ["therapist"]);
    const both = await signedIn("ravi@clinic.test", ["admin", "therapist"]);
    const nobody = await signedIn("nurse@clinic.test", []);

    expect(await requireAdmin(admin("/admin"), context, "page")).toMatchObject({
      user: { email: "boss@clinic.test" },
      isAdmin: true,
      isTherapist: false,
    });
    expect(await requireTherapist(therapist("/visits"), context, "page")).toMatchObject({
      user: { email: "asha@clinic.test" },
      isAdmin: false,
      isTherapist: true,
    });
    for (const guard of [requireAdmin, requireTherapist]) {
      expect(await guard(both("/x"), context, "data")).toMatchObject({
        isAdmin: true,
        isTherapist: true,
      });
    }

    // An admin who is not a therapist is refused a therapist's page; a therapist who is not an
    // admin every admin page and action; an account without a role both.
    expect(await refusal(requireTherapist(admin("/visits"), context, "page"))).toEqual({
      status: 403,
      body: accessDenied,
    });
    expect(await refusal(requireAdmin(therapist("/admin"), context, "page"))).toEqual({
      status: 403,
      body: accessDenied,
    });
    expect(await refusal(requireAdmin(therapist("/admin"), context, "data"))).toEqual({
      status: 403,
      body: "Forbidden",
    });
    for (const guard of [requireAdmin, requireTherapist]) {
      expect(await refusal(guard(nobody("/x"), context, "page"))).toMatchObject({ status: 403 });
    }
  });

  it("sends whoever is not signed in to sign in, or answers 401 for data", async () => {
    const context = contextFor();
    const anonymous = new Request("http://localhost:3000/visits");
    expect(await refusal(requireTherapist(anonymous, context, "page"))).toEqual({
      status: 302,
      location: "/auth",
    });
    expect(await refusal(requireTherapist(anonymous, context, "data"))).toMatchObject({
      status: 401,
    });
    expect(await staffOf(anonymous, context)).toBeNull();
  });

  it("ends a therapist's session with the role: the next ask is sent to sign in", async () => {
    const context = contextFor();
    const therapist = await signedIn("asha@clinic.test", ["therapist"]);
    expect(await requireTherapist(therapist("/visits"), context, "page")).toMatchObject({
      isTherapist: true,
    });
    await revokeRole(database.db, "asha@clinic.test", "therapist");
    expect(await refusal(requireTherapist(therapist("/visits"), context, "page"))).toEqual({
      status: 302,
      location: "/auth",
    });
  });
});
