// Live updates of the dashboard: the database says when appointments change (a trigger NOTIFYs
// appointments_changed after every statement that touches them, migration 0004), and each
// instance fans that out to its open dashboards. On PostgreSQL the notice comes from any
// instance's change; on PGlite, from this process's. Bursts are merged: a dashboard hears at most
// one change per `quietMs`, and reloads once for a group of requests. The same serves any other
// channel: staff_access_changed (migration 0007) says a session ended or a role was revoked.
import type { DatabaseHandle } from "#app/db.server.ts";

export interface AppointmentEvents {
  /** Calls `onChange` after appointments change; returns the function that stops it. */
  subscribe(onChange: () => void): () => void;
  readonly subscribers: number;
  close(): Promise<void>;
}

export async function startAppointmentEvents(
  database: Pick<DatabaseHandle, "listen">,
  options: { quietMs?: number; channel?: "appointments_changed" | "staff_access_changed" } = {},
): Promise<AppointmentEvents> {
  const quietMs = options.quietMs ?? 250;
  const listeners = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    timer = undefined;
    for (const listener of listeners) {
      try {
        listener();
      } catch {
        // One closed stream must not keep the others from hearing.
      }
    }
  };
  const unlisten = await database.listen(options.channel ?? "appointments_changed", () => {
    timer ??= setTimeout(fire, quietMs);
  });
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    get subscribers() {
      return listeners.size;
    },
    async close() {
      clearTimeout(timer);
      listeners.clear();
      await unlisten();
    },
  };
}
