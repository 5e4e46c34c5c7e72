import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveSecretKey, secretKeyFileName } from "#app/domain/staff/secret-key.server.ts";

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "physio-key-"));
  folders.push(dir);
  return join(dir, "data");
}

describe("the secret key", () => {
  it("is AUTH_SECRET when set, and then no file is made", () => {
    const dir = dataDir();
    expect(resolveSecretKey({ configured: "s".repeat(40), dataDir: dir })).toBe("s".repeat(40));
    expect(() => statSync(dir)).toThrow();
  });

  it("is made once in a file beside the database, readable by its owner only, and kept", () => {
    const dir = dataDir();
    const first = resolveSecretKey({ dataDir: dir });
    expect(first).toMatch(/^[\w-]{43}$/);
    const file = join(dir, secretKeyFileName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    // Another start, or another instance sharing the folder: the same key.
    expect(resolveSecretKey({ dataDir: dir })).toBe(first);
    // Two folders: two keys.
    expect(resolveSecretKey({ dataDir: dataDir() })).not.toBe(first);
  });

  it("takes back its owner-only permissions, and refuses a file that holds no key", () => {
    const dir = dataDir();
    const key = resolveSecretKey({ dataDir: dir });
    const file = join(dir, secretKeyFileName);
    writeFileSync(file, `${key}\n`, { mode: 0o644 });
    expect(resolveSecretKey({ dataDir: dir })).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, "short\n");
    expect(() => resolveSecretKey({ dataDir: dir })).toThrow(/does not hold a key/);
  });
});
