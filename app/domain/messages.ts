// What the site says to a person when something succeeds, fails or is refused: one catalogue.
// The product specification's words (its error catalogue, section 8, and its validation rules,
// section 5) are kept here word for word and marked "spec"; the rest are ours, for what the spec
// does not cover. It imports no server code, so the browser, the server and plain Node scripts
// can all use it; the components, schemas and routes that show a text take it from here.

/** The appointment form's toasts (spec). */
export const appointmentMessages = {
  sent: {
    title: "Appointment Request Received!",
    description: "We'll contact you shortly to confirm your appointment.",
  },
  notifyLater: {
    title: "Note",
    description: "Appointment saved but email notification failed. We'll contact you soon!",
  },
  failed: {
    title: "Error",
    description: "Failed to submit appointment request. Please try again.",
  },
  unexpected: { title: "Error", description: "An unexpected error occurred. Please try again." },
} as const;

/**
 * What the confirmation after a request says beside the spec's words (ours): it stays until the
 * visitor leaves, with the reference to quote and what happens next.
 */
export const confirmationMessages = {
  referenceLabel: "Your reference",
  referenceHint: "Quote it when we call, or when you call us.",
  /** {phone}, {from}, {to}: the clinic's number and hours. */
  next: "We will call you from {phone} within 24 hours, between {from} and {to}.",
  call: "Call us now",
  chat: "WhatsApp us",
  /** The chat's first message, {reference} filled in. */
  chatMessage: "Hello, I sent a home-visit request. My reference is {reference}.",
  another: "Send another request",
} as const;

/**
 * The appointment form's field errors: the spec's, and ours for what the spec does not check
 * (line breaks in a one-line field, stray characters in a phone number).
 */
export const appointmentFieldMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be less than 100 characters",
  nameOneLine: "Name must be on one line",
  phoneTooShort: "Phone number must be at least 10 digits",
  phoneTooLong: "Phone number must be less than 15 digits",
  phoneCharacters: "Phone number may contain only digits, spaces, dashes, brackets and a leading +",
  addressRequired: "Address is required",
  addressTooLong: "Address must be less than 200 characters",
  addressOneLine: "Address must be on one line",
  pincodeLength: "Pin code must be 6 digits",
  pincodeNumeric: "Pin code must be numeric",
  messageTooLong: "Message must be less than 1000 characters",
} as const;

/** The sign-in and sign-up form's field errors: `emailInvalid` and `passwordTooShort` are the spec's. */
export const authFieldMessages = {
  emailInvalid: "Invalid email address",
  emailTooLong: "Email must be less than 255 characters",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be less than 100 characters",
  /** Never seen in practice: a failed check always names its problem. */
  passwordInvalid: "Invalid password",
} as const;

/** Signing in and up. The first five are the spec's. */
export const authMessages = {
  signedIn: "Logged in successfully",
  accountCreated: "Account created! Please login.",
  alreadyRegistered: "This email is already registered. Please login instead.",
  /** The spec shows the service's "Invalid login credentials" as this. */
  invalidCredentials: "Invalid email or password",
  unexpected: "An unexpected error occurred",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  signUpClosed: "Sign-up is closed. Ask an administrator for an account.",
  /** Under the spec's "Account created! Please login.": what to do first. */
  accountCreatedNext:
    "We have e-mailed you a link: open it to confirm your address and choose your password.",
  /** A new account that has not used its link yet, at sign-in. */
  unconfirmed:
    "Please confirm your address first: open the link we e-mailed you and choose your password.",
  resetSent:
    "If an account uses this address, we have e-mailed it a link to choose a new password. The link works for one hour.",
  passwordSet: "Your password is set. Please login.",
} as const;

/** What a refused sign-in, sign-up or reset request reads, given how long to wait ("in 5 minutes"). */
export const authLimitMessages = {
  signUpClient: (wait: string) =>
    `Too many accounts were created from this connection. Please try again ${wait}, or ask an administrator.`,
  resetClient: (wait: string) =>
    `Too many password resets were asked for from this connection. Please try again ${wait}.`,
  confirmationMailbox: (wait: string) =>
    `We have already e-mailed a confirmation link to this address. Please use it, or try again ${wait}.`,
  resetMailbox: (wait: string) =>
    `We have already e-mailed several links to this address. Please use the latest one, or try again ${wait}.`,
  site: (wait: string) =>
    `We are sending many account e-mails just now. Please try again ${wait}, or ask an administrator.`,
  signIn: (_wait: string) => authMessages.tooManyAttempts,
} as const;

/** The password pages (choose one by a link, change one when signed in). */
export const passwordMessages = {
  differ: "The two passwords are not the same.",
  linkExpired: "This link has expired",
  linkExpiredText:
    "The link is not valid any more: links work once, a confirmation link for 24 hours and a reset link for one hour. Ask for a new one with “Forgot your password?” on the login page.",
  changed: "Your password is changed. You are signed out everywhere else.",
  wrongCurrent: "Your current password is not right.",
} as const;

/** Logging out (spec): kept beside the header's hint cookie, which every page loads. */
export { logoutMessages } from "./staff/staff-hint.ts";

/** The appointment dashboard (spec). */
export const dashboardMessages = {
  loadFailed: "Failed to load appointments",
  statusUpdated: "Status updated successfully",
  statusFailed: "Failed to update status",
} as const;

/** The page a signed-in non-admin gets at /admin (spec). */
export const accessDenied = {
  title: "Access Denied",
  text: "You don't have permission to access this page.",
} as const;

/** Pages that are not there: an unmatched route, an unknown blog id (spec). */
export const notFoundMessages = {
  page: "Oops! Page not found",
  blogPost: "Blog Post Not Found",
} as const;

/** The newsletter form (the spec shows no checks of its own: these are ours). */
export const newsletterMessages = {
  invalidEmail: "Please enter a valid e-mail address.",
  emailTooLong: "Your e-mail address must be at most 255 characters.",
  /** The same for a new, a pending and an already confirmed address: nothing is revealed. */
  subscribed:
    "Thank you! Please check your inbox and confirm your subscription by the link we sent.",
  failed: "We could not sign you up just now. Please try again in a few minutes.",
} as const;

/** A refused newsletter sign-up (a 429), given how long to wait ("in 5 minutes"). */
export const newsletterLimitMessages = {
  client: (wait: string) =>
    `You have signed up several times from this connection. Please try again ${wait}.`,
  mailbox: (wait: string) =>
    `We have already e-mailed this address several times today. Please look for our e-mail (also in spam), or try again ${wait}.`,
  site: (wait: string) => `Many people are signing up just now. Please try again ${wait}.`,
} as const;
