// The system Chromium and the flags it needs on these machines, for the browser tests and the
// Lighthouse benchmark alike. Without the networking flags Chromium keeps calling out to a
// network that is closed here.
import { existsSync } from "node:fs";
import { getEnv } from "#app/config/env.server.ts";

const configured = getEnv().CHROMIUM_PATH;

/** `CHROMIUM_PATH` when set, else Debian's Chromium: the page benchmark's and the screenshots'. */
export const CHROMIUM_PATH = configured ?? "/usr/bin/chromium";

const headlessShell = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests': `CHROMIUM_PATH` when set, else Debian's headless shell, the same Chromium
 * without its windowing layers (`chromium-headless-shell`, what Playwright itself runs headless),
 * else the full one. Four browser-heavy files took 90 CPU seconds with the shell against 116 with
 * the full Chromium, and 97 s against 121 s (2026-11-29, Chromium 156; decision 043).
 */
export const TEST_CHROMIUM_PATH =
  configured ?? (existsSync(headlessShell) ? headlessShell : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
