// The settings that only staff see the effect of: the staff e-mail and the dashboard. Kept out of
// SiteConfig, which every browser receives and every prerendered page bakes in, so that changing
// one needs no rebuild and no visitor ever reads it.
import { type Env, getEnv } from "#app/config/env.server.ts";

export interface StaffSettings {
  /** The business's name, as greetings name it. */
  clinic: string;
  /** The template of the greeting a WhatsApp link to a patient opens with ({clinic}, {patient}). */
  whatsappGreeting: string;
  /** The same for a request sent from the Hindi site. */
  whatsappGreetingHi: string;
}

export function toStaffSettings(env: Env): StaffSettings {
  return {
    clinic: env.BUSINESS_NAME,
    whatsappGreeting: env.WHATSAPP_GREETING,
    whatsappGreetingHi: env.WHATSAPP_GREETING_HI,
  };
}

/** The greeting template for a request in its language. */
export function greetingFor(settings: StaffSettings, language: "en" | "hi"): string {
  return language === "hi" ? settings.whatsappGreetingHi : settings.whatsappGreeting;
}

/** The running server's staff settings (for a staff route's loader). */
export function getStaffSettings(): StaffSettings {
  return toStaffSettings(getEnv());
}

/** Home visits' settings (docs/visits.md): staff-side too, read when the server starts. */
export interface VisitSettings {
  /** The length the booking form starts with, and the suggested free starts are found for. */
  visitMinutes: 45 | 60 | 90;
  /** The minutes kept free after each visit to reach the next. */
  travelMinutes: number;
  /** VISIT_CODE_REQUIRED: a visit is done only with the family's code (decision 048). */
  codeRequired: boolean;
  /** The care record (decision 051): measures due every N sessions; admins read without a reason. */
  care: { measureEvery: number; adminsRead: boolean };
}

export function toVisitSettings(env: Env): VisitSettings {
  return {
    visitMinutes: env.VISIT_DEFAULT_MINUTES,
    travelMinutes: env.VISIT_TRAVEL_MINUTES,
    codeRequired: env.VISIT_CODE_REQUIRED,
    care: { measureEvery: env.CARE_MEASURE_EVERY_SESSIONS, adminsRead: env.CARE_ADMINS_READ },
  };
}

/** The running server's visit settings. */
export function getVisitSettings(): VisitSettings {
  return toVisitSettings(getEnv());
}
