// /readyz's answer to a load balancer (decision 041): out only when stopping or behind
// on migrations; a database that does not answer leaves every instance in, "degraded".
import { describe, expect, it } from "vitest";
import { readinessAnswer } from "#server/edge.ts";

describe("readinessAnswer", () => {
  it("is 200 ready when the database answers with every migration", () => {
    expect(readinessAnswer({ ready: true, database: "ok", migrations: "current" }, false)).toEqual({
      status: 200,
      body: { status: "ready", database: "ok", migrations: "current" },
    });
  });

  it("is 200 degraded when the database does not answer: every instance shares it", () => {
    expect(
      readinessAnswer({ ready: false, database: "unavailable", migrations: "unknown" }, false),
    ).toEqual({
      status: 200,
      body: { status: "degraded", database: "unavailable", migrations: "unknown" },
    });
  });

  it("is 503 when the database lacks a migration this build needs", () => {
    expect(readinessAnswer({ ready: false, database: "ok", migrations: "behind" }, false)).toEqual({
      status: 503,
      body: { status: "unavailable", database: "ok", migrations: "behind" },
    });
  });

  it("is 503 draining once the server is stopping, whatever the database says", () => {
    for (const readiness of [
      { ready: true, database: "ok", migrations: "current" } as const,
      { ready: false, database: "unavailable", migrations: "unknown" } as const,
      undefined,
    ]) {
      expect(readinessAnswer(readiness, true)).toEqual({
        status: 503,
        body: { status: "draining" },
      });
    }
  });
});
