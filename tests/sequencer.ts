// The order test files start in. Vitest runs the files that took longest last time first, so
// that no long file starts near the end and leaves the other core idle; but a fresh clone (CI)
// has no record of last time, and then Vitest goes by file size, which put the axe-core file,
// short to read and long to run (90 s), last: a minute and a half on one core while the other
// waited. Here the files measured to be long come first, longest first; every other file (and
// every file once Vitest has durations of its own) keeps Vitest's order.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each took in a full run (`npm test` from a fresh clone, quiet, 2 cores, 2026-11-27):
 * every file of 9 s or more (the list of 2026-11-24 lacked the export's, the slow clients' and the
 * backups' files, which had grown long since). Keep it when a file grows long.
 */
const longFiles: Record<string, number> = {
  "tests/e2e/programs.test.ts": 77,
  "tests/e2e/front-desk.test.ts": 74,
  "tests/e2e/export.test.ts": 61,
  "tests/e2e/accessibility.test.ts": 60,
  "tests/e2e/staff-browser.test.ts": 56,
  "tests/e2e/appointment-form.test.ts": 54,
  "tests/e2e/readability.test.ts": 40,
  "tests/e2e/slow-clients.test.ts": 34,
  "tests/e2e/privacy-rights.test.ts": 30,
  "tests/e2e/copies.test.ts": 29,
  "tests/e2e/staff-accessibility.test.ts": 24,
  "tests/e2e/staff-authorization.test.ts": 21,
  "tests/e2e/book-links.test.ts": 19,
  "tests/e2e/accounts.test.ts": 18,
  "tests/e2e/interactions.test.ts": 16,
  "tests/e2e/limits.test.ts": 16,
  "tests/e2e/hindi-form.test.ts": 15,
  "tests/e2e/durability.test.ts": 15,
  "tests/e2e/bad-input.test.ts": 15,
  "tests/e2e/analytics.test.ts": 14,
  "tests/e2e/privacy-notice.test.ts": 11,
  "tests/e2e/edge.test.ts": 11,
  "tests/e2e/erasure-disk.test.ts": 10,
  "tests/e2e/password-change.test.ts": 10,
  "tests/e2e/pages.test.ts": 10,
  "tests/e2e/request-source.test.ts": 9,
  "tests/integration/backup.test.ts": 69,
  "tests/integration/outbox-lease.test.ts": 46,
  "tests/integration/staff-auth.test.ts": 45,
  "tests/integration/admin-command.test.ts": 39,
  "tests/integration/staff-mail.test.ts": 28,
  "tests/integration/data-dir-lock.test.ts": 27,
  "tests/integration/backup-property.test.ts": 15,
  "tests/integration/appointments.test.ts": 12,
  "tests/integration/dashboard.test.ts": 11,
  "tests/integration/front-desk.test.ts": 9,
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
