// Facts about the business that are the same in every deployment. Contact details
// (phone, e-mail, address) are configuration: see app/config/env.server.ts.

export const areasServed = ["Gurugram", "Delhi", "Noida", "Greater Noida", "Faridabad"] as const;

export const supportHours = {
  label: "Mon-Sun 9:00 AM - 7:00 PM",
  opens: "09:00",
  closes: "19:00",
} as const;

export const marketing = {
  yearsExperience: "10+",
  familiesServed: "500+",
  responseTime: "within 24 hours",
} as const;

/** The prefilled chat message of generic "Chat on WhatsApp" buttons (header bar, footer). */
export const defaultChatMessage =
  "Hi, I would like to book a free physiotherapy consultation at home.";
