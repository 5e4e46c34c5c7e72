// The notice's version says which words a request was sent beside: it must change whenever they
// do. Each version ever released is pinned here with its words' fingerprint.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  privacyNoticeIn,
  privacyNoticeText,
  privacyNoticeVersion,
  privacyNoticeVersions,
  shownNoticeVersion,
} from "#app/content/privacy-notice.ts";

/** Every version released, with the fingerprint of its words (both languages). Never edit one. */
const released: Record<string, string> = {
  "2026-11-24": "59fe082b8b4c72b4",
  // The Hindi in the glossary's terms (मैसेज), the rights said as Hindi says it (decision 034).
  "2026-11-27": "7f47724b2ab4e9fe",
  // What is collected includes the WhatsApp box, and what the updates say, through whom, and
  // how they stop (decision 038).
  "2026-11-28": "93874f3423708e2e",
};

const fingerprint = (words: unknown) =>
  createHash("sha256").update(JSON.stringify(words)).digest("hex").slice(0, 16);

describe("the privacy notice's version", () => {
  it("is a new version whenever the words change", () => {
    // A change to the words fails here: add a new version (the day it goes live) to
    // privacy-notice.ts and its fingerprint above, leaving the released ones as they are.
    expect(released[privacyNoticeVersion]).toBe(fingerprint(privacyNoticeText));
    expect(privacyNoticeVersions.at(-1)).toBe(privacyNoticeVersion);
    expect(Object.keys(released)).toEqual([...privacyNoticeVersions]);
  });

  it("fails on a changed word", () => {
    const changed = {
      ...privacyNoticeText,
      en: { ...privacyNoticeText.en, heading: `${privacyNoticeText.en.heading}!` },
    };
    expect(fingerprint(changed)).not.toBe(fingerprint(privacyNoticeText));
  });

  it("stores a version that was shown, and nothing else", () => {
    expect(shownNoticeVersion(privacyNoticeVersion)).toBe(privacyNoticeVersion);
    for (const other of [null, "", "2020-01-01", "<script>", ["2026-11-24"]]) {
      expect(shownNoticeVersion(other)).toBeNull();
    }
  });

  it("states the retention period from the settings, in each language", () => {
    expect(privacyNoticeIn("en", 18).text.summary).toContain("for 18 months after");
    expect(privacyNoticeIn("hi", 18).text.summary).toContain("18 महीने तक");
    expect(privacyNoticeIn("hi", 18).version).toBe(privacyNoticeVersion);
  });
});
