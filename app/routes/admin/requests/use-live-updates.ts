// Reloads the dashboard's data whenever the server says appointments changed (the event stream of
// /admin/events). EventSource reconnects by itself after a dropped connection; on reconnecting,
// the data is reloaded once, since changes may have been missed meanwhile. When the server ends
// the stream because the session or the role is gone, the data is reloaded too: the loader then
// answers with the sign-in page or Access Denied.
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
    source.addEventListener("error", () => {
      setState("connecting");
      // Refused on reconnecting (401, 403): EventSource gives up; the page learns why.
      if (source.readyState === EventSource.CLOSED) void revalidator.revalidate();
    });
    source.addEventListener("change", () => void revalidator.revalidate());
    source.addEventListener("ended", () => {
      source.close();
      setState("connecting");
      void revalidator.revalidate();
    });
    return () => source.close();
  }, []);
  return state;
}
