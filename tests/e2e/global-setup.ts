import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { CHROMIUM_PATH } from "./browser";
import { analyticsIds, buildInto, startServer, testSiteEnv } from "./servers";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    analyticsUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    // Never skip quietly: a run without a browser has not tested the site.
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it: apt-get update && apt-get install -y chromium`,
    );
  }
  // `npm test` builds the main site just before this runs; build it here only when missing.
  if (!existsSync("build/stamp.json")) buildInto("build", { ...testSiteEnv });
  const analyticsEnv = {
    ...testSiteEnv,
    GA_MEASUREMENT_ID: analyticsIds[0],
    GA_MEASUREMENT_ID_SECONDARY: analyticsIds[1],
  };
  buildInto("build-analytics", analyticsEnv);

  const main = await startServer({ ...testSiteEnv, BUILD_DIR: "build", TRUST_PROXY: "true" });
  const analytics = await startServer({ ...analyticsEnv, BUILD_DIR: "build-analytics" });
  project.provide("baseUrl", main.url);
  project.provide("analyticsUrl", analytics.url);

  return () => {
    main.process.kill("SIGTERM");
    analytics.process.kill("SIGTERM");
  };
}
