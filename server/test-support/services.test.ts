import pg from "pg";
import { createClient } from "redis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PostgresService, type RedisService, startPostgres, startRedis } from "./services";

let postgres: PostgresService;
let redis: RedisService;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
});
afterAll(async () => {
  await Promise.all([postgres?.cleanup(), redis?.cleanup()]);
});

async function pgAnswers(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ db: string }>("SELECT current_database() AS db");
    return rows[0]?.db ?? "";
  } finally {
    await client.end();
  }
}

it("starts PostgreSQL on a loopback port with an empty dealdesk database, and stops and starts it again", async () => {
  expect(postgres.url).toBe(`postgres://postgres@127.0.0.1:${postgres.port}/dealdesk`);
  expect(await pgAnswers(postgres.url)).toBe("dealdesk");
  expect(await pgAnswers(await postgres.createDatabase("second"))).toBe("second");
  await postgres.stop();
  await expect(pgAnswers(postgres.url)).rejects.toThrow(/ECONNREFUSED/);
  await postgres.start();
  expect(await pgAnswers(postgres.url)).toBe("dealdesk");
});

it("starts Redis on a loopback port, and stops and starts it again", async () => {
  const ping = async () => {
    const client = createClient({ url: redis.url, socket: { reconnectStrategy: false } });
    client.on("error", () => {});
    await client.connect();
    try {
      return await client.ping();
    } finally {
      client.destroy();
    }
  };
  expect(await ping()).toBe("PONG");
  await redis.stop();
  await expect(ping()).rejects.toThrow(/ECONNREFUSED/);
  await redis.start();
  expect(await ping()).toBe("PONG");
});
