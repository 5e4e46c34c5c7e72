// Sending the changes waiting on the phone (decision 049), in the order they were made, one at a
// time, each with the key made for it on the phone. Kept apart from where they are stored and how
// they travel, so that the browser (IndexedDB and fetch) and the soak script (memory and two
// servers) send them by the same rules:
// - an answer (2xx applied, 4xx refused) takes the change off the phone, and is told;
// - no answer, or a failure (5xx), keeps it and stops: the next change waits behind it;
// - signed out (401) keeps it and stops, until the same account signs in again.

/** A change as kept on the phone: its key, its account and the form's fields. */
export interface WaitingChange {
  /** Order on the phone (IndexedDB's key). */
  seq: number;
  key: string;
  account: string;
  fields: Record<string, string>;
  madeAt: number;
}

/** What the server answered a change: its status and its JSON. */
export interface Answer {
  status: number;
  body: unknown;
}

export interface WaitingStore {
  list(account: string): Promise<WaitingChange[]>;
  remove(seq: number): Promise<void>;
}

/** Sends one change; throws when there is no answer (offline, server gone, timed out). */
export type SendChange = (change: WaitingChange) => Promise<Answer>;

export interface SendReport {
  answered: { change: WaitingChange; answer: Answer }[];
  /** Why sending stopped before the end: no answer, or signed out. */
  stopped: "offline" | "signed-out" | null;
}

export async function sendWaiting(
  store: WaitingStore,
  account: string,
  send: SendChange,
): Promise<SendReport> {
  const answered: SendReport["answered"] = [];
  for (const change of await store.list(account)) {
    let answer: Answer;
    try {
      answer = await send(change);
    } catch {
      return { answered, stopped: "offline" };
    }
    if (answer.status === 401) return { answered, stopped: "signed-out" };
    if (answer.status >= 500) return { answered, stopped: "offline" };
    await store.remove(change.seq);
    answered.push({ change, answer });
  }
  return { answered, stopped: null };
}
