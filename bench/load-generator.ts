import { monitorEventLoopDelay } from "node:perf_hooks";
import { liveProtocols, liveServerUrl } from "@shared/live/live-protocol";
import { dealArray, readEntries, writeField } from "@shared/live/quote-doc";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import WebSocket from "ws";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";

// The benchmark's load generator, in its own process (IPC with live-bench.ts). Raw `ws` clients
// speaking the y-websocket protocol with a Y.Doc each, instead of full WebsocketProviders: 2,000
// providers (awareness timers, watchdogs, broadcast channels) would load this process more than
// the server we measure. The wire traffic is the same: SyncStep1/2 on connect, then updates.

type Side = "dealer" | "shopper";
type Client = { ws: WebSocket; doc: Y.Doc; quote: number; side: Side; synced: boolean };
type Pair = { id: string; dealer: Client; shopper: Client };

const now = () => performance.timeOrigin + performance.now();
let serverUrl = "";
/** Where the shoppers connect: the same server, or another process of the same app (bench:cluster). */
let shopperServerUrl = "";
let token = "";
const pairs: Pair[] = [];
type Sample = { key: string; sentAt: number; receivedAt: number };
/** Sent edits awaiting delivery: `${quote}:${field}:${value}` → sent time (and the sample to fill). */
const inflight = new Map<string, { sentAt: number; sample?: Sample }>();
let latencies: number[] = [];
let sentLog: Sample[] = [];
let seq = 0;

function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

function watchKey(client: Client): string {
  return client.side === "dealer" ? "downPayment" : "pricing.discount";
}

function connect(quote: number, id: string, side: Side, onSynced: (ms: number) => void): Client {
  const doc = new Y.Doc();
  const ws = new WebSocket(
    `${liveServerUrl(side === "shopper" && shopperServerUrl ? shopperServerUrl : serverUrl)}/quote/${id}`,
    liveProtocols(side === "dealer" ? token : null),
    {
      perMessageDeflate: false,
    },
  );
  const client: Client = { ws, doc, quote, side, synced: false };
  let openedAt = 0;
  ws.binaryType = "nodebuffer";
  ws.on("error", () => {});
  ws.on("open", () => {
    openedAt = now();
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeSyncStep1(encoder, doc);
    ws.send(encoding.toUint8Array(encoder));
  });
  ws.on("message", (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(decoder) !== 0) return;
    const step = decoding.readVarUint(decoder);
    if (step === 0) {
      // The server's SyncStep1: answer with what it lacks (nothing, for a fresh client).
      const vector = decoding.readVarUint8Array(decoder);
      ws.send(syncStep2(doc, vector));
      return;
    }
    const update = decoding.readVarUint8Array(decoder);
    Y.applyUpdate(doc, update, "remote");
    if (step === 1 && !client.synced) {
      client.synced = true;
      onSynced(now() - openedAt);
      return;
    }
    const key = watchKey(client);
    const value = readEntries(dealArray(doc)).get(key);
    const mark = `${quote}:${key}:${value}`;
    const sent = inflight.get(mark);
    if (sent !== undefined) {
      const receivedAt = now();
      latencies.push(receivedAt - sent.sentAt);
      if (sent.sample) sent.sample.receivedAt = receivedAt;
      inflight.delete(mark);
    }
  });
  doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin !== "remote" && ws.readyState === ws.OPEN) ws.send(updateMessage(update));
  });
  return client;
}

function syncStep2(doc: Y.Doc, vector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeSyncStep2(encoder, doc, vector);
  return encoding.toUint8Array(encoder);
}

const byDealerAt = (seq: number) => seq % 2 === 0;

