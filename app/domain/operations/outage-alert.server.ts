// The owner is told when the database has been unreachable for DATABASE_ALERT_SECONDS (decision 041),
// and once more when it is back. The other alerts (alerts.server.ts) agree through the database
// which instance sends; this one cannot, so the instances agree through a file in a folder they
// all mount (ALERT_STATE_DIR; deploy/compose.yaml gives them a volume), created exclusively by
// the one that sends. The file says when the alert went out: an instance that finds it written
// after the last time it saw the database answer knows this outage is told already; an older one
// is an earlier outage's, taken over by an atomic rename so that two instances cannot both take
// it. The e-mails go straight through the mailer: neither needs the database.
import { randomUUID } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import type { Mailer } from "#app/domain/mail/mailer.server.ts";
import type { AlertMailOptions } from "#app/domain/operations/alert-mail.server.ts";
import { outageMailTexts } from "#app/domain/operations/alert-texts.ts";
import type { DatabaseAvailability } from "#app/lib/database-availability.server.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import type { Logger } from "#app/lib/logger.server.ts";

/** The file the instances agree through. */
const outageMarkName = "database-outage-alert.json";

interface OutageMark {
  /** When the alert e-mail went out (ms since the epoch). */
  sentAt: number;
  /** When the instance that sent it found the database away. */
  awaySince: number;
}

function readMark(path: string): OutageMark | undefined {
  try {
    const mark = JSON.parse(readFileSync(path, "utf8")) as Partial<OutageMark>;
    if (typeof mark.sentAt === "number" && typeof mark.awaySince === "number") {
      return mark as OutageMark;
    }
    // A file half-written by an instance killed while writing it counts as an old one.
    return { sentAt: 0, awaySince: 0 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return { sentAt: 0, awaySince: 0 };
  }
}

/**
 * Takes this outage's alert for this instance: true when it is ours to send, false when another
 * instance sent it after `lastUpAt` (the last time this one saw the database answer).
 */
function claimOutageAlert(dir: string, mark: OutageMark, lastUpAt: number): boolean {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, outageMarkName);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, "wx");
      try {
        writeSync(fd, JSON.stringify(mark));
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const found = readMark(path);
    if (found === undefined) continue;
    if (found.sentAt >= lastUpAt) return false;
    // An earlier outage's: moved aside by exactly one instance, which then creates this one's.
    const aside = `${path}.${randomUUID()}`;
    try {
      renameSync(path, aside);
      rmSync(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return false;
}

export interface OutageAlertOptions {
  availability: DatabaseAvailability;
  /** DATABASE_ALERT_SECONDS, in milliseconds. */
  afterMs: number;
  /** ALERT_STATE_DIR, else DATA_DIR. */
  stateDir: string;
  /** ALERT_TO, else WEEKLY_SUMMARY_TO; null: logged only. */
  recipient: string | null;
  mailer: Pick<Mailer, "send">;
  mail: AlertMailOptions;
  log: Logger;
}

export interface OutageAlert {
  stop(): void;
}

/** Watches the database's availability; tells the owner of an outage that lasts. */
export function startOutageAlert(options: OutageAlertOptions): OutageAlert {
  const { availability, log } = options;
  let lastUpAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  /** This outage's alert, when this instance sent it: it then says when it is over. */
  let sent: { awaySince: Date } | undefined;

  const send = async (subject: string, text: string) => {
    if (!options.recipient) return;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await options.mailer.send({ to: options.recipient, subject, text });
        return;
      } catch (error) {
        log.warn(
          { err: (error instanceof Error ? error.message : "").slice(0, 200) },
          "database outage e-mail failed; trying again in a minute",
        );
        await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
      }
    }
  };

  const tell = () => {
    timer = undefined;
    const awaySince = availability.awaySince;
    if (availability.up || !awaySince) return;
    let ours: boolean;
    try {
      ours = claimOutageAlert(
        options.stateDir,
        { sentAt: Date.now(), awaySince: awaySince.getTime() },
        lastUpAt,
      );
    } catch (error) {
      // A folder that cannot be written: better two e-mails than none.
      log.warn({ err: (error as Error).message }, "the outage alert's folder cannot be written");
      ours = true;
    }
    const minutes = Math.round((Date.now() - awaySince.getTime()) / 60_000);
    log.error({ alert: "database", minutes, told: ours }, "alert: the database is unreachable");
    if (!ours) return;
    sent = { awaySince };
    const texts = outageMailTexts;
    void send(
      texts.openedSubject(options.mail.siteName),
      texts.opened(formatDateTime(awaySince), new URL("/", options.mail.siteUrl).toString()),
    );
  };

  const unwatch = availability.onChange((up) => {
    if (!up) {
      clearTimeout(timer);
      timer = setTimeout(tell, options.afterMs);
      timer.unref();
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    lastUpAt = Date.now();
    if (!sent) return;
    const { awaySince } = sent;
    sent = undefined;
    log.info({ alert: "database" }, "alert over");
    const texts = outageMailTexts;
    void send(
      texts.resolvedSubject(options.mail.siteName),
      texts.resolved(formatDateTime(awaySince), formatDateTime(new Date())),
    );
  });
  return {
    stop() {
      unwatch();
      clearTimeout(timer);
    },
  };
}
