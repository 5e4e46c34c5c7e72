// Every admin loader, action, export and event stream — the dashboard, a request's page and each
// change its form posts (note, call-back, owner, junk, status), the insights page, the access
// log — asked as an
// anonymous visitor, as a signed-in member of staff who is not an admin, and as an admin: only the
// admin gets data and changes anything. The others get a redirect to /auth, a 401 or a 403, no
// patient field in the body, and the request they aimed at (one of its own) is left as it was.
//
// Each test passes alone and in any order (checked with --sequence.shuffle and -t): the admin's
// reads and the refused asks share one server whose two requests nothing changes (the insights
// count them); each change the admin makes goes to a request of its own, on a second server.

import { rmSync } from "node:fs";
import { TZDate } from "@date-fns/tz";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { signBody } from "#app/domain/messages/whatsapp-webhook.server.ts";
import { appointments, users, visits } from "#db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import { byHandFamilies, seedByHandMessages } from "#tests/e2e/messages-rows.ts";
import { arjun, meera, schedulePatients, seedSchedule } from "#tests/e2e/schedule-rows.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import {
  admin,
  nonAdmin,
  seedStaff,
  signInCookie,
  therapistAccount,
  useStaffServer,
} from "#tests/e2e/staff.ts";
import { paidEvent, razorpaySignature, razorpayTest } from "#tests/integration/razorpay-api.ts";

const patient = {
  ...validAppointment,
  name: "Kamla Devi Secretname",
  phone: "9812345678",
  address: "Flat 7, Hidden Residency, Sector 56",
  pincode: "122011",
  message: "Private note about her hip",
};
/** The request the refused asks aim at: afterwards it must be as it came. */
const untouched = {
  ...validAppointment,
  name: "Untouched Otherpatient",
  phone: "9812300099",
  address: "House 9, Quiet Lane, Sector 15",
  pincode: "122001",
  message: "Please call before noon",
};
const patientFields = [patient.name, patient.phone, patient.address, patient.message];
const untouchedFields = [untouched.name, untouched.phone, untouched.address, untouched.message];

/** The request whose payment gives the receipt the matrix asks for. */
const receiptHolder = {
  ...validAppointment,
  name: "Receipt Holder",
  phone: "9812300222",
  address: "House 5, Ledger Lane, Sector 21",
  pincode: "122001",
};

/** A second admin, for a hand-over. */
const colleague = { email: "colleague@clinic.test", password: "colleague-pass-1", admin: true };

type AppointmentFields = Record<keyof typeof validAppointment, string>;

interface Endpoint {
  name: string;
  /**
   * What an anonymous visitor gets: a page sends to /auth, the data of a page says so in the
   * data protocol, anything else is 401.
   */
  anonymous: "redirect" | "data-redirect" | 401;
  /** A page: a member of staff who is not an admin reads Access Denied. */
  page?: boolean;
  /** A change to a request: the admin's ask goes to this request of its own, sent first. */
  own?: AppointmentFields;
  request(url: string, cookie: string, id: string, colleagueId: string): Promise<Response>;
  /** What the admin's answer (200, no-store) holds. */
  expectAdmin(body: string, response: Response): void;
}

/**
 * The body as far as it goes, at most `limit` characters: to its end, or, of an event stream
 * (which never ends by itself), to the end of its first event. Whatever came by `timeoutMs` if
 * neither comes (the checks on it then fail).
 */
