import { randomUUID } from "node:crypto";
import type { Config } from "./config";
import { closeDatabase, type Db, openDatabase } from "./db/connection";
import { lockDataDir } from "./db/data-dir-lock";
import { createSqliteStores } from "./db/sqlite/stores";
import type { Stores } from "./db/stores";
import type { RedisBus } from "./live/fanout/redis-bus";
import { type LiveStorage, pendingBusEvents } from "./live/live-storage";
import { moveEconomicsOut } from "./quotes/economics-move";

// The one place that decides where DealDesk stores things (../shared/design/SCALE.md §1):
//   no DATABASE_URL  one process, the SQLite file in DATA_DIR, locked against a second process;
//   DATABASE_URL     PostgreSQL (migrated under an advisory lock), any number of processes;
//   + REDIS_URL      live updates fan out across those processes over Redis pub/sub.

/** The stores the app uses and where the live documents are kept. */
export type Storage = { stores: Stores; live: LiveStorage };

/** The storage over an open SQLite database (the caller closes it). */
export const sqliteStorage = (db: Db): Storage => ({
  stores: createSqliteStores(db),
  live: { kind: "sqlite", db },
});

type OpenedStorage = Storage & {
  /** The JWT secret every process uses (JWT_SECRET, or the one kept with the data). */
  jwtSecret: string;
  /** Where the data lives, for the start-up line. */
  describe: string;
  close(): Promise<void>;
};

export async function openStorage(config: Config, log: (line: string) => void): Promise<OpenedStorage> {
  const { databaseUrl, redisUrl } = config;
  if (!databaseUrl) {
    // Before the database opens: a second process on this DATA_DIR must change nothing.
    const lock = lockDataDir(config.dataDir);
    let db: Db | undefined;
    let storage: Storage;
    try {
      db = openDatabase(config.dataDir);
      storage = sqliteStorage(db);
      // Issue #38: after the migrations, before anything is served.
      await moveEconomicsOut(storage.stores, log);
    } catch (error) {
      if (db) closeDatabase(db);
      lock.release();
      throw error;
    }
    const opened = db;
    return {
      ...storage,
      jwtSecret: config.jwtSecret,
      describe: `data in ${config.dataDir}`,
      async close() {
        closeDatabase(opened);
        lock.release();
      },
    };
  }
  // Loaded only here: a SQLite process never loads node-postgres or the Redis client.
  const [
    { closePostgres, openPostgres },
    { createLiveStore },
    { createPostgresStores },
    { loadSharedJwtSecret },
    { createRedisBus },
  ] = await Promise.all([
    import("./db/postgres/connection"),
    import("./db/postgres/live-store"),
    import("./db/postgres/stores"),
    import("./db/postgres/secret-store"),
    import("./live/fanout/redis-bus"),
  ]);
  const db = await openPostgres(databaseUrl).catch((error: unknown) => {
    throw new Error(
      `Cannot open the database at DATABASE_URL: ${error instanceof Error ? error.message : error}`,
    );
  });
  const events = pendingBusEvents();
  let bus: RedisBus | null = null;
  try {
    if (redisUrl)
      bus = await createRedisBus({
        url: redisUrl,
        processId: randomUUID(),
        onMessage: (message) => events.onMessage(message),
        onConnectionChange: (connected) => events.onConnectionChange(connected),
        log,
      });
  } catch (error) {
    await closePostgres(db);
    throw new Error(`Cannot reach Redis at REDIS_URL: ${error instanceof Error ? error.message : error}`);
  }
  const jwtSecret = await loadSharedJwtSecret(db, config.jwtSecret || undefined);
  const stores = createPostgresStores(db);
  try {
    // Issue #38: after the migrations, before anything is served (processes starting together
    // wait for each other quote by quote).
    await moveEconomicsOut(stores, log);
  } catch (error) {
    await bus?.close();
    await closePostgres(db);
    throw error;
  }
  return {
    stores,
    live: { kind: "shared", store: createLiveStore(db), bus, events },
    jwtSecret,
    describe: `data in PostgreSQL${bus ? ", live updates across processes over Redis" : ", other processes' edits by polling"}`,
    async close() {
      await bus?.close();
      await closePostgres(db);
    },
  };
}
