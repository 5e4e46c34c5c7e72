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
const full = "/usr/bin/chromium";
const shell = "/usr/bin/chromium-headless-shell";

describe("decideChromium", () => {
  it("uses Debian's Chromium and headless shell when both are there, installing nothing", () => {
    expect(decideChromium(machine({ isExecutable: only(full, shell) }))).toEqual({
      action: "use",
      paths: [full, shell],
    });
  });

  it("uses CHROMIUM_PATH when it names a binary, even without a system Chromium", () => {
    const decision = decideChromium(
      machine({ configuredPath: "/opt/chrome/chrome", isExecutable: only("/opt/chrome/chrome") }),
    );
    expect(decision).toEqual({ action: "use", paths: ["/opt/chrome/chrome"] });
  });

  it("installs both with apt-get when there is neither, apt-get is there and it runs as root", () => {
    expect(decideChromium(machine({}))).toEqual({
      action: "install",
      packages: ["chromium", "chromium-headless-shell"],
      paths: [full, shell],
    });
  });

  it("installs only the missing one: a machine set up before the tests used the headless shell", () => {
    expect(decideChromium(machine({ isExecutable: only(full) }))).toEqual({
      action: "install",
      packages: ["chromium-headless-shell"],
      paths: [shell],
    });
  });

  it("installs when CHROMIUM_PATH names the system path and it is missing", () => {
    expect(decideChromium(machine({ configuredPath: full }))).toMatchObject({
      action: "install",
      packages: ["chromium", "chromium-headless-shell"],
    });
  });

  it("makes do with the full Chromium when the shell cannot be installed", () => {
    expect(decideChromium(machine({ isRoot: false, isExecutable: only(full) }))).toEqual({
      action: "use",
      paths: [full],
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
    expect(message).toContain("apt-get install -y chromium chromium-headless-shell");
    expect(message).toContain("CHROMIUM_PATH");
  });

  it("refuses a CHROMIUM_PATH that is not a binary rather than install another Chromium", () => {
    const decision = decideChromium(
      machine({ configuredPath: "/opt/missing", isExecutable: only(full, shell) }),
    );
    expect(decision).toEqual({
      action: "refuse",
      message: expect.stringContaining("CHROMIUM_PATH is /opt/missing"),
    });
  });
});
