import { buildServer, listen } from "./build-server";
import { type Config, readConfig } from "./config";
import { closeDatabase, openDatabase } from "./db/connection";
import { lockDataDir } from "./db/data-dir-lock";

export type RunningServer = {
  url: string;
  port: number;
  config: Config;
  close(): Promise<void>;
};

/** Opens the database, builds the app and the live server, and listens. Used by main.ts and by tests. */
export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  log: (line: string) => void = console.log,
): Promise<RunningServer> {
  const config = readConfig(env, overrides);
  // Before the database opens: a second process on this DATA_DIR must change nothing.
  const lock = lockDataDir(config.dataDir);
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(config.dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  const built = buildServer(config, { db }, { log });
  const listening = await listen(built);
  log(
    `DealDesk listening on http://localhost:${listening.port} (data in ${config.dataDir}; mail: ${built.mailer.describe()})`,
  );

  let closing: Promise<void> | undefined;
  return {
    url: listening.url,
    port: listening.port,
    config,
    close() {
      closing ??= (async () => {
        await listening.close();
        closeDatabase(db);
        lock.release();
      })();
      return closing;
    },
  };
}
