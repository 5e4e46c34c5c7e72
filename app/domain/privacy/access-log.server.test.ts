// What a row of the access log keeps of a dashboard view, and how the log page reads its address.
import { describe, expect, it } from "vitest";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import {
  accessLogFilter,
  dashboardAccess,
  parseAccessLogQuery,
} from "#app/domain/privacy/access-log.server.ts";

/** A dashboard address as listed: with no view named, the list the dashboard chose. */
const listed = (search: string) => {
  const query = parseDashboardQuery(new URLSearchParams(search));
  return { ...query, view: query.view ?? "all" };
};

describe("dashboardAccess", () => {
  const list = { rows: [{ id: "a" }, { id: "b" }], page: 2, total: 27 };

  it("records a list by its filter, page and the ids it showed", () => {
    const query = listed("status=pending&owner=mine&page=2");
    expect(dashboardAccess(query, list)).toEqual({
      action: "dashboard",
      appointmentIds: ["a", "b"],
      detail: { view: "all", sort: "date", status: "pending", owner: "mine", page: 2, total: 27 },
    });
  });

  it("records a search as one, without its words or their length", () => {
    const query = listed("q=Kamla+Devi+9812345678");
    const entry = dashboardAccess(query, list);
    expect(entry.action).toBe("search");
    expect(entry.detail).toMatchObject({ searched: true });
    const text = JSON.stringify(entry);
    for (const word of ["Kamla", "Devi", "9812345678", String("Kamla Devi 9812345678".length)]) {
      expect(text).not.toContain(word);
    }
  });
});

describe("parseAccessLogQuery", () => {
  const parse = (search: string) => parseAccessLogQuery(new URLSearchParams(search));

  it("reads each field, trimmed", () => {
    expect(
      parse("staff=+desk%40clinic.test+&request=7k3+q2m&from=2026-03-01&to=2026-03-31&page=3"),
    ).toEqual({
      staff: "desk@clinic.test",
      request: "7k3 q2m",
      from: "2026-03-01",
      to: "2026-03-31",
      page: 3,
    });
  });

  it("drops what it cannot read: a day that does not exist, a bad page", () => {
    expect(parse("from=2026-02-30&to=yesterday&page=-4")).toEqual({
      staff: "",
      request: "",
      from: "",
      to: "",
      page: 1,
    });
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=99999999").page).toBe(10_000);
  });

  it("records the filter it was read with, and only the fields given", () => {
    expect(accessLogFilter(parse("request=7K3Q2M&page=2"))).toEqual({ request: "7K3Q2M", page: 2 });
  });
});
