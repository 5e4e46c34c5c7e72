import { describe, expect, it } from "vitest";
import { reportedPath } from "#app/lib/analytics.ts";

describe("reportedPath", () => {
  it("reports a public page with its query, campaign tags and all", () => {
    expect(reportedPath("/contact", "?utm_source=google&utm_medium=cpc")).toBe(
      "/contact?utm_source=google&utm_medium=cpc",
    );
    expect(reportedPath("/", "")).toBe("/");
  });

  it("leaves out the token of an e-mailed link", () => {
    expect(reportedPath("/newsletter/confirm", "?token=s3cr3t-value")).toBe(
      "/newsletter/confirm?token=-",
    );
    expect(reportedPath("/newsletter/unsubscribe", "?a=1&token=s3cr3t&b=2")).toBe(
      "/newsletter/unsubscribe?a=1&token=-&b=2",
    );
  });

  it("leaves out the reference of a request, which with four digits opens its status page", () => {
    expect(reportedPath("/contact/received", "?ref=HP-7K2M9Q")).toBe("/contact/received?ref=-");
    // The link in a family's message (it redirects at once; were it ever reported).
    expect(reportedPath("/hi/status", "?key=C30sPl9BSo6cbS4fOkxcbU0AAQIDBAUGBwgJCgsM")).toBe(
      "/hi/status?key=-",
    );
    expect(reportedPath("/hi/status", "?lang=hi&REF=HP-7K2M9Q")).toBe("/hi/status?lang=hi&REF=-");
    expect(reportedPath("/contact", "?referrer=google")).toBe("/contact?referrer=google");
  });

  it("reports a staff page without its query: a search may be a patient's name or number", () => {
    expect(reportedPath("/admin", "?q=Asha+Rani&status=pending")).toBe("/admin");
    expect(reportedPath("/auth/set-password", "?token=s3cr3t")).toBe("/auth/set-password");
    expect(reportedPath("/Admin", "?q=98100+12345")).toBe("/Admin");
    expect(reportedPath("/authors", "?x=1")).toBe("/authors?x=1");
  });
});
