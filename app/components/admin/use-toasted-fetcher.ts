// A staff form's fetcher whose answer ({ ok, message }) shows as a toast, once per answer.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { showToast } from "#app/components/toasts-behaviour.ts";

export interface ActionAnswer {
  ok: boolean;
  message: string;
  /** A second line, under the message. */
  detail?: string;
}

/** A fetcher whose answer shows as a toast; `onDone` runs after a success. */
export function useToastedFetcher<T extends ActionAnswer>(onDone?: () => void) {
  const fetcher = useFetcher<T>();
  const answered = useRef<typeof fetcher.data>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    showToast({
      variant: fetcher.data.ok ? "success" : "error",
      title: fetcher.data.message,
      description: fetcher.data.detail ?? "",
    });
    if (fetcher.data.ok) onDone?.();
  }, [fetcher.state, fetcher.data, onDone]);
  return fetcher;
}
