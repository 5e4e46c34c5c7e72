import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Settings, `.env` included, are read by app/config/env.server.ts alone, so that the build,
  // the scripts and the servers never see different values. Vite must not load `.env` itself.
  envDir: false,
  // The server build's entry is our request handler, which re-exports React Router's build
  // (see server/app.ts): the server and the routes share one module graph and one set of contexts.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
