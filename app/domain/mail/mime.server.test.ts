import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { composeMessage, parseAddress } from "#app/domain/mail/mime.server.ts";

const from = parseAddress("HomePhysio NCR <care@homephysio.example>");

describe("composeMessage", () => {
  it("reads back, through a real mail parser, as exactly what was given", async () => {
    const text = `Name: राम कुमार\nMessage: ${"Knee replacement, mornings best. ".repeat(40)}\n\nEnd`;
    const html = `<p>Name: राम कुमार</p><p>${"a&amp;b ".repeat(200)}</p>`;
    const { raw, messageId } = composeMessage(
      from,
      {
        to: "frontdesk@homephysio.example",
        subject: "New appointment request: राम कुमार, 122002",
        text,
        html,
      },
      new Date("2026-11-23T06:30:00Z"),
    );
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe("New appointment request: राम कुमार, 122002");
    expect(mail.from?.value).toEqual([
      { name: "HomePhysio NCR", address: "care@homephysio.example" },
    ]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([
      { name: "", address: "frontdesk@homephysio.example" },
    ]);
    expect(mail.text).toBe(text);
    expect(mail.html).toBe(html);
    expect(mail.messageId).toBe(messageId);
    expect(mail.date?.toISOString()).toBe("2026-11-23T06:30:00.000Z");
  });

  it("keeps every line within 78 characters and ends every line with CRLF (RFC 5322)", async () => {
    const { raw } = composeMessage(
      parseAddress('"Dr. Ānanya \\"Physio\\" Sharma" <care@homephysio.example>'),
      {
        to: "care@homephysio.example",
        subject: `A very long subject ${"with many words ".repeat(12)}and ünïcödé`,
        text: "x".repeat(5000),
        html: null,
      },
    );
    const lines = raw.toString("latin1").split("\r\n");
    expect(lines.filter((line) => line.length > 78)).toEqual([]);
    expect(raw.toString("latin1").replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("ends every line of a body sent as it is (7bit) with CRLF, whatever line ends it was given", async () => {
    const { raw } = composeMessage(from, {
      to: "care@homephysio.example",
      subject: "Hi",
      text: "one\ntwo\rthree\r\nfour\r\r\nfive",
    });
    expect(raw.toString("latin1")).toMatch(/Content-Transfer-Encoding: 7bit/);
    expect(raw.toString("latin1").replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("sends a name with quotes and non-ASCII letters as the name, not as part of the address", async () => {
    const { raw } = composeMessage(
      parseAddress('"Ānanya \\"Physio\\"" <care@homephysio.example>'),
      {
        to: "care@homephysio.example",
        subject: "Hi",
        text: "Hello",
      },
    );
    const mail = await simpleParser(raw);
    expect(mail.from?.value).toEqual([
      { name: 'Ānanya "Physio"', address: "care@homephysio.example" },
    ]);
    // A short ASCII part goes as 7bit, which ends with a line break.
    expect(mail.text).toBe("Hello\n");
    expect(mail.html).toBe(false);
  });

  it("refuses a recipient that is not one bare address (no header injection)", () => {
    for (const to of [
      "a@b.example\r\nBcc: x@y.example",
      "a@b.example\nBcc: x@y.example",
      "A <a@b.example>",
      "<a@b.example>",
      "a@b.example, c@d.example",
      "a@b.example;c@d.example",
      "group: a@b.example;",
      "nobody",
      "",
    ]) {
      expect(() => composeMessage(from, { to, subject: "Hi", text: "Hello" })).toThrow(
        "not one bare e-mail address",
      );
    }
  });

  it("keeps a subject with line breaks on its one header: no header of the visitor's making", async () => {
    const subject =
      "New appointment request: Eve\r\nReply-To: attacker@evil.example\nContent-Type: text/html\r\n\r\n<h1>Hi</h1>\rBcc: x@evil.example";
    const { raw, envelope } = composeMessage(from, {
      to: "frontdesk@homephysio.example",
      subject,
      text: "Hello",
    });
    const mail = await simpleParser(raw);
    expect([...mail.headers.keys()].sort()).toEqual([
      "content-transfer-encoding",
      "content-type",
      "date",
      "from",
      "message-id",
      "mime-version",
      "subject",
      "to",
    ]);
    expect(mail.subject).toBe(subject.replace(/\r\n|\r|\n/g, " "));
    // A short ASCII part goes as 7bit, which ends with a line break.
    expect(mail.text).toBe("Hello\n");
    expect(mail.html).toBe(false);
    expect(envelope).toEqual({
      from: "care@homephysio.example",
      to: ["frontdesk@homephysio.example"],
    });
  });

  it("refuses a sender that is not an address", () => {
    expect(() => parseAddress("HomePhysio NCR")).toThrow("not an e-mail address");
  });
});
