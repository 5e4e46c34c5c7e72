// Every admin loader, action, export and event stream, asked as an anonymous visitor, as a
// signed-in member of staff who is not an admin, and as an admin: only the admin gets data. The
// others get a redirect to /auth, a 401 or a 403, and no patient field in the body.
import { beforeAll, describe, expect, it } from "vitest";
import { fastSubmissions, postAppointment, validAppointment } from "./appointments";
import { admin, nonAdmin, signInCookie, useStaffServer } from "./staff";

const patient = {
  ...validAppointment,
  name: "Kamla Devi Secretname",
  phone: "9812345678",
  address: "Flat 7, Hidden Residency, Sector 56",
  pincode: "122011",
  message: "Private note about her hip",
};
const patientFields = [patient.name, patient.phone, patient.address, patient.message];

interface Endpoint {
  name: string;
  request(url: string, cookie: string, id: string): Promise<Response>;
}

/** Reads at most `limit` bytes (an event stream never ends by itself). */
async function readSome(response: Response, limit = 1_000_000, waitMs = 1_000): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const deadline = Date.now() + waitMs;
  try {
    while (size < limit && Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((resolve) =>
          setTimeout(
            () => resolve({ done: true, value: undefined }),
            Math.max(1, deadline - Date.now()),
          ),
        ),
      ]);
      if (next.done || !next.value) break;
      chunks.push(next.value);
      size += next.value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).toString("utf8");
}

const get = (path: string) => (url: string, cookie: string) =>
  fetch(`${url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

const endpoints: Endpoint[] = [
  { name: "GET /admin (the page)", request: get("/admin") },
  { name: "GET /admin.data (its data)", request: get("/admin.data") },
  { name: "GET /admin?q=… (a search)", request: get("/admin?q=Secretname") },
  {
    name: "GET /admin/export.csv (from our own page)",
    request: (url, cookie) =>
      fetch(`${url}/admin/export.csv`, {
        headers: { "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
        redirect: "manual",
      }),
  },
  {
    name: "POST /admin/export.csv (the dashboard's button)",
    request: (url, cookie) =>
      fetch(`${url}/admin/export.csv`, {
        method: "POST",
        body: new URLSearchParams({ q: "Secretname" }),
        headers: { origin: url, ...(cookie ? { cookie } : {}) },
        redirect: "manual",
      }),
  },
  { name: "GET /admin/events (the live stream)", request: get("/admin/events") },
  {
    name: "GET /admin/appointments/:id/history",
    request: (url, cookie, id) => get(`/admin/appointments/${id}/history`)(url, cookie),
  },
  {
    name: "POST /admin (change a status)",
    request: (url, cookie, id) =>
      fetch(`${url}/admin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "status", id, status: "contacted" }),
        headers: { origin: url, ...(cookie ? { cookie } : {}) },
        redirect: "manual",
      }),
  },
];

