import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleChildServer, type ChildServer, startChildServer } from "../test-support/child-server";
import {
  type Client,
  connectClient,
  destroyClient,
  eventually,
  jsonRequest,
  sampleQuote,
  synced,
} from "../test-support/live-test-kit";
import { type PostgresService, type RedisService, startPostgres, startRedis } from "../test-support/services";

// Issue #52: a dealer's page opens its quote's deal, private and economics documents together, and
// on PostgreSQL the first of its sockets reads all three in one read (one statement for the states
// and logs, one for the owners); the others take what was read ahead. A document read ahead is
// brought to the head when its own socket opens it, so a change another process stored meanwhile
// is there. The reads are counted by the process's own /metrics.

const METRICS_TOKEN = "read-together-metrics-token-0123456789";
const bundle = bundleChildServer();
const dirs: string[] = [];
const children = new Set<ChildServer>();
const clients: Client[] = [];
let postgres: PostgresService;
let redis: RedisService;
let a: ChildServer;
let b: ChildServer;

async function startProc(): Promise<ChildServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-read-together-"));
  dirs.push(dataDir);
  const child = await startChildServer(bundle, {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    METRICS_TOKEN,
    LOG_REQUESTS: "false",
    SIGNUPS_PER_IP_PER_HOUR: "100000",
    QUOTES_PER_DEALER_PER_MINUTE: "100000",
  });
  children.add(child);
  return child;
}

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  [a, b] = await Promise.all([startProc(), startProc()]);
}, 120_000);

afterAll(async () => {
  for (const client of clients) destroyClient(client);
  for (const child of children) child.process.kill("SIGKILL");
  await Promise.all([postgres?.cleanup(), redis?.cleanup()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
});

const api = (proc: ChildServer, method: string, url: string, body?: unknown, token?: string) =>
  jsonRequest(proc.url, method, url, body, token);

let owners = 0;
async function ownerAndQuote(): Promise<{ token: string; id: string }> {
  owners += 1;
  const registered = await api(a, "POST", "/api/auth/register", {
    email: `read-together-${owners}-${Date.now()}@example.com`,
    password: "correct horse battery",
    firstName: "Dana",
    lastName: "Whitfield",
  });
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const created = await api(a, "POST", "/api/quotes", sampleQuote, token);
  expect(created.status).toBe(201);
  return { token, id: ((await created.json()) as { id: string }).id };
}

/** The process's count of document reads and of the documents they brought. */
async function reads(proc: ChildServer): Promise<{ reads: number; documents: number }> {
  const res = await fetch(`${proc.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return {
    reads: value("dealdesk_live_document_reads_total"),
    documents: value("dealdesk_live_documents_read_total"),
  };
}

function open(proc: ChildServer, id: string, options: Parameters<typeof connectClient>[2]): Client {
  const client = connectClient({ server: proc }, id, options);
  clients.push(client);
  return client;
}

describe("a dealer's page reads its quote's documents together (PostgreSQL)", () => {
  it("opens the deal, private and economics documents with one read of all three", async () => {
    const { token, id } = await ownerAndQuote();
    const before = await reads(a);
    const deal = open(a, id, { token });
    const priv = open(a, id, { token, private: true });
    const economics = open(a, id, { token, economics: true });
    await Promise.all([synced(deal), synced(priv), synced(economics)]);

    expect(await reads(a)).toEqual({ reads: before.reads + 1, documents: before.documents + 3 });
    expect((readDoc(deal.deal) as { pricing: { discount: number } }).pricing.discount).toBe(500);
    // Each socket has its own document: the read ahead was made into the right rooms.
    writeField(priv.deal, "customerInfo", { name: "Pat Buyer", email: "", phone: "" });
    const check = open(b, id, { token, private: true });
    await synced(check);
    await eventually(() =>
      expect(readDoc(check.deal)).toEqual({ customerInfo: { name: "Pat Buyer", email: "", phone: "" } }),
    );
  });

  it("brings a document read ahead to the head: a change another process stored meanwhile is there", async () => {
    const { token, id } = await ownerAndQuote();
    const before = await reads(a);
    const deal = open(a, id, { token });
    await synced(deal);
    expect(await reads(a)).toEqual({ reads: before.reads + 1, documents: before.documents + 3 });

    // Process B stores a change of the private document after A read it ahead.
    const elsewhere = open(b, id, { token, private: true });
    await synced(elsewhere);
    writeField(elsewhere.deal, "customerInfo", { name: "Morgan Lee", email: "m@example.com", phone: "" });
    const stored = await eventually(async () => {
      const res = await api(b, "GET", `/api/quotes/${id}`, undefined, token);
      const body = (await res.json()) as { data: { customerInfo?: { name: string } } };
      expect(body.data.customerInfo?.name).toBe("Morgan Lee");
      return body;
    });
    expect(stored.data.customerInfo?.name).toBe("Morgan Lee");

    // A's private socket takes what it read ahead (no new read) and is caught up to B's change.
    // (At its first sync, not later: the room is caught up before its socket joins, not by a poll.)
    const priv = open(a, id, { token, private: true });
    await synced(priv);
    expect(readDoc(priv.deal)).toEqual({
      customerInfo: { name: "Morgan Lee", email: "m@example.com", phone: "" },
    });
    expect(await reads(a)).toEqual({ reads: before.reads + 1, documents: before.documents + 3 });
  });

  it("reads a shopper's deal document alone", async () => {
    const { id } = await ownerAndQuote();
    const before = await reads(a);
    const shopper = open(a, id, {});
    await synced(shopper);
    expect(await reads(a)).toEqual({ reads: before.reads + 1, documents: before.documents + 1 });
  });
});
