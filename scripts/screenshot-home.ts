// Screenshots of the home page at 390 px and 1280 px (the first screen, as a visitor sees it
// before scrolling), from the test build, for docs/screenshots/:
//   npm run screenshots -- <label>   →  docs/screenshots/home-390-<label>.png, …-1280-…
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { buildInto, startProductionServer } from "./production-server.ts";

const label = process.argv[2];
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
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    const path = `docs/screenshots/home-${width}-${label}.png`;
    await page.screenshot({ path });
    console.log(`Written ${path}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
