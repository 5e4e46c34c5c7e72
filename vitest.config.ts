import { availableParallelism } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { pincodeAreas } from "#app/domain/areas/pincode-plugin.ts";
import { islands } from "#app/islands/islands-plugin.ts";
import { keepTemporaryFilesInMemory } from "#tests/memory-tmpdir.ts";
import { LongestFirst } from "#tests/sequencer.ts";

// Not for the deployment tests (`npm run test:deploy`): they keep the built previous release in
// the disk's temporary folder from one run to the next (scripts/release-checkout.ts), and
// debootstrap cannot make a system's device files where /dev/shm is mounted nodev.
const deployRun = process.argv.some(
  (arg, index, all) =>
    arg === "--project=deploy" || (arg === "deploy" && all[index - 1] === "--project"),
);
if (!deployRun) keepTemporaryFilesInMemory();

// Node's compile cache for every process of the run (Vitest's workers, the servers and commands
// the tests start): each loads the same modules, compiled once and then read from the cache. A
// server start (ready, one page) 3.0 → 2.6 CPU seconds on PGlite (2026-11-29; decision 043).
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, "node_modules/.cache/node-compile");

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The PIN code modules the build makes (app/domain/areas/pincode-plugin.ts).
        plugins: [pincodeAreas()],
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // Against a hang, not a measure of speed (decision 029): the PIN code directory's test
          // (19,000 codes) took 5.4 s beside an e2e run, over Vitest's default of 5 s.
          testTimeout: 60_000,
          // A worker's files share its modules, imported once, as the integration tests do: 38 s
          // → 17 s alone on two cores (47 → 21 CPU seconds; 2026-11-27). Safe as no file mocks a
          // module, stubs a global or sets the environment; they pass with files and tests
          // shuffled (--sequence.shuffle.files --sequence.shuffle.tests).
          isolate: false,
        },
      },
      {
        // A route's action under test imports the form, and with it the PIN code list it shows
        // (made only when imported); an island page's route, the islands' addresses.
        plugins: [pincodeAreas(), islands()],
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // One migrated PGlite folder, copied for each file (tests/integration/databases.ts), and
          // the run's PostgreSQL server (tests/postgres-server.ts).
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          // Budgets against a hang, not measures of speed (decision 029): a busy machine only
          // makes a test slower. With a CPU burner on one core beside `npm test` (a load of ~10
          // on two cores) the slowest test on these defaults took 23 s: about five times that.
          // A test that sets its own budget sizes it the same way, from its own time so measured.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // The files mostly wait (on SMTP greetings, retries, other processes): two per core.
          fileParallelism: true,
          maxWorkers: 2 * availableParallelism(),
          // A worker's files share its modules, imported once (Drizzle, pg, PGlite, nodemailer,
          // Better Auth): 118 s → 94 s alone on two cores. Safe as no file mocks a module or
          // keeps settings in one (each opens its own databases and servers; the setup file
          // still runs for each); they pass with the files shuffled (--sequence.shuffle.files).
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // The tests inside each file run in a shuffled order, every run (CI's included), so that
          // a test that needs another's leftovers fails at once rather than one run in a few
          // (decision 029). Vitest prints the seed ("Running tests with seed …");
          // `--sequence.seed=<seed>` repeats an order.
          sequence: { shuffle: { tests: true } },
          // The builds, the server the files that only read share (tests/e2e/sites.ts), and the
          // run's PostgreSQL server (tests/postgres-server.ts).
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/e2e/setup.ts"],
          // Against a hang, as above: the slowest test on this default took 16 s beside a burner.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Files run side by side, each with its own Chromium, and its own servers unless it only
          // reads (tests/e2e/sites.ts):
          // three files on two cores, as a file waits on its browser, its server and its timers
          // for a third of its time. On a quiet 2-core machine, with the builds made
          // (2026-11-27, 46 files): 2 files at once 529 s, 3 at once 471 s, 4 at once 473 s. (On
          // 2026-11-24 three had been slower than two, 549 s against 453 s, with fewer files
          // that waited less.) The integration tests beside them instead of before them: 628 s
          // against 125 + 471 s, as the two together use both cores whole.
          // Four at once since: as fast on a quiet machine, and a process beside the run (a
          // CPU burner on one core) takes a smaller share of the cores from four files than from
          // three (decision 043).
          fileParallelism: true,
          maxWorkers: 2 * availableParallelism(),
          // A worker's files share its modules, imported once (Playwright, Drizzle, PGlite, the
          // helpers), as the other projects do: twelve short files 88.8 → 76.2 CPU seconds
          // (2026-11-29). Safe as no file mocks a module or sets the environment; the setup
          // file still runs for each, and each file opens its own browser, databases and servers (the
          // read-only server of global-setup.ts is shared as before).
          isolate: false,
        },
      },
      {
        test: {
          name: "deploy",
          include: ["tests/deploy/**/*.test.ts"],
          // The run's PostgreSQL server (tests/postgres-server.ts), and the test site's build for
          // the files that start a production server from it (tests/deploy/global-setup.ts). The
          // image is built by the file that runs it (tests/deploy/image.test.ts), beside the
          // rolling upgrade's builds.
          globalSetup: ["tests/postgres-server.ts", "tests/deploy/global-setup.ts"],
          // Against a hang, not a measure of speed: a file builds and starts whole releases (the
          // rolling upgrade took 35 s to 2 min 22 s on two busy cores, and 5 min 40 s at a load
          // of 19 with two builds and an npm ci in it), or builds the image (cold: 3 to 5 min).
          // A set-up that first makes the base images and then the stack's took more than 10 min
          // on a machine three times slower than usual (2026-11-29: the base images 5 min of it).
          testTimeout: 600_000,
          hookTimeout: 1_200_000,
          // Two files at once: the rolling upgrade's and the image's builds wait mostly on the
          // network and the disk, so each beside the other costs less than one after the other.
          fileParallelism: true,
          maxWorkers: availableParallelism(),
        },
      },
    ],
  },
});
