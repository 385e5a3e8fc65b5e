import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { liveProtocols, liveServerUrl } from "@shared/live/live-protocol";
import { docArray, docNameOf, type KvPair } from "@shared/live/quote-doc";
import type { DocKind } from "@shared/rules/permissions";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import WebSocket from "ws";
import * as syncProtocol from "y-protocols/sync";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import type { UserRow } from "../app-env";
import { createTokenService } from "../auth/tokens";
import { type Config, type LiveBounds, readConfig } from "../config";
import { type Db, openDatabase } from "../db/connection";
import { createLiveStore } from "../db/sqlite/live-store";
import { createSqliteStores } from "../db/sqlite/stores";
import { docFromStored } from "../db/stored-doc";
import { type RunningServer, startServer } from "../server";
import { createDealer } from "./fixtures";
import { testVinDatabaseEnv } from "./vin-database-dir";

// Test support for the live server: a real server on port 0 in a temp data dir, real
// y-websocket providers over `ws`, and a polling assertion helper (no fixed sleeps).

export type LiveHarness = {
  server: RunningServer;
  dataDir: string;
  /** Every line the server logged. */
  logs: string[];
  /** A second connection to the same SQLite file, for reading what is stored. */
  db: Db;
  api(method: string, url: string, body?: unknown, token?: string): Promise<Response>;
  dealer(): Promise<{ user: UserRow; token: string }>;
  stop(): Promise<void>;
};

/** Without a dataDir, a fresh temp dir that stop() removes; with one, the dir is kept (restarts). */
export async function startLiveHarness(
  options: {
    dataDir?: string;
    port?: number;
    logRequests?: boolean;
    env?: NodeJS.ProcessEnv;
    /** Bounds set over the environment's (issue #47: payment request caps with short windows). */
    liveBounds?: Partial<LiveBounds>;
  } = {},
): Promise<LiveHarness> {
  const { dataDir, port = 0 } = options;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), "dealdesk-live-"));
  const logs: string[] = [];
  const env = {
    LOG_REQUESTS: options.logRequests ? "true" : "false",
    // Tests create many quotes from one address: the REST volume caps are lifted unless set.
    SIGNUPS_PER_IP_PER_HOUR: "100000",
    QUOTES_PER_DEALER_PER_MINUTE: "100000",
    RESET_MAILS_PER_IP_PER_HOUR: "100000",
    ...testVinDatabaseEnv,
    ...options.env,
  };
  const overrides: Partial<Config> = { dataDir: dir, port, host: "127.0.0.1" };
  if (options.liveBounds)
    overrides.liveBounds = { ...readConfig(env, { dataDir: dir }).liveBounds, ...options.liveBounds };
  const server = await startServer(env, overrides, (line) => logs.push(line));
  const db = openDatabase(dir);
  const tokens = createTokenService(createSqliteStores(db).users, server.config.jwtSecret);
  return {
    server,
    logs,
    dataDir: dir,
    db,
    api: (method, url, body, token) => jsonRequest(server.url, method, url, body, token),
    dealer: () => createDealer({ db, tokens }),
    async stop() {
      await server.close();
      db.$client.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A request to a running server (`base`: its URL) with a JSON body and the bearer token, if given. */
export function jsonRequest(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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

/**
 * The `ws` client class, sending `X-Forwarded-For: ip` with its upgrade when an address is given
 * (a server with TRUST_PROXY then takes the socket as coming from it): sockets "from" many
 * addresses in one test.
 */
function webSocketFrom(ip: string | undefined): typeof WebSocket {
  if (!ip) return WebSocket;
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { "X-Forwarded-For": ip } });
    }
  } as typeof WebSocket;
}

export type Client = {
  doc: Y.Doc;
  provider: WebsocketProvider;
  deal: Y.Array<KvPair>;
  closed: { code: number }[];
};

/**
 * A stock WebsocketProvider on the deal (or private, or economics: issue #38) document, as the
 * browser hook opens it. `deal` is the document's array, whichever document it is.
 */
