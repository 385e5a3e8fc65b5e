import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { AppDeps } from "../app-deps";
import { buildServer } from "../build-server";
import { type Config, readConfig } from "../config";
import { openStorage } from "../open-storage";
import { type PostgresService, startPostgres } from "./services";
import { testVinDatabaseEnv } from "./vin-database-dir";

// The real app on either storage backend, for API tests whose answer depends on storage
// (transactions, races, rows shared by processes): SQLite in a temp DATA_DIR, or a fresh
// PostgreSQL database per app on one test server per file. Built like `npm start` builds it
// (openStorage + buildServer), called with app.request().

export type BackendApp = Pick<AppDeps, "stores" | "config"> & {
  kind: "sqlite" | "postgres";
  dataDir: string;
  logs: string[];
  /** JSON request helper: `call("POST", "/api/auth/login", body, token, headers)`. */
  call(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** A request with a body sent as it is (a CSV file, say). */
  send(
    method: string,
    url: string,
    body: string,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Response>;
  cleanup(): Promise<void>;
};

type OpenBackendApp = (overrides?: Partial<Config>, env?: NodeJS.ProcessEnv) => Promise<BackendApp>;

let databases = 0;

/** Runs `cases` once per backend: `describe("SQLite" | "PostgreSQL")` with an `open` for that backend. */
export function onBothBackends(cases: (open: OpenBackendApp) => void): void {
  describe("SQLite", () => {
    cases((overrides, env) => openBackendApp(undefined, overrides, env));
  });
  describe("PostgreSQL", () => {
    let postgres: PostgresService | undefined;
    beforeAll(async () => {
      postgres = await startPostgres();
    }, 60_000);
    afterAll(async () => {
      await postgres?.cleanup();
    });
    cases(async (overrides, env) => {
      if (!postgres) throw new Error("PostgreSQL is not started yet (open the app inside a test)");
      databases += 1;
      return openBackendApp(await postgres.createDatabase(`api_${process.pid}_${databases}`), overrides, env);
    });
  });
}

async function openBackendApp(
  databaseUrl: string | undefined,
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
): Promise<BackendApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-api-"));
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  // The volume caps are lifted unless a test sets them, as in createTestApp.
  const caps = {
    SIGNUPS_PER_IP_PER_HOUR: "100000",
    QUOTES_PER_DEALER_PER_MINUTE: "100000",
    RESET_MAILS_PER_IP_PER_HOUR: "100000",
  };
  const config = readConfig(
    {
      LOG_REQUESTS: "false",
      ...caps,
      ...testVinDatabaseEnv,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    { dataDir, ...overrides },
  );
  const storage = await openStorage(config, log);
  const { app, close, stores } = buildServer({ ...config, jwtSecret: storage.jwtSecret }, storage, { log });
  return {
    kind: databaseUrl ? "postgres" : "sqlite",
    stores,
    config,
    dataDir,
    logs,
    async call(method, url, body, token, headers = {}) {
      const all: Record<string, string> = { ...headers };
      if (body !== undefined) all["Content-Type"] = "application/json";
      if (token) all.Authorization = `Bearer ${token}`;
      return app.request(url, {
        method,
        headers: all,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    async send(method, url, body, token, headers = {}) {
      const all: Record<string, string> = { ...headers };
      if (token) all.Authorization = `Bearer ${token}`;
      return app.request(url, { method, headers: all, body });
    },
    async cleanup() {
      await close();
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