async function readBody(
  response: Response,
  limit = 1_000_000,
  timeoutMs = 10_000,
): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const eventStream = /^text\/event-stream/.test(response.headers.get("content-type") ?? "");
  const decoder = new TextDecoder();
  let text = "";
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<{ done: true; value: undefined }>((resolve) => {
    timer = setTimeout(() => resolve({ done: true, value: undefined }), timeoutMs);
  });
  try {
    while (text.length < limit && !(eventStream && text.includes("\n\n"))) {
      const next = await Promise.race([reader.read(), timedOut]);
      if (next.done || !next.value) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return text;
}

const get = (path: string) => (url: string, cookie: string) =>
  fetch(`${url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

const post =
  (
    path: (id: string) => string,
    fields: (id: string, colleagueId: string) => Record<string, string>,
  ) =>
  (url: string, cookie: string, id: string, colleagueId = "") =>
    fetch(`${url}${path(id)}`, {
      method: "POST",
      body: new URLSearchParams(fields(id, colleagueId)),
      headers: { origin: url, ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });

const casePath = (id: string) => `/admin/appointments/${id}`;

/** Today in India, as a date field sends it. */
const todayInIndia = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** Tomorrow at 10:30 in India, as the call-back field sends it. */
const tomorrowInIndia = () =>
  `${new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)}T10:30`;

/**
 * The kinds of a request page's timeline entries, newest first, but for its staff e-mail's
 * delivery (the outbox sends it when it will).
 */
const staffEntries = (page: string) =>
  [...page.matchAll(/data-timeline="([a-z_]+)"/g)]
    .map((match) => match[1])
    .filter((kind) => !kind?.startsWith("mail_"));

/**
 * Each change a request's page posts (given the colleague's id on the server asked), with the
 * answer the admin gets. In this order.
 */
const caseChanges: [
  intent: string,
  fields: (colleagueId: string) => Record<string, string>,
  answer: string,
][] = [
  ["note", () => ({ body: "Called, no answer; call back Tuesday" }), "Note added"],
  ["callback", () => ({ at: tomorrowInIndia() }), "Call-back set"],
  ["clear-callback", () => ({}), "Call-back cleared"],
  ["take", () => ({}), "The request is yours"],
  ["hand", (colleagueId) => ({ ownerId: colleagueId }), "Request handed over"],
  ["release", () => ({}), "The request is open to anyone"],
  ["junk", () => ({}), "Marked as junk"],
  ["not-junk", () => ({}), "No longer junk"],
  ["status", () => ({ status: "completed" }), "Status updated successfully"],
  ["package-sell", () => ({}), "Package sold."],
  [
    "payment-record",
    () => ({ amount: "1,200", method: "cash", paidOn: todayInIndia(), currency: "INR" }),
    "Payment recorded: receipt HP/",
  ],
];

const containsPatient = (body: string) => expect(body).toContain(patient.name);

/** The admin's correction and erasure each go to a request of their own (one number each). */
const erasable = {
  ...validAppointment,
  name: "Erasable Rightsholder",
  phone: "9812300111",
  address: "House 3, Rights Lane, Sector 9",
  pincode: "122001",
};
const privacyPost = (fields: Record<string, string>) =>
  post(
    (target) => `${casePath(target)}/privacy`,
    () => fields,
  );
/** A request of its own for the admin's change number `n`: its own number, so its own search. */
const changed = (n: number): AppointmentFields => ({
  ...validAppointment,
  name: "Changed Request",
  phone: `98124000${String(n).padStart(2, "0")}`,
});
/** The personal-data file, from the request's own page. */
const personalData = (query: string) => (url: string, cookie: string, id: string) =>
  fetch(`${url}${casePath(id)}/personal-data.txt${query}`, {
    headers: { "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });

/** The dashboard's change of a status. */
const statusChange: Endpoint = {
  name: "POST /admin (change a status)",
  anonymous: 401,
  own: changed(0),
  request: post(
    () => "/admin",
    (id) => ({ intent: "status", id, status: "contacted" }),
  ),
  expectAdmin: (body) => expect(body).toContain("ok"),
};
/**
 * A payment's id on the server of "who may reach the admin endpoints" (its beforeAll records one
 * on a request of its own); elsewhere a well-formed id of none, which the guard refuses first.
 */
const receiptOf = { paymentId: "", holderId: "", creditNoteId: "" };
const noneId = "00000000-0000-4000-8000-000000000000";
const paymentPath = () => `/admin/payments/${receiptOf.paymentId || noneId}/receipt.pdf`;
const creditNotePath = () =>
  `/admin/credit-notes/${receiptOf.creditNoteId || noneId}/credit-note.pdf`;
/**
 * A refund and a credit note need a payment: they go to the request holding the receipt (the
 * guard refuses anyone but an admin before the request is read).
 */
const holderChange = (fields: () => Record<string, string>) => (url: string, cookie: string) =>
  post(casePath, fields)(url, cookie, receiptOf.holderId || noneId);

/** The changes of a request's own page. */
const pageChanges = caseChanges.map(
  ([intent, fields, answer], index): Endpoint => ({
    name: `POST /admin/appointments/:id (intent=${intent})`,
    anonymous: 401,
    own: changed(index + 1),
    request: post(casePath, (_id, colleagueId) => ({ intent, ...fields(colleagueId) })),
    expectAdmin: (body) => expect(body).toContain(answer),
  }),
);

const endpoints: Endpoint[] = [
  {
    name: "GET /admin (the page)",
    anonymous: "redirect",
    page: true,
    request: get("/admin"),
    expectAdmin(body) {
      // The page's HTML is the guard's spinner; the data comes with it for the script.
      expect(body).toContain("Loading");
      expect(body).toContain(patient.name);
    },
  },
  {
    name: "GET /admin.data (its data)",
    anonymous: "data-redirect",
    request: get("/admin.data"),
    expectAdmin: containsPatient,
  },
  {
    name: "GET /admin?q=… (a search)",
    anonymous: "redirect",
    page: true,
    request: get("/admin?q=Secretname"),
    expectAdmin: containsPatient,
  },
  {
    name: "GET /admin/export.csv (from our own page)",
    anonymous: 401,
    request: (url, cookie) =>
      fetch(`${url}/admin/export.csv`, {
        headers: { "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
        redirect: "manual",
      }),
    expectAdmin: containsPatient,
  },
  {
    name: "POST /admin/export.csv (the dashboard's button)",
    anonymous: 401,
    request: post(
      () => "/admin/export.csv",
      () => ({ q: "Secretname" }),
    ),
    expectAdmin: containsPatient,
  },
  {
    name: "GET /admin/events (the live stream)",
    anonymous: 401,
    request: get("/admin/events"),
    expectAdmin(body, response) {
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(body).toContain("retry:");
    },
  },
  statusChange,
  {
    name: "GET /admin/appointments/:id (a request's page)",
    anonymous: "redirect",
    page: true,
    request: (url, cookie, id) => get(casePath(id))(url, cookie),
    expectAdmin(body) {
      expect(body).toContain(patient.name);
      expect(body).toContain(patient.address);
      expect(body).toContain('data-timeline="received"');
    },
  },
  {
    name: "GET /admin/appointments/:id.data (its data)",
    anonymous: "data-redirect",
    request: (url, cookie, id) => get(`${casePath(id)}.data`)(url, cookie),
    expectAdmin: containsPatient,
  },
  {
    name: "GET /admin/insights (the owner's figures)",
    anonymous: "redirect",
    page: true,
    request: get("/admin/insights?period=last-4-weeks"),
    expectAdmin(body) {
      // The whole page is in its HTML: the three requests of this week (the two, and the one
      // whose payment gives the receipt), in the figures.
      expect(body).toContain("Requests per day");
      expect(body).toMatch(/data-headline="requests"[\s\S]*?>3<\/dd>/);
    },
  },
  {
    name: "GET /admin/insights.data (its data)",
    anonymous: "data-redirect",
    request: get("/admin/insights.data"),
    expectAdmin: (body) => expect(body).toContain("periodLine"),
  },
  {
    name: "GET /admin/access-log (who saw which requests)",
    anonymous: "redirect",
    page: true,
    request: get("/admin/access-log"),
    expectAdmin(body) {
      // The admin's own views of the request (beforeAll), by id: no patient's words.
      expect(body).toContain("<h1");
      expect(body).toContain("Access log");
      expect(body).toContain('data-access="request"');
      expect(body).toContain('data-access="search"');
      for (const field of patientFields) expect(body).not.toContain(field);
    },
  },
  {
    name: "GET /admin/access-log.data (its data)",
    anonymous: "data-redirect",
    request: get("/admin/access-log.data"),
    expectAdmin: (body) => expect(body).toContain("actorEmail"),
  },
  ...pageChanges,
  {
    name: "GET /admin/money (the cash with therapists, what families owe)",
    anonymous: "redirect",
    page: true,
    request: get("/admin/money"),
    expectAdmin(body) {
      expect(body).toContain("Cash with therapists");
      expect(body).toContain("What families owe");
    },
  },
  {
    name: "GET /admin/money.data (its data)",
    anonymous: "data-redirect",
    request: get("/admin/money.data"),
    expectAdmin: (body) => expect(body).toContain("shownAt"),
  },
  {
    name: "POST /admin/money (the desk receives a therapist's cash)",
    anonymous: 401,
    request: post(
      () => "/admin/money",
      () => ({ intent: "hand-in", therapistId: "nobody", shownAt: String(Date.now()) }),
    ),
    expectAdmin: (body) => expect(body).toContain("That cash was handed in already."),
  },
  {
    name: "POST /admin/money (a refused online payment marked seen)",
    anonymous: 401,
    request: post(
      () => "/admin/money",
      () => ({ intent: "event-seen", eventId: noneId }),
    ),
    expectAdmin: (body) => expect(body).toContain("Someone marked it seen already."),
  },
  {
    name: "GET /admin/money/payments.csv (the accountant's file)",
    anonymous: 401,
    request: get("/admin/money/payments.csv"),
    expectAdmin(body, response) {
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(body).toContain("Date,Number,Kind,Received from");
      expect(body).toContain("Receipt Holder");
    },
  },
  {
    name: "GET /admin/payments/:id/receipt.pdf (a receipt)",
    anonymous: 401,
    request: (url, cookie) => get(paymentPath())(url, cookie),
    expectAdmin(body, response) {
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(body.startsWith("%PDF-")).toBe(true);
    },
  },
  {
    name: "GET /admin/credit-notes/:id/credit-note.pdf (a credit note)",
    anonymous: 401,
    request: (url, cookie) => get(creditNotePath())(url, cookie),
    expectAdmin(body, response) {
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toMatch(/filename="credit-note-HP-/);
      expect(body.startsWith("%PDF-")).toBe(true);
    },
  },
  {
    name: "POST /admin/appointments/:id (intent=payment-refund)",
    anonymous: 401,
    request: holderChange(() => ({
      intent: "payment-refund",
      amount: "100",
      method: "cash",
      paidOn: todayInIndia(),
      currency: "INR",
      reason: "Paid for a session that did not happen",
    })),
    expectAdmin: (body) => expect(body).toContain("Refund recorded."),
  },
  {
    name: "POST /admin/appointments/:id (intent=credit-note)",
    anonymous: 401,
    request: holderChange(() => ({
      intent: "credit-note",
      paymentId: receiptOf.paymentId || noneId,
      amount: "50",
      currency: "INR",
      reason: "Recorded ₹50 too much",
    })),
    expectAdmin: (body) => expect(body).toMatch(/Credit note HP\/\d\d-\d\d\/C\d{5} made\./),
  },
  {
    name: "GET /admin/appointments/:id/personal-data.txt (what is held, to give the person)",
    anonymous: 401,
    request: personalData(""),
    expectAdmin(body, response) {
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="personal-data-/,
      );
      expect(body).toContain(patient.name);
      expect(body).toContain(patient.address);
      expect(body).toContain(patient.message);
    },
  },
  {
    name: "GET /admin/appointments/:id/personal-data.txt?scope=number",
    anonymous: 401,
    request: personalData("?scope=number"),
    expectAdmin: containsPatient,
  },
  {
    name: "GET /admin/privacy-requests (the list)",
    anonymous: "redirect",
    page: true,
    request: get("/admin/privacy-requests"),
    expectAdmin: (body) => expect(body).toContain("Record a request"),
  },
  {
    name: "GET /admin/privacy-requests.data (its data)",
    anonymous: "data-redirect",
    request: get("/admin/privacy-requests.data"),
    expectAdmin: (body) => expect(body).toContain("dueDays"),
  },
  {
    name: "POST /admin/privacy-requests (record one)",
    anonymous: 401,
    request: post(
      () => "/admin/privacy-requests",
      () => ({
        intent: "record",
        kind: "access",
        channel: "phone",
        references: "",
        received: "2026-01-05",
      }),
    ),
    expectAdmin: (body) => expect(body).toContain("Privacy request recorded"),
  },
  {
    name: "POST /admin/appointments/:id/privacy (intent=correct)",
    anonymous: 401,
    own: erasable,
    request: privacyPost({
      intent: "correct",
      scope: "one",
      name: "Erasable R. Rightsholder",
      phone: erasable.phone,
      address: erasable.address,
      pincode: erasable.pincode,
      message: "",
    }),
    expectAdmin: (body) => expect(body).toContain("Corrected: Name"),
  },
  {
    name: "POST /admin/appointments/:id/privacy (intent=erase)",
    anonymous: 401,
    own: { ...erasable, name: "Erasable Otherholder", phone: "9812300122" },
    request: privacyPost({ intent: "erase", scope: "number", confirm: "1" }),
    expectAdmin: (body) => expect(body).toContain("Personal data of 1 request erased"),
  },
];

/** The one request id in the admin's data for a search. */
async function idOf(url: string, cookie: string, q: string): Promise<string> {
  const found = await (await get(`/admin.data?q=${encodeURIComponent(q)}`)(url, cookie)).text();
  const ids = new Set(found.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g));
  expect(ids.size).toBe(1);
  return [...ids][0] ?? "";
}

/** The colleague's id, as the admin's page of request `id` offers it to hand the request to. */
async function colleagueIdOn(url: string, cookie: string, id: string): Promise<string> {
  const page = await (await get(casePath(id))(url, cookie)).text();
  const found =
    new RegExp(`<option value="([^"]+)">${colleague.email}</option>`).exec(page)?.[1] ?? "";
  expect(found).not.toBe("");
  return found;
}

