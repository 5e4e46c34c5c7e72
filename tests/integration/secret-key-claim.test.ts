// One secret key per database (docs/accounts.md): an instance holds a lock for its key while it runs,
// and one with another key refuses to start while it does; the same key is welcome, and another
// key starts once the last instance with the old one has gone (its session ended). On PostgreSQL, where several instances share a database.
import { describe, expect, it, onTestFinished } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { claimSecretKey, SecretKeyMismatchError } from "#app/domain/staff/secret-key.server.ts";
import { createPostgresDatabase } from "#tests/integration/databases.ts";
import { captureLog } from "#tests/integration/fixtures.ts";

const keyA = "instances-share-this-key-a-0123456789012345";
const keyB = "another-instance-has-key-b-0123456789012345";

describe("one secret key per database (postgres)", () => {
  it("refuses an instance with another key while one with the first runs, and not once it has gone", async () => {
    const created = await createPostgresDatabase();
    const open = async () => {
      const handle = await openDatabase({ databaseUrl: created.url, dataDir: "", poolSize: 2 });
      onTestFinished(() => handle.close());
      return handle;
    };
    onTestFinished(() => created.drop());
    const [first, second, third] = (await Promise.all([open(), open(), open()])) as [
      DatabaseHandle,
      DatabaseHandle,
      DatabaseHandle,
    ];
    const { log } = captureLog();
    const releaseA = await claimSecretKey(first, keyA, { configured: true, log });

    const refused = claimSecretKey(second, keyB, { configured: false, log });
    await expect(refused).rejects.toBeInstanceOf(SecretKeyMismatchError);
    await expect(refused).rejects.toThrow(
      "This instance has no AUTH_SECRET, so it uses a key of its own in its DATA_DIR: give every instance the same AUTH_SECRET",
    );
    // The same key: welcome, beside the first.
    const releaseA2 = await claimSecretKey(third, keyA, { configured: true, log });

    // Once no instance holds key A, key B starts (a deliberate change of key).
    await releaseA();
    await expect(claimSecretKey(second, keyB, { configured: true, log })).rejects.toThrow(
      "Give every instance the same AUTH_SECRET",
    );
    await releaseA2();
    const releaseB = await claimSecretKey(second, keyB, { configured: true, log });
    await releaseB();
  });

  it("lets an instance's key go the moment its connections end", async () => {
    const created = await createPostgresDatabase();
    onTestFinished(() => created.drop());
    const crashed = await openDatabase({ databaseUrl: created.url, dataDir: "", poolSize: 1 });
    const { log } = captureLog();
    await claimSecretKey(crashed, keyA, { configured: true, log });
    // A killed process's connections end too (tests/e2e/durability.test.ts starts another key
    // right after a SIGKILL).
    await crashed.close();
    const next = await openDatabase({ databaseUrl: created.url, dataDir: "", poolSize: 1 });
    onTestFinished(() => next.close());
    const release = await claimSecretKey(next, keyB, { configured: true, log });
    await release();
  });
});
