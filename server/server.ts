import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { createTokenService } from "./auth/tokens";
import { type Config, readConfig } from "./config";
import { closeDatabase, openDatabase } from "./db/connection";
import { lockDataDir } from "./db/data-dir-lock";
import { createLiveServer } from "./live/live-server";
import { createLogger } from "./logging/logger";
import { createMailer } from "./mail/mailer";
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
  const tokens = createTokenService(db, config.jwtSecret);
  const mailer = createMailer(config, log);
  const live = createLiveServer({ config, db, tokens, log });
  const app = createApp({ config, db, tokens, mailer, live, log });
  const unwatchLive = watchLive(live);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  server.on("upgrade", (request, socket, head) => live.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  log(
    `DealDesk listening on http://localhost:${port} (data in ${config.dataDir}; mail: ${mailer.describe()})`,
  );

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    log,
    close() {
      closing ??= (async () => {
        unwatchLive();
        await live.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive HTTP connections would hold close() open.
          if ("closeAllConnections" in server) server.closeAllConnections();
        });
        closeDatabase(db);
        lock.release();
      })();
      return closing;
    },
  };
}
