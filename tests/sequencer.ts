// The order test files start in. Vitest runs the files that took longest last time first, so
// that no long file starts near the end and leaves the other core idle; but a fresh clone (CI)
// has no record of last time, and then Vitest goes by file size, which put the axe-core file,
// short to read and long to run (90 s), last: a minute and a half on one core while the other
// waited. Here the files measured to be long come first, longest first; every other file (and
// every file once Vitest has durations of its own) keeps Vitest's order.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each took in a full run on a quiet 2-core machine (2026-11-27 13:05 UTC: the browser
 * tests three files at once, the integration tests alone): every file of 9 s or more. Keep it
 * when a file grows long. The files changed for speed on 2026-11-27 afterwards (accessibility,
 * appointment-form, bad-input, copies, privacy-notice, programs, admin-command) are estimates:
 * their times in a run on a busy machine, scaled by the files that did not change.
 */
const longFiles: Record<string, number> = {
  "tests/e2e/export.test.ts": 94,
  "tests/e2e/programs.test.ts": 85,
  "tests/e2e/front-desk.test.ts": 77,
  "tests/e2e/staff-authorization.test.ts": 64,
  "tests/e2e/staff-browser.test.ts": 52,
  "tests/e2e/staff-accessibility.test.ts": 39,
  "tests/e2e/privacy-rights.test.ts": 38,
  "tests/e2e/accessibility.test.ts": 35,
  "tests/e2e/appointment-form.test.ts": 35,
  "tests/e2e/slow-clients.test.ts": 30,
  "tests/e2e/readability.test.ts": 29,
  "tests/e2e/copies.test.ts": 27,
  "tests/e2e/durability.test.ts": 26,
  "tests/e2e/limits.test.ts": 23,
  "tests/e2e/accounts.test.ts": 22,
  "tests/e2e/therapists.test.ts": 17,
  "tests/e2e/bad-input.test.ts": 15,
  "tests/e2e/visit-concurrency.test.ts": 15,
  "tests/e2e/edge.test.ts": 15,
  "tests/e2e/book-links.test.ts": 15,
  "tests/e2e/hindi-form.test.ts": 13,
  "tests/e2e/status-page.test.ts": 12,
  "tests/e2e/erasure-disk.test.ts": 12,
  "tests/e2e/interactions.test.ts": 11,
  "tests/e2e/privacy-notice.test.ts": 10,
  "tests/e2e/schedule.test.ts": 10,
  "tests/e2e/password-change.test.ts": 10,
  "tests/integration/backup-scripts.test.ts": 52,
  "tests/integration/backup.test.ts": 48,
  "tests/integration/staff-auth.test.ts": 44,
  "tests/integration/outbox-lease.test.ts": 36,
  "tests/integration/admin-command.test.ts": 30,
  "tests/integration/staff-mail.test.ts": 26,
  "tests/integration/data-dir-lock.test.ts": 13,
  "tests/integration/roles.test.ts": 10,
  "tests/integration/migration-0013.test.ts": 9,
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