/** One edit on quote `i`: alternately the dealer's discount and the shopper's downpayment. */
function edit(i: number) {
  const pair = pairs[i];
  if (!pair?.dealer.synced || !pair.shopper.synced) return;
  seq += 1;
  // Never the quotes' starting discount (500): writing the value a field already has sends nothing.
  // Issue #34: a down payment never exceeds the balance due, which the guard enforces: discounts
  // up to $19,999 of the $25,000 price and downs up to $4,999 keep every edit within it.
  const step = seq % 19_999;
  const value = byDealerAt(seq) ? (step === 500 ? 19_999 : step) : (seq % 4_999) + 1;
  const byDealer = byDealerAt(seq);
  const key = byDealer ? "pricing.discount" : "downPayment";
  const mark = `${i}:${key}:${byDealer ? value : -value}`;
  const sentAt = now();
  const sample =
    seq % 5 === 0
      ? { key: `${pair.id}:${key}:${byDealer ? value : -value}`, sentAt, receivedAt: 0 }
      : undefined;
  if (sample) sentLog.push(sample);
  inflight.set(mark, { sentAt, sample });
  if (byDealer)
    writeField(dealArray(pair.dealer.doc), "pricing", { advertisedPrice: 25000, discount: value });
  else writeField(dealArray(pair.shopper.doc), "downPayment", -value);
}

async function open(ids: string[]) {
  const start = pairs.length;
  let pending = 0;
  const syncTimes: number[] = [];
  await new Promise<void>((resolve) => {
    let next = 0;
    const launch = () => {
      while (pending < 50 && next < ids.length) {
        const index = start + next;
        const id = ids[next] as string;
        next += 1;
        pending += 2;
        const done = (ms: number) => {
          syncTimes.push(ms);
          pending -= 1;
          if (next >= ids.length && pending === 0) resolve();
          else launch();
        };
        pairs[index] = {
          id,
          dealer: connect(index, id, "dealer", done),
          shopper: connect(index, id, "shopper", done),
        };
      }
    };
    launch();
  });
  return syncTimes;
}

/** `rate` edits per second spread over the open quotes, for `seconds`. */
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

async function run(rate: number, seconds: number, drainMs = 500) {
  loopDelay.reset();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  latencies = [];
  sentLog = [];
  inflight.clear();
  // Every 5 ms tick sends the edits due by then (from the time elapsed, not the tick count), so a
  // late timer on a loaded machine sends late edits, never fewer: the rate asked is the rate sent.
  const tick = 5;
  let cursor = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = Math.min(performance.now() - start, seconds * 1000);
      const due = Math.floor((rate * elapsed) / 1000);
      while (cursor < due) {
        edit(cursor % pairs.length);
        cursor += 1;
      }
      if (elapsed >= seconds * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, tick);
  });
  // Let the last deliveries arrive.
  await new Promise((r) => setTimeout(r, drainMs));
  const lost = inflight.size;
  /** The first few edits that never arrived (quote index, key, value), for a look at why. */
  const lostMarks = [...inflight.keys()].slice(0, 5);
  const cpu = process.cpuUsage(cpu0);
  return {
    latencies,
    lost,
    lostMarks,
    sent: cursor,
    sentLog,
    loopP99: loopDelay.percentile(99) / 1e6,
    loopMax: loopDelay.max / 1e6,
    cpuPercent: (((cpu.user + cpu.system) / 1000) * 100) / (performance.now() - t0),
  };
}

/** Opens cold (stored, not loaded) quotes one after another; time from socket open to SyncStep2. */
async function cold(ids: string[]) {
  const times: number[] = [];
  for (const id of ids) {
    await new Promise<void>((resolve) => {
      const client = connect(-1, id, "shopper", (ms) => {
        times.push(ms);
        client.ws.close();
        resolve();
      });
    });
  }
  return times;
}

function closeAll() {
  for (const pair of pairs) {
    pair.dealer.ws.close();
    pair.shopper.ws.close();
    pair.dealer.doc.destroy();
    pair.shopper.doc.destroy();
  }
  pairs.length = 0;
}

type Command = { id: number } & (
  | { type: "init"; serverUrl: string; shopperServerUrl?: string; token: string }
  | { type: "open"; ids: string[] }
  | { type: "run"; rate: number; seconds: number; drainMs?: number }
  | { type: "cold"; ids: string[] }
  | { type: "close" }
);

process.on("message", async (command: Command) => {
  let result: unknown = null;
  if (command.type === "init") {
    serverUrl = command.serverUrl;
    shopperServerUrl = command.shopperServerUrl ?? "";
    token = command.token;
  } else if (command.type === "open") result = await open(command.ids);
  else if (command.type === "run") result = await run(command.rate, command.seconds, command.drainMs);
  else if (command.type === "cold") result = await cold(command.ids);
  else if (command.type === "close") closeAll();
  process.send?.({ type: "done", id: command.id, result });
});
process.send?.({ type: "ready" });
