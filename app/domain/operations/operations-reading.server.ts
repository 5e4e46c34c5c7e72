// The operations reading (operations-reading.ts): read every minute by each instance's alert check
// and on each /metrics scrape, so it costs three small statements. What waits is read through the
// outbox's own index of queued rows (a few in normal running), what failed through the index of
// failed_at (stamped by migration 0018's trigger), the last backup and retention run one step
// down an index each; the disk by one statfs of the embedded database's folder.
import { statfs } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import type {
  OperationsReading,
  OutboxReading,
} from "#app/domain/operations/operations-reading.ts";
import { type NotificationChannel, notificationChannels } from "#db/schema.ts";

export interface ReadingOptions {
  /** The embedded database's folder (DATA_DIR); null on PostgreSQL, whose disk is not ours. */
  dataDir: string | null;
  /** The time of the reading (tests give their own); the ages and the last hour count from it. */
  now?: Date;
}

const hourMs = 60 * 60_000;

/**
 * The share of the file system holding `dir` in use, as `df` counts it: the blocks kept for the
 * system's own use are neither used nor available to us.
 */
export async function diskUsedAt(dir: string): Promise<number> {
  const stats = await statfs(dir);
  const used = stats.blocks - stats.bfree;
  const total = used + stats.bavail;
  return total > 0 ? used / total : 0;
}

interface ChannelRow {
  channel: NotificationChannel;
  queued: number;
  /** Milliseconds since 1970 of the oldest waiting message. */
  oldest: number | null;
  failed: number;
}

export async function readOperations(
  db: Database,
  options: ReadingOptions,
): Promise<OperationsReading> {
  const at = options.now ?? new Date();
  const hourAgo = new Date(at.getTime() - hourMs).toISOString();
  const [channels, [last], diskUsed] = await Promise.all([
    queryRows<ChannelRow>(
      db,
      sql`SELECT channel, count(*)::int AS queued,
          (extract(epoch FROM min(created_at)) * 1000)::float8 AS oldest, 0 AS failed
        FROM notifications WHERE state = 'queued' GROUP BY channel
        UNION ALL
        SELECT channel, 0, NULL, count(*)::int
        FROM notifications WHERE failed_at > ${hourAgo}::timestamptz GROUP BY channel`,
    ),
    queryRows<{ retention: number | null; backup: number | null }>(
      db,
      sql`SELECT
          (SELECT extract(epoch FROM ran_at) * 1000 FROM retention_runs
            ORDER BY day DESC LIMIT 1)::float8 AS retention,
          (extract(epoch FROM (SELECT max(finished_at) FROM backup_runs)) * 1000)::float8 AS backup`,
    ),
    options.dataDir === null ? null : diskUsedAt(options.dataDir),
  ]);
  const outbox = Object.fromEntries(
    notificationChannels.map((channel) => {
      const rows = channels.filter((row) => row.channel === channel);
      const oldest = rows.find((row) => row.oldest !== null)?.oldest ?? null;
      const reading: OutboxReading = {
        queued: rows.reduce((sum, row) => sum + Number(row.queued), 0),
        // A message stored a moment after `at` (the clocks of two machines) has waited 0 s.
        oldestSeconds:
          oldest === null ? null : Math.max(0, Math.floor((at.getTime() - Number(oldest)) / 1000)),
        failedLastHour: rows.reduce((sum, row) => sum + Number(row.failed), 0),
      };
      return [channel, reading];
    }),
  ) as OperationsReading["outbox"];
  const date = (ms: number | null | undefined) => (ms == null ? null : new Date(Number(ms)));
  return {
    at,
    outbox,
    lastRetentionAt: date(last?.retention),
    lastBackupAt: date(last?.backup),
    diskUsed,
  };
}
