import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFileWriter } from "./file-writer.server";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder() {
  const made = mkdtempSync(join(tmpdir(), "file-writer-"));
  folders.push(made);
  return made;
}

describe("startFileWriter", () => {
  it("writes every file handed over, making the folder, and resolves each once it is on disk", async () => {
    const root = folder();
    const writer = startFileWriter();
    const names = Array.from({ length: 300 }, (_, i) => `message-${i}.eml`);
    await Promise.all(
      names.map((name, i) =>
        writer.write(join(root, "mail", name), `Subject: ${i}\r\n\r\nराम ${i}`),
      ),
    );
    expect(readdirSync(join(root, "mail")).sort()).toEqual([...names].sort());
    expect(readFileSync(join(root, "mail", "message-7.eml"), "utf8")).toBe(
      "Subject: 7\r\n\r\nराम 7",
    );
    await writer.close();
  });

  it("rejects a write that fails, with its error, and goes on with the others", async () => {
    const root = folder();
    const writer = startFileWriter();
    const [written, failed] = await Promise.allSettled([
      writer.write(join(root, "taken"), "a file"),
      // A folder cannot be made where that file is.
      writer.write(join(root, "taken", "inside.eml"), "x"),
    ]);
    expect(written?.status).toBe("fulfilled");
    expect(failed).toMatchObject({
      status: "rejected",
      reason: { message: expect.stringMatching(/ENOTDIR|EEXIST/) },
    });
    await expect(writer.write(join(root, "after.eml"), "y")).resolves.toBeUndefined();
    await writer.close();
  });

  it("close waits for the writes under way", async () => {
    const root = folder();
    const writer = startFileWriter();
    const pending = Array.from({ length: 50 }, (_, i) => writer.write(join(root, `${i}.eml`), "z"));
    await writer.close();
    expect(readdirSync(root)).toHaveLength(50);
    await Promise.all(pending);
  });
});
