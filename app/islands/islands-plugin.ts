// A Vite plugin (vite.config.ts) that builds the islands: the little scripts of the public pages
// that React Router does not hydrate (decision 040). They are a build of their own, made right
// after the client build and written beside it, so that nothing of React or React Router can be
// shared into them: each page loads `app/islands/boot.ts` and the chunks of the islands it has.
//
// `virtual:islands` tells the server where the boot script is: its hashed address under /assets/
// in a build (immutable, like every asset), or the source file itself under `npm run dev`.
import { join, resolve } from "node:path";
import { build, type Plugin, type PluginOption } from "vite";

const virtualId = "virtual:islands";
const bootSource = "app/islands/boot.ts";

interface IslandFiles {
  /** The address of the module every island page loads; empty where no page needs it. */
  boot: string;
}

export function islands(options: { plugins?: () => PluginOption[] } = {}): Plugin {
  let files: IslandFiles | undefined;
  let command: "build" | "serve" = "build";
  return {
    name: "islands",
    // One instance for the client and the server builds (React Router shares plugins): the client
    // build writes the islands, the server build that follows reads their addresses.
    sharedDuringBuild: true,
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : undefined;
    },
    load(id) {
      if (id !== `\0${virtualId}`) return undefined;
      if (command === "serve")
        return `export default ${JSON.stringify({ boot: `/${bootSource}` })};`;
      // The client bundle has the module too (the root layout imports it) but never renders an
      // island page: only the server's needs the address, and only the server's is built after.
      if (this.environment.name === "client") return `export default { boot: "" };`;
      if (!files) throw new Error("islands: the server was built before the islands");
      return `export default ${JSON.stringify(files)};`;
    },
    async writeBundle(output) {
      if (this.environment.name !== "client" || !output.dir) return;
      files = await buildIslands(resolve(output.dir), options.plugins?.() ?? []);
    },
  };
}

/** Builds the islands into the client folder's assets; returns the boot module's address. */
async function buildIslands(clientDir: string, plugins: PluginOption[]): Promise<IslandFiles> {
  const result = await build({
    configFile: false,
    envDir: false,
    logLevel: "warn",
    plugins,
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: false,
      target: "es2022",
      rolldownOptions: {
        input: { islands: join(process.cwd(), bootSource) },
        output: {
          entryFileNames: "assets/[name]-[hash].js",
          chunkFileNames: "assets/island-[name]-[hash].js",
        },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const out of outputs) {
    if (!("output" in out)) continue;
    const entry = out.output.find((chunk) => chunk.type === "chunk" && chunk.isEntry);
    if (entry) return { boot: `/${entry.fileName}` };
  }
  throw new Error("islands: the build wrote no boot module");
}
