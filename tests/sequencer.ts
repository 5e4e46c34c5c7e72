// The order test files start in. Vitest runs the files that took longest last time first, so
// that no long file starts near the end and leaves the other core idle; but a fresh clone (CI)
// has no record of last time, and then Vitest goes by file size, which put the axe-core file,
// short to read and long to run (90 s), last: a minute and a half on one core while the other
// waited. Here the files measured to be long come first, longest first; every other file (and
// every file once Vitest has durations of its own) keeps Vitest's order.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each took in a full `npm test` on a quiet 2-core machine (2026-11-29 03:29 UTC on
 * `227b3d5`: the browser tests three files at once, the integration tests four): every file of 9 s
 * or more.
 * Measure again when files are added or grow long: a long file missing here starts late and can
 * leave the other cores idle at the end.
 */
const longFiles: Record<string, number> = {
  "tests/e2e/programs.test.ts": 95,
  "tests/e2e/staff-authorization.test.ts": 88,
  "tests/e2e/staff-browser.test.ts": 83,
  "tests/e2e/front-desk.test.ts": 77,
  "tests/e2e/staff-accessibility.test.ts": 76,
  "tests/e2e/appointment-form.test.ts": 57,
  "tests/e2e/accessibility.test.ts": 47,
  "tests/e2e/therapists.test.ts": 43,
  "tests/e2e/privacy-rights.test.ts": 41,
  "tests/e2e/copies.test.ts": 40,
  "tests/e2e/appointment-island.test.ts": 38,
  "tests/e2e/accounts.test.ts": 37,
  "tests/e2e/durability.test.ts": 37,
  "tests/e2e/slow-clients.test.ts": 37,
  "tests/e2e/limits.test.ts": 31,
  // Measured since, in a full run of 2026-11-29 20:49 UTC (`95bbd1b`).
  "tests/e2e/money.test.ts": 33,
  "tests/e2e/therapist-offline.test.ts": 26,
  "tests/e2e/online-payment.test.ts": 22,
  "tests/e2e/export.test.ts": 30,
  "tests/e2e/interactions.test.ts": 30,
  "tests/e2e/readability.test.ts": 29,
  "tests/e2e/bad-input.test.ts": 26,
  "tests/e2e/edge.test.ts": 25,
  "tests/e2e/hindi-form.test.ts": 25,
  "tests/e2e/erasure-disk.test.ts": 21,
  "tests/e2e/schedule.test.ts": 21,
  "tests/e2e/visit-concurrency.test.ts": 21,
  "tests/e2e/book-links.test.ts": 20,
  "tests/e2e/javascript-budget.test.ts": 20,
  "tests/e2e/password-change.test.ts": 19,
  "tests/e2e/readiness-metrics.test.ts": 19,
  "tests/e2e/status-page.test.ts": 19,
  "tests/e2e/privacy-notice.test.ts": 18,
  "tests/e2e/therapist-day.test.ts": 18,
  "tests/e2e/multi-instance.test.ts": 17,
  "tests/e2e/visits.test.ts": 17,
  "tests/e2e/operations.test.ts": 16,
  "tests/e2e/staff-chrome.test.ts": 16,
  "tests/e2e/insights-page.test.ts": 15,
  "tests/e2e/suggested-therapists.test.ts": 14,
  "tests/e2e/request-log.test.ts": 13,
  "tests/e2e/request-source.test.ts": 13,
  "tests/e2e/server-html.test.ts": 13,
  "tests/e2e/search-scripts.test.ts": 12,
  "tests/e2e/edge-fuzz.test.ts": 11,
  // Measured since, in the full run of 2026-11-30 01:14 UTC (`a462af8`).
  "tests/e2e/status-page-family.test.ts": 27,
  "tests/e2e/cant-make.test.ts": 21,
  "tests/e2e/matching.test.ts": 16,
  "tests/e2e/course-changes.test.ts": 14,
  "tests/e2e/worklist.test.ts": 11,
  "tests/e2e/reminders-by-hand.test.ts": 9,
  // The care record's, in the full run of 2026-11-30 05:47 UTC (`5a2fdab`: 30 s and 14 s; the
  // second has had a server of its own for CARE_ADMINS_READ since, about 4 s more).
  "tests/e2e/care-record.test.ts": 30,
  "tests/e2e/care-authorization.test.ts": 18,
  "tests/integration/backup-scripts.test.ts": 52,
  "tests/integration/admin-command.test.ts": 45,
  "tests/integration/backup.test.ts": 45,
  "tests/integration/outbox-lease.test.ts": 40,
  "tests/integration/staff-auth.test.ts": 28,
  "tests/integration/staff-mail.test.ts": 28,
  "tests/integration/dashboard.test.ts": 18,
  "tests/integration/backup-property.test.ts": 16,
  "tests/integration/appointments.test.ts": 15,
  "tests/integration/connection-loss.test.ts": 15,
  "tests/integration/data-dir-lock.test.ts": 15,
  "tests/integration/roles.test.ts": 15,
  "tests/integration/therapist-day.test.ts": 14,
  "tests/integration/readiness.test.ts": 13,
  "tests/integration/front-desk.test.ts": 12,
  "tests/integration/alerts.test.ts": 10,
  "tests/integration/access-log.test.ts": 9,
  "tests/integration/rights.test.ts": 9,
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
