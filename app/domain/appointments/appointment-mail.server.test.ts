import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { staffMailFor } from "#app/domain/appointments/appointment-mail.server.ts";
import type { Appointment } from "#app/domain/appointments/appointments.server.ts";
import { unknownSource } from "#app/domain/attribution/site-session.server.ts";

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
  reference: "7K3Q2M",
  ...unknownSource,
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

describe("the staff e-mail's call and WhatsApp links", () => {
  const site = toSiteConfig(parseEnv({ BUSINESS_NAME: "Physio & Co" }));
  const compose = (phone: string, whatsappGreeting?: string, language: "en" | "hi" = "en") =>
    staffMailFor(
      site,
      "staff@clinic.test",
      whatsappGreeting === undefined
        ? undefined
        : { clinic: site.name, whatsappGreeting, whatsappGreetingHi: "नमस्ते {patient} जी" },
    ).compose({ ...appointment("2026-11-23T13:00:05Z"), phone, language });

  it("are the dashboard's: tel:+91… and wa.me/91… with the greeting, however the number is written", () => {
    for (const phone of ["098765 43210", "+91 (0) 98765-43210", "0091 98765 43210"]) {
      const mail = compose(phone);
      expect(mail.text).toContain("Call: tel:+919876543210\n");
      expect(mail.text).toContain(
        `WhatsApp: https://wa.me/919876543210?text=${encodeURIComponent(
          "Hello Asha Rani, this is Physio & Co. We received your request for a home physiotherapy visit.",
        )}\n`,
      );
      // The links as a mail client reads them (attributes' entities decoded).
      const links = parseHtml(mail.html ?? "")
        .querySelectorAll("a")
        .map((link) => [link.getAttribute("href"), link.text]);
      expect(links[0]).toEqual(["tel:+919876543210", "Call Asha Rani"]);
      expect(links[1]?.[0]).toMatch(
        /^https:\/\/wa\.me\/919876543210\?text=Hello%20Asha%20Rani%2C%20this%20is%20Physio%20%26%20Co\./,
      );
    }
  });

  it("open with the business's own greeting", () => {
    const mail = compose("9876543210", "Namaste {patient} ji, {clinic} here");
    expect(mail.text).toContain(
      `WhatsApp: https://wa.me/919876543210?text=${encodeURIComponent("Namaste Asha Rani ji, Physio & Co here")}\n`,
    );
  });

  it("open in Hindi for a request sent from the Hindi site", () => {
    const mail = compose("9876543210", "Hello {patient}", "hi");
    expect(mail.text).toContain(
      `WhatsApp: https://wa.me/919876543210?text=${encodeURIComponent("नमस्ते Asha Rani जी")}\n`,
    );
    // The default, in the glossary's words.
    expect(decodeURIComponent(compose("9876543210", undefined, "hi").text)).toContain(
      "नमस्ते Asha Rani जी, हम Physio & Co से मैसेज कर रहे हैं।",
    );
  });

  it("are left out for a number that cannot be dialled, which is still shown as typed", () => {
    const mail = compose("12345 67890 1");
    expect(mail.text).toContain("Phone: 12345 67890 1\n");
    expect(mail.text).not.toContain("Call:");
    expect(mail.text).not.toContain("WhatsApp:");
    expect(mail.html).not.toContain("tel:");
    expect(mail.html).not.toContain("wa.me");
  });
});
