// The rules the phone sends its queue by (decision 049), with the queue in memory and the server's
// answers given: an answer takes a change off the phone; no answer, a failure or a sign-in run out
// keeps it, and the changes behind it, in order.
import { describe, expect, it } from "vitest";
import {
  type Answer,
  sendWaiting,
  type WaitingChange,
  type WaitingStore,
} from "#app/therapist-app/send-waiting.ts";

function queueOf(changes: WaitingChange[]): WaitingStore & { left: () => number[] } {
  let kept = [...changes];
  return {
    list: async (account) => kept.filter((change) => change.account === account),
    remove: async (seq) => {
      kept = kept.filter((change) => change.seq !== seq);
    },
    left: () => kept.map((change) => change.seq),
  };
}

const change = (seq: number, account = "asha"): WaitingChange => ({
  seq,
  key: `key-${seq}`,
  account,
  fields: { intent: "no_show", visitId: `visit-${seq}` },
  madeAt: seq,
});

/** A server answering each key as `answers` says (a thrown error is no answer). */
const server = (answers: Record<string, Answer | Error>) => {
  const sent: string[] = [];
  return {
    sent,
    send: async (waiting: WaitingChange) => {
      sent.push(waiting.key);
      const answer = answers[waiting.key] ?? { status: 200, body: { ok: true } };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
};

describe("sending the phone's queue", () => {
  it("sends in the order the changes were made, and takes each answered one off the phone", async () => {
    const queue = queueOf([change(1), change(2), change(3)]);
    const to = server({ "key-2": { status: 409, body: { ok: false, message: "moved" } } });
    const report = await sendWaiting(queue, "asha", to.send);
    expect(to.sent).toEqual(["key-1", "key-2", "key-3"]);
    expect(report.answered.map((answered) => answered.answer.status)).toEqual([200, 409, 200]);
    expect(report.stopped).toBeNull();
    expect(queue.left()).toEqual([]);
  });

  it("keeps a change without an answer, and those behind it, for the next try", async () => {
    const queue = queueOf([change(1), change(2), change(3)]);
    const to = server({ "key-2": new TypeError("Failed to fetch") });
    const report = await sendWaiting(queue, "asha", to.send);
    expect(report.stopped).toBe("offline");
    expect(to.sent).toEqual(["key-1", "key-2"]);
    expect(queue.left()).toEqual([2, 3]);
  });

  it("keeps a change the server failed (5xx), as it keeps one without an answer", async () => {
    const queue = queueOf([change(1), change(2)]);
    const report = await sendWaiting(
      queue,
      "asha",
      server({ "key-1": { status: 503, body: null } }).send,
    );
    expect(report.stopped).toBe("offline");
    expect(queue.left()).toEqual([1, 2]);
  });

  it("keeps the queue when the sign-in ran out, until the same account signs in again", async () => {
    const queue = queueOf([change(1), change(2)]);
    const expired = await sendWaiting(
      queue,
      "asha",
      server({ "key-1": { status: 401, body: null } }).send,
    );
    expect(expired.stopped).toBe("signed-out");
    expect(queue.left()).toEqual([1, 2]);
    const again = await sendWaiting(queue, "asha", server({}).send);
    expect(again.answered.map((answered) => answered.change.key)).toEqual(["key-1", "key-2"]);
    expect(queue.left()).toEqual([]);
  });

  it("sends one account's changes only, never another's kept on the same phone", async () => {
    const queue = queueOf([change(1, "asha"), change(2, "bala"), change(3, "asha")]);
    const to = server({});
    await sendWaiting(queue, "bala", to.send);
    expect(to.sent).toEqual(["key-2"]);
    expect(queue.left()).toEqual([1, 3]);
  });
});
