// Node's flags for the processes the tests start that live seconds: the browser tests' servers,
// and the commands the integration tests run as a person would (`npm run admin`, the backups).
// The tests check what they do, not how fast; the benchmarks (scripts/bench-*.ts) and the export
// test, which prints figures, keep production's settings.
//
// - PGlite's WebAssembly is not tiered up: measured on one server start (ready, then 4 s idle),
//   4.6-5.2 s of CPU with tier-up, 2.6-2.7 s without (tests/e2e/setup.ts).
// - A young generation larger than V8's default, as such a process allocates fast while it
//   starts: two server-heavy browser files 98.5-113.6 → 79.7-87.9 CPU seconds (2026-11-29;
//   decision 043).
export const shortLivedNodeFlags = [
  `--wasm-tiering-budget=${2 ** 31 - 1}`,
  "--max-semi-space-size=32",
];
