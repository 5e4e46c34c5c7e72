// No text a person types reaches a screen or a family's message with a bidirectional control in
// it: a right-to-left override (U+202E) shows the rest of a line reversed, so "Dr Asha" could be
// made to read as something else on the desk's screens and in the family's WhatsApp text. The
// public form strips them (appointment-form.ts); so does every staff, therapist and family field.
import { describe, expect, it } from "vitest";
import { readAsk } from "#app/domain/messages/status-page.server.ts";
import { readEvents } from "#app/domain/messages/whatsapp-webhook.server.ts";
import { parseTherapistForm } from "#app/domain/visits/therapist-form.ts";
import { visitActionSchema } from "#app/domain/visits/visit-form.ts";
import { visitDayActionSchema } from "#app/domain/visits/visit-mark-form.ts";

const visitId = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";
/** Every bidirectional control there is, around and inside the words. */
const controls = "\u202e\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c";
const typed = (words: string) =>
  `${controls}${words.slice(0, 3)}\u202e${words.slice(3)}${controls}`;

function formOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

describe("bidirectional controls, gone from what staff, therapists and families type", () => {
  it("from the desk's visit note and cancel reason", () => {
    const done = visitActionSchema.parse({
      intent: "visit-done",
      visitId,
      note: typed("Walked 20 m"),
    });
    expect(done).toMatchObject({ note: "Walked 20 m" });
    const cancelled = visitActionSchema.parse({
      intent: "visit-cancel",
      visitId,
      cancelledBy: "clinic",
      reason: typed("Therapist unwell"),
    });
    expect(cancelled).toMatchObject({ reason: "Therapist unwell" });
  });

  it("from the therapist's note and can't-make-it reason", () => {
    expect(
      visitDayActionSchema.parse({ intent: "done", visitId, note: typed("Walked 20 m") }),
    ).toMatchObject({ note: "Walked 20 m" });
    expect(
      visitDayActionSchema.parse({ intent: "cant_make", visitId, reason: typed("Flat tyre") }),
    ).toMatchObject({ reason: "Flat tyre" });
  });

  it("from a therapist's display name and registration number", () => {
    const read = parseTherapistForm(
      formOf({
        displayName: typed("Dr Asha Verma"),
        registrationNumber: typed("DPC/2015/4471"),
        yearsOfPractice: "9",
        languages: ["Hindi"],
        skills: ["stroke"],
        districts: ["East Delhi"],
      }),
      ["East Delhi"],
      "2026-11-27",
    );
    expect(read).toMatchObject({
      ok: true,
      profile: { displayName: "Dr Asha Verma", registrationNumber: "DPC/2015/4471" },
    });
  });

  it("from the family's ask on the status page", () => {
    const read = readAsk(
      formOf({
        visitId,
        kind: "move",
        reason: typed("पापा की तबीयत ठीक नहीं"),
        preferredTime: typed("Evening"),
      }),
    );
    expect(read).toEqual({
      ok: true,
      ask: { visitId, kind: "move", reason: "पापा की तबीयत ठीक नहीं", preferredTime: "Evening" },
    });
  });

  it("from the family's WhatsApp replies: a button's text and a typed message", () => {
    const { replies } = readEvents({
      entry: [
        {
          changes: [
            {
              value: {
                messages: [
                  {
                    id: "wamid.1",
                    from: "919811012345",
                    type: "button",
                    button: { payload: "confirm", text: typed("Confirm") },
                    context: { id: "wamid.0" },
                  },
                  {
                    id: "wamid.2",
                    from: "919811012345",
                    type: "text",
                    text: { body: typed("STOP") },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(replies).toEqual([
      expect.objectContaining({ type: "reply", text: "Confirm" }),
      expect.objectContaining({ type: "text", body: "STOP" }),
    ]);
  });
});
