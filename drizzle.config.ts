// drizzle-kit: `npm run db:generate` writes a migration into db/migrations from db/schema.ts.
// Migrations are committed and never edited once they have landed; the servers apply them at start-up.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
