import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeField } from "@shared/live/quote-doc";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { bundleChildServer, startChildServer } from "../test-support/child-server";
import {
  connectClient,
  destroyClient,
  jsonRequest,
  sampleQuote,
  synced,
} from "../test-support/live-test-kit";
import { type PostgresService, startPostgres } from "../test-support/services";
import { type Receiver, startReceiver, waitUntil } from "../test-support/webhook-receiver";

// Issue #39: the outbox across process deaths and process counts, each server a real process
// (the bundled crash child): an event stored before its answer is delivered even when the server
// is killed with SIGKILL mid-delivery, and two processes on one PostgreSQL deliver each event once.

const bundle = bundleChildServer();
const dirs: string[] = [];
const children = new Set<ChildProcess>();
let receiver: Receiver | undefined;
let postgres: PostgresService | undefined;

afterEach(async () => {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
  await receiver?.close();
  receiver = undefined;
});
afterAll(async () => {
  await postgres?.cleanup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
});

const baseEnv = {
  LOG_REQUESTS: "false",
  JWT_SECRET: "handoff-process-test-secret-0123456789abcdef",
  WEBHOOKS_ALLOW_HTTP: "true",
  WEBHOOKS_ALLOW_PRIVATE: "true",
  SIGNUPS_PER_IP_PER_HOUR: "100000",
  QUOTES_PER_DEALER_PER_MINUTE: "100000",
};

async function start(env: NodeJS.ProcessEnv) {
  const started = await startChildServer(bundle, { ...process.env, ...baseEnv, ...env });
  children.add(started.process);
  started.process.once("exit", () => children.delete(started.process));
  return started;
}

const api = (url: string, method: string, route: string, body?: unknown, token?: string) =>
  jsonRequest(url, method, route, body, token);

let dealers = 0;
async function dealerWithWebhook(url: string, hook: string, events = ["quote.created"]): Promise<string> {
  dealers += 1;
  const registered = await api(url, "POST", "/api/auth/register", {
    email: `handoff${dealers}@example.com`,
    password: "correct horse battery",
    firstName: "Dana",
    lastName: "Dealer",
  });
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const endpoint = await api(url, "POST", "/api/integrations/webhooks", { url: hook, events }, token);
  expect(endpoint.status).toBe(201);
  return token;
}

