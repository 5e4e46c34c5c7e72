// Therapists' profiles on the real databases, as the admins keep them at /admin/therapists: what
// a save stores (the page's form read as app/domain/visits/therapist-form.test.ts checks it), what
// it refuses without writing anything, and the access log's row of each save.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { grantRole, revokeRole } from "#app/domain/staff/roles.server.ts";
import {
  parseTherapistForm,
  type TherapistProfileInput,
} from "#app/domain/visits/therapist-form.ts";
import {
  districtsFor,
  readRoster,
  readTherapist,
  saveTherapistProfile,
  TherapistProfileError,
} from "#app/domain/visits/therapists.server.ts";
import { accessLog, therapists, users } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";

const today = "2026-11-27";

/** The page's form as a browser sends it: each entry a field, lists repeated. */
function formOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

const filled = {
  displayName: "  Dr Asha Verma ",
  registrationNumber: "DPC/2015/4471",
  yearsOfPractice: "9",
  languages: ["Hindi", "English"],
  skills: ["stroke", "general"],
  districts: ["Gautam Buddha Nagar", "East Delhi"],
  "hours.1.0.from": "07:30",
  "hours.1.0.to": "12:00",
  "hours.1.1.from": "16:00",
  "hours.1.1.to": "19:30",
  "hours.3.0.from": "7:30",
  "hours.3.0.to": "13:00",
  "hours.3.1.from": "",
  "hours.3.1.to": "",
  addLeaveFrom: "2026-12-24",
  addLeaveTo: "2026-12-26",
  active: "on",
};

function parse(fields: Record<string, string | string[]>) {
  return parseTherapistForm(formOf(fields), districtsFor(), today);
}

function profileOf(fields: Record<string, string | string[]>): TherapistProfileInput {
  const parsed = parse(fields);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.profile;
}

/** The admin saving, as the access log records them. */
const boss = { id: "user-boss", email: "boss@clinic.test", address: "203.0.113.9" };

describeEachDatabase("therapists' profiles", (database) => {
  /** An account (confirmed) granted the therapist role, as the command does: its id. */
  const therapist = async (email: string, name = "") => {
    const id = `user-${email.split("@")[0]}`;
    await database.db.insert(users).values({ id, name, email, emailVerified: true });
    await grantRole(database.db, email, "therapist");
    return id;
  };

  it("saves a profile and reads it back in the roster, active ones first", async () => {
    const asha = await therapist("asha@clinic.test", "asha");
    const ravi = await therapist("ravi@clinic.test", "ravi");
    const saved = await saveTherapistProfile(database.db, asha, profileOf(filled), boss);
    expect(saved).toMatchObject({
      id: asha,
      email: "asha@clinic.test",
      displayName: "Dr Asha Verma",
      registrationNumber: "DPC/2015/4471",
      yearsOfPractice: 9,
      // In the list's order, whatever the order ticked.
      languages: ["English", "Hindi"],
      skills: ["stroke", "general"],
      districts: ["Gautam Buddha Nagar", "East Delhi"],
      hours: {
        "1": [
          { from: "07:30", to: "12:00" },
          { from: "16:00", to: "19:30" },
        ],
        "3": [{ from: "07:30", to: "13:00" }],
      },
      leave: ["2026-12-24", "2026-12-25", "2026-12-26"],
      active: true,
      hasRole: true,
    });
    expect(await readTherapist(database.db, asha)).toEqual(saved);
    // Each save in the access log: who, from where, whose profile; no request.
    expect(await database.db.select().from(accessLog)).toMatchObject([
      {
        actorId: "user-boss",
        actorEmail: "boss@clinic.test",
        action: "therapist-profile",
        appointmentIds: [],
        detail: { therapist: asha },
        address: "203.0.113.9",
      },
    ]);

    await saveTherapistProfile(
      database.db,
      ravi,
      {
        ...profileOf(filled),
        displayName: "Ravi Kumar",
        active: false,
      },
      boss,
    );
    expect((await readRoster(database.db)).map((t) => [t.displayName, t.active])).toEqual([
      ["Dr Asha Verma", true],
      ["Ravi Kumar", false],
    ]);
    expect((await readRoster(database.db, { activeOnly: true })).map((t) => t.id)).toEqual([asha]);

    // Saved again with a day removed and no hours: the stored profile is the new one whole.
    await saveTherapistProfile(
      database.db,
      asha,
      {
        ...profileOf(filled),
        hours: {},
        leave: ["2026-12-25"],
      },
      boss,
    );
    const [row] = await database.db.select().from(therapists).where(eq(therapists.userId, asha));
    expect(row).toMatchObject({ hours: {}, leave: ["2026-12-25"] });
  });

  it("refuses a profile that breaks the rules, writing nothing", async () => {
    const asha = await therapist("asha@clinic.test", "asha");
    const before = await readTherapist(database.db, asha);
    const bad: TherapistProfileInput = {
      ...profileOf(filled),
      hours: {
        "2": [
          { from: "09:00", to: "13:00" },
          { from: "12:30", to: "18:00" },
        ],
      },
      districts: ["Mumbai"],
      leave: ["2026-13-01"],
    };
    const refused = await saveTherapistProfile(database.db, asha, bad, boss).catch(
      (error) => error,
    );
    expect(refused).toBeInstanceOf(TherapistProfileError);
    expect(refused).toMatchObject({
      reason: "invalid",
      fields: {
        "hours.2.1.from": "The second window starts after the first one ends",
        "districts.0": "Choose districts from the list",
        "leave.0": "Enter a date",
      },
    });
    expect(await readTherapist(database.db, asha)).toEqual(before);
    expect(await database.db.select().from(accessLog)).toEqual([]);
    await expect(
      saveTherapistProfile(database.db, "no-such-user", profileOf(filled), boss),
    ).rejects.toMatchObject({ reason: "unknown" });
  });

  it("keeps a revoked therapist's profile inactive: it cannot be made active without the role", async () => {
    const asha = await therapist("asha@clinic.test", "asha");
    await saveTherapistProfile(database.db, asha, profileOf(filled), boss);
    await revokeRole(database.db, "asha@clinic.test", "therapist");
    expect(await readTherapist(database.db, asha)).toMatchObject({
      displayName: "Dr Asha Verma",
      active: false,
      hasRole: false,
    });
    await expect(
      saveTherapistProfile(database.db, asha, profileOf(filled), boss),
    ).rejects.toMatchObject({
      reason: "no-role",
    });
    // Kept inactive, it may still be edited; it is not in the active roster.
    await saveTherapistProfile(database.db, asha, { ...profileOf(filled), active: false }, boss);
    expect(await readRoster(database.db, { activeOnly: true })).toEqual([]);
  });

  it("keeps a district the profile named before, though no longer served", async () => {
    const asha = await therapist("asha@clinic.test", "asha");
    await database.db
      .update(therapists)
      .set({ districts: ["Gurgaon"] })
      .where(eq(therapists.userId, asha));
    const saved = await saveTherapistProfile(
      database.db,
      asha,
      {
        ...profileOf(filled),
        districts: ["Gurgaon", "Gurugram"],
      },
      boss,
    );
    expect(saved.districts).toEqual(["Gurgaon", "Gurugram"]);
  });
});
