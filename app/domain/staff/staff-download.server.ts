import { servicesContext } from "~/services.server";
import { httpError } from "../../lib/http-error.server";
import { requireAdmin, type Staff } from "./staff-session.server";

type Context = Parameters<typeof requireAdmin>[1];

/** Sec-Fetch-Site values of a request that no other site started. */
const ownSites = new Set(["same-origin", "none"]);

const downloadMessages = {
  crossSite: "Exports start from the dashboard. Open the dashboard and press Export CSV.",
  underWay: "An export of yours is still under way. Please wait for it to finish, then try again.",
} as const;

/** The admin, and the release to call when the download ends; or a thrown 403 or 429. */
export async function startStaffDownload(
  request: Request,
  context: Context,
): Promise<{ staff: Staff; release: () => void }> {
  const staff = await requireAdmin(request, context, "data");
  if (request.method === "GET" && !ownSites.has(request.headers.get("sec-fetch-site") ?? "")) {
    throw httpError(downloadMessages.crossSite, 403);
  }
  const release = context.get(servicesContext).downloads.take(staff.user.id);
  if (!release) {
    throw httpError(downloadMessages.underWay, 429, { "Retry-After": "5" });
  }
  return { staff, release };
}

/** The query of a download: the address's for a GET, the form's for a POST. */
export async function downloadParams(request: Request): Promise<URLSearchParams> {
  if (request.method === "GET") return new URL(request.url).searchParams;
  const form = await request.formData().catch(() => undefined);
  const params = new URLSearchParams();
  for (const [name, value] of form ?? []) if (typeof value === "string") params.append(name, value);
  return params;
}
