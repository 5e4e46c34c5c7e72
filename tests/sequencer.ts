// The order test files start in. Vitest runs the files that took longest last time first, so
// that no long file starts near the end and leaves the other core idle; but a fresh clone (CI)
// has no record of last time, and then Vitest goes by file size, which put the axe-core file,
// short to read and long to run (90 s), last: a minute and a half on one core while the other
// waited. Here the files measured to be long come first, longest first; every other file (and
// every file once Vitest has durations of its own) keeps Vitest's order.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds each took in a full run (npx vitest run --project e2e, 2 cores, 2026-11-24). */
const longFiles: Record<string, number> = {
  // Measured alone (npx vitest run --project e2e tests/e2e/front-desk.test.ts, 2026-11-24) while
  // other test runs shared the two cores: 147 s.
  "tests/e2e/front-desk.test.ts": 147,
  "tests/e2e/appointment-form.test.ts": 115,
  "tests/e2e/staff-browser.test.ts": 106,
  "tests/e2e/accessibility.test.ts": 89,
  "tests/e2e/programs.test.ts": 77,
  "tests/e2e/edge.test.ts": 53,
  "tests/e2e/readability.test.ts": 37,
  "tests/e2e/staff-accessibility.test.ts": 32,
  "tests/integration/staff-auth.test.ts": 86,
  "tests/integration/admin-command.test.ts": 84,
  "tests/integration/data-dir-lock.test.ts": 52,
  "tests/integration/outbox-lease.test.ts": 36,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cache = this.ctx.cache;
    if (files.every((spec) => cache.getTestSpecificationResult(spec))) return sorted;
    const seconds = (spec: TestSpecification) =>
      longFiles[relative(this.ctx.config.root, spec.moduleId)] ?? 0;
    // Vitest's order keeps each project's files together; reorder within each project only.
    // Array.prototype.sort is stable: files of equal weight keep Vitest's order.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((spec) => spec.project.name === name).sort((a, b) => seconds(b) - seconds(a)),
    );
  }
}
