// The therapist app's service worker (decision 049), built on its own by the Vite plugin beside it
// (worker-plugin.ts) and served as /visits-sw.js for the scope /visits alone: the public site and
// the staff pages never pass through it.
//
// - Installing, it keeps the shell (/visits?app=shell: the page with no one's day in it), the
//   manifest and icons, and the scripts the shell loads, read from the shell itself.
// - /visits always goes to the server (the day is personal: the worker never keeps it); with no
//   answer within 10 s it opens the shell, which reads the day the page kept on the phone.
// - The app's scripts (hashed, never changing) are answered from the phone once kept.
import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  PrecacheFallbackPlugin,
  precacheAndRoute,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";

/** The build's files the worker keeps at install, set by the plugin: the shell and the icons. */
declare const __APP_FILES__: { url: string; revision: string | null }[];
declare const __BUILD__: string;

interface WorkerScope {
  addEventListener(
    type: "install" | "activate",
    listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  location: Location;
}
const worker = self as unknown as WorkerScope;

const shell = "/visits?app=shell";
const assetsCache = `therapist-assets-${__BUILD__}`;

precacheAndRoute(__APP_FILES__);
cleanupOutdatedCaches();
clientsClaim();

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(shell, { cache: "reload", credentials: "omit" });
      if (!response.ok) throw new Error(`the shell answered ${response.status}`);
      const scripts = new Set((await response.text()).match(/\/assets\/[\w.-]+\.(?:js|css)/g));
      await (await caches.open(assetsCache)).addAll([...scripts]);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("therapist-assets-") && name !== assetsCache) await caches.delete(name);
      }
    })(),
  );
});

registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.pathname === "/visits",
  new NetworkOnly({
    networkTimeoutSeconds: 10,
    plugins: [new PrecacheFallbackPlugin({ fallbackURL: shell })],
  }),
);

registerRoute(
  ({ url }) => url.origin === worker.location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: assetsCache }),
);
