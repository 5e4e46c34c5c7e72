import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pincodeAreas } from "#app/domain/areas/pincode-plugin.ts";
import { islands } from "#app/islands/islands-plugin.ts";
import { therapistWorker } from "#app/therapist-app/worker-plugin.ts";

// The root route with everything it imports (header, footer, mobile bar, React, React Router),
// which every page React Router runs loads: one chunk. Split by the bundler's default into a
// dozen small files, the same code cost each page about 3.8 KB more gzipped (bench:pages, when
// the public pages still hydrated). The group takes a module's dependencies with it (Rolldown's
// default): the reason the islands are a build of their own (app/islands/islands-plugin.ts).
const isRootRoute = (id: string) => /[\\/]app[\\/]root\.tsx$/.test(id);

export default defineConfig({
  // The PIN codes of the areas we serve, for the appointment form's hint: a list made at build
  // time from India Post's directory, as compacted for the server (app/domain/areas, decision 017).
  // The islands of the pages React Router does not hydrate: a build of their own (decision 040).
  plugins: [
    tailwindcss(),
    reactRouter(),
    pincodeAreas(),
    islands({ plugins: () => [pincodeAreas()] }),
    // The therapist app's service worker, for /visits alone (decision 049).
    therapistWorker(),
  ],
  // Settings, `.env` included, are read by app/config/env.server.ts alone, so that the build,
  // the scripts and the servers never see different values. Vite must not load `.env` itself.
  envDir: false,
  // The server build's entry is our request handler, which re-exports React Router's build
  // (see server/app.ts): the server and the routes share one module graph and one set of contexts.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Bundled rather than loaded from node_modules at start-up: Node reads drizzle-orm's
      // 179 KB package.json again for each of its ~100 modules (1.3 s of CPU per start, most of
      // a server's start). The Better Auth adapter comes along, so that one drizzle-orm is loaded.
      // date-fns likewise: its index loads ~250 modules, each reading its 199 KB package.json
      // (1.2 s of the 1.9 s the server bundle took to import); and lucide-react's icons (0.1 s).
      // Bundled, only the functions and icons we use remain: the import takes 0.7 s.
      resolve: {
        noExternal: [
          "drizzle-orm",
          "@better-auth/drizzle-adapter",
          "date-fns",
          "@date-fns/tz",
          "lucide-react",
        ],
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "site", test: isRootRoute }] } },
        },
      },
    },
  },
});