describe("who may reach the admin endpoints", () => {
  const server = useStaffServer({ ...fastSubmissions });
  let appointmentId = "";
  const cookies = { anonymous: "", nonAdmin: "", admin: "" };

  beforeAll(async () => {
    const sent = await postAppointment(server.url(), patient);
    expect(sent.status).toBe(303);
    cookies.nonAdmin = await signInCookie(server.url(), nonAdmin);
    cookies.admin = await signInCookie(server.url(), admin);
    // The admin's export names the request's id, which the other endpoints take.
    const csv = await (await get("/admin.data")(server.url(), cookies.admin)).text();
    appointmentId =
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(csv)?.[0] ?? "";
    expect(appointmentId).not.toBe("");
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: anonymous → /auth or 401, no patient data`, async () => {
      const response = await endpoint.request(server.url(), cookies.anonymous, appointmentId);
      const body = await readSome(response);
      if (endpoint.name.startsWith("GET /admin (") || endpoint.name.startsWith("GET /admin?")) {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/auth");
      } else if (endpoint.name.includes(".data")) {
        // React Router's data protocol answers a redirect as data the client follows.
        expect([202, 204, 302]).toContain(response.status);
        expect(`${response.headers.get("x-remix-redirect") ?? ""}${body}`).toContain("/auth");
      } else {
        expect(response.status).toBe(401);
      }
      for (const field of patientFields) expect(body).not.toContain(field);
    });

    it(`${endpoint.name}: signed in, not an admin → 403, no patient data`, async () => {
      const response = await endpoint.request(server.url(), cookies.nonAdmin, appointmentId);
      const body = await readSome(response);
      expect(response.status).toBe(403);
      if (endpoint.name === "GET /admin (the page)") {
        expect(body).toContain("Access Denied");
        expect(body).toContain("You don&#x27;t have permission to access this page.");
      }
      for (const field of patientFields) expect(body).not.toContain(field);
    });

    it(`${endpoint.name}: admin → the data`, async () => {
      const response = await endpoint.request(server.url(), cookies.admin, appointmentId);
      const body = await readSome(response);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      if (endpoint.name.includes("events")) {
        expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
        expect(body).toContain("retry:");
      } else if (endpoint.name.includes("history")) {
        expect(JSON.parse(body)).toHaveProperty("history");
      } else if (endpoint.name.startsWith("POST /admin (")) {
        expect(body).toContain("ok");
      } else if (endpoint.name === "GET /admin (the page)") {
        // The page's HTML is the guard's spinner; the data comes with it for the script.
        expect(body).toContain("Loading");
        expect(body).toContain(patient.name);
      } else {
        expect(body).toContain(patient.name);
      }
    });
  }

  it("answers the data protocol's refusals with their own status text", async () => {
    const postData = (cookie: string) =>
      fetch(`${server.url()}/admin.data`, {
        method: "POST",
        body: new URLSearchParams({ intent: "status", id: appointmentId, status: "contacted" }),
        headers: { origin: server.url(), ...(cookie ? { cookie } : {}) },
        redirect: "manual",
      });
    const anonymous = await postData(cookies.anonymous);
    expect(anonymous.status).toBe(401);
    const anonymousBody = await anonymous.text();
    expect(anonymousBody).toContain('"Unauthorized"');
    expect(anonymousBody).not.toContain("Internal Server Error");
    const staff = await postData(cookies.nonAdmin);
    expect(staff.status).toBe(403);
    const staffBody = await staff.text();
    expect(staffBody).toContain('"Forbidden"');
    expect(staffBody).not.toContain("Internal Server Error");
  });

  it("keeps admin pages out of search engines and caches", async () => {
    for (const cookie of [cookies.anonymous, cookies.nonAdmin, cookies.admin]) {
      const response = await get("/admin")(server.url(), cookie);
      expect(response.headers.get("cache-control")).toBe("no-store");
      await response.arrayBuffer();
    }
    const page = await (await get("/admin")(server.url(), cookies.admin)).text();
    expect(page).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    const auth = await (await get("/auth")(server.url(), "")).text();
    expect(auth).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });

  it("refuses a status change posted from another site, even with the admin's cookie", async () => {
    const response = await fetch(`${server.url()}/admin`, {
      method: "POST",
      body: new URLSearchParams({ intent: "status", id: appointmentId, status: "completed" }),
      headers: { origin: "https://evil.example", cookie: cookies.admin },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });
});

describe("sign-in attempts", () => {
  const server = useStaffServer({ SIGN_IN_RATE_LIMIT_ACCOUNT: "3/15m" });

  const attempt = (password: string) =>
    fetch(`${server.url()}/auth`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", js: "1", email: admin.email, password }),
      headers: { origin: server.url() },
      redirect: "manual",
    });

  it("are limited per account: the fourth in the window is refused, even with the right password", async () => {
    for (let i = 0; i < 3; i++) expect((await attempt("wrong-password")).status).toBe(401);
    const refused = await attempt(admin.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
    expect(refused.headers.getSetCookie().join()).not.toContain("staff.session_token");
  });
});
