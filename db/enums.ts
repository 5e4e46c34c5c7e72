// The values a column may hold that the browser's code also lists (the dashboard's status filter,
// the privacy-requests form): defined once here, with no imports, so that a page's bundle can take
// them without the database's code. db/schema.ts gives them to its columns.

/** A request's status, in the order the front desk works them. */
export const appointmentStatuses = ["pending", "contacted", "completed"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/** What a data principal asked for (DPDP Act 2023; docs/privacy.md). */
export const privacyRequestKinds = [
  "access",
  "correction",
  "erasure",
  "withdrawal",
  "grievance",
] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];

/** The languages a therapist may speak, as their profile offers them. */
export const therapistLanguages = [
  "English",
  "Hindi",
  "Punjabi",
  "Bengali",
  "Urdu",
  "Tamil",
  "Telugu",
  "Marathi",
  "Gujarati",
  "Malayalam",
  "Kannada",
] as const;

/**
 * A therapist's skills: the site's five services (their keys in app/content/catalog.ts) and
 * general physiotherapy.
 */
export const therapistSkills = [
  "stroke",
  "postSurgery",
  "backPain",
  "sportsInjury",
  "senior",
  "general",
] as const;
export type TherapistSkill = (typeof therapistSkills)[number];

/** How money came or went (docs/payments.md); `online` is Razorpay's, booked by its webhook. */
export const paymentMethods = ["cash", "upi", "bank_transfer", "card", "online"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** The methods staff record by hand (the forms list them). */
export const manualPaymentMethods = ["cash", "upi", "bank_transfer", "card"] as const;

/**
 * The times of day a family would rather have visits at (the form asks, optionally; the desk may
 * set them): morning before 12, afternoon 12 to 5 pm, evening after 5 pm (India time).
 */
export const preferredTimes = ["morning", "afternoon", "evening"] as const;
export type PreferredTime = (typeof preferredTimes)[number];

/** The conditions a request is for, as the desk records them: the site's five services. */
export const requestConditions = [
  "stroke",
  "postSurgery",
  "backPain",
  "sportsInjury",
  "senior",
] as const;
export type RequestCondition = (typeof requestConditions)[number];
