import { describe, expect, it, vi } from "vitest";
import { groupCommit } from "#app/lib/group-commit.ts";

/** A write that records each call's items and takes `ms` to finish. */
function recordingWrite(ms: number, refuse: (item: number) => boolean = () => false) {
  const calls: number[][] = [];
  let under = 0;
  let mostAtOnce = 0;
  const write = async (items: number[]) => {
    calls.push(items);
    under++;
    mostAtOnce = Math.max(mostAtOnce, under);
    await new Promise((resolve) => setTimeout(resolve, ms));
    under--;
    if (items.some(refuse)) throw new Error(`refused ${items.join(",")}`);
    return items.map((item) => item * 10);
  };
  return { write, calls, mostAtOnce: () => mostAtOnce };
}

describe("groupCommit", () => {
  it("writes items handed in during one turn together, and those arriving meanwhile in the next write", async () => {
    const calls: number[][] = [];
    const firstWrite = Promise.withResolvers<void>();
    const write = async (items: number[]) => {
      calls.push(items);
      // The first write lasts until the test ends it, whatever the speed of this machine.
      if (calls.length === 1) await firstWrite.promise;
      return items.map((item) => item * 10);
    };
    const store = groupCommit(write, { maxItems: 100, maxWrites: 1 });
    const first = [1, 2, 3].map(store);
    await vi.waitFor(() => expect(calls).toEqual([[1, 2, 3]]), { timeout: 1_000, interval: 1 });
    // Handed in while the first write is under way.
    const second = [4, 5].map(store);
    // They wait for it: a write they could start (at the end of this turn) would have by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1, 2, 3]]);
    firstWrite.resolve();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("writes a lone item alone, without waiting for others", async () => {
    const { write, calls } = recordingWrite(0);
    const store = groupCommit(write, { maxItems: 100, maxWrites: 1 });
    expect(await store(7)).toBe(70);
    expect(await store(8)).toBe(80);
    expect(calls).toEqual([[7], [8]]);
  });

  it("takes at most maxItems per write", async () => {
    const { write, calls } = recordingWrite(1);
    const store = groupCommit(write, { maxItems: 2, maxWrites: 1 });
    await Promise.all([1, 2, 3, 4, 5].map(store));
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("keeps at most maxWrites under way", async () => {
    const one = recordingWrite(10);
    const serial = groupCommit(one.write, { maxItems: 1, maxWrites: 1 });
    await Promise.all([1, 2, 3, 4].map(serial));
    expect(one.mostAtOnce()).toBe(1);

    const three = recordingWrite(10);
    const parallel = groupCommit(three.write, { maxItems: 1, maxWrites: 3 });
    await Promise.all([1, 2, 3, 4, 5, 6].map(parallel));
    expect(three.mostAtOnce()).toBe(3);
  });

  it("when a group fails, writes each item again alone: only the refused one fails", async () => {
    const { write, calls } = recordingWrite(1, (item) => item === 2);
    const store = groupCommit(write, { maxItems: 100, maxWrites: 1 });
    const outcomes = await Promise.allSettled([1, 2, 3].map(store));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(outcomes[1]).toMatchObject({ reason: new Error("refused 2") });
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("goes on writing after a failure", async () => {
    const { write } = recordingWrite(1, (item) => item === 1);
    const store = groupCommit(write, { maxItems: 100, maxWrites: 1 });
    await expect(store(1)).rejects.toThrow("refused 1");
    expect(await store(2)).toBe(20);
  });
});