describe("the outbox across processes", () => {
  it("kill -9 of the server between the event and its delivery still delivers it after a restart", async () => {
    // The receiver takes the first delivery and never answers it: the server dies mid-delivery.
    receiver = await startReceiver(["hang"]);
    const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-handoff-crash-"));
    dirs.push(dataDir);
    const first = await start({ DATA_DIR: dataDir });
    const token = await dealerWithWebhook(first.url, receiver.url);
    const created = await api(first.url, "POST", "/api/quotes", sampleQuote, token);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await waitUntil(() => receiver?.received[0]);
    const exited = new Promise((resolve) => first.process.once("exit", resolve));
    first.process.kill("SIGKILL");
    await exited;

    await start({ DATA_DIR: dataDir });
    const again = await waitUntil(() => receiver?.received[1], 15_000);
    expect(again.headers["webhook-id"]).toBe(receiver.received[0]?.headers["webhook-id"]);
    expect(JSON.parse(again.body)).toMatchObject({ type: "quote.created", data: { quote: { id } } });
  }, 60_000);

  it("two processes on one PostgreSQL deliver each event once, one at a time, in order", async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase(`handoff_${process.pid}`);
    receiver = await startReceiver();
    const env = (name: string) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `dealdesk-handoff-${name}-`));
      dirs.push(dataDir);
      return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    };
    const [a, b] = await Promise.all([start(env("a")), start(env("b"))]);
    const token = await dealerWithWebhook(a.url, receiver.url);
    const ids: string[] = [];
    const count = 40;
    for (let i = 0; i < count; i += 1) {
      const res = await api(i % 2 === 0 ? a.url : b.url, "POST", "/api/quotes", sampleQuote, token);
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    await waitUntil(() => ((receiver?.received.length ?? 0) >= count ? true : undefined), 30_000);
    // Both processes poll (1 s) and are woken by their own events: give a duplicate time to show.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const received = receiver.received.map((r) => JSON.parse(r.body) as { data: { quote: { id: string } } });
    expect(received).toHaveLength(count);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(count);
    // One endpoint, one delivery at a time, in the order the events were stored.
    expect(received.map((r) => r.data.quote.id)).toEqual(ids);
  }, 120_000);
  it("a payment request sent live on PostgreSQL is stored with its update and delivered once, complete", async () => {
    postgres ??= await startPostgres();
    const databaseUrl = await postgres.createDatabase(`handoff_request_${process.pid}`);
    receiver = await startReceiver();
    const env = (name: string) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `dealdesk-handoff-${name}-`));
      dirs.push(dataDir);
      return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    };
    const [a, b] = await Promise.all([start(env("ra")), start(env("rb"))]);
    const token = await dealerWithWebhook(a.url, receiver.url, ["quote.payment_requested"]);
    const created = await api(a.url, "POST", "/api/quotes", sampleQuote, token);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const shopper = connectClient({ server: { url: b.url } }, id);
    try {
      await synced(shopper);
      writeField(shopper.deal, "paymentRequest", {
        amount: 450,
        structure: "lease",
        note: "Can you do 450?",
      });
      const hooked = await waitUntil(() => receiver?.received[0], 15_000);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(receiver.received).toHaveLength(1);
      const body = JSON.parse(hooked.body) as { type: string; data: Record<string, unknown> };
      expect(body).toMatchObject({
        type: "quote.payment_requested",
        data: {
          quote: { id, vehicle: { description: "2021 Honda Civic EX" } },
          paymentRequest: { amount: 450, structure: "lease", note: "Can you do 450?" },
        },
      });
      expect((body.data.paymentRequest as { text: string }).text).toMatch(
        /^Customer asks for \$450\.00\/mo \(Lease, \d+ mo, \$[\d,.]+ down\): 'Can you do 450\?'$/,
      );
    } finally {
      destroyClient(shopper);
    }
  }, 120_000);

  it("on PostgreSQL the payment request caps and the CRM window hold across processes: the rows any process stored count, and a held request goes out once", async () => {
    postgres ??= await startPostgres();
    const databaseUrl = await postgres.createDatabase(`handoff_caps_${process.pid}`);
    receiver = await startReceiver();
    const env = (name: string) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `dealdesk-handoff-${name}-`));
      dirs.push(dataDir);
      // Two requests a minute per quote; one lead (and one webhook) per quote per 3 s.
      return {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PAYMENT_REQUESTS_PER_MINUTE: "2",
        PAYMENT_REQUEST_LEAD_MINUTES: "0.05",
      };
    };
    const [a, b] = await Promise.all([start(env("ca")), start(env("cb"))]);
    const token = await dealerWithWebhook(a.url, receiver.url, ["quote.payment_requested"]);
    const created = await api(a.url, "POST", "/api/quotes", sampleQuote, token);
    const { id } = (await created.json()) as { id: string };
    const ask = async (url: string, device: string, amount: number, times = 1) => {
      const shopper = connectClient({ server: { url } }, id, { device });
      const ended: { code: number; reason: string }[] = [];
      shopper.provider.on("closed", (event) => ended.push(event));
      await synced(shopper);
      for (let i = 0; i < times; i += 1)
        writeField(shopper.deal, "paymentRequest", { amount: amount + i, structure: "finance", note: "" });
      return { shopper, ended };
    };
    const first = await ask(a.url, "device-a-000000000001", 450);
    await waitUntil(() => receiver?.received[0], 15_000);
    // The second, on the other process, is taken and held for the quote's next lead.
    const second = await ask(b.url, "device-b-000000000001", 440);
    await waitUntil(async () => {
      const res = await api(a.url, "GET", `/api/quotes/${id}`, undefined, token);
      const { data } = (await res.json()) as { data: { paymentRequest?: { amount: number } } };
      return data.paymentRequest?.amount === 440 ? true : undefined;
    }, 15_000);
    // A third, and a flood, from either process: over the quote's two a minute.
    const third = await ask(a.url, "device-a-000000000002", 430);
    const flood = await ask(b.url, "device-b-000000000002", 300, 200);
    for (const refused of [third, flood])
      expect((await waitUntil(() => refused.ended[0], 15_000)).reason).toMatch(/^Too many payment requests/);
    expect(second.ended).toEqual([]);
    for (const each of [first, second, third, flood]) destroyClient(each.shopper);

    const held = await waitUntil(() => receiver?.received[1], 15_000);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(receiver.received).toHaveLength(2);
    const body = JSON.parse(held.body) as { data: { paymentRequests: { amount: number }[] } };
    expect(body.data.paymentRequests.map((r) => r.amount)).toEqual([440]);
    const [one, two] = receiver.received;
    expect((two?.at ?? 0) - (one?.at ?? 0)).toBeGreaterThanOrEqual(2500);
  }, 120_000);
});
