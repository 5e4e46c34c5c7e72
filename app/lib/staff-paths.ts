// Which addresses are the staff side (the dashboard, the sign-in screens, a therapist's day). There the site
// keeps its header but not the marketing chrome: no footer, no Call Now / WhatsApp bar.

/** /admin, /auth, /visits and everything under them, in any case (React Router matches paths so). */
const staffPath = /^\/(admin|auth|visits)(\/|$)/i;

export function isStaffPath(pathname: string): boolean {
  return staffPath.test(pathname);
}
