// The limits against the production server, each client a different forwarded address (behind
// a trusted proxy, as in production): a stranger who hammers an admin's account from elsewhere
// does not lock the admin out; the newsletter and staff sign-up send no more e-mails than their
// limits allow (counted at a real SMTP server), and every refusal is a 429 with Retry-After and
// words a person can act on; an IPv6 client is one client across its /64; the family's status
// page refuses wrong look-ups past its limits per client and per reference, yet still hears a
// client new to the reference (the family is not shut out by a stranger's tries).
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { useSmtpServer } from "#tests/e2e/appointments.ts";
import { admin, nonAdmin, settledOutbox, useStaffServer } from "#tests/e2e/staff.ts";

/** A form post from our own page by the client at `address` (X-Forwarded-For, proxy trusted). */
function postAs(url: string, address: string, path: string, fields: Record<string, string>) {
  return fetch(`${url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: url, "x-forwarded-for": address },
    redirect: "manual",
  });
}

/** The recipients of every message the SMTP server received. */
async function recipients(messages: string[]): Promise<string[]> {
  const parsed = await Promise.all(messages.map((raw) => simpleParser(raw)));
  return parsed.flatMap((mail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((list) =>
      list.value.map((address) => address.address ?? ""),
    ),
  );
}

async function expectRefused(response: Response, says: string) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await response.text()).toContain(says);
}

const trustLoopback = { TRUST_PROXY: "loopback" };

describe("the limits", () => {
  const smtp = useSmtpServer();
  // One server for every test here: each uses clients and mailboxes of its own, and only one
  // counts against each limit for the whole site. On PostgreSQL, so that a test can see when the
  // outbox has sent all it holds.
  const server = useStaffServer(
    () => ({
      ...trustLoopback,
      SMTP_URL: smtp().url,
      NEWSLETTER_RATE_LIMIT_CLIENT: "5/1h",
      NEWSLETTER_RATE_LIMIT_SITE: "20/1h",
      MAILBOX_RATE_LIMIT: "3/1d",
      SIGN_UP_RATE_LIMIT_CLIENT: "3/1h",
      PASSWORD_RESET_RATE_LIMIT_CLIENT: "5/1h",
      ACCOUNT_MAIL_RATE_LIMIT_SITE: "10/1h",
      SIGN_UP_RATE_LIMIT_SITE: "7/1h",
      // Every address here is at example.com: the domain's count is the next describe's.
      SIGN_UP_RATE_LIMIT_DOMAIN: "off",
      APPOINTMENT_RATE_LIMIT: "3/10m",
      STATUS_RATE_LIMIT_CLIENT: "3/15m",
      STATUS_RATE_LIMIT_REFERENCE: "5/1h",
    }),
    [],
    { postgres: true },
  );

  it("let a member of staff sign in from the clinic while a stranger elsewhere hammers the account", async () => {
    const url = server.url();
    const stranger = "198.51.100.7";
    const clinic = "203.0.113.20";
    let refused = 0;
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await postAs(url, stranger, "/auth", {
        intent: "login",
        email: admin.email,
        password: `guess-${attempt}`,
      });
      if (response.status === 429) {
        refused++;
        await expectRefused(response, "Too many sign-in attempts.");
      } else expect(response.status).toBe(401);
    }
    // Five wrong passwords for this account from this client, then refused: the guessing stops.
    expect(refused).toBe(25);
    // Meanwhile at the clinic: the right password, at once, every time.
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await postAs(url, clinic, "/auth", {
        intent: "login",
        email: admin.email,
        password: admin.password,
      });
      expect(response.status).toBe(303);
    }
  });

  it("count only failures: staff who sign in many times are never refused, and a success clears their mistakes", async () => {
    const url = server.url();
    const desk = "203.0.113.30";
    const attempt = (password: string) =>
      postAs(url, desk, "/auth", { intent: "login", email: admin.email, password });
    for (let round = 0; round < 3; round++) {
      for (let typo = 0; typo < 4; typo++) expect((await attempt("typo-pass")).status).toBe(401);
      expect((await attempt(admin.password)).status).toBe(303);
    }
  });

  it("mails no inbox without limit: per client, per mailbox, for the whole site", async () => {
    const url = server.url();
    const signUp = (client: string, email: string, path = "/blog") =>
      postAs(url, client, path, { email });

    // 40 sign-ups from one client: five go through.
    const statuses = [];
    for (let n = 0; n < 40; n++) {
      const response = await signUp("198.51.100.10", `reader${n}@example.com`);
      statuses.push(response.status);
      if (response.status === 429) {
        await expectRefused(response, "You have signed up several times from this connection.");
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    // From the Hindi blog, the same refusal in Hindi, the wait too ("58 मिनट बाद").
    const inHindi = await signUp("198.51.100.10", "reader-hi@example.com", "/hi/blog");
    const said = await inHindi.clone().text();
    await expectRefused(inHindi, "आप इस कनेक्शन से कई बार साइन-अप कर चुके हैं।");
    expect(said).toMatch(/कृपया \d+ (मिनट|घंटे) बाद फिर कोशिश करें।/);

    // 12 plus-variants of one mailbox, from 12 clients: one e-mail, and after three tries a day
    // the mailbox's own refusal.
    const variants = [];
    for (let n = 0; n < 12; n++) {
      const response = await signUp(`198.51.100.${100 + n}`, `victim+${n}@example.com`);
      variants.push(response.status);
      if (response.status === 429) {
        await expectRefused(response, "We have already e-mailed this address several times today.");
      }
    }
    expect(variants.slice(0, 3)).toEqual([200, 200, 200]);
    expect(variants.slice(3).every((status) => status === 429)).toBe(true);

    // New addresses from many clients: the site's limit (20 an hour, 8 used above) holds.
    const many = [];
    for (let n = 0; n < 18; n++) {
      const response = await signUp(`203.0.113.${n + 1}`, `many${n}@example.com`);
      many.push(response.status);
      if (response.status === 429) {
        await expectRefused(response, "Many people are signing up just now.");
      }
    }
    expect(many.filter((status) => status === 200)).toHaveLength(12);

    // What the outbox held once it had sent it all, and the mail server received: one e-mail
    // per accepted new mailbox, none for a refusal. (The server is shared with the other tests
    // here: this test's mailboxes only.)
    const ours = (to: string) => /^(reader|victim|many)/.test(to);
    const outbox = (await settledOutbox(server)).filter(({ recipient }) => ours(recipient));
    expect(outbox.filter(({ state }) => state !== "sent")).toEqual([]);
    const sent = (await recipients(smtp().messages)).filter(ours);
    expect(sent.toSorted()).toEqual(outbox.map(({ recipient }) => recipient).toSorted());
    expect(sent.filter((to) => to.startsWith("reader"))).toHaveLength(5);
    expect(sent.filter((to) => to.startsWith("victim"))).toEqual(["victim+0@example.com"]);
    expect(sent.filter((to) => to.startsWith("many"))).toHaveLength(12);
    expect(sent).toHaveLength(18);
  });

  it("mails no inbox without limit, and refuses with 429, Retry-After and what to do", async () => {
    const url = server.url();
    const signUp = (client: string, email: string) =>
      postAs(url, client, "/auth", { intent: "signup", email, password: "chosen-pass" });

    // 10 sign-ups from one client: three accounts, three e-mails.
    const fromOne = [];
    for (let n = 0; n < 10; n++) {
      const response = await signUp("198.51.100.20", `flood${n}@example.com`);
      fromOne.push(response.status);
      if (response.status === 429) {
        await expectRefused(response, "Too many accounts were created from this connection.");
      }
    }
    expect(fromOne.filter((status) => status === 200)).toHaveLength(3);

    // Plus-variants of one mailbox from many clients: one pending confirmation.
    const first = await signUp("198.51.100.40", "colleague+a@example.com");
    expect(first.status).toBe(200);
    for (let n = 0; n < 5; n++) {
      await expectRefused(
        await signUp(`198.51.100.${41 + n}`, `colleague+v${n}@example.com`),
        "We have already e-mailed a confirmation link to this address.",
      );
    }

    // Password resets: per client, and per mailbox (counted whether or not an account has it).
    const reset = (client: string, email: string) =>
      postAs(url, client, "/auth", { intent: "reset", email });
    for (let n = 0; n < 3; n++)
      expect((await reset(`198.51.100.${60 + n}`, admin.email)).status).toBe(200);
    await expectRefused(
      await reset("198.51.100.70", admin.email),
      "We have already e-mailed several links to this address.",
    );

    // The whole site's sign-ups (7 an hour; 3 + 1 counted above, the resets have their own
    // count): three more, then none.
    const site = [];
    for (let n = 0; n < 6; n++) {
      const response = await signUp(`192.0.2.${n + 1}`, `site${n}@example.com`);
      site.push(response.status);
      if (response.status === 429) {
        await expectRefused(response, "We are sending many account e-mails just now.");
      }
    }
    expect(site).toEqual([200, 200, 200, 429, 429, 429]);

    const ours = (to: string) => /^(flood|colleague|site)/.test(to) || to === admin.email;
    const outbox = (await settledOutbox(server)).filter(({ recipient }) => ours(recipient));
    expect(outbox.filter(({ state }) => state !== "sent")).toEqual([]);
    const sent = (await recipients(smtp().messages)).filter(ours);
    expect(sent.toSorted()).toEqual(outbox.map(({ recipient }) => recipient).toSorted());
    expect(sent.filter((to) => to.startsWith("flood"))).toHaveLength(3);
    expect(sent.filter((to) => to.startsWith("colleague"))).toEqual(["colleague+a@example.com"]);
    expect(sent.filter((to) => to === admin.email)).toHaveLength(3);
    expect(sent.filter((to) => to.startsWith("site"))).toHaveLength(3);
    expect(sent).toHaveLength(10);
  });

  it("counts an IPv6 client as its /64, and says when to try again", async () => {
    const url = server.url();
    const request = (address: string, n: number) =>
      postAs(url, address, "/contact", {
        name: `Asha ${n}`,
        phone: "9876543210",
        address: "H-12, Sector 43, Gurugram",
        pincode: "122002",
        message: "",
        website: "",
        startedAt: "",
        js: "",
      });
    // Three addresses of one /64: three requests, then refused whatever address comes next.
    for (const [n, address] of [
      "2001:db8:7:1::1",
      "2001:db8:7:1::2",
      "2001:db8:7:1:aaaa::3",
    ].entries()) {
      expect((await request(address, n)).status).toBe(303);
    }
    const refused = await request("2001:db8:7:1:ffff:ffff:ffff:4", 4);
    await expectRefused(refused, "We have received several requests from your connection.");
    // Another /64 is another client.
    expect((await request("2001:db8:7:2::1", 5)).status).toBe(303);
  });

  it("limits the status page's wrong look-ups per client and per reference, in the page's language", async () => {
    const url = server.url();
    const lookUp = (address: string, reference: string, path = "/status") =>
      postAs(url, address, path, { intent: "lookup", reference, digits: "1234" });
    // One client: three wrong pairs (each reference different), then refused, in either language.
    for (const reference of ["AAAAA2", "AAAAA3", "AAAAA4"]) {
      expect((await lookUp("198.51.100.40", reference)).status).toBe(422);
    }
    await expectRefused(await lookUp("198.51.100.40", "AAAAA5"), "Too many tries.");
    const inHindi = await lookUp("198.51.100.40", "AAAAA5", "/hi/status");
    const said = await inHindi.clone().text();
    await expectRefused(inHindi, "बहुत बार कोशिश हो गई।");
    expect(said).toMatch(/कृपया \d+ मिनट बाद फिर से कोशिश करें/);
    // One reference from many clients: five wrong pairs, then refused for a client that was
    // wrong about it; one new to it is still heard, once.
    for (let n = 1; n <= 5; n++) {
      expect((await lookUp(`198.51.100.${50 + n}`, "BBBBB2")).status).toBe(422);
    }
    await expectRefused(await lookUp("198.51.100.51", "BBBBB2"), "Too many tries.");
    expect((await lookUp("198.51.100.60", "BBBBB2")).status).toBe(422);
    await expectRefused(await lookUp("198.51.100.60", "BBBBB2"), "Too many tries.");
    // That client is not refused for another reference.
    expect((await lookUp("198.51.100.60", "BBBBB3")).status).toBe(422);
  });
});

describe("the whole site's account e-mails", () => {
  const smtp = useSmtpServer();
  // A server of its own: this test spends the site's counts, which every test of a server shares.
  const server = useStaffServer(
    () => ({
      ...trustLoopback,
      SMTP_URL: smtp().url,
      PASSWORD_RESET_RATE_LIMIT_CLIENT: "5/1h",
      SIGN_UP_RATE_LIMIT_CLIENT: "3/1h",
      MAILBOX_RATE_LIMIT: "3/1d",
      ACCOUNT_MAIL_RATE_LIMIT_SITE: "4/1h",
      SIGN_UP_RATE_LIMIT_SITE: "30/1h",
      SIGN_UP_RATE_LIMIT_DOMAIN: "10/1h",
    }),
    [],
    { postgres: true },
  );

  it("cannot be used up by a stranger: not by resets for unknown addresses, nor by sign-ups for made-up ones", async () => {
    const url = server.url();
    const reset = (client: string, email: string) =>
      postAs(url, client, "/auth", { intent: "reset", email });
    const signUp = (client: string, email: string) =>
      postAs(url, client, "/auth", { intent: "signup", email, password: "chosen-pass" });
    // 40 resets for unknown addresses from 8 clients (five each, their own limit): all answered
    // as any reset is, none sends an e-mail, none counts against the site.
    for (let client = 0; client < 8; client++) {
      for (let n = 0; n < 5; n++) {
        const response = await reset(
          `198.51.100.${200 + client}`,
          `nobody${client}-${n}@example.com`,
        );
        expect(response.status).toBe(200);
      }
    }
    // 40 sign-ups for made-up addresses from 12 clients, at two made-up domains: three a client
    // at most, ten a domain, so 20 accounts, then "at this e-mail domain" (and the clients').
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) {
      const response = await signUp(
        `192.0.2.${100 + (n % 12)}`,
        `made-up${n}@${n % 2 ? "mailinator.example" : "throwaway.example"}`,
      );
      statuses.push(response.status);
      if (response.status !== 200) await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    await expectRefused(
      await signUp("192.0.2.150", "made-up-more@throwaway.example"),
      "Too many accounts were asked for at this e-mail domain just now.",
    );

    // The admin's own reset: its e-mail is sent. A colleague at the clinic's domain can sign up.
    expect((await reset("203.0.113.50", admin.email)).status).toBe(200);
    expect((await signUp("203.0.113.51", "new-colleague@homephysio.example")).status).toBe(200);
    await settledOutbox(server);
    const sent = await recipients(smtp().messages);
    expect(sent.filter((to) => !to.startsWith("made-up")).toSorted()).toEqual([
      admin.email,
      "new-colleague@homephysio.example",
    ]);
    expect(sent.filter((to) => to.startsWith("made-up"))).toHaveLength(20);

    // Once the reset links that are sent fill their own count (4 an hour: the admin's above,
    // three for a colleague), the refusal is the same for an address with an account or without;
    // a sign-up still goes through on its own count.
    for (let n = 0; n < 3; n++) {
      expect((await reset(`203.0.113.${70 + n}`, nonAdmin.email)).status).toBe(200);
    }
    await expectRefused(
      await reset("203.0.113.60", "nobody-else@example.com"),
      "We are sending many account e-mails just now.",
    );
    await expectRefused(
      await reset("203.0.113.61", admin.email),
      "We are sending many account e-mails just now.",
    );
    expect((await signUp("203.0.113.62", "another-colleague@homephysio.example")).status).toBe(200);
  });
});
