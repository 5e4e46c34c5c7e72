// A Vite plugin (vite.config.ts) that builds the therapist app's service worker (sw.ts, decision
// 049) after the client build, as one classic script at build/client/visits-sw.js, with the files
// it keeps at install and the build it belongs to written into it: a new build is a new worker,
// which keeps the new shell and lets go of the old one's files.
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { build, type Plugin } from "vite";

const workerFile = "visits-sw.js";

/** What the worker keeps at install besides the shell's scripts (it reads those from the shell). */
const appFiles = ["/visits/manifest.webmanifest", "/icons/visits-192.png", "/icons/visits-512.png"];

export function therapistWorker(): Plugin {
  return {
    name: "therapist-worker",
    sharedDuringBuild: true,
    async writeBundle(output, bundle) {
      if (this.environment.name !== "client" || !output.dir) return;
      const id = createHash("sha256")
        .update(Object.keys(bundle).sort().join("\n"))
        .digest("hex")
        .slice(0, 16);
      await build({
        configFile: false,
        envDir: false,
        logLevel: "warn",
        define: {
          __BUILD__: JSON.stringify(id),
          __APP_FILES__: JSON.stringify(appFiles),
          "process.env.NODE_ENV": JSON.stringify("production"),
        },
        build: {
          outDir: resolve(output.dir),
          emptyOutDir: false,
          copyPublicDir: false,
          modulePreload: false,
          target: "es2022",
          rolldownOptions: {
            input: { sw: join(process.cwd(), "app/therapist-app/sw.ts") },
            output: { format: "iife", entryFileNames: workerFile },
          },
        },
      });
    },
  };
}
