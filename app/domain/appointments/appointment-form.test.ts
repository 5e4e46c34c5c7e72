import { describe, expect, it } from "vitest";
import {
  parseAppointment,
  readAppointmentForm,
  readWhatsappUpdates,
} from "#app/domain/appointments/appointment-form.ts";
import { servedAreaOf } from "#app/domain/areas/served-area.ts";

const valid = {
  name: "  Asha Rani ",
  phone: " 98765 43210 ",
  address: "H-12, Sector 43, Gurugram",
  pincode: " 122002 ",
  message: "   ",
};

describe("parseAppointment", () => {
  it("trims every value and stores an empty message as null", () => {
    expect(parseAppointment(valid)).toEqual({
      ok: true,
      appointment: {
        name: "Asha Rani",
        phone: "98765 43210",
        address: "H-12, Sector 43, Gurugram",
        pincode: "122002",
        message: null,
      },
    });
  });

  it.each([
    ["name", " ", "Name is required"],
    ["name", "a".repeat(101), "Name must be less than 100 characters"],
    ["phone", "987654321", "Phone number must be at least 10 digits"],
    ["phone", "9".repeat(16), "Phone number must be less than 15 digits"],
    ["address", "H-12", "Address is required"],
    ["address", "a".repeat(201), "Address must be less than 200 characters"],
    ["pincode", "12200", "Pin code must be 6 digits"],
    ["pincode", "12a456", "Pin code must be numeric"],
    ["message", "a".repeat(1001), "Message must be less than 1000 characters"],
  ] as const)("%s %j → %s", (field, value, message) => {
    const result = parseAppointment({ ...valid, [field]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ [field]: message });
  });

  it.each([
    ["name", "a".repeat(100)],
    ["phone", "9".repeat(10)],
    ["phone", "9".repeat(15)],
    ["address", "a".repeat(5)],
    ["address", "a".repeat(200)],
    ["message", "a".repeat(1000)],
  ] as const)("accepts %s at its limit (%#)", (field, value) => {
    expect(parseAppointment({ ...valid, [field]: value }).ok).toBe(true);
  });
});

describe("parseAppointment: text that shows what was typed", () => {
  const fieldOf = (values: Partial<typeof valid>) => {
    const result = parseAppointment({ ...valid, ...values });
    return result.ok ? result.appointment : result.errors;
  };

  it.each([
    ["name", "Eve\r\nReply-To: attacker@evil.example", "Name must be on one line"],
    ["name", "Eve\nBcc: x@evil.example", "Name must be on one line"],
    ["name", "Eve\rX", "Name must be on one line"],
    ["name", "Eve\u2028Mallory", "Name must be on one line"],
    ["address", "H-12\nSector 43", "Address must be on one line"],
    ["address", "H-12\u000bSector 43", "Address must be on one line"],
    [
      "phone",
      "98765\n43210",
      "Phone number may contain only digits, spaces, dashes, brackets and a leading +",
    ],
    ["pincode", "122\n02", "Pin code must be numeric"],
  ] as const)("refuses a line break in %s (%j)", (field, value, message) => {
    expect(fieldOf({ [field]: value })).toEqual({ [field]: message });
  });

  it("keeps the message's lines", () => {
    expect(fieldOf({ message: "Knee pain.\r\nPlease call after 5 pm.\tThanks" })).toMatchObject({
      message: "Knee pain.\r\nPlease call after 5 pm.\tThanks",
    });
  });

  it("removes invisible format characters: a value of them alone is empty", () => {
    expect(fieldOf({ name: "\u200b\u200c\u200d\u2060\ufeff" })).toEqual({
      name: "Name is required",
    });
    expect(fieldOf({ address: "\u200b\u200b\u200b\u200b\u200b\u200b" })).toEqual({
      address: "Address is required",
    });
    // A right-to-left override would show the rest of the name reversed to staff.
    expect(fieldOf({ name: "Asha \u202einaR\u202c" })).toMatchObject({ name: "Asha inaR" });
    expect(fieldOf({ message: "fine \u202eenif\u2066" })).toMatchObject({ message: "fine enif" });
    // Joiners that shape Devanagari conjuncts stay.
    expect(fieldOf({ name: "क्\u200dष राम" })).toMatchObject({ name: "क्\u200dष राम" });
  });

  it("turns other control characters into spaces (a NUL, a tab)", () => {
    expect(fieldOf({ name: "Asha\u0000Rani\tK" })).toMatchObject({ name: "Asha Rani K" });
  });

  it("counts a phone number's digits, whatever separates them", () => {
    expect(fieldOf({ phone: "+91 (98100) 12-345" })).toMatchObject({ phone: "+91 (98100) 12-345" });
    expect(fieldOf({ phone: "+1 234 567 890 123 45" })).toMatchObject({
      phone: "+1 234 567 890 123 45",
    });
    expect(fieldOf({ phone: "+91 98100 1234" })).toMatchObject({ phone: "+91 98100 1234" });
    expect(fieldOf({ phone: "98 76 54 32 1" })).toEqual({
      phone: "Phone number must be at least 10 digits",
    });
    expect(fieldOf({ phone: "+1 234 567 890 123 456" })).toEqual({
      phone: "Phone number must be less than 15 digits",
    });
  });

  it.each(["abcdefghij", "<b>abcdefgh</b>", "98765 43210 ext 2", "98765+43210", "९८७६५ ४३२१x"])(
    "refuses a phone number with anything but digits and separators (%j)",
    (phone) => {
      expect(fieldOf({ phone })).toEqual({
        phone: "Phone number may contain only digits, spaces, dashes, brackets and a leading +",
      });
    },
  );

  it("reads Devanagari digits as digits and stores them as ASCII", () => {
    expect(fieldOf({ phone: "९८७६५ ४३२१०", pincode: "१२२००२" })).toMatchObject({
      phone: "98765 43210",
      pincode: "122002",
    });
  });
});