export function connectClient(
  h: { server: Pick<RunningServer, "url"> },
  quoteId: string,
  options: {
    token?: string;
    private?: boolean;
    economics?: boolean;
    doc?: Y.Doc;
    connect?: boolean;
    device?: string;
    /** The address the socket comes from (the server must trust X-Forwarded-For: TRUST_PROXY). */
    ip?: string;
  } = {},
): Client {
  const doc = options.doc ?? new Y.Doc();
  const kind: DocKind = options.economics ? "economics" : options.private ? "private" : "deal";
  const provider = new WebsocketProvider(liveServerUrl(h.server.url), docNameOf(quoteId, kind), doc, {
    WebSocketPolyfill: webSocketFrom(options.ip) as unknown as typeof globalThis.WebSocket,
    protocols: liveProtocols(options.token, options.device),
    disableBc: true,
    connect: options.connect ?? true,
  });
  const closed: { code: number }[] = [];
  provider.on("connection-close", (event) => {
    if (event) closed.push({ code: event.code });
  });
  return { doc, provider, deal: docArray(doc, kind), closed };
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

export type RawSocket = {
  ws: WebSocket;
  messages: Uint8Array[];
  closed: Promise<{ code: number; reason: string }>;
  /** The server's copy after the sync handshake (SyncStep1 with an empty state vector). */
  doc: Y.Doc;
};

/** A bare socket speaking the protocol by hand: for crafted and hostile messages. */
export async function rawSocket(
  h: { server: Pick<RunningServer, "url"> },
  docName: string,
  options: { token?: string; origin?: string; device?: string; ip?: string } = {},
): Promise<RawSocket> {
  const ws = new WebSocket(
    `${liveServerUrl(h.server.url)}/${docName}`,
    liveProtocols(options.token, options.device),
    {
      origin: options.origin,
      headers: options.ip ? { "X-Forwarded-For": options.ip } : undefined,
    },
  );
  ws.binaryType = "nodebuffer";
  const messages: Uint8Array[] = [];
  const doc = new Y.Doc();
  ws.on("message", (data: Buffer) => {
    const bytes = new Uint8Array(data);
    messages.push(bytes);
    // Sync step 2 or update from the server: mirror it.
    if (bytes[0] === 0 && (bytes[1] === 1 || bytes[1] === 2)) {
      const decoder = decoding.createDecoder(bytes);
      decoding.readVarUint(decoder);
      decoding.readVarUint(decoder);
      Y.applyUpdate(doc, decoding.readVarUint8Array(decoder));
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeSyncStep1(encoder, new Y.Doc());
  ws.send(encoding.toUint8Array(encoder));
  await eventually(() => {
    if (!messages.some((m) => m[0] === 0 && m[1] === 1)) throw new Error("no sync step 2 yet");
  });
  return { ws, messages, closed, doc };
}

/** A sync message (`[0, step, update]`) carrying what `change` does to a copy of `base`. */
export function craftUpdate(
  base: Y.Doc,
  change: (copy: Y.Doc) => void,
  step: 1 | 2 = 2,
  clientId?: number,
): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(base));
  // Writing under a chosen Yjs client id (someone else's, for the identity attacks); set after
  // the base is in, since Yjs picks a new id when a remote update carries its own.
  if (clientId !== undefined) copy.clientID = clientId;
  const vector = Y.encodeStateVector(copy);
  change(copy);
  const update = Y.encodeStateAsUpdate(copy, vector);
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, step);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** The HTTP status an upgrade is refused with (or 101 when accepted). */
export function upgradeStatus(
  h: { server: Pick<RunningServer, "url"> },
  docName: string,
  options: { token?: string; origin?: string; device?: string; ip?: string } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `${liveServerUrl(h.server.url)}/${docName}`,
      liveProtocols(options.token, options.device),
      { origin: options.origin, headers: options.ip ? { "X-Forwarded-For": options.ip } : undefined },
    );
    ws.on("error", () => {});
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once("open", () => {
      resolve(101);
      ws.close();
    });
  });
}

/** The document as stored in SQLite (state blob + appended log), read through a second connection. */
export function storedDoc(h: { db: Db }, docName: string): Y.Doc {
  const stored = createLiveStore(h.db).load(docName);
  if (!stored) throw new Error(`no stored ${docName}`);
  return docFromStored(stored);
}

/** True when two documents hold exactly the same operations. */
export function sameState(a: Y.Doc, b: Y.Doc): boolean {
  return Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b)));
}
