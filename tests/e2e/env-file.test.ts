// Settings come from one place for every program: the `.env` file (here one named by ENV_FILE,
// as a developer's own `.env` must never leak into a test) under the process's variables.
// `npm start` (scripts/start.ts) builds with it, serves with it, and builds again when it changes.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startNodeServer } from "../../scripts/production-server.ts";

const buildDir = "build-env-file";
const envFile = join(tmpdir(), `env-file-test-${process.pid}.env`);
const running: RunningServer[] = [];

function writeEnvFile(name: string) {
  writeFileSync(
    envFile,
    `# as a person would write it\nBUSINESS_NAME="${name}"\nBUILD_DIR=${buildDir}\nBUSINESS_PHONE=+91 98110 12345\n`,
  );
}

async function npmStart(): Promise<RunningServer> {
  const server = await startNodeServer(
    ["scripts/start.ts"],
    { ENV_FILE: envFile },
    {
      timeoutMs: 120_000,
    },
  );
  running.push(server);
  return server;
}

async function namesOnPages(url: string) {
  const about = parse(await (await fetch(`${url}/about`)).text());
  const notFound = await fetch(`${url}/no-such-page`);
  const missing = parse(await notFound.text());
  return {
    aboutTitle: about.querySelector("title")?.textContent,
    aboutHeader: about.querySelector("header a")?.textContent,
    aboutPhone: about.querySelector('footer a[href^="tel:"]')?.getAttribute("href"),
    notFoundStatus: notFound.status,
    notFoundHeader: missing.querySelector("header a")?.textContent,
    notFoundFooter: missing.querySelector("footer")?.textContent ?? "",
  };
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  rmSync(envFile, { force: true });
  rmSync(buildDir, { recursive: true, force: true });
});

describe("npm start with an env file", () => {
  it("builds and serves with its values, on prerendered and per-request pages alike, and rebuilds when it changes", async () => {
    rmSync(buildDir, { recursive: true, force: true });
    writeEnvFile("Env File Physio");
    let server = await npmStart();
    expect(server.output()).toContain(`There is no finished build in ${buildDir}/. Building…`);
    let pages = await namesOnPages(server.url);
    expect(pages).toMatchObject({
      aboutTitle: expect.stringMatching(/^About Us \| .+ \| Env File Physio$/),
      aboutHeader: "Env File Physio",
      aboutPhone: "tel:+919811012345",
      notFoundStatus: 404,
      notFoundHeader: "Env File Physio",
    });
    expect(pages.notFoundFooter).toContain("Env File Physio");
    const stamp = JSON.parse(readFileSync(join(buildDir, "stamp.json"), "utf8"));
    await server.stop();

    writeEnvFile("Changed Physio");
    server = await npmStart();
    expect(server.output()).toContain("other business or analytics settings");
    expect(server.output()).toContain("Building…");
    pages = await namesOnPages(server.url);
    expect(pages.aboutTitle).toMatch(/ \| Changed Physio$/);
    expect(pages.notFoundHeader).toBe("Changed Physio");
    expect(JSON.parse(readFileSync(join(buildDir, "stamp.json"), "utf8")).settings).not.toBe(
      stamp.settings,
    );
    await server.stop();

    // Nothing changed: served as built.
    server = await npmStart();
    expect(server.output()).not.toContain("Building…");
    expect((await namesOnPages(server.url)).aboutHeader).toBe("Changed Physio");
  });
});
