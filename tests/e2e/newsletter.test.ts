// The newsletter end to end, on a production server that sends through a real SMTP server: the
// blog form's sign-up, the one confirmation e-mail as a mail client reads it, its confirm link,
// its unsubscribe link (opening it only asks; the button unsubscribes), and the admins' export
// of exactly the confirmed addresses.
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { faultsInLog, useSmtpServer } from "#tests/e2e/appointments.ts";
import { admin, nonAdmin, settledOutbox, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

const thanks =
  "Thank you! Please check your inbox and confirm your subscription by the link we sent.";

/** The blog form as a browser without JavaScript posts it, from our own page. */
function postSignUp(url: string, email: string): Promise<Response> {
  return fetch(`${url}/blog`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { origin: url },
    redirect: "manual",
  });
}

interface Received {
  to: string;
  subject: string;
  text: string;
}

describe("the newsletter", () => {
  const smtp = useSmtpServer();
  // Read when the server starts (in beforeAll), after the SMTP server has its address. On
  // PostgreSQL, so that the test can see when the outbox has sent all it holds.
  const server = useStaffServer(
    {
      get SMTP_URL() {
        return smtp().url;
      },
      // The sign-up and its links here; how many sign-ups are allowed: limits.test.ts.
      NEWSLETTER_RATE_LIMIT_CLIENT: "off",
      MAILBOX_RATE_LIMIT: "off",
    },
    [],
    { postgres: true },
  );

  /** Every message the SMTP server accepted, as a mail client reads it. */
  async function received(): Promise<Received[]> {
    return Promise.all(
      smtp().messages.map(async (raw) => {
        const mail = await simpleParser(raw);
        const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        return { to: to ?? "", subject: mail.subject ?? "", text: mail.text ?? "" };
      }),
    );
  }

  const mailsTo = async (address: string) =>
    (await received()).filter((mail) => mail.to === address);

  /** A link of the e-mail, on the server under test (the e-mail names SITE_URL). */
  function linkIn(mail: Received, path: string): string {
    const link = mail.text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))?.[0];
    if (!link) throw new Error(`no ${path} link in the e-mail:\n${mail.text}`);
    expect(new URL(link).origin).toBe("http://localhost:3000");
    const { pathname, search } = new URL(link);
    return `${server.url()}${pathname}${search}`;
  }

  async function exportCsv(cookie: string): Promise<Response> {
    // As a link on our own page asks for it (exports start from our pages only).
    return fetch(`${server.url()}/admin/newsletter.csv`, {
      headers: { cookie, "sec-fetch-site": "same-origin" },
      redirect: "manual",
    });
  }

  // Signed in once: sign-ins are rate-limited per account.
  let adminCookie: string | undefined;
  async function exportedRows(): Promise<string[]> {
    adminCookie ??= await signInCookie(server.url(), admin);
    const response = await exportCsv(adminCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Email,Confirmed at");
    return lines.slice(1);
  }

  it("answers an invalid address with 400 and says why, and sends nothing", async () => {
    // Whatever the other test left (it settles its outbox before it ends): nothing added to it.
    const rowsBefore = await exportedRows();
    const sentBefore = smtp().messages.length;
    for (const email of ["not-an-address", "", `${"a".repeat(250)}@example.com`]) {
      const response = await postSignUp(server.url(), email);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(
        /Please enter a valid e-mail address\.|must be at most 255 characters/,
      );
    }
    expect(await exportedRows()).toEqual(rowsBefore);
    expect(smtp().messages.slice(sentBefore)).toEqual([]);
  });

  it("answers the blog's island at /newsletter/signup as the blog page answers, in JSON", async () => {
    const url = server.url();
    /** The sign-up as the island sends it: JSON asked for, from our own page. */
    const postJson = (path: string, email: string) =>
      fetch(`${url}${path}`, {
        method: "POST",
        body: new URLSearchParams({ email }),
        headers: { origin: url, accept: "application/json" },
        redirect: "manual",
      });
    // The same address as the other test's: one confirmation e-mail whichever comes first.
    for (const [email, status, message] of [
      ["not-an-address", 400, "Please enter a valid e-mail address."],
      [
        `${"a".repeat(250)}@example.com`,
        400,
        "Your e-mail address must be at most 255 characters.",
      ],
      ["waiting@example.com", 200, thanks],
    ] as const) {
      const json = await postJson("/newsletter/signup", email);
      expect(json.status, email).toBe(status);
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await json.json()).toEqual({ message });
      const page = await postSignUp(url, email);
      expect(page.status, email).toBe(status);
      expect(await page.text()).toContain(message);
    }
    // Its address says the language, as a page's does.
    const hindi = await postJson("/hi/newsletter/signup", "not-an-address");
    expect(hindi.status).toBe(400);
    expect(await hindi.json()).toEqual({ message: "कृपया सही ईमेल पता लिखें।" });
    // Posting only, and only from our own pages.
    const read = await fetch(`${url}/newsletter/signup`);
    expect(read.status).toBe(405);
    const elsewhere = await fetch(`${url}/newsletter/signup`, {
      method: "POST",
      body: new URLSearchParams({ email: "reader@example.com" }),
      headers: { origin: "https://elsewhere.example" },
    });
    expect(elsewhere.status).toBe(403);
    // Its one e-mail sent before the next test counts what the mail server received.
    await settledOutbox(server);
  });

  it("signs up, confirms by the e-mail's link, exports only confirmed addresses, unsubscribes by POST", async () => {
    const url = server.url();
    // Several sign-ups of each address, however typed: the same answer every time.
    for (const email of ["Reader@Example.com", "reader@example.com", "waiting@example.com"]) {
      for (let i = 0; i < 2; i++) {
        const response = await postSignUp(url, email);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain(thanks);
      }
    }

    await expect.poll(async () => (await received()).length, { timeout: 15_000 }).toBe(2);
    const [mail] = await mailsTo("reader@example.com");
    if (!mail) throw new Error("no e-mail to reader@example.com");
    expect(mail.subject).toBe("Confirm your subscription to the HomePhysio NCR newsletter");
    const confirmLink = linkIn(mail, "/newsletter/confirm");
    const unsubscribeLink = linkIn(mail, "/newsletter/unsubscribe");
    expect(await exportedRows()).toEqual([]);

    // A wrong token: a clear page, and nothing confirmed.
    const wrong = await fetch(`${url}/newsletter/confirm?token=not-the-token`);
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("This link is not valid");
    expect(wrongPage).toContain('content="noindex, nofollow"');
    expect(await exportedRows()).toEqual([]);

    const confirmed = await fetch(confirmLink);
    expect(confirmed.status).toBe(200);
    const confirmedPage = await confirmed.text();
    expect(confirmedPage).toContain("Subscription confirmed");
    expect(confirmedPage).toContain('content="noindex, nofollow"');

    const rows = await exportedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^reader@example\.com,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // Only admins get the list.
    expect((await exportCsv("")).status).toBe(401);
    const forbidden = await exportCsv(await signInCookie(url, nonAdmin));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).not.toContain("reader@example.com");

    // Opening the unsubscribe link (as a mail scanner would) only asks.
    const asked = await fetch(unsubscribeLink);
    expect(asked.status).toBe(200);
    const askedPage = await asked.text();
    expect(askedPage).toContain("Unsubscribe from the newsletter?");
    expect(askedPage).toContain('content="noindex, nofollow"');
    const form = askedPage.match(/<form[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain(
      `action="${new URL(unsubscribeLink).pathname}${new URL(unsubscribeLink).search}"`,
    );
    expect(askedPage).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);
    expect(await exportedRows()).toHaveLength(1);

    // The button posts, from our own page: that unsubscribes.
    const done = await fetch(unsubscribeLink, {
      method: "POST",
      body: new URLSearchParams(),
      headers: { origin: url },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You have been unsubscribed");
    expect(await exportedRows()).toEqual([]);
    const again = await fetch(unsubscribeLink);
    expect(await again.text()).toContain("You have been unsubscribed");

    // An address never confirmed got its one confirmation e-mail and nothing else; so did the
    // reader, whatever the repeated sign-ups: once the outbox has sent all it holds, it held
    // these two e-mails only.
    const outbox = await settledOutbox(server);
    expect(
      outbox
        .map(({ kind, recipient, state }) => ({ kind, recipient, state }))
        .sort((a, b) => a.recipient.localeCompare(b.recipient)),
    ).toEqual([
      { kind: "newsletter-confirm", recipient: "reader@example.com", state: "sent" },
      { kind: "newsletter-confirm", recipient: "waiting@example.com", state: "sent" },
    ]);
    const waiting = await mailsTo("waiting@example.com");
    expect(waiting.map((message) => message.subject)).toEqual([
      "Confirm your subscription to the HomePhysio NCR newsletter",
    ]);
    expect(await mailsTo("reader@example.com")).toHaveLength(1);
    expect(smtp().messages).toHaveLength(2);
    expect(faultsInLog(server.output())).toEqual([]);
  });
});
