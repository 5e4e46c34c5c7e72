import { describe, expect, it } from "vitest";
import { type DockerMachine, planDocker } from "#scripts/ensure-docker.ts";

const everything = ["docker", "dockerd", "caddy", "debootstrap", "promtool"];

const machine = (overrides: Partial<DockerMachine>, commands = everything): DockerMachine => ({
  onPath: (command) => commands.includes(command),
  daemonAnswers: true,
  hasCompose: true,
  hasAptGet: true,
  isRoot: true,
  ...overrides,
});

const without = (...missing: string[]) => everything.filter((name) => !missing.includes(name));

describe("planDocker", () => {
  it("does nothing when every tool is there and the daemon answers", () => {
    expect(planDocker(machine({}))).toEqual({ action: "ready" });
  });

  it("installs what is missing with Debian's package names, Compose too", () => {
    const missing = without("caddy", "debootstrap", "promtool");
    expect(planDocker(machine({ hasCompose: false }, missing))).toEqual({
      action: "prepare",
      install: ["caddy", "debootstrap", "prometheus", "docker-compose"],
      startDaemon: false,
    });
  });

  it("installs Docker and starts its daemon on a machine with neither", () => {
    expect(planDocker(machine({ daemonAnswers: false }, without("docker", "dockerd")))).toEqual({
      action: "prepare",
      install: ["docker.io"],
      startDaemon: true,
    });
  });

  it("starts an installed daemon that is not running, installing nothing", () => {
    expect(planDocker(machine({ daemonAnswers: false }))).toEqual({
      action: "prepare",
      install: [],
      startDaemon: true,
    });
  });

  it("installs the daemon beside a client whose daemon runs nowhere", () => {
    expect(planDocker(machine({ daemonAnswers: false }, without("dockerd")))).toEqual({
      action: "prepare",
      install: ["docker.io"],
      startDaemon: true,
    });
  });

  it("uses a daemon elsewhere (DOCKER_HOST) without installing one here", () => {
    expect(planDocker(machine({}, without("dockerd")))).toEqual({ action: "ready" });
  });

  it.each([
    ["not root", { isRoot: false }, "this user is not root"],
    ["without apt-get", { hasAptGet: false }, "this machine has no apt-get"],
  ])("refuses %s, naming what to install", (_case, overrides, why) => {
    const plan = planDocker(machine(overrides, without("caddy")));
    expect(plan.action).toBe("refuse");
    const message = plan.action === "refuse" ? plan.message : "";
    expect(message).toContain(why);
    expect(message).toContain("apt-get install -y caddy");
  });

  it("refuses to start the daemon when not root, saying how to start it", () => {
    const plan = planDocker(machine({ isRoot: false, daemonAnswers: false }));
    expect(plan).toEqual({
      action: "refuse",
      message: expect.stringContaining("a Docker daemon, and none answers"),
    });
    expect(plan.action === "refuse" && plan.message).toContain("systemctl start docker");
  });
});
