import { defineConfig } from "drizzle-kit";

// PostgreSQL (DATABASE_URL); the SQLite default is drizzle.config.ts. `npm run db:generate` runs both.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.pg.ts",
  out: "./drizzle-pg",
});
