// At most one piece of work per key at a time in this process (one export per member of staff).

export interface OneAtATime {
  /** The release of `key` when it was free (call it once the work ends), else undefined. */
  take(key: string): (() => void) | undefined;
}

export function oneAtATime(): OneAtATime {
  const busy = new Set<string>();
  return {
    take(key) {
      if (busy.has(key)) return undefined;
      busy.add(key);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        busy.delete(key);
      };
    },
  };
}
