import { describe, expect, it } from "vitest";
import { isStaffPath } from "#app/lib/staff-paths.ts";

describe("isStaffPath", () => {
  it("is true for /admin, /auth, /visits and everything under them", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/appointments/123",
      "/admin/export.csv",
      "/auth",
      "/auth/set-password",
      "/AUTH/password",
      "/visits",
      "/visits/calendar/abc.ics",
    ]) {
      expect(isStaffPath(path), path).toBe(true);
    }
  });

  it("is false for the public pages, and for paths that only start with the same letters", () => {
    for (const path of [
      "/",
      "/contact",
      "/about",
      "/administrator",
      "/authors",
      "/blog/admin",
      "/visitsx",
    ]) {
      expect(isStaffPath(path), path).toBe(false);
    }
  });
});