/** The Cloud API configured on the first server, for its webhook (nothing is ever sent there). */
const whatsappSettings = {
  WHATSAPP_TOKEN: "e2e-token-EAAG",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: "e2e-app-secret-41c9",
  WHATSAPP_VERIFY_TOKEN: "e2e-verify-token-93b1f0c2",
  WHATSAPP_API_URL: "http://127.0.0.1:9/v23.0",
};
/** Razorpay set up (decision 047): its API never reached here, only its webhook's checks. */
const razorpaySettings = {
  RAZORPAY_KEY_ID: razorpayTest.keyId,
  RAZORPAY_KEY_SECRET: razorpayTest.keySecret,
  RAZORPAY_WEBHOOK_SECRET: razorpayTest.webhookSecret,
  RAZORPAY_API_URL: "http://127.0.0.1:9/v1",
};

describe("who may reach the admin endpoints", () => {
  // Nothing here changes the two requests: the admin's changes are made in the block below (a
  // third request holds the payment whose receipt is asked for).
  const server = useStaffServer({ ...fastSubmissions, ...whatsappSettings, ...razorpaySettings }, [
    colleague,
  ]);
  /** The admin's reads go to the patient's request; the refused asks to the untouched one. */
  let appointmentId = "";
  let untouchedId = "";
  let colleagueId = "";
  const cookies = { anonymous: "", nonAdmin: "", admin: "" };

  beforeAll(async () => {
    for (const request of [untouched, patient]) {
      expect((await postAppointment(server.url(), request)).status).toBe(303);
    }
    cookies.nonAdmin = await signInCookie(server.url(), nonAdmin);
    cookies.admin = await signInCookie(server.url(), admin);
    appointmentId = await idOf(server.url(), cookies.admin, "Secretname");
    untouchedId = await idOf(server.url(), cookies.admin, "Otherpatient");
    colleagueId = await colleagueIdOn(server.url(), cookies.admin, appointmentId);
    // A payment with its receipt, on a request of its own (the two above stay as they came).
    expect((await postAppointment(server.url(), receiptHolder)).status).toBe(303);
    const holderId = await idOf(server.url(), cookies.admin, "Holder");
    const paid = await post(casePath, () => ({
      intent: "payment-record",
      amount: "500",
      method: "cash",
      paidOn: todayInIndia(),
    }))(server.url(), cookies.admin, holderId);
    expect(paid.status).toBe(200);
    await paid.arrayBuffer();
    const page = await (await get(casePath(holderId))(server.url(), cookies.admin)).text();
    receiptOf.paymentId = /\/admin\/payments\/([0-9a-f-]{36})\/receipt\.pdf/.exec(page)?.[1] ?? "";
    expect(receiptOf.paymentId).not.toBe("");
    receiptOf.holderId = holderId;
    // And a credit note on it, for its PDF.
    const credited = await post(casePath, () => ({
      intent: "credit-note",
      paymentId: receiptOf.paymentId,
      amount: "100",
      currency: "INR",
      reason: "Recorded ₹100 too much",
    }))(server.url(), cookies.admin, holderId);
    expect(credited.status).toBe(200);
    await credited.arrayBuffer();
    const after = await (await get(casePath(holderId))(server.url(), cookies.admin)).text();
    receiptOf.creditNoteId =
      /\/admin\/credit-notes\/([0-9a-f-]{36})\/credit-note\.pdf/.exec(after)?.[1] ?? "";
    expect(receiptOf.creditNoteId).not.toBe("");
  });

  /** The request the refused asks aim at is as it came: nothing written. */
  const expectUntouched = async () => {
    const page = await (await get(casePath(untouchedId))(server.url(), cookies.admin)).text();
    expect(page).toContain(untouched.name);
    expect(staffEntries(page)).toEqual(["received"]);
    expect(page).toMatch(/data-status="pending"/);
    expect(page).toContain("Open: nobody has taken this request.");
    expect(page).toContain("No call-back planned.");
    expect(page).not.toContain('data-marker="junk"');
    expect(page).toContain("No package sold.");
    expect(page).toContain("No payment recorded.");
  };

  const allFields = [...patientFields, ...untouchedFields];

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: anonymous → /auth or 401, no patient data`, async () => {
      const response = await endpoint.request(
        server.url(),
        cookies.anonymous,
        untouchedId,
        colleagueId,
      );
      const body = await readBody(response);
      if (endpoint.anonymous === "redirect") {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/auth");
      } else if (endpoint.anonymous === "data-redirect") {
        // React Router's data protocol answers a redirect as data the client follows.
        expect([202, 204, 302]).toContain(response.status);
        expect(`${response.headers.get("x-remix-redirect") ?? ""}${body}`).toContain("/auth");
      } else {
        expect(response.status).toBe(401);
      }
      for (const field of allFields) expect(body).not.toContain(field);
      if (endpoint.own) await expectUntouched();
    });

    it(`${endpoint.name}: signed in, not an admin → 403, no patient data`, async () => {
      const response = await endpoint.request(
        server.url(),
        cookies.nonAdmin,
        untouchedId,
        colleagueId,
      );
      const body = await readBody(response);
      expect(response.status).toBe(403);
      if (endpoint.page) {
        expect(body).toContain("Access Denied");
        expect(body).toContain("You don&#x27;t have permission to access this page.");
      }
      for (const field of allFields) expect(body).not.toContain(field);
      if (endpoint.own) await expectUntouched();
    });

    if (!endpoint.own) {
      it(`${endpoint.name}: admin → the data`, async () => {
        const response = await endpoint.request(
          server.url(),
          cookies.admin,
          appointmentId,
          colleagueId,
        );
        const body = await readBody(response);
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("no-store");
        endpoint.expectAdmin(body, response);
      });
    }
  }

  it("answers an admin's bad input with 400 and an unknown request with 404, changing nothing", async () => {
    const ask = (id: string, fields: Record<string, string>) =>
      post(casePath, () => fields)(server.url(), cookies.admin, id);
    const bad: Record<string, string>[] = [
      { intent: "note", body: "   " },
      { intent: "callback", at: "tomorrow" },
      { intent: "hand", ownerId: "" },
      { intent: "status", status: "archived" },
      { intent: "delete" },
      {},
    ];
    for (const fields of bad) {
      const refused = await ask(untouchedId, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      await refused.arrayBuffer();
    }
    // Handed to someone who is not an admin: refused too.
    const notStaff = await ask(untouchedId, { intent: "hand", ownerId: "no-such-user" });
    expect(notStaff.status).toBe(400);
    expect(await notStaff.text()).toContain("Choose a member of staff");
    const unknown = await ask("00000000-0000-4000-8000-000000000000", {
      intent: "note",
      body: "Nobody reads this",
    });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
    const notFound = await get(casePath("00000000-0000-4000-8000-000000000000"))(
      server.url(),
      cookies.admin,
    );
    expect(notFound.status).toBe(404);
    await notFound.arrayBuffer();
    const notAnId = await get(casePath("not-an-id"))(server.url(), cookies.admin);
    expect(notAnId.status).toBe(404);
    await notAnId.arrayBuffer();
    await expectUntouched();
  });

  it("answers the data protocol's refusals with their own status text", async () => {
    const postData = (path: string, fields: Record<string, string>, cookie: string) =>
      fetch(`${server.url()}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: server.url(), ...(cookie ? { cookie } : {}) },
        redirect: "manual",
      });
    for (const [path, fields] of [
      ["/admin.data", { intent: "status", id: untouchedId, status: "contacted" }],
      [
        `${casePath(untouchedId)}.data`,
        { intent: "note", body: "Sent as the page's script would" },
      ],
    ] as const) {
      const anonymous = await postData(path, fields, cookies.anonymous);
      expect(anonymous.status).toBe(401);
      const anonymousBody = await anonymous.text();
      expect(anonymousBody).toContain('"Unauthorized"');
      expect(anonymousBody).not.toContain("Internal Server Error");
      const staff = await postData(path, fields, cookies.nonAdmin);
      expect(staff.status).toBe(403);
      const staffBody = await staff.text();
      expect(staffBody).toContain('"Forbidden"');
      expect(staffBody).not.toContain("Internal Server Error");
    }
    await expectUntouched();
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

  it("refuses a change posted from another site, even with the admin's cookie", async () => {
    const fromElsewhere = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url()}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: "https://evil.example", cookie: cookies.admin },
        redirect: "manual",
      });
    const status = await fromElsewhere("/admin", {
      intent: "status",
      id: untouchedId,
      status: "completed",
    });
    expect(status.status).toBe(403);
    for (const [intent, fields] of caseChanges) {
      const response = await fromElsewhere(casePath(untouchedId), {
        intent,
        ...fields(colleagueId),
      });
      expect(response.status, intent).toBe(403);
      await response.arrayBuffer();
    }
    const privacyChanges: Record<string, string>[] = [
      { intent: "erase", scope: "one", confirm: "1" },
      { intent: "correct", scope: "one", name: "Changed Elsewhere" },
    ];
    for (const fields of privacyChanges) {
      const response = await fromElsewhere(`${casePath(untouchedId)}/privacy`, fields);
      expect(response.status, fields.intent).toBe(403);
      await response.arrayBuffer();
    }
    const download = await fetch(`${server.url()}${casePath(untouchedId)}/personal-data.txt`, {
      headers: { "sec-fetch-site": "cross-site", cookie: cookies.admin },
      redirect: "manual",
    });
    expect(download.status).toBe(403);
    expect(await download.text()).not.toContain(untouched.name);
    await expectUntouched();
  });

  // Meta's webhook is public, and signed: its POSTs come from Meta's servers with no Origin of
  // ours, so the edge lets them by, and the route refuses any without the app secret's signature.
  /** One change of Meta's "messages" field, in its envelope, as Meta posts it. */
  const metaDelivery = (value: Record<string, unknown>) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "1", changes: [{ field: "messages", value }] }],
    });
  /** Posts `body` to the webhook with these headers (a signature, an origin). */
  const postToWebhook = (body: string, headers: Record<string, string>) =>
    fetch(`${server.url()}/webhooks/whatsapp`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
      redirect: "manual",
    });
  const signedWith = (body: string, secret = whatsappSettings.WHATSAPP_APP_SECRET) => ({
    "x-hub-signature-256": signBody(body, secret),
  });

  it("the WhatsApp webhook: unsigned or badly signed is refused, the handshake needs the token", async () => {
    const webhook = `${server.url()}/webhooks/whatsapp`;
    const stop = metaDelivery({
      messages: [
        { from: "919812300099", id: "wamid.E2ESTOP", type: "text", text: { body: "STOP" } },
      ],
    });
    const send = (headers: Record<string, string>) => postToWebhook(stop, headers);
    const unsigned = await send({ origin: "https://attacker.example" });
    expect(unsigned.status).toBe(401);
    const forged = await send(signedWith(stop, "not-the-app-secret"));
    expect(forged.status).toBe(403);
    for (const answer of [unsigned, forged]) {
      const body = await answer.text();
      for (const field of allFields) expect(body).not.toContain(field);
    }
    // Signed with the app secret and from no origin of ours: taken.
    const signed = await send(signedWith(stop));
    expect(signed.status).toBe(200);
    await signed.arrayBuffer();

    const handshake = (token: string) =>
      fetch(
        `${webhook}?${new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "4417" })}`,
      );
    const wrong = await handshake("not-the-verify-token");
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("4417");
    const right = await handshake(whatsappSettings.WHATSAPP_VERIFY_TOKEN);
    expect(right.status).toBe(200);
    expect(await right.text()).toBe("4417");
    await expectUntouched();
  });

  it("Razorpay (decision 047): the webhook books nothing unsigned, forged or for a link not ours; a family's purchase needs the family's own look-up", async () => {
    const delivery = JSON.stringify(
      paidEvent({ id: "plink_NotOurs0001", amount: 50_000, reference_id: "HP-NOT-OURS" }),
    );
    const deliver = (headers: Record<string, string>) =>
      fetch(`${server.url()}/webhooks/razorpay`, {
        method: "POST",
        body: delivery,
        headers: { "content-type": "application/json", ...headers },
      });
    const unsigned = await deliver({ origin: "https://attacker.example" });
    expect(unsigned.status).toBe(401);
    const forged = await deliver({
      "x-razorpay-signature": razorpaySignature(delivery, "not-the-webhook-secret"),
    });
    expect(forged.status).toBe(403);
    // Signed, for a link the clinic never made: taken (so Razorpay stops retrying), booked never.
    const unknown = await deliver({ "x-razorpay-signature": razorpaySignature(delivery) });
    expect(unknown.status).toBe(200);
    for (const answer of [unsigned, forged, unknown]) {
      const body = await answer.text();
      for (const field of allFields) expect(body).not.toContain(field);
    }
    // The family's purchase on the status page: a staff session is no family's look-up, and a
    // post from another site is refused before it is read.
    for (const [cookie, headers, status] of [
      [cookies.anonymous, {}, 403],
      [cookies.admin, {}, 403],
      [cookies.nonAdmin, {}, 403],
      [cookies.admin, { origin: "https://attacker.example" }, 403],
    ] as const) {
      for (const intent of ["buy-package", "pay-online", "stop-ask", "stop", "start"]) {
        const answer = await fetch(`${server.url()}/status`, {
          method: "POST",
          body: new URLSearchParams({ intent }),
          headers: { cookie, origin: server.url(), ...headers },
          redirect: "manual",
        });
        expect(answer.status, intent).toBe(status);
        const body = await answer.text();
        for (const field of allFields) expect(body).not.toContain(field);
      }
    }
    await expectUntouched();
    // Put in front of staff, as a delivery to look at.
    const money = await (await get("/admin/money")(server.url(), cookies.admin)).text();
    expect(money.includes("a link that is not ours")).toBe(true);
  });

  it("the WhatsApp webhook takes a signed batch up to Meta's 3 MB, and refuses more; a form keeps 32 KiB", async () => {
    /** A batch of `count` delivery statuses about messages that are not ours. */
    const batch = (count: number) =>
      metaDelivery({
        statuses: Array.from({ length: count }, (_, index) => ({
          id: `wamid.HBgMOTE5ODEyMzAwMDk5FQIAERgSQzE5RjQ2${String(index).padStart(6, "0")}AA==`,
          status: "delivered",
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: "919812300099",
          conversation: { id: `conversation-${index}`, origin: { type: "utility" } },
          pricing: { billable: true, pricing_model: "CBP", category: "utility" },
        })),
      });
    const post = (body: string) => postToWebhook(body, signedWith(body));
    const large = batch(800);
    expect(large.length).toBeGreaterThan(200_000);
    const taken = await post(large);
    expect(taken.status).toBe(200);
    await taken.arrayBuffer();
    const tooLarge = `${large.slice(0, -1)}${" ".repeat(3 * 1024 * 1024)}}`;
    const refused = await post(tooLarge);
    expect(refused.status).toBe(413);
    await refused.arrayBuffer();
    // Elsewhere the 32 KiB of a form: a sign-in as large is refused before it is read.
    const form = await fetch(`${server.url()}/auth`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email: "a@b.c", password: "x".repeat(40_000) }),
      headers: { origin: server.url() },
    });
    expect(form.status).toBe(413);
    await form.arrayBuffer();
  });

  // Each test above that is refused a change looks too; this one asks them all, in a row.
  it("left the request the refused asks aimed at as it came: nothing written", async () => {
    for (const endpoint of endpoints.filter((endpoint) => endpoint.own)) {
      for (const cookie of [cookies.anonymous, cookies.nonAdmin]) {
        const response = await endpoint.request(server.url(), cookie, untouchedId, colleagueId);
        expect([401, 403], endpoint.name).toContain(response.status);
        await response.arrayBuffer();
      }
    }
    await expectUntouched();
  });
});

