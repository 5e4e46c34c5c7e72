// The build the end-to-end tests run against. global-setup.ts builds it once, with exactly these
// settings, and starts from it the one server the files that only read share (readOnlyServer); a
// file that writes, or needs other settings, starts its own. (The build with analytics ids is the
// one `npm start` makes in programs.test.ts.)
import { afterAll, beforeAll, inject } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The address of the run's shared server of testSite (see readOnlyServer). */
    readOnlyServerUrl: string;
  }
}

export interface Site {
  buildDir: string;
  /** The whole configuration of the build and of its servers (nothing comes from the shell). */
  settings: Record<string, string>;
}

/** The analytics ids of the env file programs.test.ts builds with (analytics.ts). */
export const analyticsIds = ["G-TEST00001", "G-TEST00002"] as const;

const business = {
  BUSINESS_NAME: "HomePhysio NCR",
  BUSINESS_PHONE: "+91 98765 43210",
  BUSINESS_WHATSAPP: "+91 98765 43210",
  BUSINESS_EMAIL: "care@homephysio.example",
  // Not the placeholders: privacy-notice.test.ts finds these on the notice and the policy.
  DATA_CONTACT_NAME: "Dr. Meera Kapoor",
  DATA_CONTACT_EMAIL: "dpo@homephysio.example",
  // Not the sample fees: site-terms.test.ts finds these figures on the pages.
  FEE_HOME_SESSION: "1200",
  FEE_PACKAGE_SESSIONS: "10",
  FEE_PACKAGE_PRICE: "10800",
};

/** The site as most visitors get it: no analytics. Not the developer's `build/`. */
export const testSite: Site = {
  buildDir: "build-test",
  settings: { ...business, BUILD_DIR: "build-test" },
};

/** An initialised, empty PGlite folder (global-setup.ts makes it); each server gets a copy. */
export const dataTemplate = "build-data-template";

/**
 * The address of the run's one production server of testSite, on PGlite, with no settings of its
 * own, shared by the files that only read: they open pages, follow links and fill nothing in, so
 * none changes what another sees, in any order. A start costs about 3 CPU seconds (2026-11-27);
 * nine files share it. A file that writes (a form sent, an account made, a sign-up), reads the
 * server's log, or needs other settings starts its own (useServer).
 */
export function readOnlyServer(): () => string {
  return () => inject("readOnlyServerUrl");
}

/**
 * A production server of `site` for the enclosing file or describe block: started before its
 * tests, stopped after them. Returns its address (known once beforeAll has run).
 * `serverSettings` are settings the server reads at start-up and the build does not bake in.
 */
export function useServer(site: Site, serverSettings: Record<string, string> = {}): () => string {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startProductionServer({ ...site.settings, ...serverSettings }, undefined, {
      dataTemplate,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("the server is started in beforeAll");
    return server.url;
  };
}
