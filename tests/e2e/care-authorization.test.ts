// Who may reach the care record (decision 051): every new page, its data, each action and each
// file, asked as an anonymous visitor, a signed-in member of staff with no role, another
// therapist, the visit's own therapist and an admin (who is not a therapist). The therapist's page
// is the visit's therapist's alone — another therapist gets a 404 that holds nothing of the
// patient, and an admin a 403; the desk's page and the discharge PDF are the admins'; the family's
// PDF is theirs by the status page's cookie. Refused asks store nothing, and the access log names
// each reading. Plain requests: the browser adds nothing to who may do what.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#app/db.server.ts";
import { recordAssessment, recordMeasure, saveNote } from "#app/domain/care/care.server.ts";
import { scoreMeasure } from "#app/domain/care/measures.ts";
import { appointments, measureResults, therapists, users, visits } from "#db/schema.ts";
import {
  admin,
  nonAdmin,
  type SeededAccount,
  type SeedRows,
  signInCookie,
  therapistAccount,
  useStaffServer,
} from "#tests/e2e/staff.ts";

const otherTherapist: SeededAccount = {
  email: "other-therapist@clinic.test",
  password: "other-therapist-pass-1",
  admin: false,
  therapist: true,
};

const patient = { name: "Secretcare Patientname", phone: "98765 31001" };
/** Words of the record that must never reach anyone but its therapist and a reading admin. */
const secrets = ["Secret problem of the knee", "Secret subjective words", patient.name];

const ids = { appointment: "", visit: "", otherVisit: "", therapist: "", measure: "" };

type Who = "anonymous" | "noRole" | "otherTherapist" | "therapist" | "admin";

/**
 * The patient's request, their visit with its assessment and signed note, and another
 * therapist's visit of another patient.
 */
