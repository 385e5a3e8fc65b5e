import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

// WAL checkpoints off the event loop. better-sqlite3 is synchronous, and SQLite's automatic
// checkpoint runs inside whichever commit crosses 1,000 WAL pages, fsyncing the WAL and the
// database file: on a busy disk that blocked the live server for 100-400 ms at a time (npm run
// bench), stalling every room. A worker thread with its own connection runs PASSIVE checkpoints
// every second instead (they never block writers), and the main connection's automatic
// checkpoint is switched off while the worker runs. Commits still happen before broadcasts and
// survive kill -9 exactly as before (WAL, synchronous=NORMAL).

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch (error) { parentPort.postMessage(String(error)); }
}, workerData.everyMs);
`;

const DEFAULT_AUTOCHECKPOINT = 1000;

export function startCheckpointer(
  sqlite: Database.Database,
  log: (line: string) => void,
  everyMs = 1000,
): () => void {
  if (sqlite.memory || sqlite.pragma("journal_mode", { simple: true }) !== "wal") return () => {};
  const restore = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
  };
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        file: sqlite.name,
        everyMs,
      },
    });
  } catch (error) {
    log(`live: background checkpoints unavailable, SQLite checkpoints inline: ${String(error)}`);
    return () => {};
  }
  worker.unref();
  sqlite.pragma("wal_autocheckpoint = 0");
  worker.on("message", (line: string) => log(`live: checkpoint failed: ${line}`));
  worker.on("error", (error) => {
    log(`live: checkpoint worker stopped, SQLite checkpoints inline again: ${String(error)}`);
    restore();
  });
  return () => {
    restore();
    void worker.terminate();
  };
}
