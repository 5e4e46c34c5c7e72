import { describe, expect, it } from "vitest";
import { parseEnv } from "../../config/env.server";
import { toSiteConfig } from "../../config/site-config";
import { staffMailFor } from "./appointment-mail.server";
import type { Appointment } from "./appointments.server";

const staffMail = staffMailFor(toSiteConfig(parseEnv({})), "staff@clinic.test");
const appointment = (createdAt: string): Appointment => ({
  id: "00000000-0000-4000-8000-000000000000",
  name: "Asha Rani",
  phone: "9876543210",
  address: "H-12, Sector 43",
  pincode: "122002",
  message: null,
  status: "pending",
  createdAt: new Date(createdAt),
});

describe("the staff e-mail's time of receipt", () => {
  it("is India's time, and each request's own, minute by minute", () => {
    const received = (at: string) =>
      /Received: (.*)/.exec(staffMail.compose(appointment(at)).text)?.[1];
    expect(received("2026-11-23T13:00:05Z")).toBe("Nov 23, 2026 06:30 pm IST");
    expect(received("2026-11-23T13:00:55Z")).toBe("Nov 23, 2026 06:30 pm IST");
    expect(received("2026-11-23T13:01:00Z")).toBe("Nov 23, 2026 06:31 pm IST");
    expect(received("2026-11-23T18:45:00Z")).toBe("Nov 24, 2026 12:15 am IST");
    expect(received("2026-11-23T13:00:30Z")).toBe("Nov 23, 2026 06:30 pm IST");
  });
});
