// Which addresses are the staff side (the dashboard and the sign-in screens). There the site
// keeps its header but not the marketing chrome: no footer, no Call Now / WhatsApp bar.

/** /admin, /auth and everything under them, in any case (React Router matches paths so). */
const staffPath = /^\/(admin|auth)(\/|$)/i;

export function isStaffPath(pathname: string): boolean {
  return staffPath.test(pathname);
}
