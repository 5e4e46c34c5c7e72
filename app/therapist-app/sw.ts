// The therapist app's service worker (decision 049), built on its own by the Vite plugin beside it
// (worker-plugin.ts) and served as /visits-sw.js for the scope /visits alone: the public site and
// the staff pages never pass through it.
//
// - Installing, it keeps the shell (/visits?app=shell: the page with no one's day in it), the
//   scripts the shell loads (read from the shell itself), the manifest and icons, in one cache
//   of the build's own.
// - /visits always goes to the server (the day is personal: the worker never keeps it); with no
//   answer within 10 s it opens the shell, which reads the day the page kept on the phone.
// - The app's scripts (hashed, never changing), manifest and icons are answered from the phone.
import { clientsClaim } from "workbox-core";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";

/** The build's files the worker keeps at install besides the shell's scripts, set by the plugin. */
declare const __APP_FILES__: string[];
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
/** One cache a build: the shell, the scripts it names, the manifest and the icons. */
const appCache = `therapist-app-${__BUILD__}`;

clientsClaim();

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(shell, { cache: "reload", credentials: "omit" });
      if (!response.ok) throw new Error(`the shell answered ${response.status}`);
      const scripts = new Set(
        (await response.clone().text()).match(/\/assets\/[\w.-]+\.(?:js|css)/g),
      );
      const cache = await caches.open(appCache);
      await cache.addAll([...scripts, ...__APP_FILES__]);
      await cache.put(shell, response);
      await worker.skipWaiting();
    })(),
  );
});

// A new build's worker lets go of the earlier builds' files.
worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("therapist-app-") && name !== appCache) await caches.delete(name);
      }
    })(),
  );
});

registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.pathname === "/visits",
  new NetworkOnly({
    networkTimeoutSeconds: 10,
    plugins: [{ handlerDidError: async () => (await caches.open(appCache)).match(shell) }],
  }),
);

registerRoute(
  ({ url }) =>
    url.origin === worker.location.origin &&
    (url.pathname.startsWith("/assets/") || __APP_FILES__.includes(url.pathname)),
  new CacheFirst({ cacheName: appCache }),
);