describe("the admin's changes", () => {
  const server = useStaffServer({ ...fastSubmissions }, [colleague]);
  let cookie = "";
  let colleagueId = "";

  beforeAll(async () => {
    cookie = await signInCookie(server.url(), admin);
  });

  /** `fields` sent as the form sends them: the new request's id, found by its number. */
  const ownRequest = async (fields: AppointmentFields) => {
    expect((await postAppointment(server.url(), fields)).status).toBe(303);
    const id = await idOf(server.url(), cookie, fields.phone);
    colleagueId ||= await colleagueIdOn(server.url(), cookie, id);
    return id;
  };

  for (const endpoint of endpoints) {
    const own = endpoint.own;
    if (!own) continue;
    it(`${endpoint.name}: admin → the data`, async () => {
      const id = await ownRequest(own);
      const response = await endpoint.request(server.url(), cookie, id, colleagueId);
      const body = await readBody(response);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      endpoint.expectAdmin(body, response);
    });
  }

  it("changed the admin's request as asked: each change on its timeline", async () => {
    const id = await ownRequest(changed(99));
    for (const endpoint of [statusChange, ...pageChanges]) {
      const response = await endpoint.request(server.url(), cookie, id, colleagueId);
      expect(response.status, endpoint.name).toBe(200);
      endpoint.expectAdmin(await readBody(response), response);
    }
    const page = await (await get(casePath(id))(server.url(), cookie)).text();
    const kinds = staffEntries(page);
    expect(kinds).toEqual([
      // The money: a package sold, then a payment (neither takes the request).
      "payment_received",
      "package_sold",
      // The last status change, on a request left open just before: it takes it again.
      "status",
      "owner_changed",
      "junk_cleared",
      "junk_marked",
      // Released, handed over; "take" recorded nothing: the first status change had taken it.
      "owner_changed",
      "owner_changed",
      "callback_cleared",
      "callback_set",
      "note",
      // POST /admin's change to contacted, which took the request nobody owned; the request.
      "status",
      "owner_changed",
      "received",
    ]);
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

describe("who may reach the therapists' profiles (issue 28)", () => {
  // A therapist who is not an admin is staff of another kind: refused every admin page and
  // action, the profiles included (their own too), with nothing of any patient in the refusal.
  // The admin's save goes to a second therapist's profile: the first stays as it was granted.
  const savedByAdmin = {
    email: "saved-therapist@clinic.test",
    password: "saved-pass-1",
    admin: false,
    therapist: true,
  };
  const server = useStaffServer({ ...fastSubmissions }, [therapistAccount, savedByAdmin]);
  const cookies = { anonymous: "", nonAdmin: "", therapist: "", admin: "" };
  let therapistId = "";
  let savedId = "";
  let untouchedId = "";

  beforeAll(async () => {
    expect((await postAppointment(server.url(), untouched)).status).toBe(303);
    cookies.nonAdmin = await signInCookie(server.url(), nonAdmin);
    cookies.therapist = await signInCookie(server.url(), therapistAccount);
    cookies.admin = await signInCookie(server.url(), admin);
    untouchedId = await idOf(server.url(), cookies.admin, "Otherpatient");
    const roster = await (await get("/admin/therapists")(server.url(), cookies.admin)).text();
    const idOfName = (name: string) =>
      new RegExp(`href="/admin/therapists/([^"]+)"[^>]*>${name}</a>`).exec(roster)?.[1] ?? "";
    therapistId = idOfName("therapist");
    savedId = idOfName("saved-therapist");
    expect(therapistId).not.toBe("");
    expect(savedId).not.toBe("");
  });

  const profilePath = (id = therapistId) => `/admin/therapists/${id}`;
  /** The refused asks aim at the therapist's own profile; the admin's at the second one. */
  const target = (cookie: string) => (cookie === cookies.admin ? savedId : therapistId);
  const save = (displayName: string) => (url: string, cookie: string) =>
    post(profilePath, () => ({
      displayName,
      registrationNumber: "DPC/2019/1234",
      yearsOfPractice: "4",
      languages: "Hindi",
      districts: "South Delhi",
      "hours.2.0.from": "08:00",
      "hours.2.0.to": "14:00",
      active: "on",
    }))(url, cookie, target(cookie));

  const therapistEndpoints: Endpoint[] = [
    {
      name: "GET /admin/therapists (the roster)",
      anonymous: "redirect",
      page: true,
      request: get("/admin/therapists"),
      expectAdmin: (body) => expect(body).toContain(`/admin/therapists/${savedId}`),
    },
    {
      name: "GET /admin/therapists.data (the roster's data)",
      anonymous: "data-redirect",
      request: get("/admin/therapists.data"),
      expectAdmin: (body) => expect(body).toContain(savedId),
    },
    {
      name: "GET /admin/therapists/:id (a profile)",
      anonymous: "redirect",
      page: true,
      request: (url, cookie) => get(profilePath(target(cookie)))(url, cookie),
      expectAdmin: (body) => expect(body).toContain(savedByAdmin.email),
    },
    {
      name: "POST /admin/therapists/:id (save a profile)",
      anonymous: 401,
      request: save("Changed By Someone"),
      expectAdmin: (body) => expect(body).toContain("Profile saved."),
    },
    // The clinic's travel times (decision 050): the refused set Delhi–Noida to 7 minutes, which
    // `expectProfileUntouched` finds nowhere; the admin adds Faridabad–Gurugram's own row.
    {
      name: "GET /admin/travel (the travel times)",
      anonymous: "redirect",
      page: true,
      request: get("/admin/travel"),
      expectAdmin: (body) => expect(body).toContain('data-travel="delhi|noida"'),
    },
    {
      name: "GET /admin/travel.data (their data)",
      anonymous: "data-redirect",
      request: get("/admin/travel.data"),
      expectAdmin: (body) => expect(body).toContain("greater-noida"),
    },
    {
      name: "POST /admin/travel (add a pair)",
      anonymous: 401,
      request: (url, cookie) =>
        post(
          () => "/admin/travel",
          () =>
            cookie === cookies.admin
              ? { intent: "add", placeA: "Faridabad", placeB: "Gurugram", minutes: "55" }
              : { intent: "add", placeA: "delhi", placeB: "noida", minutes: "7" },
        )(url, cookie, ""),
      expectAdmin: (body) => expect(body).toContain("The pair is added."),
    },
  ];

  /** The profile as the admin reads it: the refused saves left it as it was granted. */
  const expectProfileUntouched = async () => {
    const page = await (await get(profilePath())(server.url(), cookies.admin)).text();
    expect(page).toContain('value="therapist"');
    expect(page).not.toContain("Changed By Someone");
    const travel = await (await get("/admin/travel")(server.url(), cookies.admin)).text();
    expect(travel).not.toContain('value="7"');
  };

  for (const endpoint of therapistEndpoints) {
    it(`${endpoint.name}: anonymous → /auth or 401`, async () => {
      const response = await endpoint.request(server.url(), cookies.anonymous, "", "");
      const body = await readBody(response);
      if (endpoint.anonymous === "redirect") {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/auth");
      } else if (endpoint.anonymous === "data-redirect") {
        expect([202, 204, 302]).toContain(response.status);
        expect(`${response.headers.get("x-remix-redirect") ?? ""}${body}`).toContain("/auth");
      } else {
        expect(response.status).toBe(401);
      }
      expect(body).not.toContain(therapistAccount.email);
      await expectProfileUntouched();
    });

    for (const who of ["nonAdmin", "therapist"] as const) {
      it(`${endpoint.name}: ${who === "nonAdmin" ? "signed in without a role" : "a therapist"} → 403`, async () => {
        const response = await endpoint.request(server.url(), cookies[who], "", "");
        const body = await readBody(response);
        expect(response.status).toBe(403);
        if (endpoint.page) expect(body).toContain("Access Denied");
        expect(body).not.toContain(therapistAccount.email);
        for (const field of untouchedFields) expect(body).not.toContain(field);
        await expectProfileUntouched();
      });
    }
  }

  // Every admin page and action of the front desk, asked by the therapist: 403, no patient data.
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: a therapist → 403, no patient data`, async () => {
      const response = await endpoint.request(server.url(), cookies.therapist, untouchedId, "");
      const body = await readBody(response);
      expect(response.status).toBe(403);
      if (endpoint.page) expect(body).toContain("Access Denied");
      for (const field of untouchedFields) expect(body).not.toContain(field);
    });
  }

  it("the admin reads the roster and a profile, and saves it (200)", async () => {
    for (const endpoint of therapistEndpoints) {
      const response = await endpoint.request(server.url(), cookies.admin, "", "");
      const body = await readBody(response);
      expect(response.status, endpoint.name).toBe(200);
      expect(response.headers.get("cache-control"), endpoint.name).toBe("no-store");
      endpoint.expectAdmin(body, response);
    }
    const page = await (await get(profilePath(savedId))(server.url(), cookies.admin)).text();
    expect(page).toContain('value="Changed By Someone"');
  });
});

// A therapist's day (/visits), its forms and the calendar feed (decision 037): asked anonymously,
// by a signed-in account without a role, by an admin who is not a therapist, and by therapists.
// Only a therapist gets the page, and marks only their own visits; another therapist's visit, the
// dashboard and a request's page are refused with no patient data. The feed opens by its token
// alone: an unknown or revoked one is the same 404, and so is the feed of a therapist whose role
// was revoked or whose profile was made inactive (tests/integration/therapist-day.test.ts).
describe("who may reach a therapist's day and calendar", () => {
  const otherTherapist = {
    email: "other-therapist@clinic.test",
    password: "other-therapist-pass-1",
    admin: false,
    therapist: true,
  };
  const mine = { ...patient, name: "Mine Visitpatient", address: "Flat 2, Own Visit Towers" };
  const other = { ...untouched, name: "Theirs Visitpatient", address: "Flat 9, Other Towers" };
  const visitFields = [mine.name, mine.address, other.name, other.address, mine.phone];
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  /** The requests' ids, and the visits': the therapist's four, the other therapist's one. */
  const ids = {
    mine: "",
    theirsRequest: "",
    done: "",
    noShow: "",
    cantMake: "",
    kept: "",
    theirs: "",
    therapistId: "",
  };
  const cookies = { anonymous: "", nonAdmin: "", admin: "", therapist: "", other: "" };
  const url = () => server?.url ?? "";

  beforeAll(async () => {
    dataDir = freshDataDir(dataTemplate);
    await seedStaff({ dataDir }, [therapistAccount, otherTherapist]);
    const database = await openDatabase({ dataDir, poolSize: 1 });
    try {
      const accounts = await database.db.select({ id: users.id, email: users.email }).from(users);
      const idOfEmail = (email: string) => accounts.find((row) => row.email === email)?.id ?? "";
      const [first, second] = await database.db
        .insert(appointments)
        .values(
          [mine, other].map(({ message: _, ...values }) => ({
            ...values,
            phoneKey: `91${values.phone}`,
          })),
        )
        .returning({ id: appointments.id });
      ids.mine = first?.id ?? "";
      ids.theirsRequest = second?.id ?? "";
      const at = (days: number, hour: number) => {
        const now = new TZDate(Date.now(), "Asia/Kolkata");
        return new Date(
          new TZDate(
            now.getFullYear(),
            now.getMonth(),
            now.getDate() + days,
            hour,
            0,
            "Asia/Kolkata",
          ).getTime(),
        );
      };
      const visit = (therapistId: string, appointmentId: string, startsAt: Date) => ({
        therapistId,
        appointmentId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        blockedUntil: new Date(startsAt.getTime() + 5_400_000),
        kind: "treatment" as const,
      });
      const therapistId = idOfEmail(therapistAccount.email);
      const rows = await database.db
        .insert(visits)
        .values([
          visit(therapistId, ids.mine, at(0, 6)),
          visit(therapistId, ids.mine, at(0, 8)),
          visit(therapistId, ids.mine, at(1, 8)),
          visit(therapistId, ids.mine, at(0, 10)),
          visit(idOfEmail(otherTherapist.email), ids.theirsRequest, at(0, 8)),
        ])
        .returning({ id: visits.id });
      const [done = "", noShow = "", cantMake = "", kept = "", theirs = ""] = rows.map(
        (row) => row.id,
      );
      Object.assign(ids, { done, noShow, cantMake, kept, theirs, therapistId });
    } finally {
      await database.close();
    }
    server = await startProductionServer({ ...testSite.settings, DATA_DIR: dataDir });
    cookies.nonAdmin = await signInCookie(url(), nonAdmin);
    cookies.admin = await signInCookie(url(), admin);
    cookies.therapist = await signInCookie(url(), therapistAccount);
    cookies.other = await signInCookie(url(), otherTherapist);
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const page = (cookie: string) => get("/visits")(url(), cookie);
  const form = (cookie: string, fields: Record<string, string>) =>
    post(
      () => "/visits",
      () => fields,
    )(url(), cookie, "");
  const marks = (visitId: string): Record<string, string>[] => [
    { intent: "done", visitId, note: "Tried", painBefore: "5" },
    // With a family's code (decision 048): refused as any mark, the code never checked.
    { intent: "done", visitId, code: "4821" },
    { intent: "no_show", visitId },
    { intent: "cant_make", visitId, reason: "Tried" },
    // Money handed over at the door (decision 045).
    { intent: "collect", visitId, amount: "500", method: "cash" },
  ];
  const calendarForms = [{ intent: "calendar-issue" }, { intent: "calendar-revoke" }];
  /** The therapist's own kept visit and the other's are still scheduled, with nothing said. */
  const expectVisitsUntouched = async () => {
    const body = await (await page(cookies.therapist)).text();
    expect(body).toMatch(new RegExp(`data-visit="${ids.kept}" data-status="scheduled"`));
    const others = await (await page(cookies.other)).text();
    expect(others).toMatch(new RegExp(`data-visit="${ids.theirs}" data-status="scheduled"`));
    expect(others).not.toContain("You can&#x27;t make it");
  };

  it("anonymous: the page sends to /auth, its forms answer 401, no patient data", async () => {
    const response = await page("");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth");
    for (const fields of [...marks(ids.kept), ...calendarForms]) {
      const answer = await form("", fields);
      expect(answer.status, fields.intent).toBe(401);
      const body = await readBody(answer);
      for (const field of visitFields) expect(body).not.toContain(field);
    }
    await expectVisitsUntouched();
  });

  it("signed in without a role, or an admin who is no therapist: 403 everywhere, no patient data", async () => {
    for (const cookie of [cookies.nonAdmin, cookies.admin]) {
      const response = await page(cookie);
      expect(response.status).toBe(403);
      const body = await readBody(response);
      expect(body).toContain("Access Denied");
      for (const field of visitFields) expect(body).not.toContain(field);
      for (const fields of [...marks(ids.kept), ...calendarForms]) {
        const answer = await form(cookie, fields);
        expect(answer.status, fields.intent).toBe(403);
        const refused = await readBody(answer);
        for (const field of visitFields) expect(refused).not.toContain(field);
      }
    }
    await expectVisitsUntouched();
  });

  it("a therapist: their own visits, not another's; refused the dashboard and any request's page", async () => {
    const response = await page(cookies.therapist);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.text();
    expect(body).toContain(mine.name);
    expect(body).toContain(mine.address);
    expect(body).not.toContain(other.name);
    for (const path of [
      "/admin",
      `/admin/appointments/${ids.mine}`,
      `/admin/appointments/${ids.theirsRequest}`,
      "/admin/access-log",
    ]) {
      const refused = await get(path)(url(), cookies.therapist);
      expect(refused.status, path).toBe(403);
      const text = await readBody(refused);
      expect(text).toContain("Access Denied");
      for (const field of visitFields) expect(text, path).not.toContain(field);
    }
    // Another therapist's visit: each mark refused, with nothing of it in the answer.
    for (const fields of marks(ids.theirs)) {
      const answer = await form(cookies.therapist, fields);
      expect(answer.status, fields.intent).toBe(403);
      const text = await readBody(answer);
      for (const field of visitFields) expect(text).not.toContain(field);
    }
    await expectVisitsUntouched();
  });

  it("a therapist: marks their own visits, and issues and revokes their calendar link", async () => {
    for (const [fields, status] of [
      [{ intent: "done", visitId: ids.done, note: "Walked 20 m", painAfter: "3" }, "done"],
      [{ intent: "no_show", visitId: ids.noShow }, "no_show"],
      [{ intent: "cant_make", visitId: ids.cantMake, reason: "Scooter broke down" }, "scheduled"],
    ] as const) {
      const answer = await form(cookies.therapist, fields);
      expect(answer.status, fields.intent).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const body = await (await page(cookies.therapist)).text();
      expect(body).toMatch(new RegExp(`data-visit="${fields.visitId}" data-status="${status}"`));
    }
    expect(await (await page(cookies.therapist)).text()).toContain(
      "You can&#x27;t make it: Scooter broke down",
    );
    // The visit done is charged a session: what the family hands over is recorded, with its receipt.
    const collected = await form(cookies.therapist, {
      intent: "collect",
      visitId: ids.done,
      amount: "500",
      method: "cash",
    });
    expect(collected.status).toBe(200);
    expect(await collected.text()).toMatch(/₹500 recorded: receipt HP\/\d{2}-\d{2}\/\d{6}\./);

    const issued = await form(cookies.therapist, { intent: "calendar-issue" });
    expect(issued.status).toBe(200);
    const link = /\/visits\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(await issued.text())?.[0] ?? "";
    expect(link).not.toBe("");
    // The token is the key: no session needed, none of a name, number or address in it.
    const feed = await get(link)(url(), "");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("cache-control")).toBe("no-store");
    const ics = await feed.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    for (const field of visitFields) expect(ics).not.toContain(field);
    const unknown = await get(`/visits/calendar/${"x".repeat(43)}.ics`)(url(), "");
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();

    expect((await form(cookies.therapist, { intent: "calendar-revoke" })).status).toBe(200);
    const revoked = await get(link)(url(), cookies.therapist);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toBe(unknownBody);
    expect(revoked.headers.get("cache-control")).toBe("no-store");
  });

  it("the app (decision 049): its manifest, worker and shell hold no one's data; its queue keeps the page's rules", async () => {
    // Anyone may fetch what the phone installs: none of it names a patient, with or without a session.
    for (const cookie of [cookies.anonymous, cookies.therapist]) {
      for (const path of ["/visits/manifest.webmanifest", "/visits-sw.js", "/visits?app=shell"]) {
        const answer = await get(path)(url(), cookie);
        expect(answer.status, path).toBe(200);
        const text = await readBody(answer);
        for (const field of visitFields) expect(text, path).not.toContain(field);
      }
    }
    const queued = (cookie: string, fields: Record<string, string>) =>
      post(
        () => "/visits/changes",
        () => ({ ...fields, key: crypto.randomUUID() }),
      )(url(), cookie, "");
    expect((await get("/visits/changes")(url(), cookies.therapist)).status).toBe(405);
    // Anonymous: 401 (the phone keeps the change); without the role: 403; nothing of a patient.
    for (const [cookie, status] of [
      [cookies.anonymous, 401],
      [cookies.nonAdmin, 403],
      [cookies.admin, 403],
    ] as const) {
      for (const fields of marks(ids.kept)) {
        const answer = await queued(cookie, fields);
        expect(answer.status, fields.intent).toBe(status);
        const text = await readBody(answer);
        for (const field of visitFields) expect(text).not.toContain(field);
      }
    }
    // A therapist, on another's visit: refused, with nothing of it; the calendar is not queued.
    for (const fields of marks(ids.theirs)) {
      const answer = await queued(cookies.therapist, fields);
      expect(answer.status, fields.intent).toBe(403);
      const text = await readBody(answer);
      for (const field of visitFields) expect(text).not.toContain(field);
    }
    for (const fields of calendarForms) {
      expect((await queued(cookies.therapist, fields)).status, fields.intent).toBe(400);
    }
    // A change without its key is refused: the phone always sends one.
    const keyless = await post(
      () => "/visits/changes",
      () => ({ intent: "no_show", visitId: ids.kept }),
    )(url(), cookies.therapist, "");
    expect(keyless.status).toBe(400);
    await expectVisitsUntouched();
  });

  it("lets only an admin book, move, cancel or mark visits, or touch the money, from a request's page", async () => {
    // Tomorrow, as the booking form sends it: a day and a start in India time.
    const tomorrow = new TZDate(Date.now() + 86_400_000, "Asia/Kolkata");
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
    const therapistId = ids.therapistId;
    const actions: Record<string, string>[] = [
      {
        intent: "visit-book",
        therapistId,
        day,
        start: "15:00",
        minutes: "60",
        kind: "treatment",
        sessions: "1",
      },
      { intent: "visit-move", visitId: ids.kept, therapistId, day, start: "17:00" },
      { intent: "visit-cancel", visitId: ids.kept, cancelledBy: "clinic", reason: "Tried" },
      { intent: "visit-done", visitId: ids.kept, note: "Tried" },
      { intent: "visit-no-show", visitId: ids.kept },
      // A course's rest in one step (docs/visits.md).
      { intent: "visit-course-move", visitId: ids.kept, therapistId, day, start: "17:00" },
      {
        intent: "visit-course-cancel",
        visitId: ids.kept,
        cancelledBy: "clinic",
        reason: "Tried",
      },
      // The need the suggestions match on (decision 050).
      { intent: "visit-need", condition: "stroke", requiredLanguage: "Tamil" },
      // The request's money: an admin's alone, the therapist's own patient's too.
      { intent: "package-sell" },
      { intent: "payment-record", amount: "500", method: "cash", paidOn: day, currency: "INR" },
      { intent: "payment-refund", amount: "1", method: "cash", paidOn: day, reason: "Tried" },
      { intent: "credit-note", paymentId: noneId, amount: "1", reason: "Tried" },
      { intent: "link-due" },
      { intent: "link-package" },
    ];
    const ask = (cookie: string, fields: Record<string, string>) =>
      post(casePath, () => fields)(url(), cookie, ids.mine);
    for (const fields of actions) {
      const anonymous = await ask("", fields);
      expect([401, 302], fields.intent).toContain(anonymous.status);
      for (const cookie of [cookies.nonAdmin, cookies.therapist]) {
        const refused = await ask(cookie, fields);
        expect(refused.status, fields.intent).toBe(403);
        const body = await refused.text();
        for (const field of visitFields) expect(body).not.toContain(field);
      }
    }
    // The money's pages and files, whatever the id: refused before anything is read.
    for (const path of [
      "/admin/money",
      "/admin/money.data",
      "/admin/money/payments.csv",
      `/admin/payments/${noneId}/receipt.pdf`,
      `/admin/credit-notes/${noneId}/credit-note.pdf`,
    ]) {
      const refused = await get(path)(url(), cookies.therapist);
      expect(refused.status, path).toBe(403);
      await refused.arrayBuffer();
    }
    // Nothing of it happened: the therapist's kept visit is as it was, and no visit was booked.
    await expectVisitsUntouched();
    // The admin passes the guard to the booking's own checks (this therapist keeps no hours:
    // booked, or refused as outside them, never refused as someone else).
    const booked = await ask(cookies.admin, actions[0] ?? {});
    expect([303, 400]).toContain(booked.status);
  });
});

describe("who may read the schedule (/admin/schedule)", () => {
  // Two therapists (the therapist role, no admin) with today's visits, and a request waiting.
  const server = useStaffServer({ ...fastSubmissions }, [meera, arjun], { seed: seedSchedule });
  const paths = ["/admin/schedule", "/admin/schedule?view=week", "/admin/schedule.data"];
  /** Every patient's name, and its first word as the blocks show it. */
  const names = Object.values(schedulePatients);
  const firstNames = names.map((name) => name.split(" ")[0] ?? name);
  const expectNoPatient = (body: string) => {
    for (const name of names) expect(body).not.toContain(name);
    for (const name of firstNames) expect(body).not.toContain(name);
  };

  for (const path of paths) {
    it(`${path}: anonymous → /auth, no patient data`, async () => {
      const response = await get(path)(server.url(), "");
      const body = await readBody(response);
      if (path.includes(".data")) {
        expect([202, 204, 302]).toContain(response.status);
        expect(`${response.headers.get("x-remix-redirect") ?? ""}${body}`).toContain("/auth");
      } else {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/auth");
      }
      expectNoPatient(body);
    });

    for (const [who, account] of [
      ["signed in without a role", nonAdmin],
      ["a therapist", meera],
    ] as const) {
      it(`${path}: ${who} → 403, no patient data`, async () => {
        const cookie = await signInCookie(server.url(), account);
        const response = await get(path)(server.url(), cookie);
        const body = await readBody(response);
        expect(response.status).toBe(403);
        if (!path.includes(".data")) expect(body).toContain("Access Denied");
        expectNoPatient(body);
      });
    }

    it(`${path}: admin → the schedule`, async () => {
      const cookie = await signInCookie(server.url(), admin);
      const response = await get(path)(server.url(), cookie);
      const body = await readBody(response);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      // The blocks' first names and the waiting request's; never a full name.
      for (const name of ["Asha", "Bela", "Devika", "Chitra"]) expect(body).toContain(name);
      for (const name of names) expect(body).not.toContain(name);
      expect(body).toContain("Meera Sharma");
    });
  }
});

describe("who may see and mark the WhatsApp messages to send by hand (/admin/messages)", () => {
  // Two families' messages waiting (tests/e2e/messages-rows.ts): the refused asks aim at the
  // Hindi family's; the admin's Mark sent at the English family's reminder, so that every
  // refused ask can check the one it aimed at is still waiting, in any order.
  const server = useStaffServer({ ...fastSubmissions }, [therapistAccount], {
    seed: seedByHandMessages,
  });
  const names = Object.values(byHandFamilies).map((family) => family.name);
  const expectNoFamily = (body: string) => {
    for (const name of names) expect(body).not.toContain(name);
    for (const family of Object.values(byHandFamilies)) expect(body).not.toContain(family.phoneKey);
  };
  /** The requests' ids and their open asks', as the admin's pages name them. */
  const requests = { hindi: "", english: "" };
  const askIds = { hindi: "", english: "" };
  /** The message ids, as the admin's page names its rows. */
  const ids = { hindi: "", english: "" };
  let adminCookie = "";
  beforeAll(async () => {
    adminCookie = await signInCookie(server.url(), admin);
    const page = await (await get("/admin/messages")(server.url(), adminCookie)).text();
    const idOfGroup = (group: string) =>
      new RegExp(`data-messages="${group}"[\\s\\S]*?data-message="([0-9a-f-]{36})"`).exec(
        page,
      )?.[1] ?? "";
    ids.hindi = idOfGroup("due");
    ids.english = idOfGroup("reminders");
    expect(ids.hindi).not.toBe("");
    expect(ids.english).not.toBe("");
    const requestOf = (name: string) =>
      new RegExp(`href="/admin/appointments/([0-9a-f-]{36})"[^>]*>${name}<`).exec(page)?.[1] ?? "";
    requests.hindi = requestOf(byHandFamilies.hindi.name);
    requests.english = requestOf(byHandFamilies.english.name);
    for (const key of ["hindi", "english"] as const) {
      const casePage = await (await get(casePath(requests[key]))(server.url(), adminCookie)).text();
      askIds[key] = /name="askId" value="([0-9a-f-]{36})"/.exec(casePage)?.[1] ?? "";
      expect(askIds[key]).not.toBe("");
    }
  });
  const markSent = (id: () => string) => (url: string, cookie: string) =>
    post(
      () => "/admin/messages",
      () => ({ intent: "sent", messageId: id() }),
    )(url, cookie, "");
  /** The Hindi family's message is still listed, with Mark sent, to the admin. */
  const expectStillWaiting = async () => {
    const page = await (await get("/admin/messages")(server.url(), adminCookie)).text();
    expect(page).toContain(`data-message="${ids.hindi}"`);
  };

  const markHandled = (key: "hindi" | "english") => (url: string, cookie: string) =>
    post(casePath, () => ({ intent: "visit-ask-handled", askId: askIds[key] }))(
      url,
      cookie,
      requests[key],
    );
  /** The Hindi family's ask is still open on their request's page. */
  const expectAskOpen = async () => {
    const page = await (await get(casePath(requests.hindi))(server.url(), adminCookie)).text();
    expect(page).toContain(`value="${askIds.hindi}"`);
  };

  const asks: [name: string, request: (url: string, cookie: string) => Promise<Response>][] = [
    ["GET /admin/messages", get("/admin/messages")],
    ["GET /admin/messages.data", get("/admin/messages.data")],
    ["POST /admin/messages (Mark sent)", markSent(() => ids.hindi)],
    ["POST /admin/appointments/:id (intent=visit-ask-handled)", markHandled("hindi")],
    // The family's YES to a reminder sent by hand (docs/messages.md, "The family's answer"), at
    // the Hindi family's visit; a refusal leaves it unconfirmed on the request's page.
    [
      "POST /admin/messages (Confirmed (YES))",
      async (url, cookie) => {
        const response = await confirmYes("hindi")(url, cookie);
        if (response.status >= 400) {
          const page = await (await get(casePath(requests.hindi))(url, adminCookie)).text();
          expect(page).not.toContain("data-visit-confirmed");
        }
        return response;
      },
    ],
  ];

  /** Confirmed (YES) for a family's visit (its id read from the request's page, as an admin). */
  function confirmYes(key: "hindi" | "english") {
    return async (url: string, cookie: string) => {
      const casePage = await (await get(casePath(requests[key]))(url, adminCookie)).text();
      const visitId = /name="visitId" value="([0-9a-f-]{36})"/.exec(casePage)?.[1] ?? "";
      expect(visitId).not.toBe("");
      return post(
        () => "/admin/messages",
        () => ({ intent: "confirmed-yes", visitId }),
      )(url, cookie, "");
    };
  }

  it("admin → Confirmed (YES): back to the list (303), the visit confirmed on the request's page", async () => {
    const response = await confirmYes("english")(server.url(), adminCookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/messages?confirmed=1");
    const page = await (await get(casePath(requests.english))(server.url(), adminCookie)).text();
    expect(page).toContain("data-visit-confirmed");
    expect(page).toContain('data-timeline="visit_confirmed"');
    // Again: harmless, the same answer and no second entry.
    const again = await confirmYes("english")(server.url(), adminCookie);
    expect(again.status).toBe(303);
    const after = await (await get(casePath(requests.english))(server.url(), adminCookie)).text();
    expect(after.match(/data-timeline="visit_confirmed"/g)).toHaveLength(1);
  });

  for (const [name, request] of asks) {
    it(`${name}: anonymous → /auth or 401, no family's data`, async () => {
      const response = await request(server.url(), "");
      const body = await readBody(response);
      if (name.startsWith("POST")) {
        expect(response.status).toBe(401);
      } else if (name.includes(".data")) {
        expect([202, 204, 302]).toContain(response.status);
        expect(`${response.headers.get("x-remix-redirect") ?? ""}${body}`).toContain("/auth");
      } else {
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/auth");
      }
      expectNoFamily(body);
      await expectStillWaiting();
      await expectAskOpen();
    });

    for (const [who, account] of [
      ["signed in without a role", nonAdmin],
      ["a therapist", therapistAccount],
    ] as const) {
      it(`${name}: ${who} → 403, no family's data`, async () => {
        const cookie = await signInCookie(server.url(), account);
        const response = await request(server.url(), cookie);
        const body = await readBody(response);
        expect(response.status).toBe(403);
        if (name.startsWith("GET /admin/messages") && !name.includes(".data")) {
          expect(body).toContain("Access Denied");
        }
        expectNoFamily(body);
        await expectStillWaiting();
        await expectAskOpen();
      });
    }
  }

  it("admin → a request's page shows its visit's messages and the family's ask; Mark handled settles it", async () => {
    const before = await (await get(casePath(requests.english))(server.url(), adminCookie)).text();
    expect(before).toContain("The family asks to move this visit");
    expect(before).toContain(byHandFamilies.english.askReason);
    // The reminder is waiting, or sent if the Mark sent test below ran first (any order holds).
    expect(before).toMatch(/data-family-message="(by_hand|sent)"/);
    expect(before).toMatch(/Reminder: (to send by hand|sent)/);
    const response = await markHandled("english")(server.url(), adminCookie);
    expect(response.status).toBe(303);
    const after = await (await get(casePath(requests.english))(server.url(), adminCookie)).text();
    expect(after).not.toContain(`value="${askIds.english}"`);
    expect(after).toContain('data-timeline="family_ask_handled"');
    expect(after).toContain("The family&#x27;s ask to move this visit is settled: marked handled.");
  });

  /** The page's chat links, by the number they open. */
  const chatLinks = (body: string) =>
    [...body.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map(
      (match) => new URL((match[1] ?? "").replaceAll("&amp;", "&")),
    );
  const linkTo = (body: string, phoneKey: string) =>
    chatLinks(body).find((link) => link.pathname === `/${phoneKey}`);

  it("admin → the list: the family's chat link with the message in their language", async () => {
    const response = await get("/admin/messages")(server.url(), adminCookie);
    const body = await readBody(response);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toContain(byHandFamilies.hindi.name);
    const hindi = linkTo(body, byHandFamilies.hindi.phoneKey);
    expect(hindi?.searchParams.get("text")).toContain("होम विज़िट");
    expect(hindi?.searchParams.get("text")).toContain("/hi/status");
    expect(body).toMatch(/target="_blank"/);
  });

  it("admin → Mark sent, a plain form post: back to the list (303), the message no longer there", async () => {
    const before = await (await get("/admin/messages")(server.url(), adminCookie)).text();
    const reminder = linkTo(before, byHandFamilies.english.phoneKey);
    expect(reminder?.searchParams.get("text")).toMatch(/^Reminder: /);
    const response = await markSent(() => ids.english)(server.url(), adminCookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/messages?marked=1");
    const page = await (await get("/admin/messages?marked=1")(server.url(), adminCookie)).text();
    expect(page).toContain("Marked sent.");
    expect(page).not.toContain(`data-message="${ids.english}"`);
    // Marked again: no longer waiting, said with a 409.
    const again = await markSent(() => ids.english)(server.url(), adminCookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("That message is no longer waiting to be sent.");
  });
});
