// Which of the Cloud API's answers are tried again and which are given up, by HTTP status and
// Meta's error code (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes),
// and what staff read for each refusal.
import { describe, expect, it } from "vitest";
import { classifyFailure } from "#app/domain/messages/whatsapp-api.server.ts";
import { whatsappFailureText } from "#app/domain/messages/whatsapp-texts.ts";

describe("a Cloud API error", () => {
  it.each([
    [429, undefined, "rate limited"],
    [400, 4, "rate limited"],
    [400, 80007, "rate limited"],
    [429, 130429, "rate limited"],
    [400, 131048, "rate limited"],
    [400, 131056, "rate limited"],
    [500, undefined, "server trouble"],
    [503, 2, "server trouble"],
    [500, 131000, "server trouble"],
    [400, 133004, "server trouble"],
  ])("HTTP %i, code %s: tried again (%s)", (status, code, _what) => {
    expect(classifyFailure(status, code === undefined ? undefined : { code })).toMatchObject({
      ok: false,
      retry: true,
    });
  });

  it.each([
    [400, 131026, whatsappFailureText.noWhatsapp],
    [400, 132000, whatsappFailureText.template],
    [400, 132001, whatsappFailureText.template],
    [400, 132015, whatsappFailureText.template],
    [401, 190, whatsappFailureText.token],
    [400, 131051, whatsappFailureText.refused],
    [400, 100, whatsappFailureText.refused],
    [403, 10, whatsappFailureText.refused],
    [404, undefined, whatsappFailureText.refused],
  ])("HTTP %i, code %s: given up at once", (status, code, reason) => {
    expect(classifyFailure(status, code === undefined ? undefined : { code })).toEqual({
      ok: false,
      retry: false,
      reason,
      detail: `HTTP ${status}${code === undefined ? "" : `, code ${code}`}`,
    });
  });

  it("reads a code Meta wrote as a string", () => {
    expect(classifyFailure(400, { code: "131026" })).toMatchObject({
      retry: false,
      reason: whatsappFailureText.noWhatsapp,
    });
  });
});
