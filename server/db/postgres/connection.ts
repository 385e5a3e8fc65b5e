import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { pgMigrationsDir } from "../../package-root";
import * as schema from "../schema.pg";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// node-postgres returns bigint (int8) columns as strings, since they may exceed 2^53. Ours are ms
// timestamps and sequence numbers, far below that; drizzle converts its own bigint columns, and
// this makes raw queries (heads, seqs) agree.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Applies drizzle-pg/ migrations under a session advisory lock. drizzle's migrate() creates its
 * journal and reads the last migration outside its transaction, so processes starting together
 * on an empty database would otherwise race (drizzle-orm#874; SCALE.md §3).
 */
export async function migratePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('dealdesk:migrate'))");
    try {
      await migrate(drizzle(client), { migrationsFolder: pgMigrationsDir });
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('dealdesk:migrate'))");
    }
  } finally {
    await client.end();
  }
}

/** Migrates the database, then opens the one pool this process uses. */
export async function openPostgres(connectionString: string, maxConnections = 10): Promise<PgDb> {
  await migratePostgres(connectionString);
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle client that loses its connection (PostgreSQL restarted) emits "error" on the pool;
  // unhandled, that would end the process. The next query gets a fresh connection.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as PgDb;
}

export async function closePostgres(db: PgDb): Promise<void> {
  await db.$client.end();
}
