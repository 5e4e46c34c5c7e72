// Sign-out's last step (app/components/staff-state.ts): what the therapist app kept on this
// browser is forgotten, with the browser's own APIs, so that no patient's data outlives the
// session on a shared phone (decision 049).

/**
 * What the therapist app kept on this browser (decision 049): the day and its queue (IndexedDB
 * "therapist-app"), the worker's caches and the worker itself. At most two seconds: the sign-out
 * never waits on it longer.
 */
export async function forgetTherapistApp(): Promise<void> {
  const forget = async () => {
    const deleted = new Promise<void>((done) => {
      const request = indexedDB.deleteDatabase("therapist-app");
      request.onsuccess = request.onerror = () => done();
    });
    const store = globalThis.caches;
    const names = store ? await store.keys() : [];
    await Promise.all(
      names
        .filter((name) => name.startsWith("therapist-") || name.startsWith("workbox-"))
        .map((name) => store.delete(name)),
    );
    const workers = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
    await Promise.all(
      workers
        .filter((worker) => new URL(worker.scope).pathname === "/visits")
        .map((worker) => worker.unregister()),
    );
    await deleted;
  };
  await Promise.race([forget().catch(() => {}), new Promise((done) => setTimeout(done, 2_000))]);
}
