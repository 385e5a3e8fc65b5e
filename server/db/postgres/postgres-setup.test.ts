import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PostgresService, startPostgres } from "../../test-support/services";
import { closePostgres, migratePostgres, openPostgres } from "./connection";
import { loadSharedJwtSecret } from "./secret-store";

/** Every migration in drizzle-pg/ is applied, each recorded once. */
const PG_MIGRATIONS = (
  JSON.parse(readFileSync(new URL("../../../drizzle-pg/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

let postgres: PostgresService;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.cleanup();
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

it("migrates one empty database from four starts at once: all succeed, each migration recorded once", async () => {
  for (const name of ["race1", "race2", "race3"]) {
    const url = await postgres.createDatabase(name);
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => migratePostgres(url)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    const journal = await query<{ n: number }>(
      url,
      "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations",
    );
    expect(journal[0]?.n).toBe(PG_MIGRATIONS);
    const tables = await query<{ table_name: string }>(
      url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toContain("yjs_updates");
  }
});

it("generates the JWT secret once when several processes start together; JWT_SECRET still wins", async () => {
  const url = await postgres.createDatabase("secrets");
  const dbs = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, 2)));
  try {
    const secrets = await Promise.all(dbs.map((db) => loadSharedJwtSecret(db, undefined)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
    // A later start reads the same secret; one from the environment overrides it.
    expect(await loadSharedJwtSecret(dbs[0]!, undefined)).toBe(secrets[0]);
    const fromEnv = "env-secret-0123456789abcdefghijklmnopqrstuvwxyz";
    expect(await loadSharedJwtSecret(dbs[1]!, fromEnv)).toBe(fromEnv);
    const rows = await query<{ n: number }>(url, "SELECT count(*)::int AS n FROM app_secrets");
    expect(rows[0]?.n).toBe(1);
  } finally {
    await Promise.all(dbs.map((db) => closePostgres(db)));
  }
});
