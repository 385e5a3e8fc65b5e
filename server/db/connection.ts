import { open, unlink } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsDir } from "../package-root";
import { ensurePrivateFile, makePrivate } from "./private-file";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Opens (or creates) the SQLite file, tunes it for one writer with many readers, and migrates it. */
export function openDatabase(dataDir: string, fileName = "dealdesk.sqlite"): Db {
  const file = path.join(dataDir, fileName);
  ensurePrivateFile(file);
  // A -wal or -shm left by an earlier version (or a restore) keeps its mode; SQLite reuses them.
  for (const suffix of ["-wal", "-shm"]) makePrivate(`${file}${suffix}`);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // NORMAL in WAL mode survives a process crash; only an OS crash can lose the last commits.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema }) as Db;
  // Migrations rebuild tables (create, copy, drop, rename). With foreign keys on, dropping the old
  // table would cascade-delete its children's rows, and the pragma is a no-op inside the
  // migrator's transaction; so they are off while migrating and checked right after (SQLite's
  // documented procedure for schema changes).
  sqlite.pragma("foreign_keys = OFF");
  migrate(db, { migrationsFolder: migrationsDir });
  const broken = sqlite.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0) throw new Error(`Database migration left ${broken.length} broken references`);
  sqlite.pragma("foreign_keys = ON");
  return db;
}

/**
 * Whether storage takes writes right now (for /api/health): the database grants a write lock, and
 * its folder takes a small file written through to disk (a read-only mount, lost permissions or a
 * full disk fail here). The file's write and fsync run on libuv's threads: a slow disk delays the
 * answer, never the event loop (issue #47: a synchronous fsync per health check held the loop for
 * 10-250 ms on a busy disk). One probe at a time per folder: callers meanwhile share its answer.
 */
export function isStorageWritable(db: Db): Promise<boolean> {
  const sqlite = db.$client;
  if (!sqlite.open || sqlite.readonly) return Promise.resolve(false);
  const probe = path.join(path.dirname(sqlite.name), ".health-probe");
  let probing = probes.get(probe);
  if (!probing) {
    probing = probeWrite(sqlite, probe).finally(() => probes.delete(probe));
    probes.set(probe, probing);
  }
  return probing;
}

/** The probes under way, by probe file: two at once would remove each other's file. */
const probes = new Map<string, Promise<boolean>>();

async function probeWrite(sqlite: Database.Database, probe: string): Promise<boolean> {
  try {
    sqlite.exec("BEGIN IMMEDIATE");
    sqlite.exec("ROLLBACK");
    const file = await open(probe, "w", 0o600);
    try {
      await file.writeFile(String(Date.now()));
      await file.sync();
    } finally {
      await file.close();
    }
    await unlink(probe);
    return true;
  } catch {
    return false;
  }
}

export function closeDatabase(db: Db): void {
  if (db.$client.open) {
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    db.$client.close();
  }
}
