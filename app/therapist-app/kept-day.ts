// What the therapist's phone keeps (decision 049), in IndexedDB through `idb`: the day as last
// loaded with a signal (one account's, at most 48 hours old) and the changes waiting to be sent.
// Nothing is kept for the public site or the staff pages; sign-out deletes the whole database
// (app/components/forget-therapist-app.ts), and a load by another account removes the earlier
// account's day.
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { WaitingChange, WaitingStore } from "#app/therapist-app/send-waiting.ts";

const appDatabase = "therapist-app";
/** How long a kept day may be shown: after that it is removed, unread. */
const keptFor = 48 * 60 * 60 * 1000;

/**
 * The shape of the day kept: raised whenever the cards change (`VisitCard`,
 * therapist-day-page.tsx), so that a copy kept by an earlier build is never shown by a later one.
 */
const keptShape = 2;

export interface KeptDay<Day> {
  account: string;
  savedAt: number;
  day: Day;
  shape?: number;
}

interface AppSchema extends DBSchema {
  days: { key: string; value: KeptDay<unknown> };
  waiting: { key: number; value: WaitingChange; indexes: { account: string } };
  meta: { key: string; value: string };
}

let opened: Promise<IDBPDatabase<AppSchema>> | undefined;

function open(): Promise<IDBPDatabase<AppSchema>> {
  opened ??= openDB<AppSchema>(appDatabase, 1, {
    upgrade(db) {
      db.createObjectStore("days", { keyPath: "account" });
      const waiting = db.createObjectStore("waiting", { keyPath: "seq", autoIncrement: true });
      waiting.createIndex("account", "account");
      db.createObjectStore("meta");
    },
    // Sign-out deletes the database: this page lets go of it at once.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = undefined;
    },
    terminated() {
      opened = undefined;
    },
  });
  return opened;
}

/** Keeps the day just loaded as the phone's one account, and forgets any other account's day. */
export async function keepDay<Day>(account: string, day: Day, savedAt: number): Promise<void> {
  const db = await open();
  const tx = db.transaction(["days", "meta"], "readwrite");
  const days = tx.objectStore("days");
  for (const other of await days.getAllKeys()) if (other !== account) await days.delete(other);
  await days.put({ account, savedAt, day, shape: keptShape });
  await tx.objectStore("meta").put(account, "account");
  await tx.done;
}

/** The day kept for the phone's account, if it is under 48 hours old (an older one is removed). */
export async function keptDay<Day>(now = Date.now()): Promise<KeptDay<Day> | null> {
  const db = await open();
  const account = await db.get("meta", "account");
  if (!account) return null;
  const kept = await db.get("days", account);
  if (!kept) return null;
  if (now - kept.savedAt > keptFor || kept.shape !== keptShape) {
    await db.delete("days", account);
    return null;
  }
  return kept as KeptDay<Day>;
}

/** The account the phone last loaded the day for (whose changes it sends). */
export async function keptAccount(): Promise<string | null> {
  return (await (await open()).get("meta", "account")) ?? null;
}

/** Puts a change in the queue; it is sent by `sendWaiting`. */
export async function addWaiting(change: Omit<WaitingChange, "seq">): Promise<void> {
  const db = await open();
  await db.add("waiting", change as WaitingChange);
}

export const waitingStore: WaitingStore = {
  async list(account) {
    const db = await open();
    return db.getAllFromIndex("waiting", "account", account);
  },
  async remove(seq) {
    await (await open()).delete("waiting", seq);
  },
};
