import net from "node:net";
import { LIVE_CLOSE_CODES, liveProtocols, liveServerUrl } from "@shared/live/live-protocol";
import { dealDocName, readDoc, writeField } from "@shared/live/quote-doc";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import WebSocket from "ws";
import { yjsDocuments, yjsUpdates } from "../db/schema";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  type RawSocket,
  rawSocket,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";

// 200 idle sockets from one address need a per-IP cap above the default 50.
let h: LiveHarness;
beforeAll(async () => {
  // ...and 10 anonymous sockets per quote a shopper cap above the default 8.
  h = await startLiveHarness({
    env: { LIVE_MAX_CONNECTIONS_PER_IP: "1000", LIVE_MAX_SHOPPERS_PER_QUOTE: "20" },
  });
});
afterAll(async () => {
  await h.stop();
});

function stored(id: string) {
  return {
    docs: h.db.select().from(yjsDocuments).where(eq(yjsDocuments.quoteId, id)).all(),
    log: h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all(),
  };
}

/** An honest dealer edit must reach an honest shopper in under a second. */
async function honestRoundTrip(id: string, token: string, value: number) {
  const dealer = connectClient(h, id, { token });
  const shopper = connectClient(h, id);
  await Promise.all([synced(dealer), synced(shopper)]);
  const started = performance.now();
  writeField(dealer.deal, "downPayment", value);
  await eventually(() => expect(readDoc(shopper.deal).downPayment).toBe(value), 1000, 2);
  const elapsed = performance.now() - started;
  destroyClient(dealer);
  destroyClient(shopper);
  return elapsed;
}

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const randomBytes = (n: number) =>
  new Uint8Array(Array.from({ length: n }, () => Math.floor(random() * 256)));

describe("hostile input", () => {
  it("closes the sender only on truncated, unknown, text and oversized messages; the document stays untouched", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const watcher = connectClient(h, id, { token });
    await synced(watcher);
    const before = readDoc(watcher.deal);
    const rowsBefore = stored(id);

    const cases: [string, (s: RawSocket) => void, number][] = [
      [
        "a truncated sync message",
        (s) => s.ws.send(new Uint8Array([0, 2, 50, 1, 2])),
        LIVE_CLOSE_CODES.malformed,
      ],
      ["an empty frame", (s) => s.ws.send(new Uint8Array([])), LIVE_CLOSE_CODES.malformed],
      ["an unknown message type", (s) => s.ws.send(new Uint8Array([7, 1, 2, 3])), LIVE_CLOSE_CODES.malformed],
      [
        "an auth message from a client",
        (s) => s.ws.send(new Uint8Array([2, 0, 0])),
        LIVE_CLOSE_CODES.malformed,
      ],
      ["an unknown sync step", (s) => s.ws.send(new Uint8Array([0, 9, 0])), LIVE_CLOSE_CODES.malformed],
      ["trailing bytes", (s) => s.ws.send(new Uint8Array([3, 0])), LIVE_CLOSE_CODES.malformed],
      [
        "a bad awareness update",
        (s) => s.ws.send(new Uint8Array([1, 3, 1, 5, 200])),
        LIVE_CLOSE_CODES.malformed,
      ],
      ["a text frame", (s) => s.ws.send("hello"), LIVE_CLOSE_CODES.malformed],
      [
        "garbage inside a sync update",
        (s) => s.ws.send(new Uint8Array([0, 2, 8, ...randomBytes(8)])),
        LIVE_CLOSE_CODES.changeRefused,
      ],
      ["a frame over 256 KiB", (s) => s.ws.send(new Uint8Array(256 * 1024 + 10)), 1009],
    ];
    for (const [what, send, code] of cases) {
      const socket = await rawSocket(h, dealDocName(id));
      send(socket);
      const closed = await socket.closed;
      expect({ what, code: closed.code }).toEqual({ what, code });
    }
    // Random bytes: whatever they decode to, nothing reaches the document and the process lives on.
    for (let i = 0; i < 100; i++) {
      const socket = await rawSocket(h, dealDocName(id));
      socket.ws.send(randomBytes(1 + Math.floor(random() * 64)));
      socket.ws.send(randomBytes(1 + Math.floor(random() * 64)));
      socket.ws.close();
      await socket.closed;
    }
    expect(readDoc(watcher.deal)).toEqual(before);
    expect(stored(id)).toEqual(rowsBefore);
    expect(watcher.provider.wsconnected).toBe(true);
    destroyClient(watcher);
    expect(await honestRoundTrip(id, token, -777)).toBeLessThan(1000);
  });

  it("stays up with 200 sockets that never speak, and an honest edit still round-trips in under a second", async () => {
    const { token } = await h.dealer();
    const ids = await Promise.all(Array.from({ length: 10 }, () => createQuoteVia(h, token)));
    const idle: WebSocket[] = [];
    // 100 upgraded WebSockets that never send a byte (10 per quote, under the per-quote cap)...
    for (let i = 0; i < 100; i++) {
      const ws = new WebSocket(
        `${liveServerUrl(h.server.url)}/${dealDocName(ids[i % 10] as string)}`,
        liveProtocols(),
      );
      ws.on("error", () => {});
      idle.push(ws);
    }
    await eventually(() => expect(idle.every((ws) => ws.readyState === ws.OPEN)).toBe(true));
    // ...and 100 raw TCP connections stuck half-way through an upgrade request.
    const stuck: net.Socket[] = [];
    for (let i = 0; i < 100; i++) {
      const socket = net.connect(h.server.port, "127.0.0.1");
      socket.on("error", () => {});
      socket.write(`GET /yjs/${dealDocName(ids[0] as string)} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n`);
      stuck.push(socket);
    }
    const elapsed = await honestRoundTrip(ids[1] as string, token, -4242);
    expect(elapsed).toBeLessThan(1000);
    expect((await h.api("GET", "/api/health")).status).toBe(200);
    for (const ws of idle) ws.terminate();
    for (const socket of stuck) socket.destroy();
  });

  it("terminates a socket that stops answering pings, and keeps one that answers", async () => {
    // The default heartbeat is 30 s; this server pings every 2 s.
    const h = await startLiveHarness({ env: { LIVE_HEARTBEAT_SECONDS: "2" } });
    onTestFinished(() => h.stop());
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const url = `${liveServerUrl(h.server.url)}/${dealDocName(id)}`;
    const silent = new WebSocket(url, liveProtocols(), { autoPong: false });
    const healthy = new WebSocket(url, liveProtocols());
    for (const ws of [silent, healthy]) ws.on("error", () => {});
    await eventually(() =>
      expect([silent.readyState, healthy.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]),
    );
    const opened = Date.now();
    const closed = await new Promise<number>((resolve) => silent.once("close", (code) => resolve(code)));
    // Two heartbeat intervals (2 s each) at most, plus a slice.
    expect(Date.now() - opened).toBeLessThan(5000);
    expect(closed).toBe(1006);
    expect(healthy.readyState).toBe(WebSocket.OPEN);
    healthy.close();
  }, 10_000);
});
