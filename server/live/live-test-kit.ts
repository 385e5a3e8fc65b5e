import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { liveProtocols, liveServerUrl } from "@shared/live-protocol";
import { dealArray, dealDocName, type KvPair, privateArray, privateDocName } from "@shared/quote-doc";
import WebSocket from "ws";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import type { UserRow } from "../app-env";
import { createTokenService } from "../auth/tokens";
import { type Db, openDatabase } from "../db/connection";
import { type RunningServer, startServer } from "../server";
import { createDealer } from "../testing/fixtures";

// Test support for the live server: a real server on port 0 in a temp data dir, real
// y-websocket providers over `ws`, and a polling assertion helper (no fixed sleeps).

export type LiveHarness = {
  server: RunningServer;
  dataDir: string;
  /** A second connection to the same SQLite file, for reading what is stored. */
  db: Db;
  api(method: string, url: string, body?: unknown, token?: string): Promise<Response>;
  dealer(): Promise<{ user: UserRow; token: string }>;
  stop(): Promise<void>;
};

export async function startLiveHarness(dataDir?: string): Promise<LiveHarness> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), "dealdesk-live-"));
  const server = await startServer(
    { LOG_REQUESTS: "false" },
    { dataDir: dir, port: 0, host: "127.0.0.1" },
    () => {},
  );
  const db = openDatabase(dir);
  const tokens = createTokenService(db, server.config.jwtSecret);
  return {
    server,
    dataDir: dir,
    db,
    api(method, url, body, token) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (token) headers.Authorization = `Bearer ${token}`;
      return fetch(`${server.url}${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    dealer: () => createDealer({ db, tokens }),
    async stop() {
      await server.close();
      db.$client.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const sampleQuote = {
  vehicle: {
    description: "2021 Honda Civic EX",
    color: "Blue",
    mileage: 12000,
    stockNumber: "A1",
    advertisedUrl: "",
  },
  pricing: { advertisedPrice: 25000, discount: 500 },
};

export async function createQuoteVia(
  h: LiveHarness,
  token: string,
  body: unknown = sampleQuote,
): Promise<string> {
  const res = await h.api("POST", "/api/quotes", body, token);
  if (res.status !== 201) throw new Error(`create quote: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export type Client = {
  doc: Y.Doc;
  provider: WebsocketProvider;
  deal: Y.Array<KvPair>;
  closed: { code: number }[];
};

/** A stock WebsocketProvider on the deal (or private) document, as the browser hook will open it. */
export function connectClient(
  h: { server: RunningServer },
  quoteId: string,
  options: { token?: string; private?: boolean; doc?: Y.Doc; connect?: boolean } = {},
): Client {
  const doc = options.doc ?? new Y.Doc();
  const provider = new WebsocketProvider(
    liveServerUrl(h.server.url),
    options.private ? privateDocName(quoteId) : dealDocName(quoteId),
    doc,
    {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      protocols: liveProtocols(options.token),
      disableBc: true,
      connect: options.connect ?? true,
    },
  );
  const closed: { code: number }[] = [];
  provider.on("connection-close", (event) => {
    if (event) closed.push({ code: event.code });
  });
  return { doc, provider, deal: options.private ? privateArray(doc) : dealArray(doc), closed };
}

export function synced(client: Client, timeout = 5000): Promise<void> {
  return eventually(() => {
    if (!client.provider.synced) throw new Error("not synced");
  }, timeout);
}

/** Retries `check` until it stops throwing or the time is up (then rethrows its last error). */
export async function eventually<T>(check: () => T | Promise<T>, timeout = 5000, interval = 10): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}

export function destroyClient(client: Client): void {
  client.provider.destroy();
  client.doc.destroy();
}
