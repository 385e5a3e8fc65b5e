import { buildServer, listen, sqliteStorage } from "./build-server";
import { type Config, readConfig } from "./config";
import { closeDatabase, openDatabase } from "./db/connection";
import { lockDataDir } from "./db/data-dir-lock";
import { createLogger } from "./logging/logger";
import { watchLive } from "./metrics/metrics";

export type RunningServer = {
  url: string;
  port: number;
  config: Config;
  log: (line: string) => void;
  close(): Promise<void>;
};

/** Opens the database, builds the app and the live server, and listens. Used by main.ts and by tests. */
export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  customLog?: (line: string) => void,
): Promise<RunningServer> {
  const config = readConfig(env, overrides);
  // Tests collect lines themselves; everyone else gets LOG_FORMAT's lines, redacted.
  const log = customLog ?? createLogger(config.logFormat);
  // Before the database opens: a second process on this DATA_DIR must change nothing.
  const lock = lockDataDir(config.dataDir);
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(config.dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  const built = buildServer(config, sqliteStorage(db), { log });
  const listening = await listen(built);
  const unwatchLive = watchLive(built.live);
  log(
    `DealDesk listening on http://localhost:${listening.port} (data in ${config.dataDir}; mail: ${built.mailer.describe()})`,
  );

  let closing: Promise<void> | undefined;
  return {
    url: listening.url,
    port: listening.port,
    config,
    log,
    close() {
      closing ??= (async () => {
        unwatchLive();
        await listening.close();
        closeDatabase(db);
        lock.release();
      })();
      return closing;
    },
  };
}
