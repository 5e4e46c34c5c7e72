// Screenshots of the owner's insights page (/admin/insights) at 390 px and 1280 px, the whole
// page, for docs/screenshots/: a build of its own, a fresh database with an admin and about
// three months of sample requests (insights-sample.ts), signed in as that admin.
//   node scripts/screenshot-insights.ts <label> [search, period=last-4-weeks by default]
//     →  docs/screenshots/insights-390-<label>.png, insights-1280-<label>.png
//   e.g. `node scripts/screenshot-insights.ts weeks "period=last-3-months"`
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { chromium } from "playwright-core";
import { openDatabase } from "#app/db.server.ts";
import { createStaffAuth } from "#app/domain/staff/auth.server.ts";
import { appointmentActivity, appointments, userRoles } from "#db/schema.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#scripts/chromium.ts";
import { sampleRequests } from "#scripts/insights-sample.ts";
import { buildInto, freshDataDir, startProductionServer } from "#scripts/production-server.ts";

const [label, search = "period=last-4-weeks"] = process.argv.slice(2);
if (!label || !/^[\w-]+$/.test(label)) {
  console.error("usage: node scripts/screenshot-insights.ts <label> [search]");
  process.exit(2);
}
const owner = { email: "owner@clinic.example", password: "owner-pass-1" };
const colleagues = ["priya@clinic.example", "rahul@clinic.example"];

/** The admin and two colleagues, and the sample requests first contacted by them. */
async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, poolSize: 1 });
  try {
    const staff = createStaffAuth(database.db, {
      siteUrl: "http://localhost",
      secret: randomBytes(32).toString("base64url"),
      signUp: "open",
      sessionIdleHours: 12,
      sendAccountLink: async () => {},
    });
    const admin = await staff.createConfirmedAccount(owner.email, owner.password);
    await database.db.insert(userRoles).values({ userId: admin.id, role: "admin" });
    const staffList = [{ id: admin.id, email: owner.email }];
    for (const email of colleagues) {
      const made = await staff.createConfirmedAccount(email, "colleague-pass-1");
      staffList.push({ id: made.id, email });
    }
    const { requests, handOvers } = sampleRequests(new Date(), staffList);
    for (let start = 0; start < requests.length; start += 100) {
      await database.db.insert(appointments).values(requests.slice(start, start + 100));
    }
    for (let start = 0; start < handOvers.length; start += 100) {
      await database.db.insert(appointmentActivity).values(handOvers.slice(start, start + 100));
    }
    console.log(`Stored ${requests.length} sample requests for ${staffList.length} staff.`);
  } finally {
    await database.close();
  }
}

const buildDir = "build-screenshots";
buildInto(buildDir, {});
const dataDir = freshDataDir();
await seed(dataDir);
const server = await startProductionServer({ BUILD_DIR: buildDir, DATA_DIR: dataDir }, undefined, {
  discardOutput: true,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const signIn = await fetch(`${server.url}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", ...owner }),
    headers: { origin: server.url },
    redirect: "manual",
  });
  if (signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);
  const { hostname } = new URL(server.url);
  const cookies = signIn.headers.getSetCookie().map((line) => {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: "/" };
  });
  mkdirSync("docs/screenshots", { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/insights${search ? `?${search}` : ""}`, {
      waitUntil: "networkidle",
    });
    const path = `docs/screenshots/insights-${width}-${label}.png`;
    await page.screenshot({ path, fullPage: true });
    console.log(`Written ${path}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
