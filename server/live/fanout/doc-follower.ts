import type { DocumentLog, LoadedDocument, LoggedUpdate } from "../../db/postgres/document-log";
import type { BusMessage, RedisBus } from "./redis-bus";

// Keeps this process's loaded documents at the head of their PostgreSQL logs
// (../shared/design/SCALE.md §5). Updates other processes committed arrive over Redis and are
// applied in seq order; a gap (a message Redis dropped, or one that overtook another) is filled
// from PostgreSQL, and a slow poll of the heads is the safety net: every 2 s, every 0.5 s while
// Redis is away, and at once when it is back (pub/sub drops what was published meanwhile).
// Everything for one document runs in that document's serial queue, which the room also uses for
// its own appends, so the room's seq and content only ever move forward by whole, committed steps.

type FollowerHandlers = {
  /** Committed updates from other processes, in order, each exactly once. */
  onUpdates(docName: string, updates: LoggedUpdate[]): void;
  /** The missing updates were compacted away: the document as stored now (send clients the difference). */
  onReload(docName: string, loaded: LoadedDocument): void;
  /** The document no longer exists (its quote was deleted in some process). */
  onGone(docName: string): void;
};

export type DocFollower = {
  /**
   * Starts following a document loaded at `seq`; resolves once its Redis channel is subscribed
   * and whatever was committed meanwhile has been delivered.
   */
  track(docName: string, seq: number): Promise<void>;
  untrack(docName: string): void;
  /** The last seq applied locally; undefined when the document is not tracked. */
  seq(docName: string): number | undefined;
  /** Runs `task` in the document's serial queue (appends, catch-ups, bus messages). */
  enqueue<T>(docName: string, task: () => Promise<T>): Promise<T>;
  /**
   * Records a local append that committed as `seq` (call from inside the queue) and tells the
   * other processes. Publishing follows the commit, so anything anyone receives is stored.
   */
  committed(docName: string, seq: number, update: Uint8Array, wire?: Uint8Array): void;
  /** Brings one document to the head now (e.g. after a stale append); inside the queue. */
  catchUp(docName: string): Promise<void>;
  /** Hand every bus message here (RedisBusOptions.onMessage). */
  receive(message: BusMessage): void;
  /** Hand the bus's connection changes here: poll fast while it is away, at once when it is back. */
  connectionChanged(connected: boolean): void;
  close(): void;
};

type FollowerOptions = FollowerHandlers & {
  log: Pick<DocumentLog, "readSince" | "heads" | "load">;
  /** Null without REDIS_URL: then polling alone carries other processes' updates. */
  bus: Pick<RedisBus, "connected" | "subscribe" | "unsubscribe" | "publish"> | null;
  pollMs?: number;
  fastPollMs?: number;
  report?(error: unknown): void;
};

type Tracked = { seq: number; queue: Promise<unknown> };

export function createDocFollower(options: FollowerOptions): DocFollower {
  const { log, bus, pollMs = 2000, fastPollMs = 500, report = () => {} } = options;
  const docs = new Map<string, Tracked>();
  let polling = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const enqueue = <T>(docName: string, task: () => Promise<T>): Promise<T> => {
    const doc = docs.get(docName);
    if (!doc) return task();
    const next = doc.queue.then(task, task);
    doc.queue = next.catch(() => {});
    return next;
  };

  const gone = (docName: string) => {
    untrack(docName);
    options.onGone(docName);
  };

  const catchUp = async (docName: string) => {
    const doc = docs.get(docName);
    if (!doc) return;
    const since = await log.readSince(docName, doc.seq);
    if (docs.get(docName) !== doc) return;
    if (since === "gone") return gone(docName);
    if (since === "compacted") {
      const loaded = await log.load(docName);
      if (docs.get(docName) !== doc) return;
      if (!loaded) return gone(docName);
      doc.seq = loaded.headSeq;
      options.onReload(docName, loaded);
      return;
    }
    const fresh = since.filter((u) => u.seq > doc.seq);
    if (fresh.length === 0) return;
    doc.seq = fresh[fresh.length - 1]!.seq;
    options.onUpdates(docName, fresh);
  };

  const receive = (message: BusMessage) => {
    if (message.type !== "update") return;
    const { docName, seq, update, wire } = message;
    if (!docs.has(docName)) return;
    enqueue(docName, async () => {
      const doc = docs.get(docName);
      if (!doc || seq <= doc.seq) return; // not ours any more, or already applied
      if (seq === doc.seq + 1) {
        doc.seq = seq;
        options.onUpdates(docName, [{ seq, update, wire }]);
        return;
      }
      await catchUp(docName); // the row is there: publish follows commit
    }).catch(report);
  };

  const poll = async () => {
    if (polling || docs.size === 0) return;
    polling = true;
    try {
      const names = [...docs.keys()];
      const heads = await log.heads(names);
      for (const name of names) {
        const doc = docs.get(name);
        if (!doc) continue;
        const head = heads.get(name);
        if (head === undefined) enqueue(name, async () => gone(name)).catch(report);
        else if (head > doc.seq) enqueue(name, () => catchUp(name)).catch(report);
      }
    } catch (error) {
      report(error);
    } finally {
      polling = false;
    }
  };

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    const delay = bus?.connected ? pollMs : fastPollMs;
    timer = setTimeout(() => {
      poll().finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();

  function untrack(docName: string) {
    if (!docs.delete(docName)) return;
    bus?.unsubscribe(docName);
  }

  return {
    async track(docName, seq) {
      if (docs.has(docName)) return;
      docs.set(docName, { seq, queue: Promise.resolve() });
      await bus?.subscribe(docName);
      // Updates committed between the load and the subscription were published to nobody here.
      await enqueue(docName, () => catchUp(docName));
    },
    untrack,
    seq: (docName) => docs.get(docName)?.seq,
    enqueue,
    committed(docName, seq, update, wire) {
      const doc = docs.get(docName);
      if (doc && seq > doc.seq) doc.seq = seq;
      bus?.publish({ type: "update", docName, seq, update, wire });
    },
    catchUp,
    receive,
    connectionChanged(connected) {
      if (connected) poll().finally(schedule);
      else schedule();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      for (const name of [...docs.keys()]) untrack(name);
    },
  };
}
