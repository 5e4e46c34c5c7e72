// The deployment tests' build of the test site (tests/e2e/sites.ts), made once before any file
// runs when it is not there from these sources: the files that start a production server from it
// (the rolling upgrade, the metrics' format, the outage's memory) would otherwise each build it,
// and two builds at once in one checkout collide (tests/e2e/build-sites.ts).
import { buildSites } from "#tests/e2e/build-sites.ts";

export default async function buildTestSite(): Promise<void> {
  await buildSites();
}
