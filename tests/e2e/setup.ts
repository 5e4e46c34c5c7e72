// Each browser-test file opens PGlite itself for a moment (seeding accounts, reading what a server
// stored): V8's background tier-up of its WebAssembly (about 1.5 s of CPU each time) would only
// compete with the servers and browsers under test, on two cores. The servers keep their own
// settings: this is the test process only.
import { setFlagsFromString } from "node:v8";

setFlagsFromString(`--wasm-tiering-budget=${2 ** 31 - 1}`);
