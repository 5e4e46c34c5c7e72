// When each alert holds, on readings written here: the limits at their edges, a disk 95 % full
// (no disk need be filled), the disk's alert held until it is below 85 %, and backups and runs
// never recorded counted from when the instance began watching.
import { describe, expect, it } from "vitest";
import { alertConditions } from "#app/domain/operations/alert-conditions.ts";
import type { OperationsReading } from "#app/domain/operations/operations-reading.ts";
import type { AlertKind } from "#db/schema.ts";

const at = new Date("2026-11-27T10:00:00.000Z");
const hoursAgo = (hours: number) => new Date(at.getTime() - hours * 3_600_000);
const quiet = { queued: 0, oldestSeconds: null, failedLastHour: 0 };

/** A healthy reading, with `change` made to it. */
function reading(change: Partial<OperationsReading> = {}): OperationsReading {
  return {
    at,
    outbox: { email: quiet, whatsapp: quiet },
    lastRetentionAt: hoursAgo(2),
    lastBackupAt: hoursAgo(8),
    diskUsed: 0.4,
    ...change,
  };
}

const options = {
  backupsConfigured: true,
  since: hoursAgo(100),
  open: new Set<AlertKind>(),
};

const kinds = (found: Map<AlertKind, unknown>) => [...found.keys()];

describe("the alerts' conditions", () => {
  it("hold on nothing when all is well", () => {
    expect(kinds(alertConditions(reading(), options))).toEqual([]);
  });

  it("tell of staff e-mails given up in the last hour, or one waiting over 30 minutes", () => {
    const failed = reading({ outbox: { email: { ...quiet, failedLastHour: 2 }, whatsapp: quiet } });
    expect(alertConditions(failed, options).get("staff_email")).toEqual({
      kind: "staff_email",
      failedLastHour: 2,
      queued: 0,
      oldestMinutes: null,
    });
    const waiting = (oldestSeconds: number) =>
      reading({
        outbox: { email: { queued: 3, oldestSeconds, failedLastHour: 0 }, whatsapp: quiet },
      });
    expect(kinds(alertConditions(waiting(30 * 60), options))).toEqual([]);
    expect(alertConditions(waiting(30 * 60 + 1), options).get("staff_email")).toEqual({
      kind: "staff_email",
      failedLastHour: 0,
      queued: 3,
      oldestMinutes: 30,
    });
  });

  it("tell of WhatsApp messages given up, not of those waiting (retried, or staff's to send)", () => {
    const failed = reading({ outbox: { email: quiet, whatsapp: { ...quiet, failedLastHour: 1 } } });
    expect(kinds(alertConditions(failed, options))).toEqual(["patient_messages"]);
    const waiting = reading({
      outbox: { email: quiet, whatsapp: { queued: 4, oldestSeconds: 5 * 3600, failedLastHour: 0 } },
    });
    expect(kinds(alertConditions(waiting, options))).toEqual([]);
  });

  it("tell of no backup for 26 hours only where backups are configured", () => {
    const old = reading({ lastBackupAt: hoursAgo(26.5) });
    expect(alertConditions(old, options).get("backup")).toEqual({
      kind: "backup",
      lastAt: hoursAgo(26.5).toISOString(),
      hours: 26,
    });
    expect(kinds(alertConditions(reading({ lastBackupAt: hoursAgo(25.9) }), options))).toEqual([]);
    expect(kinds(alertConditions(old, { ...options, backupsConfigured: false }))).toEqual([]);
  });

  it("count a backup or a retention run never recorded from when the instance began watching", () => {
    const never = reading({ lastBackupAt: null, lastRetentionAt: null });
    expect(kinds(alertConditions(never, { ...options, since: hoursAgo(1) }))).toEqual([]);
    expect(alertConditions(never, { ...options, since: hoursAgo(27) })).toEqual(
      new Map([
        ["backup", { kind: "backup", lastAt: null, hours: 27 }],
        ["retention", { kind: "retention", lastAt: null, hours: 27 }],
      ]),
    );
  });

  it("tell of the retention job not run for 26 hours", () => {
    expect(kinds(alertConditions(reading({ lastRetentionAt: hoursAgo(30) }), options))).toEqual([
      "retention",
    ]);
    expect(kinds(alertConditions(reading({ lastRetentionAt: hoursAgo(25) }), options))).toEqual([]);
  });

  it("tell of the embedded database's disk from 90 % full, and keep it until below 85 %", () => {
    expect(alertConditions(reading({ diskUsed: 0.95 }), options).get("disk")).toEqual({
      kind: "disk",
      usedPercent: 95,
    });
    expect(kinds(alertConditions(reading({ diskUsed: 0.9 }), options))).toEqual(["disk"]);
    expect(kinds(alertConditions(reading({ diskUsed: 0.89 }), options))).toEqual([]);
    const open = { ...options, open: new Set<AlertKind>(["disk"]) };
    expect(kinds(alertConditions(reading({ diskUsed: 0.87 }), open))).toEqual(["disk"]);
    expect(kinds(alertConditions(reading({ diskUsed: 0.84 }), open))).toEqual([]);
    // PostgreSQL's disk is its host's to watch.
    expect(kinds(alertConditions(reading({ diskUsed: null }), open))).toEqual([]);
  });
});
