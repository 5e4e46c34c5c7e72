// Toasts, loaded only when the first one is shown: sonner is not part of any page's first load.
import { lazy, Suspense, useEffect, useState } from "react";
import { useSiteText } from "#app/config/use-site-config.ts";

export interface ToastMessage {
  variant: "success" | "error" | "info";
  title: string;
  description: string;
}

type Sonner = typeof import("sonner");

let mountHost: (() => void) | undefined;
let hostReady: ((sonner: Sonner) => void) | undefined;
let sonnerReady: Promise<Sonner> | undefined;

/** Shows a toast; the first call loads the toast code and mounts its host. */
export function showToast({ variant, title, description }: ToastMessage): void {
  sonnerReady ??= new Promise<Sonner>((resolve) => {
    hostReady = resolve;
    mountHost?.();
  });
  void sonnerReady.then(({ toast }) => {
    toast[variant](title, { description });
  });
}

let loaded: Sonner | undefined;

const toastColours = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--error-text": "hsl(360, 100%, 35%)",
  "--info-text": "hsl(210, 92%, 35%)",
  "--warning-text": "hsl(31, 92%, 28%)",
} as React.CSSProperties;

const belowHeader = "4.5rem";

function ReadyToaster() {
  const { toasts } = useSiteText();
  useEffect(() => {
    if (loaded) hostReady?.(loaded);
  }, []);
  return loaded ? (
    <loaded.Toaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={toasts.region}
      toastOptions={{ closeButtonAriaLabel: toasts.close }}
      duration={8000}
      // Below the sticky header (4 rem and its border), not over it: on a phone the header's menu
      // button, and on a desktop its links, stay usable for the 8 s a toast is up.
      offset={{ top: belowHeader }}
      mobileOffset={{ top: belowHeader }}
      // sonner's rich text colours are under 4.5:1 on their own backgrounds: darker ones.
      style={toastColours}
    />
  ) : null;
}

const LazyToaster = lazy(async () => {
  loaded = await import("sonner");
  return { default: ReadyToaster };
});

/** Rendered once by the root layout; renders nothing until a toast is shown. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    mountHost = () => setWanted(true);
    if (sonnerReady) setWanted(true);
    return () => {
      mountHost = undefined;
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
