import { requireAdmin, type Staff } from "#app/domain/staff/staff-session.server.ts";
import { downloadMessages } from "#app/domain/staff/staff-texts.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { servicesContext } from "#app/services.server.ts";

type Context = Parameters<typeof requireAdmin>[1];

/** Sec-Fetch-Site values of a request that no other site started. */
const ownSites = new Set(["same-origin", "none"]);

/**
 * The admin, when the request may start a download: a GET or HEAD (a link, the address bar) must
 * come from our own pages; a POST's Origin is checked for every form (server/request-guards.ts). Else a
 * thrown 401 or 403.
 */
async function allowedDownload(request: Request, context: Context): Promise<Staff> {
  const staff = await requireAdmin(request, context, "data");
  const reading = request.method === "GET" || request.method === "HEAD";
  if (reading && !ownSites.has(request.headers.get("sec-fetch-site") ?? "")) {
    throw httpError(downloadMessages.crossSite, 403);
  }
  return staff;
}

/** The admin, and the release to call when the download ends; or a thrown 403 or 429. */
export async function startStaffDownload(
  request: Request,
  context: Context,
): Promise<{ staff: Staff; release: () => void }> {
  const staff = await allowedDownload(request, context);
  const release = context.get(servicesContext).downloads.take(staff.user.id);
  if (!release) {
    throw httpError(downloadMessages.underWay, 429, { "Retry-After": "5" });
  }
  return { staff, release };
}

/**
 * A HEAD of a download: the checks of its GET, then the GET's headers with no body; undefined
 * for any other method. React Router runs the loader for a HEAD and then drops the body it
 * returns unread, so a download started for it would never end: it would hold the admin's slot
 * (every later download a 429) until a restart. Nothing is read and nothing is logged.
 */
export async function answerDownloadHead(
  request: Request,
  context: Context,
  headers: () => HeadersInit,
): Promise<Response | undefined> {
  if (request.method !== "HEAD") return undefined;
  await allowedDownload(request, context);
  return new Response(null, { headers: headers() });
}

/** The query of a download: the address's for a GET, the form's for a POST. */
export async function downloadParams(request: Request): Promise<URLSearchParams> {
  if (request.method === "GET") return new URL(request.url).searchParams;
  const form = await request.formData().catch(() => undefined);
  const params = new URLSearchParams();
  for (const [name, value] of form ?? []) if (typeof value === "string") params.append(name, value);
  return params;
}
