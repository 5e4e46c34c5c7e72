import type { Config } from "@react-router/dev/config";
import { getEnv } from "#app/config/env.server.ts";
import { prerenderPaths } from "#app/content/public-routes.ts";

export default {
  ssr: true,
  // BUILD_DIR lets a test build with other settings (e.g. analytics ids) beside the main build.
  buildDirectory: getEnv().BUILD_DIR,
  prerender: { paths: () => prerenderPaths(), concurrency: 2 },
} satisfies Config;
