// The Dockerfile's build arguments: exactly the settings a build bakes into its pages, so that a
// clinic's image carries its own, given to the build, kept as the final image's settings, and
// passed the same way by deploy/compose.yaml. (What the image holds and does: image.test.ts.)
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Env, parseEnv, settingNames } from "#app/config/env.server.ts";
import { settingsFingerprint } from "#server/build-stamp.ts";

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

// Written once, in the stage the build and the final image both start from.
const settings = stages.find((stage) => stage.startsWith("base AS settings\n")) ?? "";

describe("the Dockerfile's build arguments", () => {
  it("are the settings the build bakes in, given to the build", () => {
    expect(argsOf(settings)).toEqual(bakedSettings());
    const build = stages.find((stage) => stage.includes("npm run build")) ?? "";
    expect(build.split("\n")[0]).toBe("settings AS build");
  });

  it("stay the final image's settings, so its server serves the pages it was built with", () => {
    expect((stages.at(-1) ?? "").split("\n")[0]).toBe("settings");
    const fromArgs = [...settings.matchAll(/\b(\w+)=\$(\w+)\b/g)]
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