describe("readAppointmentForm", () => {
  const form = (entries: [string, string | Blob][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };
  const fields = Object.entries(valid) as [string, string][];

  it("reads each field once, a missing message as empty", () => {
    expect(readAppointmentForm(form(fields.filter(([name]) => name !== "message")))).toEqual({
      ...valid,
      message: "",
    });
  });

  it("refuses what our form never sends: a field twice, a file, a missing field", () => {
    expect(readAppointmentForm(form([...fields, ["name", "Other"]]))).toBeUndefined();
    expect(
      readAppointmentForm(form([...fields.slice(1), ["name", new Blob(["x"])]])),
    ).toBeUndefined();
    expect(readAppointmentForm(form(fields.filter(([name]) => name !== "phone")))).toBeUndefined();
  });
});

describe("readWhatsappUpdates", () => {
  const form = (...values: (string | Blob)[]) => {
    const data = new FormData();
    for (const value of values) data.append("whatsappUpdates", value);
    return data;
  };

  it("is a yes only for the box ticked: the form's own value, once", () => {
    expect(readWhatsappUpdates(form("yes"))).toBe(true);
    // Unticked (absent), another value, twice, a file: never consent.
    expect(readWhatsappUpdates(form())).toBe(false);
    for (const value of ["on", "YES", "true", "1", ""]) {
      expect(readWhatsappUpdates(form(value)), value).toBe(false);
    }
    expect(readWhatsappUpdates(form("yes", "yes"))).toBe(false);
    expect(readWhatsappUpdates(form(new Blob(["yes"])))).toBe(false);
  });
});

describe("servedAreaOf", () => {
  it("names the served area by the PIN code's district in India Post's directory, only for a complete code", () => {
    expect(servedAreaOf("110017")).toBe("delhi");
    expect(servedAreaOf("122002")).toBe("gurugram");
    expect(servedAreaOf("121001")).toBe("faridabad");
    expect(servedAreaOf("201301")).toBe("noida");
    expect(servedAreaOf("201310")).toBe("greater-noida");
    // Ghaziabad, Nuh and Palwal share the first digits of served PIN codes.
    expect(servedAreaOf("201010")).toBeUndefined();
    expect(servedAreaOf("122107")).toBeUndefined();
    expect(servedAreaOf("121102")).toBeUndefined();
    expect(servedAreaOf("560001")).toBeUndefined();
    expect(servedAreaOf("12200")).toBeUndefined();
  });
});
