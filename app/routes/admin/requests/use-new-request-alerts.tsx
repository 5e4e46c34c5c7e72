// A browser notification when a new request arrives while the dashboard is in a background tab,
// besides the count in the tab's title. Off until the member of staff turns it on (the browser
// asks for permission then, never on its own); the choice is kept in this browser. The
// notification names no patient: it may show on a locked screen.
import { useEffect, useRef, useState } from "react";
import { newRequestAlertTexts as texts } from "#app/domain/appointments/front-desk-texts.ts";

const storageKey = "dashboard-notifications";

type AlertState = "unsupported" | "off" | "on" | "blocked";

export interface NewRequestAlerts {
  state: AlertState;
  toggle(): void;
}

function currentState(): AlertState {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return Notification.permission === "granted" && localStorage.getItem(storageKey) === "on"
    ? "on"
    : "off";
}

/** Watches `newestAt` (when the newest request came): when it moves on while hidden, notifies. */
export function useNewRequestAlerts(newestAt: number | null): NewRequestAlerts {
  const [state, setState] = useState<AlertState>("off");
  const seen = useRef(newestAt);
  useEffect(() => setState(currentState()), []);
  useEffect(() => {
    const previous = seen.current;
    seen.current = newestAt;
    if (state !== "on" || newestAt === null || previous === null || newestAt <= previous) return;
    if (document.visibilityState === "visible") return;
    new Notification(texts.title, {
      body: texts.body,
      tag: "new-appointment-request",
    });
  }, [newestAt, state]);
  return {
    state,
    toggle() {
      if (state === "on") {
        localStorage.setItem(storageKey, "off");
        setState("off");
        return;
      }
      void Notification.requestPermission().then((permission) => {
        if (permission === "granted") localStorage.setItem(storageKey, "on");
        setState(currentState());
      });
    },
  };
}

export function NotificationToggle({ alerts }: { alerts: NewRequestAlerts }) {
  if (alerts.state === "unsupported") return null;
  if (alerts.state === "blocked") {
    return <p className="text-slate-700">{texts.blocked}</p>;
  }
  return (
    <button
      type="button"
      aria-pressed={alerts.state === "on"}
      onClick={alerts.toggle}
      className="inline-flex min-h-8 items-center whitespace-nowrap font-medium text-brand-700 underline"
    >
      {alerts.state === "on" ? texts.on : texts.off}
    </button>
  );
}
