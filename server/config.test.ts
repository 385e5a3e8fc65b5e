import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { readConfig } from "./config";

// The storage settings of issue #17 as readConfig takes them: a bad value stops the start with a
// message naming the setting; none of them is ever silently ignored.

const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("refuses REDIS_URL without DATABASE_URL, naming DATABASE_URL", () => {
  expect(() => readConfig({ REDIS_URL: "redis://127.0.0.1:6379" }, { dataDir })).toThrow(
    "Invalid configuration:\nREDIS_URL: REDIS_URL needs DATABASE_URL: Redis only carries live updates between processes that share one PostgreSQL database",
  );
});

it("refuses a DATABASE_URL or REDIS_URL that is not a PostgreSQL or Redis address", () => {
  expect(() => readConfig({ DATABASE_URL: "mysql://db/dealdesk" }, { dataDir })).toThrow(
    "Invalid configuration:\nDATABASE_URL: DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:5432/dealdesk",
  );
  expect(() =>
    readConfig({ DATABASE_URL: "postgres://db/dealdesk", REDIS_URL: "http://cache:6379" }, { dataDir }),
  ).toThrow("Invalid configuration:\nREDIS_URL: REDIS_URL must be a Redis URL: redis://host:6379");
});

it("takes both, and then keeps no JWT secret file in DATA_DIR (the processes share one in PostgreSQL)", () => {
  const config = readConfig(
    { DATABASE_URL: "postgresql://dealdesk@db:5432/dealdesk", REDIS_URL: "redis://cache:6379" },
    { dataDir },
  );
  expect([config.databaseUrl, config.redisUrl]).toEqual([
    "postgresql://dealdesk@db:5432/dealdesk",
    "redis://cache:6379",
  ]);
  expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(false);
  // Without them: SQLite, and the secret is generated into DATA_DIR as before.
  const plain = readConfig({}, { dataDir });
  expect([plain.databaseUrl, plain.redisUrl]).toEqual([undefined, undefined]);
  expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(true);
});
