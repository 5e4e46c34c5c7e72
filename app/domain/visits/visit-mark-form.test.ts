import { describe, expect, it } from "vitest";
import { visitDayActionSchema } from "#app/domain/visits/visit-mark-form.ts";
import { localityName } from "#app/domain/visits/visit-texts.ts";
import { directionsLink } from "#app/lib/directions-link.ts";

const visitId = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";
const parse = (fields: Record<string, string>) => visitDayActionSchema.safeParse(fields);
const messageOf = (fields: Record<string, string>) => {
  const result = parse(fields);
  return result.success
    ? null
    : { field: result.error.issues[0]?.path[0], message: result.error.issues[0]?.message };
};

describe("what a therapist's day posts", () => {
  it("takes done with a cleaned note and pain 0–10, each optional", () => {
    expect(
      parse({
        intent: "done",
        visitId,
        note: "  Walked\u0007 20 m\n",
        painBefore: "10",
        painAfter: "0",
      }).data,
    ).toEqual({
      intent: "done",
      visitId,
      note: "Walked  20 m",
      painBefore: 10,
      painAfter: 0,
    });
    expect(
      parse({ intent: "done", visitId, note: "   ", painBefore: "", painAfter: " " }).data,
    ).toEqual({
      intent: "done",
      visitId,
      note: undefined,
      painBefore: undefined,
      painAfter: undefined,
    });
  });

  it("refuses pain out of 0–10, a long note, an empty or long reason, and a visit id that is none", () => {
    for (const pain of ["11", "-1", "3.5", "five", "100"]) {
      expect(messageOf({ intent: "done", visitId, painAfter: pain }), pain).toEqual({
        field: "painAfter",
        message: "Pain is a number from 0 to 10.",
      });
    }
    expect(messageOf({ intent: "done", visitId, note: "x".repeat(2001) })?.field).toBe("note");
    expect(parse({ intent: "done", visitId, note: "x".repeat(2000) }).success).toBe(true);
    expect(messageOf({ intent: "cant_make", visitId, reason: "  " })).toEqual({
      field: "reason",
      message: "Give a reason (up to 500 characters).",
    });
    expect(messageOf({ intent: "cant_make", visitId, reason: "x".repeat(501) })?.field).toBe(
      "reason",
    );
    expect(messageOf({ intent: "no_show", visitId: "1; drop table visits" })?.field).toBe(
      "visitId",
    );
    expect(parse({ intent: "book", visitId }).success).toBe(false);
  });

  it("takes the calendar link's two forms with nothing else", () => {
    expect(parse({ intent: "calendar-issue" }).data).toEqual({ intent: "calendar-issue" });
    expect(parse({ intent: "calendar-revoke" }).data).toEqual({ intent: "calendar-revoke" });
  });
});

describe("a visit's directions and locality", () => {
  it("asks Google Maps for directions to the address and PIN code", () => {
    expect(directionsLink(" A-1, Sector 18 & Co, Noida ", "201301")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=A-1%2C%20Sector%2018%20%26%20Co%2C%20Noida%2C%20201301",
    );
  });

  it("names our area beside the district only when it says more", () => {
    expect(localityName("Gautam Buddha Nagar", "Noida")).toBe("Gautam Buddha Nagar (Noida)");
    expect(localityName("Gurugram", "Gurugram")).toBe("Gurugram");
    expect(localityName("Ghaziabad", null)).toBe("Ghaziabad");
  });
});
