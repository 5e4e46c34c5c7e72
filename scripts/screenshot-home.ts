// Screenshots of the home page at 390 px and 1280 px (the first screen, as a visitor sees it
// before scrolling), from the test build, for docs/screenshots/:
//   npm run screenshots -- <label>   →  docs/screenshots/home-390-<label>.png, …-1280-…
// and of the Hindi home page's first screen and contact page's form at 390 px:
//   npm run screenshots -- <label> --hindi  →  docs/screenshots/hi-home-390-<label>.png, hi-contact-…
// Pictures of Hindi need a Devanagari font on this machine (apt-get install fonts-noto-core), as
// every phone has.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#scripts/chromium.ts";
import { buildInto, startProductionServer } from "#scripts/production-server.ts";

const label = process.argv[2];
const hindi = process.argv.includes("--hindi");
if (!label || !/^[\w-]+$/.test(label)) {
  console.error("usage: npm run screenshots -- <label>");
  process.exit(2);
}
const buildDir = "build-screenshots";
buildInto(buildDir, {});
const server = await startProductionServer({ BUILD_DIR: buildDir }, undefined, {
  discardOutput: true,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  mkdirSync("docs/screenshots", { recursive: true });
  const shots = hindi
    ? [
        { name: "hi-home", path: "/hi", width: 390, height: 844, fullPage: false },
        { name: "hi-contact", path: "/hi/contact#book", width: 390, height: 844, fullPage: false },
      ]
    : [
        { name: "home", path: "/", width: 390, height: 844, fullPage: false },
        { name: "home", path: "/", width: 1280, height: 800, fullPage: false },
      ];
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    await page.goto(`${server.url}${shot.path}`, { waitUntil: "networkidle" });
    const path = `docs/screenshots/${shot.name}-${shot.width}-${label}.png`;
    await page.screenshot({ path, fullPage: shot.fullPage });
    console.log(`Written ${path}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
