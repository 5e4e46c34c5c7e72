// The staff capability's words (decision 026): signing in and up, the password pages, the Access
// Denied page and the downloads' refusals. English only, as every staff screen. The product
// specification's words are here word for word and marked "spec" (its sign-in screen, section 2;
// its validation messages, section 5; its error catalogue, section 8): the browser tests write
// them out literally. The header's Logout and its toasts are the chrome's words, sent with every
// page (app/content/site-text.ts): imported from here by the header, this whole module would ride
// in every page's JavaScript (measured: the home page 984 bytes heavier, past its budget).

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
  signUpDomain: (wait: string) =>
    `Too many accounts were asked for at this e-mail domain just now. Please try again ${wait}, or ask an administrator.`,
  signIn: (_wait: string) => authMessages.tooManyAttempts,
} as const;

/** The sign-in screen (/auth): its three modes, each a heading, a button and a toggle (spec). */
export const authScreenTexts = {
  title: "Admin Login",
  modes: {
    login: { heading: "Admin Login", submit: "Login", toggle: "Need an account? Sign up" },
    signup: {
      heading: "Create Admin Account",
      submit: "Sign Up",
      toggle: "Already have an account? Login",
    },
    reset: {
      heading: "Reset your password",
      submit: "Send link",
      toggle: "Already have an account? Login",
    },
  },
  email: "Email",
  password: "Password",
  // spec
  loading: "Loading...",
  resetHint:
    "We will e-mail you a link to choose a new password. Choosing it signs you out everywhere.",
  forgot: "Forgot your password?",
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

/** Change password (/auth/password), for a signed-in member of staff. */
export const changePasswordTexts = {
  title: "Change password",
  current: "Current password",
  new: "New password",
  repeat: "The same new password again",
  submit: "Change password",
  back: "Back to the dashboard",
} as const;

/** Choose a password by an e-mailed link (/auth/set-password). */
export const setPasswordTexts = {
  title: "Choose your password",
  text: "It can be the one you typed when you signed up, or a new one. Choosing it confirms your address and signs your account out everywhere.",
  new: "New password",
  repeat: "The same password again",
  submit: "Save password",
  askAgain: "Ask for a new link",
} as const;

/** The page a signed-in non-admin gets at /admin (spec). */
export const accessDenied = {
  title: "Access Denied",
  text: "You don't have permission to access this page.",
} as const;

/** Staff data (an export, a stream) asked for without a session: the 401's one line. */
export const signInRequired = "Sign-in required";

/** Why a download did not start. */
export const downloadMessages = {
  crossSite: "Exports start from the dashboard. Open the dashboard and press Export CSV.",
  underWay: "An export of yours is still under way. Please wait for it to finish, then try again.",
} as const;
