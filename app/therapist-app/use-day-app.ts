// The therapist's day as an app (decision 049): the day kept on the phone after each load with a
// signal, every write of the day put in the phone's queue first and sent from there (so a press
// without a signal is never lost), the queue sent when the signal returns, when the app opens and
// every 20 seconds while something waits, and the service worker registered for /visits alone.
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { VisitDayResult } from "#app/domain/visits/visit-mark-form.ts";
import { therapistAppTexts, therapistDayTexts } from "#app/domain/visits/visit-texts.ts";
import {
  addWaiting,
  type KeptDay,
  keepDay,
  keptAccount,
  keptDay,
  waitingStore,
} from "#app/therapist-app/kept-day.ts";
import { type Answer, sendWaiting, type WaitingChange } from "#app/therapist-app/send-waiting.ts";

const offlineUnsaved = therapistAppTexts.notKept;

/** The worker's script and the part of the site it serves: the therapist's day, nothing else. */
const workerScript = "/visits-sw.js";
const workerScope = "/visits";
const changesAddress = "/visits/changes";

/** An answer as the page shows it, with what was typed when the change was refused. */
export type ShownResult = VisitDayResult & { visitId?: string; typed?: string };

export interface DayApp<Day> {
  /** The day kept on the phone (shell only): undefined while it is read, null when there is none. */
  kept: KeptDay<Day> | null | undefined;
  waiting: WaitingChange[];
  results: ShownResult[];
  online: boolean;
  signedOut: boolean;
  /** Puts a form's change in the queue and sends what waits. */
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

async function sendOne(change: WaitingChange): Promise<Answer> {
  const response = await fetch(changesAddress, {
    method: "POST",
    body: new URLSearchParams({ ...change.fields, key: change.key }),
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** What was typed into a refused change, so that it is not lost. */
function typedIn(fields: Record<string, string>): string | undefined {
  return fields.note?.trim() || fields.reason?.trim() || undefined;
}

/** An answer as the card shows it: with what was typed, when the change was refused. */
function shownResult(fields: Record<string, string>, answer: Answer): ShownResult {
  const body = (answer.body ?? { ok: false, message: therapistDayTexts.failed }) as VisitDayResult;
  const typed = body.ok ? undefined : typedIn(fields);
  const visitId = fields.visitId ?? "";
  return { ...body, visitId, ...(typed ? { typed } : {}) } as ShownResult;
}

/** Sends one tab's queue at a time (two tabs sending at once would only be answered twice). */
function oneAtATime(run: () => Promise<void>): Promise<void> {
  if (typeof navigator.locks?.request !== "function") return run();
  return navigator.locks.request("therapist-app-send", run);
}

export function useDayApp<Day>(
  live: { account: string; asOf: number; day: Day } | null,
): DayApp<Day> {
  const [kept, setKept] = useState<KeptDay<Day> | null | undefined>(undefined);
  const [waiting, setWaiting] = useState<WaitingChange[]>([]);
  const [results, setResults] = useState<ShownResult[]>([]);
  const [online, setOnline] = useState(true);
  const [signedOut, setSignedOut] = useState(false);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const account = useRef<string | null>(live?.account ?? null);

  // Never throws: what could not be read or sent stays on the phone for the next try.
  const send = useCallback(async () => {
    try {
      const who = account.current ?? (await keptAccount());
      if (!who) return;
      account.current = who;
      await oneAtATime(async () => {
        const report = await sendWaiting(waitingStore, who, sendOne);
        setWaiting(await waitingStore.list(who));
        setSignedOut(report.stopped === "signed-out");
        if (report.answered.length === 0) return;
        setResults(report.answered.map(({ change, answer }) => shownResult(change.fields, answer)));
        // Something reached the server: the day as it now stands.
        await revalidate.current();
      });
    } catch {
      // The phone's storage or the page went away meanwhile.
    }
  }, []);

  // The worker: registered from this page only, for this page only.
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(workerScript, { scope: workerScope }).catch(() => {});
  }, []);

  // Each load with a signal is kept; without one (the worker's shell), the kept day is read.
  useEffect(() => {
    if (live) {
      account.current = live.account;
      keepDay(live.account, live.day, live.asOf)
        .catch(() => {})
        .then(send);
    } else {
      keptDay<Day>()
        .catch(() => null)
        .then((day) => {
          setKept(day);
          return send();
        });
    }
  }, [live, send]);

  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) send();
    };
    setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, [send]);

  // While something waits, it is tried again every 20 seconds.
  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = setInterval(send, 20_000);
    return () => clearInterval(timer);
  }, [waiting.length, send]);

  const submit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const who = account.current;
      if (!who) return; // No account known yet: the plain form posts as it would without JS.
      event.preventDefault();
      const fields: Record<string, string> = {};
      for (const [name, value] of new FormData(event.currentTarget)) {
        if (typeof value === "string") fields[name] = value;
      }
      setResults([]);
      const change = { key: crypto.randomUUID(), account: who, fields, madeAt: Date.now() };
      addWaiting(change)
        .then(async () => setWaiting(await waitingStore.list(who)))
        .then(send)
        // The phone's storage refused it (full, or a private window): sent at once instead, and
        // said if it does not arrive, so that nothing pressed is lost without a word.
        .catch(() =>
          sendOne({ ...change, seq: 0 }).then(
            (answer) => setResults([shownResult(fields, answer)]),
            () => setResults([{ ok: false, message: offlineUnsaved, visitId: fields.visitId }]),
          ),
        );
    },
    [send],
  );

  return { kept, waiting, results, online, signedOut, submit };
}
