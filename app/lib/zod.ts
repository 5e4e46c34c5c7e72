// The one way the app uses zod: configured here, once, before any schema is built. Import `z`
// from this module, never from "zod" (Biome's noRestrictedImports says so).
import { z } from "zod";

// zod probes `new Function` to compile faster parsers; our CSP forbids it (and Lighthouse
// reports the refusal). Schemas built before this line would keep probing: hence one module.
z.config({ jitless: true });

export { z };