const seedRecord =
  (into: typeof ids): SeedRows =>
  async (db) => {
    const idOf = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`))[0]
        ?.id ?? "";
    into.therapist = await idOf(therapistAccount.email);
    const other = await idOf(otherTherapist.email);
    await db
      .update(therapists)
      .set({ displayName: "Dr. Own" })
      .where(sql`${therapists.userId} = ${into.therapist}`);
    const [row] = await db
      .insert(appointments)
      .values({
        ...patient,
        phoneKey: "919876531001",
        address: "House 1, Sector 1, Noida",
        pincode: "201301",
        status: "contacted",
        reference: sql`next_appointment_reference()`,
      })
      .returning({ id: appointments.id });
    into.appointment = row?.id ?? "";
    const startsAt = new Date(Date.now() - 86_400_000);
    const visit = (therapistId: string, hours: number) => ({
      appointmentId: into.appointment,
      therapistId,
      startsAt: new Date(startsAt.getTime() + hours * 3_600_000),
      endsAt: new Date(startsAt.getTime() + (hours + 1) * 3_600_000),
      blockedUntil: new Date(startsAt.getTime() + (hours + 1.5) * 3_600_000),
      kind: "assessment" as const,
      status: "done" as const,
    });
    const stored = await db
      .insert(visits)
      .values([visit(into.therapist, 0), visit(other, 3)])
      .returning({ id: visits.id, therapistId: visits.therapistId });
    into.visit = stored.find((one) => one.therapistId === into.therapist)?.id ?? "";
    // The other therapist's visit is of another patient: theirs to open, not this one's record.
    const [otherPatient] = await db
      .insert(appointments)
      .values({
        name: "Other Patient",
        phone: "98765 31002",
        address: "House 2, Sector 2, Noida",
        pincode: "201301",
        status: "contacted",
      })
      .returning({ id: appointments.id });
    await db
      .update(visits)
      .set({ appointmentId: otherPatient?.id ?? "" })
      .where(sql`${visits.therapistId} = ${other}`);
    into.otherVisit = stored.find((one) => one.therapistId === other)?.id ?? "";
    const actor = { id: into.therapist, email: therapistAccount.email, name: "Dr. Own" };
    await recordAssessment(
      db,
      actor,
      { appointmentId: into.appointment, visitId: into.visit },
      {
        problem: secrets[0] ?? "",
        since: "",
        history: "",
        redFlags: [],
        regions: [],
        goals: ["Walk"],
      },
    );
    await saveNote(
      db,
      actor,
      { appointmentId: into.appointment, visitId: into.visit },
      {
        subjective: secrets[1] ?? "",
        objective: "",
        assessment: "",
        plan: "",
      },
      true,
    );
    // A measure, for the strike out (decision 053).
    const pain = scoreMeasure("nprs", { items: { pain: 4 } });
    if (!pain.ok) throw new Error("NPRS 4 is a score");
    const visitAt = { appointmentId: into.appointment, visitId: into.visit };
    await recordMeasure(db, actor, visitAt, "nprs", "start", pain);
    into.measure =
      (
        await db
          .select({ id: measureResults.id })
          .from(measureResults)
          .where(sql`${measureResults.appointmentId} = ${into.appointment}`)
      )[0]?.id ?? "";
  };

describe("who may reach the care record", () => {
  const server = useStaffServer({}, [therapistAccount, otherTherapist], {
    seed: seedRecord(ids),
  });
  const cookies: Record<Who, string> = {
    anonymous: "",
    noRole: "",
    otherTherapist: "",
    therapist: "",
    admin: "",
  };

  beforeAll(async () => {
    cookies.noRole = await signInCookie(server.url(), nonAdmin);
    cookies.otherTherapist = await signInCookie(server.url(), otherTherapist);
    cookies.therapist = await signInCookie(server.url(), therapistAccount);
    cookies.admin = await signInCookie(server.url(), admin);
  });

  const ask = (who: Who, path: string, form?: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) {
      for (const one of [value].flat()) body.append(name, one);
    }
    return fetch(`${server.url()}${path}`, {
      method: form ? "POST" : "GET",
      ...(form ? { body } : {}),
      headers: {
        ...(cookies[who] ? { cookie: cookies[who] } : {}),
        ...(form ? { origin: server.url() } : {}),
      },
      redirect: "manual",
    });
  };

  /** What a refusal may be, and that it holds nothing of the record. */
  async function refused(response: Response, statuses: number[]) {
    const body = await response.text();
    expect(statuses).toContain(response.status);
    for (const secret of secrets) expect(body).not.toContain(secret);
    return body;
  }

  const counts = async () => {
    const [row] = await queryRows<Record<string, number>>(
      server.database(),
      sql`SELECT (SELECT count(*) FROM assessments)::int AS a, (SELECT count(*) FROM visit_notes)::int AS n,
        (SELECT count(*) FROM measure_results)::int AS m, (SELECT count(*) FROM programmes)::int AS p,
        (SELECT count(*) FROM assessments WHERE flags_handled_at IS NOT NULL)::int AS h,
        (SELECT count(*) FROM measure_results WHERE struck_at IS NOT NULL)::int AS s`,
    );
    return row;
  };

  const carePath = () => `/visits/${ids.visit}/care`;
  /** Each of the therapist's actions, with fields that would be stored. */
  const therapistActions: [string, () => Record<string, string | string[]>][] = [
    ["assessment", () => ({ intent: "assessment", problem: "Changed", goal1: "Walk" })],
    [
      "measure",
      () => ({ intent: "measure", measure: "nprs", occasion: "start", "item:pain": "4" }),
    ],
    ["note-save", () => ({ intent: "note-save", subjective: "Another" })],
    ["note-sign", () => ({ intent: "note-sign", subjective: "Another" })],
    [
      "note-amend",
      () => ({
        intent: "note-amend",
        noteId: "00000000-0000-4000-8000-000000000000",
        subjective: "x",
      }),
    ],
    ["programme", () => ({ intent: "programme", exercise: ["bridging"] })],
    [
      "measure-strike",
      () => ({ intent: "measure-strike", measureId: ids.measure, reason: "Wrong patient" }),
    ],
  ];

  describe("the therapist's page of a visit", () => {
    it("GET: anonymous → /auth; no role and admin → 403; another therapist → 404 naming nothing; its therapist → the record, logged", async () => {
      const anonymous = await ask("anonymous", carePath());
      expect([302, 303]).toContain(anonymous.status);
      expect(anonymous.headers.get("location")).toContain("/auth");
      await refused(await ask("noRole", carePath()), [403]);
      await refused(await ask("admin", carePath()), [403]);
      await refused(await ask("otherTherapist", carePath()), [404]);
      const own = await ask("therapist", carePath());
      expect(own.status).toBe(200);
      const body = await own.text();
      expect(body).toContain(secrets[0]);
      expect(body).toContain(secrets[1]);
      const logged = await queryRows<{ actor_email: string; reason: string }>(
        server.database(),
        sql`SELECT actor_email, detail->>'reason' AS reason FROM access_log WHERE action = 'care-record' AND ${ids.appointment} = ANY(appointment_ids)`,
      );
      expect(logged).toContainEqual({
        actor_email: therapistAccount.email,
        reason: "their own visit",
      });
      // Its data: the same rule.
      const data = await ask("anonymous", `${carePath()}.data`);
      expect([202, 204, 302]).toContain(data.status);
      await refused(await ask("otherTherapist", `${carePath()}.data`), [404]);
      await refused(await ask("admin", `${carePath()}.data`), [403]);
      expect(await (await ask("therapist", `${carePath()}.data`)).text()).toContain(secrets[1]);
    });

    for (const [intent, fields] of therapistActions) {
      it(`POST ${intent}: refused to all but its therapist, nothing stored`, async () => {
        const before = await counts();
        await refused(await ask("anonymous", carePath(), fields()), [401]);
        await refused(await ask("noRole", carePath(), fields()), [403]);
        await refused(await ask("admin", carePath(), fields()), [403]);
        await refused(await ask("otherTherapist", carePath(), fields()), [404]);
        expect(await counts()).toEqual(before);
      });
    }

    it("POST by its therapist: stored (the measure)", async () => {
      const before = await counts();
      const answer = await ask("therapist", carePath(), therapistActions[1]?.[1]() ?? {});
      expect(answer.status).toBe(303);
      expect((await counts())?.m).toBe((before?.m ?? 0) + 1);
    });

    it("POST by its therapist: the measure struck out", async () => {
      const before = await counts();
      const answer = await ask("therapist", carePath(), therapistActions[6]?.[1]() ?? {});
      expect(answer.status).toBe(303);
      expect((await counts())?.s).toBe((before?.s ?? 0) + 1);
    });
  });

  describe("the desk's page of a request", () => {
    const deskPath = () => `/admin/appointments/${ids.appointment}/care`;

    it("GET: anonymous → /auth; no role and therapists → 403; the admin sees that a record exists, not what it says", async () => {
      const anonymous = await ask("anonymous", deskPath());
      expect([302, 303]).toContain(anonymous.status);
      for (const who of ["noRole", "otherTherapist", "therapist"] as const) {
        await refused(await ask(who, deskPath()), [403]);
        await refused(await ask(who, `${deskPath()}.data`), [403]);
      }
      const page = await ask("admin", deskPath());
      expect(page.status).toBe(200);
      const body = await page.text();
      expect(body).toContain("Assessment recorded");
      expect(body).not.toContain(secrets[0]);
      expect(body).not.toContain(secrets[1]);
    });

    it("POST a reason: refused to all but the admin; the admin reads it, the reason in the access log", async () => {
      const form = { reason: "Family asked for a summary" };
      await refused(await ask("anonymous", deskPath(), form), [401]);
      for (const who of ["noRole", "otherTherapist", "therapist"] as const) {
        await refused(await ask(who, deskPath(), form), [403]);
      }
      const tooShort = await ask("admin", deskPath(), { reason: "x" });
      await refused(tooShort, [400]);
      const read = await ask("admin", deskPath(), form);
      expect(read.status).toBe(200);
      expect(await read.text()).toContain(secrets[1]);
      const logged = await queryRows<{ reason: string }>(
        server.database(),
        sql`SELECT detail->>'reason' AS reason FROM access_log WHERE action = 'care-record' AND actor_email = ${admin.email}`,
      );
      expect(logged.map((row) => row.reason)).toContain("Family asked for a summary");
    });

    it("POST red flags handled: refused to all but the admin", async () => {
      const before = await counts();
      const form = {
        intent: "red-flags-handled",
        assessmentId: "00000000-0000-4000-8000-000000000000",
      };
      await refused(await ask("anonymous", deskPath(), form), [401]);
      for (const who of ["noRole", "otherTherapist", "therapist"] as const) {
        await refused(await ask(who, deskPath(), form), [403]);
      }
      expect(await counts()).toEqual(before);
      expect((await ask("admin", deskPath(), form)).status).toBe(303);
      // Not an id: a 400, never a database fault.
      await refused(await ask("admin", deskPath(), { ...form, assessmentId: "x' OR 1=1" }), [400]);
    });

    it("GET the discharge PDF: anonymous 401, staff without the admin role 403, the admin the PDF, logged", async () => {
      const path = `/admin/appointments/${ids.appointment}/discharge.pdf`;
      await refused(await ask("anonymous", path), [401]);
      for (const who of ["noRole", "otherTherapist", "therapist"] as const) {
        await refused(await ask(who, path), [403]);
      }
      const pdf = await ask("admin", path);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      const logged = await queryRows<{ n: number }>(
        server.database(),
        sql`SELECT count(*)::int AS n FROM access_log WHERE action = 'care-record' AND detail->>'reason' = 'discharge summary'`,
      );
      expect(logged[0]?.n).toBeGreaterThan(0);
    });
  });

  describe("the exercise library", () => {
    const exercise = {
      adding: "1",
      key: "wall-push-ups",
      nameEn: "Wall push-ups",
      nameHi: "दीवार पर पुश-अप",
      purposeEn: "Strengthens the arms and chest.",
      purposeHi: "बाँहों और छाती को मज़बूत करता है।",
      howEn: "Stand facing a wall.\nPush away slowly.",
      howHi: "दीवार की ओर मुँह करके खड़े हों।\nधीरे से दूर धकेलें।",
      sets: "2",
      reps: "10",
      hold: "",
      perDay: "1",
      stopIfEn: "Shoulder pain.",
      stopIfHi: "कंधे में दर्द हो।",
      conditions: ["senior"],
      active: "on",
    };
    const library = async () =>
      (await queryRows<{ key: string }>(server.database(), sql`SELECT key FROM exercises`)).map(
        (row) => row.key,
      );

    it("GET /admin/exercises: anonymous → /auth; no role and therapists → 403; the admin the library", async () => {
      const anonymous = await ask("anonymous", "/admin/exercises");
      expect([302, 303]).toContain(anonymous.status);
      for (const who of ["noRole", "otherTherapist", "therapist"] as const) {
        expect((await ask(who, "/admin/exercises")).status).toBe(403);
      }
      const page = await ask("admin", "/admin/exercises?key=sit-to-stand");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("कुर्सी से उठना-बैठना");
    });

    it("POST /admin/exercises: refused to all but the admin; bad input a 400; the admin's new exercise offered", async () => {
      const before = await library();
      expect((await ask("anonymous", "/admin/exercises", exercise)).status).toBe(401);
      for (const who of ["noRole", "otherTherapist", "therapist"] as const) {
        expect((await ask(who, "/admin/exercises", exercise)).status).toBe(403);
      }
      for (const bad of [
        { key: "Not A Key" },
        { sets: "11" },
        { howHi: "एक ही कदम" },
        { nameHi: "" },
        { conditions: ["astrology"] },
      ]) {
        const answer = await ask("admin", "/admin/exercises", { ...exercise, ...bad });
        expect(answer.status, JSON.stringify(bad)).toBe(400);
      }
      expect(await library()).toEqual(before);
      expect((await ask("admin", "/admin/exercises", exercise)).status).toBe(200);
      expect(await library()).toContain("wall-push-ups");
      expect((await ask("admin", "/admin/exercises", exercise)).status).toBe(409);
      // Offered to the therapist when building a programme.
      expect(await (await ask("therapist", `/visits/${ids.visit}/care`)).text()).toContain(
        "Wall push-ups",
      );
    });
  });

  describe("the family's side", () => {
    it("gives the discharge PDF and takes a tick only with the status page's cookie: staff sessions are not it", async () => {
      for (const who of ["anonymous", "noRole", "otherTherapist", "therapist", "admin"] as const) {
        await refused(await ask(who, "/status/discharge.pdf"), [404]);
        const tick = await ask(who, "/status", {
          intent: "exercise-tick",
          exercise: "bridging",
          done: "1",
        });
        await refused(tick, [403]);
      }
    });
  });
});

describe("the desk's page when the clinic lets admins read the record directly (CARE_ADMINS_READ)", () => {
  const direct = { appointment: "", visit: "", otherVisit: "", therapist: "", measure: "" };
  const server = useStaffServer({ CARE_ADMINS_READ: "true" }, [therapistAccount, otherTherapist], {
    seed: seedRecord(direct),
  });

  it("shows the admin the record at once, logged with the setting as its reason; a therapist is still refused", async () => {
    const path = `/admin/appointments/${direct.appointment}/care`;
    const asked = async (account: { email: string; password: string }) =>
      fetch(`${server.url()}${path}`, {
        headers: { cookie: await signInCookie(server.url(), account) },
        redirect: "manual",
      });
    const page = await asked(admin);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain(secrets[0]);
    expect(body).toContain(secrets[1]);
    const logged = await queryRows<{ actor_email: string; reason: string }>(
      server.database(),
      sql`SELECT actor_email, detail->>'reason' AS reason FROM access_log
        WHERE action = 'care-record' AND ${direct.appointment} = ANY(appointment_ids)`,
    );
    expect(logged).toEqual([
      { actor_email: admin.email, reason: "admins read directly (CARE_ADMINS_READ)" },
    ]);
    const therapist = await asked(therapistAccount);
    expect(therapist.status).toBe(403);
    expect(await therapist.text()).not.toContain(secrets[1]);
  });
});
