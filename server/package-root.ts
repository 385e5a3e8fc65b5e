import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The same code runs from source (server/**/*.ts through tsx or vitest) and compiled into
// dist-server/ (npm start, the installed `dealdesk` package), at different depths below the
// package root. Walking up to package.json finds the shipped files (dist/, drizzle/) from either.

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The built front end (vite build). */
export const frontEndDir = path.join(packageRoot, "dist");
/** The SQL migrations (drizzle-kit): SQLite's, and PostgreSQL's for DATABASE_URL. */
export const migrationsDir = path.join(packageRoot, "drizzle");
export const pgMigrationsDir = path.join(packageRoot, "drizzle-pg");
