import { describe, expect, it } from "vitest";
import { emailParts } from "#app/components/admin/email-address.tsx";

describe("emailParts", () => {
  it("cuts an address after each dot and around its @, and nowhere else", () => {
    expect(emailParts("front.desk-morning@clinic.example.in")).toEqual([
      "front.",
      "desk-morning",
      "@",
      "clinic.",
      "example.",
      "in",
    ]);
    expect(emailParts("admin@clinic")).toEqual(["admin", "@", "clinic"]);
    expect(emailParts("nodots")).toEqual(["nodots"]);
    expect(emailParts("").join("")).toBe("");
  });
});
