import { describe, expect, it } from "vitest";
import { freshNonce } from "#server/security-headers.ts";

describe("freshNonce", () => {
  it("never repeats, across many refills of its pool, and carries 16 bytes each", () => {
    const nonces = Array.from({ length: 2_000 }, () => freshNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
