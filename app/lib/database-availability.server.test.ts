// The pause between two tries at a database that does not answer (decision 041): half a second,
// doubling, never past the ceiling, and shortened at random by at most a fifth.
import { describe, expect, it } from "vitest";
import { probeDelayMs } from "#app/lib/database-availability.server.ts";

describe("probeDelayMs", () => {
  it("doubles from half a second up to the ceiling, and stays there", () => {
    const plain = [0, 1, 2, 3, 4, 5, 50].map((attempt) => probeDelayMs(attempt, 5_000, () => 0));
    expect(plain).toEqual([500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000]);
  });

  it("is shortened by at most a fifth, so that instances do not try in step", () => {
    expect(probeDelayMs(10, 5_000, () => 1)).toBe(4_000);
    expect(probeDelayMs(0, 5_000, () => 0.5)).toBe(450);
  });
});
