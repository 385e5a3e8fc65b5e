import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { createApp } from "../app";
import type { AppDeps } from "../app-deps";
import { buildServer } from "../build-server";
import { type Config, readConfig } from "../config";
import { closeDatabase, type Db, openDatabase } from "../db/connection";
import { sqliteStorage } from "../open-storage";
import { testVinDatabaseEnv } from "./vin-database-dir";

export type TestApp = AppDeps & {
  /** The SQLite file under the stores, for fixtures and assertions on stored rows. */
  db: Db;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  logs: string[];
  /** JSON request helper: `call("POST", "/api/auth/login", body, token)`. */
  call(method: string, url: string, body?: unknown, token?: string): Promise<Response>;
  cleanup(): Promise<void>;
};

/** The real app on a real SQLite file in a fresh temp dir; mail goes to that dir's outbox unless SMTP_URL is given. */
export function createTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): TestApp {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-test-"));
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  // Tests register many dealers and quotes from one address: the volume caps are lifted unless a
  // test sets them (server/http/volume-caps.test.ts does).
  const caps = {
    SIGNUPS_PER_IP_PER_HOUR: "100000",
    QUOTES_PER_DEALER_PER_MINUTE: "100000",
    RESET_MAILS_PER_IP_PER_HOUR: "100000",
  };
  const config = readConfig(
    { LOG_REQUESTS: "false", ...caps, ...testVinDatabaseEnv, ...env },
    { dataDir, ...overrides },
  );
  const db = openDatabase(config.dataDir);
  const { app, close, ...deps } = buildServer(config, sqliteStorage(db), { log });
  return {
    ...deps,
    db,
    app,
    dataDir,
    logs,
    async call(method, url, body, token) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (token) headers.Authorization = `Bearer ${token}`;
      return app.request(url, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    async cleanup() {
      await close();
      closeDatabase(db);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
