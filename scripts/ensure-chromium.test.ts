import { describe, expect, it } from "vitest";
import { type ChromiumMachine, decideChromium } from "#scripts/ensure-chromium.ts";

const machine = (overrides: Partial<ChromiumMachine>): ChromiumMachine => ({
  configuredPath: undefined,
  isExecutable: () => false,
  hasAptGet: true,
  isRoot: true,
  ...overrides,
});
const only =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe("decideChromium", () => {
  it("uses the system Chromium when it is there, installing nothing", () => {
    expect(decideChromium(machine({ isExecutable: only("/usr/bin/chromium") }))).toEqual({
      action: "use",
      path: "/usr/bin/chromium",
    });
  });

  it("uses CHROMIUM_PATH when it names a binary, even without a system Chromium", () => {
    const decision = decideChromium(
      machine({ configuredPath: "/opt/chrome/chrome", isExecutable: only("/opt/chrome/chrome") }),
    );
    expect(decision).toEqual({ action: "use", path: "/opt/chrome/chrome" });
  });

  it("installs Chromium with apt-get when there is none, apt-get is there and it runs as root", () => {
    expect(decideChromium(machine({}))).toEqual({ action: "install", path: "/usr/bin/chromium" });
  });

  it("installs when CHROMIUM_PATH names the system path and it is missing", () => {
    expect(decideChromium(machine({ configuredPath: "/usr/bin/chromium" }))).toEqual({
      action: "install",
      path: "/usr/bin/chromium",
    });
  });

  it.each([
    ["not root", { isRoot: false }, "this user is not root"],
    ["without apt-get", { hasAptGet: false }, "this machine has no apt-get"],
  ])("refuses %s, saying what to install", (_case, overrides, why) => {
    const decision = decideChromium(machine(overrides));
    expect(decision.action).toBe("refuse");
    const message = decision.action === "refuse" ? decision.message : "";
    expect(message).toContain(why);
    expect(message).toContain("apt-get install -y chromium");
    expect(message).toContain("CHROMIUM_PATH");
  });

  it("refuses a CHROMIUM_PATH that is not a binary rather than install another Chromium", () => {
    const decision = decideChromium(
      machine({ configuredPath: "/opt/missing", isExecutable: only("/usr/bin/chromium") }),
    );
    expect(decision).toEqual({
      action: "refuse",
      message: expect.stringContaining("CHROMIUM_PATH is /opt/missing"),
    });
  });
});
