// Reloads the dashboard's data whenever the server says appointments changed (the event stream of
// /admin/events). EventSource reconnects by itself after a dropped connection; on reconnecting,
// the data is reloaded once, since changes may have been missed meanwhile.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";

export function useLiveUpdates(): "live" | "connecting" {
  const revalidator = useRevalidator();
  const [state, setState] = useState<"live" | "connecting">("connecting");
  // biome-ignore lint/correctness/useExhaustiveDependencies: one stream for the page's life
  useEffect(() => {
    const source = new EventSource("/admin/events");
    let opened = false;
    source.addEventListener("open", () => {
      setState("live");
      if (opened) void revalidator.revalidate();
      opened = true;
    });
    source.addEventListener("error", () => setState("connecting"));
    source.addEventListener("change", () => void revalidator.revalidate());
    return () => source.close();
  }, []);
  return state;
}
