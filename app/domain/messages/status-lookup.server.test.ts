import { describe, expect, it } from "vitest";
import { readLookup } from "#app/domain/messages/status-page.server.ts";

const lookup = (reference: string, digits: string) =>
  readLookup(new URLSearchParams({ reference, digits }) as unknown as FormData);

describe("the status page's look-up form", () => {
  it("reads the four digits as a Hindi keyboard types them", () => {
    expect(lookup("7K3-Q2M", "४५६७")).toEqual({
      reference: "7K3Q2M",
      digits: "4567",
      problems: {},
    });
    expect(lookup("7k3 q2m", "4 5 6 7").digits).toBe("4567");
  });

  it("reads a reference typed with Devanagari digits", () => {
    expect(lookup("७K३-Q२M", "4567").reference).toBe("7K3Q2M");
  });

  it("refuses digits that are not four, in either script", () => {
    expect(lookup("7K3-Q2M", "४५६").problems).toEqual({ digits: true });
    expect(lookup("7K3-Q2M", "४५६७८").problems).toEqual({ digits: true });
    expect(lookup("7K3-Q2M", "45a7").problems).toEqual({ digits: true });
  });
});
