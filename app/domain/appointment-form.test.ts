import { describe, expect, it } from "vitest";
import { parseAppointment, readAppointmentForm, servedAreaOf } from "./appointment-form";

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

describe("servedAreaOf", () => {
  it("names the served area by the PIN code's first digits, only for a complete code", () => {
    expect(servedAreaOf("110017")).toBe("Delhi");
    expect(servedAreaOf("122002")).toBe("Gurugram");
    expect(servedAreaOf("121001")).toBe("Faridabad");
    expect(servedAreaOf("201301")).toBe("Noida and Greater Noida");
    expect(servedAreaOf("560001")).toBeUndefined();
    expect(servedAreaOf("12200")).toBeUndefined();
  });
});
