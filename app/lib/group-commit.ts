// Group commit: items handed in while writes are under way wait and are then written together,
// by one call. With light load each item is written at once and alone (after the current turn of
// the event loop); under load one statement stores many, which is what lets the database keep up
// (see docs/decisions/008-appointment-writes-in-groups.md).

export interface GroupCommitOptions {
  /** The most items one write takes. */
  maxItems: number;
  /**
   * How many writes may be under way at once: 1 for an embedded database (it runs one statement
   * at a time anyway, and waiting makes the groups larger); a few for a server, so that one
   * group's commit does not wait for the previous one's.
   */
  maxWrites: number;
}

/**
 * Returns a function that writes one item and resolves with its result, once the write that
 * took it has finished. `write` must return one result per item, in order, and must write all of
 * them or none. When a write of several fails, each of its items is tried again alone, so that
 * one item the database refuses cannot fail the others.
 */
export function groupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  options: GroupCommitOptions,
): (item: T) => Promise<R> {
  type Entry = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let waiting: Entry[] = [];
  let writes = 0;
  let scheduled = false;

  const writeAlone = (entry: Entry) =>
    write([entry.item]).then(([result]) => entry.resolve(result as R), entry.reject);

  const writeGroup = async (group: Entry[]) => {
    if (group.length === 1) return writeAlone(group[0] as Entry);
    try {
      const results = await write(group.map((entry) => entry.item));
      for (const [index, entry] of group.entries()) entry.resolve(results[index] as R);
    } catch {
      for (const entry of group) await writeAlone(entry);
    }
  };

  const start = () => {
    scheduled = false;
    if (waiting.length === 0 || writes >= options.maxWrites) return;
    const group = waiting.slice(0, options.maxItems);
    waiting = waiting.slice(group.length);
    writes++;
    void writeGroup(group).finally(() => {
      writes--;
      schedule();
    });
    schedule();
  };

  // A write starts at the end of the current turn of the event loop, so that the requests read in
  // the same turn join it: an embedded database answers within the turn, so without this wait no
  // second item would ever arrive while a write is under way.
  const schedule = () => {
    if (scheduled || waiting.length === 0 || writes >= options.maxWrites) return;
    scheduled = true;
    setImmediate(start);
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}
