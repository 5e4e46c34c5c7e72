// The system Chromium and the flags it needs on these machines, for the browser tests and the
// Lighthouse benchmark alike. Without the networking flags Chromium keeps calling out to a
// network that is closed here.

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

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
