import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsDir } from "../package-root";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Opens (or creates) the SQLite file, tunes it for one writer with many readers, and migrates it. */
export function openDatabase(dataDir: string, fileName = "dealdesk.sqlite"): Db {
  const sqlite = new Database(path.join(dataDir, fileName));
  sqlite.pragma("journal_mode = WAL");
  // NORMAL in WAL mode survives a process crash; only an OS crash can lose the last commits.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: migrationsDir });
  return db;
}

export function closeDatabase(db: Db): void {
  if (db.$client.open) {
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    db.$client.close();
  }
}
