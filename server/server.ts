import { buildServer, listen } from "./build-server";
import { type Config, readConfig } from "./config";
import { createLogger } from "./logging/logger";
import { watchLive } from "./metrics/metrics";
import { openStorage } from "./open-storage";

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
  const settings = readConfig(env, overrides);
  // Tests collect lines themselves; everyone else gets LOG_FORMAT's lines, redacted.
  const log = customLog ?? createLogger(settings.logFormat);
  const storage = await openStorage(settings, log);
  // With DATABASE_URL every process signs and checks tokens with the secret kept in PostgreSQL.
  const config: Config = { ...settings, jwtSecret: storage.jwtSecret };
  const built = buildServer(config, storage, { log });
  await built.vinDecoder.ready;
  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(built);
  } catch (error) {
    await built.close();
    await storage.close();
    throw error;
  }
  const unwatchLive = watchLive(built.live);
  log(
    `DealDesk listening on http://localhost:${listening.port} (${storage.describe}; mail: ${built.mailer.describe()})`,
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
        await storage.close();
      })();
      return closing;
    },
  };
}
