import * as Y from "yjs";
import { openPostgres } from "../server/db/postgres/connection";
import { createDocumentLog } from "../server/db/postgres/document-log";
import { createDocFollower, type DocFollower } from "../server/live/fanout/doc-follower";
import { createRedisBus } from "../server/live/fanout/redis-bus";

// One DealDesk-like process of the PostgreSQL + Redis benchmark (bench/pg-bench.ts): it follows
// every document, writes its share of them at the asked rate through the real pipeline (per-document
// queue → CAS append on PostgreSQL → publish on Redis), and reports how long the other process's
// edits took to arrive here. Same machine, so both read the same wall clock.

type Command =
  | { type: "init"; url: string; redisUrl: string; name: string; docNames: string[] }
  | { type: "run"; parity: number; ratePerDoc: number; seconds: number }
  | { type: "report" };

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

let follower: DocFollower | undefined;
let log: ReturnType<typeof createDocumentLog> | undefined;
const docs = new Map<string, Y.Doc>();
const writers = new Map<string, Y.Doc>();
const arrivals: number[] = [];
const appendMs: number[] = [];
let staleRetries = 0;
let appends = 0;

async function init(command: Extract<Command, { type: "init" }>) {
  const db = await openPostgres(command.url, 8);
  log = createDocumentLog(db);
  const bus = await createRedisBus({
    url: command.redisUrl,
    processId: command.name,
    onMessage: (message) => follower?.receive(message),
    onConnectionChange: (connected) => follower?.connectionChanged(connected),
  });
  const apply = (docName: string, update: Uint8Array) => {
    const doc = docs.get(docName)!;
    Y.applyUpdate(doc, update);
    const sentAt = doc.getMap<number>("t").get("sentAt");
    if (sentAt !== undefined) arrivals.push(now() - sentAt);
  };
  follower = createDocFollower({
    log,
    bus,
    onUpdates: (docName, updates) => {
      for (const u of updates) apply(docName, u.update);
    },
    onReload: (docName, loaded) => {
      Y.applyUpdate(docs.get(docName)!, loaded.state);
      for (const u of loaded.updates) apply(docName, u.update);
    },
    onGone: () => {},
  });
  for (const docName of command.docNames) {
    const loaded = await log.load(docName);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, loaded!.state);
    for (const u of loaded!.updates) Y.applyUpdate(doc, u.update);
    docs.set(docName, doc);
    const writer = new Y.Doc();
    Y.applyUpdate(writer, Y.encodeStateAsUpdate(doc));
    writers.set(docName, writer);
    await follower.track(docName, loaded!.headSeq);
  }
  send({ type: "ready" });
}

function write(docName: string) {
  const writer = writers.get(docName)!;
  let update: Uint8Array | undefined;
  const capture = (u: Uint8Array) => {
    update = u;
  };
  writer.on("update", capture);
  writer.getMap<number>("t").set("sentAt", now());
  writer.off("update", capture);
  const f = follower!;
  return f.enqueue(docName, async () => {
    for (;;) {
      const started = performance.now();
      const result = await log!.append(docName, f.seq(docName)!, update!);
      appendMs.push(performance.now() - started);
      if (result.status === "ok") {
        appends += 1;
        Y.applyUpdate(docs.get(docName)!, update!);
        f.committed(docName, result.seq, update!);
        return;
      }
      if (result.status === "gone") return;
      staleRetries += 1;
      await f.catchUp(docName);
    }
  });
}

async function run(command: Extract<Command, { type: "run" }>) {
  const mine = [...docs.keys()].filter((_, i) => i % 2 === command.parity);
  // Each document once per 1/ratePerDoc s, spread evenly over that interval.
  const intervalMs = 1000 / command.ratePerDoc;
  const endAt = performance.now() + command.seconds * 1000;
  const pending: Promise<void>[] = [];
  let next = performance.now();
  let i = 0;
  while (performance.now() < endAt) {
    const stepMs = intervalMs / mine.length;
    next += stepMs;
    const docName = mine[i % mine.length]!;
    i += 1;
    pending.push(write(docName).catch(() => {}));
    const wait = next - performance.now();
    // Always yield, also when behind: the commits and the other process's updates need the loop.
    await new Promise((r) => (wait > 1 ? setTimeout(r, wait) : setImmediate(r)));
  }
  await Promise.all(pending);
  send({ type: "ran" });
}

process.on("message", (command: Command) => {
  if (command.type === "init") init(command).catch((e) => send({ type: "error", error: String(e) }));
  else if (command.type === "run") run(command).catch((e) => send({ type: "error", error: String(e) }));
  else if (command.type === "report") send({ type: "report", arrivals, appendMs, staleRetries, appends });
});
