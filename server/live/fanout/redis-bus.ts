import type { HistoryPush } from "@shared/history/history-push";
import { createClient } from "redis";

// Redis pub/sub between DealDesk processes (../shared/design/SCALE.md §5). Nothing durable lives
// here: every update published was committed to PostgreSQL first, so a message Redis drops costs
// latency (the receiver fills the gap from PostgreSQL, or its poll does), never data. One channel
// per loaded document plus one control channel; each message names its sender, whose own messages
// are ignored.

export type BusMessage =
  /** A committed update of a document, `seq` its place in the document's log. */
  | {
      type: "update";
      docName: string;
      seq: number;
      /** As the log stores it (V2). */
      update: Uint8Array;
      /** The y-websocket Update message the sender's clients got: forwarded as is, no re-encoding. */
      wire?: Uint8Array;
    }
  /**
   * Issue #48: the history rows a committed change wrote (stored first), for the dealers' History
   * panels on the processes that have the deal open. A lost one is made good when Redis is back.
   */
  | { type: "history"; docName: string; push: HistoryPush }
  /** Presence of a remote connection (owner = process/connection/role). */
  | { type: "awareness"; docName: string; owner: string; update: Uint8Array }
  | { type: "control"; control: "quote-deleted"; quoteId: string }
  | { type: "control"; control: "token-revoked"; userId: string }
  /** Issue #33: a quote's state changed (lock, expiry, salesperson): every process reads it again. */
  | { type: "control"; control: "quote-state"; quoteId: string }
  /** Issue #33: a member's role or membership changed: every open quote's state is read again. */
  | { type: "control"; control: "team-state" }
  | { type: "control"; control: "heartbeat" };

export type RedisBus = {
  readonly processId: string;
  /** Whether messages flow now; while false the receivers rely on polling. */
  readonly connected: boolean;
  /** Resolves once Redis confirmed the subscription (at once while Redis is away). */
  subscribe(docName: string): Promise<void>;
  unsubscribe(docName: string): void;
  /** Best effort: a message that cannot be sent now is dropped (the receivers' poll covers it). */
  publish(message: BusMessage): void;
  close(): Promise<void>;
};

export type RedisBusOptions = {
  url: string;
  processId: string;
  onMessage(message: BusMessage, from: string): void;
  /** Called when the connection to Redis is lost (false) and when it is back (true). */
  onConnectionChange?(connected: boolean): void;
  log?(line: string): void;
};

const CONTROL = "dd:control";
const docChannel = (docName: string) => `dd:doc:${docName}`;

// One binary frame per message: a length-prefixed JSON header (sender and the message's small
// fields), then the update and the wire message as raw bytes (base64 in JSON cost every process
// an encoding and a decoding per edit).

const BINARY = ["update", "wire"] as const;

function encode(from: string, message: BusMessage): Buffer {
  const fields: Record<string, unknown> = { ...message };
  const parts: Buffer[] = [];
  for (const name of BINARY) {
    const bytes = fields[name] as Uint8Array | undefined;
    delete fields[name];
    const body = bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.alloc(0);
    const length = Buffer.alloc(4);
    length.writeInt32BE(bytes ? body.length : -1);
    parts.push(length, body);
  }
  const header = Buffer.from(JSON.stringify({ from, m: fields }));
  const headerLength = Buffer.alloc(4);
  headerLength.writeUInt32BE(header.length);
  return Buffer.concat([headerLength, header, ...parts]);
}

function decode(raw: Buffer): { from: string; message: BusMessage } | null {
  try {
    let at = 4 + raw.readUInt32BE(0);
    const { from, m } = JSON.parse(raw.subarray(4, at).toString()) as {
      from: string;
      m: Record<string, unknown>;
    };
    for (const name of BINARY) {
      const length = raw.readInt32BE(at);
      at += 4;
      if (length < 0) continue;
      m[name] = new Uint8Array(raw.buffer, raw.byteOffset + at, length);
      at += length;
    }
    return { from, message: m as BusMessage };
  } catch {
    return null;
  }
}

/** Publishes Redis has not answered yet beyond which more are dropped (the receivers' poll covers them). */
const MAX_UNANSWERED_PUBLISHES = 10_000;

export async function createRedisBus(options: RedisBusOptions): Promise<RedisBus> {
  const { processId, onMessage, log = () => {} } = options;
  const clientOptions = {
    url: options.url,
    // Publishing into a queue while Redis is away would only grow memory: the poll covers the gap.
    disableOfflineQueue: true,
    // Back within a second of Redis returning (SCALE.md §8: ≤ 1 s after it is back).
    socket: { reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 500) },
  };
  // No per-command timeout for publishing: the client's default (5 s) arms an AbortSignal.timeout
  // for every PUBLISH, each firing (a DOMException) 5 s after its publish long answered, about 4%
  // of a process's time at 1,000 edits/s. A publish is best effort anyway; what bounds a Redis that
  // hangs without closing is MAX_UNANSWERED_PUBLISHES below.
  const publisher = createClient({ ...clientOptions, commandOptions: { timeout: 0 } });
  let unanswered = 0;
  const subscriber = createClient(clientOptions);
  const wanted = new Set<string>();
  let connected = false;
  let closed = false;

  const listener = (raw: Buffer) => {
    const decoded = decode(raw);
    if (!decoded || decoded.from === processId) return;
    onMessage(decoded.message, decoded.from);
  };
  const trySubscribe = async (channel: string) => {
    if (!subscriber.isReady) return; // subscribed on "ready"
    await subscriber.subscribe(channel, listener, true).catch(() => {});
  };
  const setConnected = (value: boolean) => {
    if (value === connected || closed) return;
    connected = value;
    log(
      value
        ? "Redis connected: live updates fan out across processes"
        : "Redis unreachable: polling PostgreSQL",
    );
    options.onConnectionChange?.(value);
  };

  for (const client of [publisher, subscriber]) {
    client.on("error", () => setConnected(false));
    client.on("end", () => setConnected(false));
    client.on("ready", () => {
      if (publisher.isReady && subscriber.isReady) setConnected(true);
    });
  }
  // After a reconnect the client restores the subscriptions it had; channels asked for while it
  // was away are subscribed here.
  subscriber.on("ready", () => {
    for (const channel of wanted) subscriber.subscribe(channel, listener, true).catch(() => {});
  });

  await Promise.all([publisher.connect(), subscriber.connect()]);
  wanted.add(CONTROL);
  await subscriber.subscribe(CONTROL, listener, true);

  return {
    processId,
    get connected() {
      return connected;
    },
    async subscribe(docName) {
      const channel = docChannel(docName);
      if (wanted.has(channel)) return;
      wanted.add(channel);
      await trySubscribe(channel);
    },
    unsubscribe(docName) {
      const channel = docChannel(docName);
      if (!wanted.delete(channel)) return;
      if (subscriber.isReady) subscriber.unsubscribe(channel, listener, true).catch(() => {});
    },
    publish(message) {
      if (!publisher.isReady) return;
      const channel = message.type === "control" ? CONTROL : docChannel(message.docName);
      if (unanswered >= MAX_UNANSWERED_PUBLISHES) return;
      unanswered += 1;
      publisher
        .publish(channel, encode(processId, message))
        .catch(() => {})
        .finally(() => {
          unanswered -= 1;
        });
    },
    async close() {
      closed = true;
      publisher.destroy();
      subscriber.destroy();
    },
  };
}
