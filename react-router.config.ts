import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/public-routes";

export default {
  ssr: true,
  // BUILD_DIR lets a test build with other settings (e.g. analytics ids) beside the main build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  prerender: { paths: () => prerenderPaths(), concurrency: 2 },
} satisfies Config;
