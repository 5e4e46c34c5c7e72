// What the operations checks read from the database and the machine (docs/operations.md): the
// figures behind /metrics' gauges and behind the owner's alerts, read once and shared by both.

/** One outbox channel: the staff e-mails, or the messages to families. */
export interface OutboxReading {
  /** Messages waiting to be sent (queued or being retried), not failed and not sent. */
  queued: number;
  /** Seconds since the oldest waiting message was queued; null when none waits. */
  oldestSeconds: number | null;
  /** Messages given up (failed) in the last hour. */
  failedLastHour: number;
}

export interface OperationsReading {
  /** When this was read. */
  at: Date;
  outbox: { email: OutboxReading; whatsapp: OutboxReading };
  /** When the daily retention job last ran (`retention_runs`); null if never. */
  lastRetentionAt: Date | null;
  /** When a backup was last written; null if never. */
  lastBackupAt: Date | null;
  /** The share of the embedded database's disk in use (0 to 1); null on PostgreSQL. */
  diskUsed: number | null;
}
