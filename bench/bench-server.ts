import { buildServer, listen } from "../server/build-server";
import { readConfig } from "../server/config";
import { closeDatabase, openDatabase } from "../server/db/connection";
import { sqliteStorage } from "../server/open-storage";

// The server as server/server.ts builds it (buildServer), with the caps a load generator needs.
// Persistence on, real SQLite file in the bench's data dir.

export async function startBenchServer(dataDir: string) {
  const config = readConfig(
    { LOG_REQUESTS: "false", JWT_SECRET: "bench-secret-0123456789abcdefghijklmnop" },
    { dataDir, port: 0, host: "127.0.0.1" },
  );
  const db = openDatabase(config.dataDir);
  const log = (line: string) => {
    if (!line.startsWith("live: refused")) console.error(line);
  };
  const built = buildServer(config, sqliteStorage(db), {
    log,
    limits: { perIp: 100_000, perQuote: 20 },
  });
  const listening = await listen(built);
  return {
    url: listening.url,
    db,
    stores: built.stores,
    tokens: built.tokens,
    config,
    live: built.live,
    async close() {
      await listening.close();
      closeDatabase(db);
    },
  };
}
