import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../server/app";
import { createTokenService } from "../server/auth/tokens";
import { readConfig } from "../server/config";
import { closeDatabase, openDatabase } from "../server/db/connection";
import { createLiveServer, type LiveDeps } from "../server/live/live-server";
import { createMailer } from "../server/mail/mailer";

// The server as server/server.ts assembles it, plus the live server's accepted-update hook so the
// benchmark can read commit times. Persistence on, real SQLite file in the bench's data dir.

export async function startBenchServer(dataDir: string, onAcceptedUpdate: LiveDeps["onAcceptedUpdate"]) {
  const config = readConfig(
    { LOG_REQUESTS: "false", JWT_SECRET: "bench-secret-0123456789abcdefghijklmnop" },
    { dataDir, port: 0, host: "127.0.0.1" },
  );
  const db = openDatabase(config.dataDir);
  const tokens = createTokenService(db, config.jwtSecret);
  const log = (line: string) => {
    if (!line.startsWith("live: refused")) console.error(line);
  };
  const live = createLiveServer({
    config,
    db,
    tokens,
    log,
    limits: { perIp: 100_000, perQuote: 20 },
    onAcceptedUpdate,
  });
  const app = createApp({ config, db, tokens, mailer: createMailer(config, log), live, log });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  server.on("upgrade", (request, socket, head) => live.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    tokens,
    config,
    live,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      closeDatabase(db);
    },
  };
}
