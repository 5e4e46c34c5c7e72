// The system Chromium and the flags it needs on these machines, for the browser tests and the
// Lighthouse benchmark alike. Without the networking flags Chromium keeps calling out to a
// network that is closed here.
import { getEnv } from "#app/config/env.server.ts";

/** `CHROMIUM_PATH` when set, else Debian's Chromium. */
export const CHROMIUM_PATH = getEnv().CHROMIUM_PATH ?? "/usr/bin/chromium";

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
