// Writes files on a thread of their own, many per message between the threads. The mailer
// without SMTP writes one .eml file per e-mail: on the main thread a file's creation waits
// whenever the file system's journal is busy (PostgreSQL's commits keep it so), about 100 µs a
// file under load, during which no request moves; through Node's thread pool each file costs
// three hand-overs (open, write, close). Here the main thread only hands over a batch and hears
// back once (bench:appointments, docs/email.md).
import { Worker } from "node:worker_threads";

export interface FileWriter {
  /** Resolves once the file is written (created, or replaced); rejects with the write's error. */
  write(path: string, data: string): Promise<void>;
  /** Waits for the writes under way, then ends the thread. */
  close(): Promise<void>;
}

// The thread: writes each file of a batch, and answers with each one's error or null.
const threadSource = `
const { parentPort } = require("node:worker_threads");
const { mkdirSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const made = new Set();
parentPort.on("message", (batch) => {
  parentPort.postMessage(batch.map(([path, data]) => {
    try {
      const folder = dirname(path);
      if (!made.has(folder)) { mkdirSync(folder, { recursive: true }); made.add(folder); }
      writeFileSync(path, data);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }));
});
`;

export function startFileWriter(): FileWriter {
  type Entry = { path: string; data: string; resolve: () => void; reject: (error: Error) => void };
  const thread = new Worker(threadSource, { eval: true });
  // Nothing waits on the thread but the writes themselves: it never holds the process open.
  thread.unref();
  let waiting: Entry[] = [];
  let sent: Entry[] | undefined;
  let scheduled = false;
  let idle: (() => void) | undefined;
  let broken: Error | undefined;

  const sendBatch = () => {
    scheduled = false;
    if (sent || waiting.length === 0) return;
    sent = waiting;
    waiting = [];
    thread.postMessage(sent.map((entry) => [entry.path, entry.data]));
  };
  thread.on("message", (errors: (string | null)[]) => {
    const done = sent ?? [];
    sent = undefined;
    done.forEach((entry, index) => {
      const error = errors[index];
      if (error) entry.reject(new Error(error));
      else entry.resolve();
    });
    if (waiting.length > 0) sendBatch();
    else idle?.();
  });
  thread.on("error", (error) => {
    broken = error;
    for (const entry of [...(sent ?? []), ...waiting]) entry.reject(error);
    sent = undefined;
    waiting = [];
  });

  return {
    write(path, data) {
      return new Promise<void>((resolve, reject) => {
        if (broken) return reject(broken);
        waiting.push({ path, data, resolve, reject });
        // The writes asked for in this turn of the event loop go over together.
        if (!sent && !scheduled) {
          scheduled = true;
          setImmediate(sendBatch);
        }
      });
    },
    async close() {
      if (sent || waiting.length > 0) await new Promise<void>((resolve) => (idle = resolve));
      await thread.terminate();
    },
  };
}
