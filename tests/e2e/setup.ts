// A browser-test file's servers, and the file itself when it opens PGlite for a moment (seeding
// accounts, reading what a server stored), live seconds: V8's background tier-up of PGlite's
// WebAssembly would only compete with the servers and browsers under test, on two cores. Measured
// on one server start (ready, then 4 s idle): 4.6-5.2 s of CPU with tier-up, 2.6-2.7 s without.
// The tests check what the servers do, not how fast; the benchmarks (scripts/bench-*.ts) and the
// export test, which prints figures, keep production's settings.
//
// A test that fails shows the error lines of every server its file started: a 500 in a browser
// says nothing of its cause, and the server's log does.
import { setFlagsFromString } from "node:v8";
import { beforeEach } from "vitest";
import { setServerNodeFlags, startedServers } from "#scripts/production-server.ts";
import { faultsInLog } from "#tests/e2e/appointments.ts";
import { testServerNodeFlags } from "#tests/e2e/sites.ts";

for (const flag of testServerNodeFlags) setFlagsFromString(flag);
setServerNodeFlags(testServerNodeFlags);

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    for (const server of startedServers()) {
      const faults = faultsInLog(server.output());
      if (faults.length === 0) continue;
      console.error(
        `"${task.name}" failed; the server at ${server.url} logged ${faults.length} error line(s):\n${faults.join("\n")}`,
      );
    }
  });
});
