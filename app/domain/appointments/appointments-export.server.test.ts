import { describe, expect, it } from "vitest";
import {
  maxPageSize,
  nextPageSize,
  stepBudgetMs,
} from "#app/domain/appointments/appointments-export.server.ts";

describe("nextPageSize", () => {
  it("sizes the next page for its slower step to take the budget", () => {
    expect(nextPageSize(100, stepBudgetMs)).toBe(100);
    expect(nextPageSize(100, 2 * stepBudgetMs)).toBe(50);
    expect(nextPageSize(100, stepBudgetMs / 1.5)).toBe(150);
  });

  it("grows at most twofold, up to the largest page", () => {
    expect(nextPageSize(20, 0)).toBe(40);
    expect(nextPageSize(400, 0.5)).toBe(maxPageSize);
  });

  it("shrinks as far as a slow step asks, never below a few rows", () => {
    // A step ten times over the budget: a tenth of the rows.
    expect(nextPageSize(300, 10 * stepBudgetMs)).toBe(30);
    // Cold code, or a stall: the next page still reads some rows.
    expect(nextPageSize(20, 500)).toBe(10);
  });
});
