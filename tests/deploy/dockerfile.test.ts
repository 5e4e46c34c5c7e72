// What the Dockerfile makes, beyond a running server (pglite-volume.test.ts): a final image with
// the build, the server's sources and the production dependencies alone (no development tools,
// no compiler, no settings file); and build arguments for exactly the settings a build bakes into
// its pages, so that a clinic's image can carry its own, passed the same way by the compose file.
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { type Env, parseEnv, settingNames } from "#app/config/env.server.ts";
import { settingsFingerprint } from "#server/build-stamp.ts";
import { docker } from "#tests/deploy/docker.ts";

/** The settings whose values the build's fingerprint reads: those baked into the pages. */
function bakedSettings(): string[] {
  const read = new Set<string>();
  const env = new Proxy(parseEnv({}), {
    get(target, name) {
      if (typeof name === "string") read.add(name);
      return target[name as keyof Env];
    },
  });
  settingsFingerprint(env);
  return settingNames.filter((name) => read.has(name)).sort();
}

const stages = readFileSync("Dockerfile", "utf8")
  .split(/^FROM /m)
  .slice(1);
const argsOf = (stage: string) =>
  [...stage.matchAll(/^ARG (\w+)/gm)].map(([, name]) => name).sort();

describe("the Dockerfile's build arguments", () => {
  it("are the settings the build bakes in, given to the build", () => {
    const build = stages.find((stage) => stage.includes("npm run build")) ?? "";
    expect(argsOf(build)).toEqual(bakedSettings());
  });

  it("stay the final image's settings, so its server serves the pages it was built with", () => {
    const final = stages.at(-1) ?? "";
    expect(argsOf(final)).toEqual(bakedSettings());
    const fromArgs = [...final.matchAll(/\b(\w+)=\$(\w+)\b/g)]
      .filter(([, name, arg]) => name === arg)
      .map(([, name]) => name)
      .sort();
    expect(fromArgs).toEqual(bakedSettings());
  });

  it("are each passed by deploy/compose.yaml", () => {
    const compose = readFileSync("deploy/compose.yaml", "utf8");
    const block = compose.slice(compose.indexOf("    args:\n")).split(/\n {2}\w/)[0] ?? "";
    const passed = [...block.matchAll(/^ {6}(\w+): /gm)].map(([, name]) => name).sort();
    expect(passed).toEqual(bakedSettings());
  });
});

describe("the final image", () => {
  const inImage = (script: string) =>
    docker(["run", "--rm", "--entrypoint", "sh", inject("deployImage"), "-c", script]);

  it("holds the build, the server's sources and the production dependencies alone", async () => {
    expect((await inImage("ls -A /app")).split("\n")).toEqual([
      "app",
      "build",
      "db",
      "node_modules",
      "package-lock.json",
      "package.json",
      "scripts",
      "server",
    ]);
    const modules = (await inImage("ls -A /app/node_modules /app/node_modules/@*")).split(/\s+/);
    expect(modules).toContain("pg");
    expect(modules).toContain("pglite");
    for (const tool of ["vite", "vitest", "typescript", "drizzle-kit", "dev", "tailwindcss"]) {
      expect(modules).not.toContain(tool);
    }
    expect(
      await inImage(
        "find /app -path /app/node_modules -prune -o -name '*.test.ts' -print -o -name '.env' -print",
      ),
    ).toBe("");
  });

  it("has no compiler", async () => {
    const found = await inImage(
      "for tool in cc gcc g++ clang make python3; do command -v $tool; done; true",
    );
    expect(found).toBe("");
  });
});
