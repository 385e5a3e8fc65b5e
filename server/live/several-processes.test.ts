import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LIVE_CLOSE_CODES } from "@shared/live-protocol";
import { dealArray, readDoc, writeField } from "@shared/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { type PostgresService, type RedisService, startPostgres, startRedis } from "../testing/services";
import { bundleChildServer, startChildServer } from "./child-server";
import { type Client, connectClient, destroyClient, eventually, sampleQuote, synced } from "./live-test-kit";

// Several DealDesk processes on one PostgreSQL and one Redis, each a real server process (the
// bundled crash child) with its own DATA_DIR: what one process accepts reaches the clients of the
// other, a refusal on one changes nothing anywhere, kill -9 of either loses nothing anyone saw,
// and Redis going away costs latency, never updates (../shared/design/SCALE.md §8).

let postgres: PostgresService;
let redis: RedisService;
const bundle = bundleChildServer();
const dirs: string[] = [];
const children = new Set<ChildProcess>();

type Proc = { url: string; process: ChildProcess; server: { url: string } };

async function startProcess(): Promise<Proc> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-multi-"));
  dirs.push(dataDir);
  const started = await startChildServer(bundle, {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    LOG_REQUESTS: "false",
    SIGNUPS_PER_IP_PER_HOUR: "100000",
    QUOTES_PER_DEALER_PER_MINUTE: "100000",
  });
  children.add(started.process);
  started.process.once("exit", () => children.delete(started.process));
  return { url: started.url, process: started.process, server: { url: started.url } };
}

async function stopProcess(proc: Proc, signal: NodeJS.Signals = "SIGTERM") {
  if (proc.process.exitCode !== null || proc.process.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.process.once("exit", resolve));
  proc.process.kill(signal);
  await exited;
}

async function api(proc: Proc, method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${proc.url}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let dealerCount = 0;
/** A dealership registered through one process; its token works on every process (one shared secret). */
async function registerDealer(proc: Proc): Promise<string> {
  dealerCount += 1;
  const res = await api(proc, "POST", "/api/auth/register", {
    email: `multi${dealerCount}@example.com`,
    password: "correct horse battery",
    firstName: "Dana",
    lastName: "Dealer",
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

async function createQuote(proc: Proc, token: string): Promise<string> {
  const res = await api(proc, "POST", "/api/quotes", sampleQuote, token);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A field of the client's deal by its document key ("pricing.discount"). */
const valueOf = (client: Client, key: string): unknown =>
  key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      readDoc(client.deal),
    );

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await Promise.all([postgres?.cleanup(), redis?.cleanup()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
});

describe("two processes on PostgreSQL and Redis", () => {
  let a: Proc;
  let b: Proc;
  beforeAll(async () => {
    // Both start at once on an empty database: migrations run under an advisory lock.
    [a, b] = await Promise.all([startProcess(), startProcess()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
  });

  it("serves a quote created on one process, live, to clients of both, in both directions", async () => {
    const token = await registerDealer(a);
    const id = await createQuote(b, token);
    const quote = await api(a, "GET", `/api/quotes/${id}`, undefined, token);
    expect(quote.status).toBe(200);

    const dealer = connectClient(a, id, { token });
    const shopper = connectClient(b, id);
    await Promise.all([synced(dealer), synced(shopper)]);
    expect(valueOf(shopper, "pricing.advertisedPrice")).toBe(sampleQuote.pricing.advertisedPrice);

    writeField(dealer.deal, "pricing.discount", 750);
    await eventually(() => expect(valueOf(shopper, "pricing.discount")).toBe(750));
    writeField(shopper.deal, "downPayment", -3000);
    await eventually(() => expect(valueOf(dealer, "downPayment")).toBe(-3000));

    // Stored once, in order: a client that arrives later on either process reads both edits.
    for (const proc of [a, b]) {
      const late = connectClient(proc, id);
      await synced(late);
      expect(valueOf(late, "pricing.discount")).toBe(750);
      expect(valueOf(late, "downPayment")).toBe(-3000);
      destroyClient(late);
    }
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("refuses a shopper's write of a dealer-only key on one process: it reaches nobody and nothing is stored", async () => {
    const token = await registerDealer(b);
    const id = await createQuote(a, token);
    const dealer = connectClient(a, id, { token });
    const shopper = connectClient(b, id);
    await Promise.all([synced(dealer), synced(shopper)]);
    writeField(shopper.deal, "pricing.discount", 24_000);
    await eventually(() =>
      expect(shopper.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.changeRefused),
    );
    // An honest edit after it still flows, and the discount never moved anywhere.
    writeField(dealer.deal, "pricing.discount", 100);
    const fresh = connectClient(b, id);
    await synced(fresh);
    await eventually(() => expect(valueOf(fresh, "pricing.discount")).toBe(100));
    expect(valueOf(dealer, "pricing.discount")).toBe(100);
    for (const client of [dealer, shopper, fresh]) destroyClient(client);
  });
});
