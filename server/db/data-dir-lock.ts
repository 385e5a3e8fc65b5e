import path from "node:path";
import Database from "better-sqlite3";
import { ensurePrivateFile } from "./private-file";

// One process per SQLite DATA_DIR: two processes would each compact documents the other is still
// appending to, and each would keep its own rooms, so edits would not reach the other's clients.
// The lock is an exclusive SQLite lock on a small file of its own (the real database stays in WAL
// mode for the checkpointer): the operating system drops it when the process ends, kill -9
// included, so there is never a stale lock file to remove by hand.

const LOCK_FILE_NAME = "dealdesk.lock";

type DataDirLock = { release(): void };

export class DataDirLocked extends Error {
  constructor(dataDir: string) {
    super(
      `Another DealDesk process is already running on the data directory ${dataDir} ` +
        `(it holds ${path.join(dataDir, LOCK_FILE_NAME)}). One process per DATA_DIR: stop the other ` +
        "process or give this one its own DATA_DIR. To run several processes on the same data, set " +
        'DATABASE_URL (PostgreSQL) and REDIS_URL; see "Running several processes" in the README.',
    );
    this.name = "DataDirLocked";
  }
}

/** Takes the data dir's lock for the life of this process, or throws DataDirLocked. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  ensurePrivateFile(file);
  const lock = new Database(file, { timeout: 0 });
  try {
    // In exclusive locking mode SQLite keeps the write lock after the first write transaction
    // until the connection closes.
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held_by (pid INTEGER); COMMIT;");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") throw new DataDirLocked(dataDir);
    throw error;
  }
  return {
    release() {
      if (lock.open) lock.close();
    },
  };
}
