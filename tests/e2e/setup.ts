// A browser-test file's servers, and the file itself when it opens PGlite for a moment (seeding
// accounts, reading what a server stored), live seconds: V8's background tier-up of PGlite's
// WebAssembly would only compete with the servers and browsers under test, on two cores. Measured
// on one server start (ready, then 4 s idle): 4.6-5.2 s of CPU with tier-up, 2.6-2.7 s without.
// The tests check what the servers do, not how fast; the benchmarks (scripts/bench-*.ts) and the
// export test, which prints figures, keep production's settings.
import { setFlagsFromString } from "node:v8";
import { setServerNodeFlags } from "#scripts/production-server.ts";
import { testServerNodeFlags } from "#tests/e2e/sites.ts";

for (const flag of testServerNodeFlags) setFlagsFromString(flag);
setServerNodeFlags(testServerNodeFlags);
