// A browser-test file's servers, and the file itself when it opens PGlite for a moment (seeding
// accounts, reading what a server stored), live seconds: they run with the flags of
// tests/node-flags.ts (no tier-up of PGlite's WebAssembly, which would only compete with the
// servers and browsers under test on two cores).
//
// A test that fails shows the error lines of every server its file started: a 500 in a browser
// says nothing of its cause, and the server's log does.
import { setFlagsFromString } from "node:v8";
import { beforeEach } from "vitest";
import { setServerNodeFlags, startedServers } from "#scripts/production-server.ts";
import { faultsInLog } from "#tests/e2e/appointments.ts";
import { shortLivedNodeFlags } from "#tests/node-flags.ts";

for (const flag of shortLivedNodeFlags) setFlagsFromString(flag);
setServerNodeFlags(shortLivedNodeFlags);

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
