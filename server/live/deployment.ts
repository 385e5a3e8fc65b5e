import type { HistoryPush } from "@shared/history/history-push";
import type { LiveBounds } from "../config";
import { createHistoryRecorder } from "../db/history/recorder";
import type { ShopperVisit } from "../db/shopper-visits";
import { createLiveStore } from "../db/sqlite/live-store";
import { type LiveBus, localBus, sharedBus } from "./fanout/bus";
import { createDocFollower } from "./fanout/doc-follower";
import type { LiveStorage } from "./live-storage";
import { startCheckpointer } from "./logs/checkpointer";
import type { DocumentLog, RoomSet } from "./logs/document-log";
import { createPostgresLog } from "./logs/postgres-log";
import { createSqliteLog } from "./logs/sqlite-log";
import type { Rooms } from "./rooms/rooms";

// The wiring: the one place that knows which deployment runs (docs/ARCHITECTURE.md, "One process or
// several"). It makes, from the storage, what differs: the document log, the bus, where the
// devices' first writes and the shoppers' visits are read, and what runs beside them (SQLite's
// checkpointer; several processes' follower and visit reports). Everything else in server/live/
// runs the same code for both.

/** How often each process reports its shoppers' visits with DATABASE_URL. */
const VISIT_REPORT_MS = 2000;

/** What the live server hears from the other processes (several processes only). */
type DeploymentEvents = {
  /** The rooms, for other processes' commits and presence (remote.ts). */
  rooms(): Rooms;
  quoteDeleted(quoteId: string): void;
  quoteState(quoteId: string): void;
  teamState(): void;
  /** Issue #48: history rows another process stored. */
  history(docName: string, push: HistoryPush): void;
  /** Redis is back: what was published meanwhile never arrived. */
  reconnected(): void;
  /** Issue #33: reads the quote's state into its rooms (lifecycle-watch.ts). */
  refreshState(quoteId: string): Promise<void>;
  refreshStateIfChanged(quoteId: string): Promise<void>;
  /** This process's shoppers looking at their quote now. */
  lookingHere(): ShopperVisit[];
};

type Deployment = {
  documentLog(set: RoomSet): DocumentLog;
  bus: LiveBus;
  /** Issue #47: when each of these shopper devices first wrote to the quote, as stored. */
  firstWrites(quoteId: string, principals: readonly string[]): Promise<Map<string, number>>;
  /** Quotes a shopper is looking at now: this process's, or every process's (reported to PostgreSQL). */
  viewing(): ShopperVisit[] | Promise<ShopperVisit[]>;
  /** The first live socket of the process is about to join (starts what only live sockets need). */
  firstJoin(): void;
  close(): void;
};

type DeploymentDeps = {
  storage: LiveStorage;
  bounds: LiveBounds;
  log: (line: string) => void;
  events: DeploymentEvents;
};

export function wireDeployment(deps: DeploymentDeps): Deployment {
  return deps.storage.kind === "sqlite" ? oneProcess(deps, deps.storage.db) : severalProcesses(deps);
}

/** One process: the SQLite file, written by the group commit; nobody else to tell. */
function oneProcess(deps: DeploymentDeps, db: Extract<LiveStorage, { kind: "sqlite" }>["db"]): Deployment {
  const { log, bounds, events } = deps;
  const store = createLiveStore(db);
  let stopCheckpoints: (() => void) | undefined;
  return {
    documentLog: (set) =>
      createSqliteLog(set, { store, log, bounds, recordChange: createHistoryRecorder(db) }),
    bus: localBus,
    firstWrites: async (quoteId, principals) => store.firstWrites(quoteId, principals),
    viewing: () => events.lookingHere(),
    firstJoin() {
      stopCheckpoints ??= startCheckpointer(db.$client, log);
    },
    close: () => stopCheckpoints?.(),
  };
}

/**
 * Several processes: PostgreSQL as each document's ordered log, the follower keeping every loaded
 * document at its head (other processes' commits over Redis, gaps and Redis outages filled from
 * PostgreSQL), control messages and presence over Redis, the shoppers' visits reported every 2 s.
 */
function severalProcesses(deps: DeploymentDeps): Deployment {
  const { log, bounds, events } = deps;
  const storage = deps.storage as Extract<LiveStorage, { kind: "shared" }>;
  const { store, bus: redis } = storage;
  const follower = createDocFollower({
    log: store.log,
    bus: redis,
    onUpdates: (name, updates) => events.rooms().remote.onUpdates(name, updates),
    onReload: (name, loaded) => events.rooms().remote.onReload(name, loaded),
    onGone: (name) => events.rooms().remote.onGone(name),
    report: (error) => log(`live: following other processes failed: ${String(error)}`),
  });
  storage.events.onMessage = (message) => {
    if (message.type === "control" && message.control === "quote-deleted")
      events.quoteDeleted(message.quoteId);
    else if (message.type === "control" && message.control === "quote-state")
      events.quoteState(message.quoteId);
    else if (message.type === "control" && message.control === "team-state") events.teamState();
    else if (message.type === "awareness")
      events.rooms().remote.onAwareness(message.docName, message.update, message.owner);
    else if (message.type === "history") events.history(message.docName, message.push);
    else follower.receive(message);
  };
  storage.events.onConnectionChange = (connected) => {
    follower.connectionChanged(connected);
    if (connected) events.reconnected();
  };

  // Each process reports its own shoppers every 2 s, seen for 5 s, so the dashboard, served by any
  // process, shows every visit (SCALE.md §5, dashboard live status).
  let reporting = false;
  const visitTimer = setInterval(() => {
    const visits = events.lookingHere();
    if (visits.length === 0 || reporting) return;
    reporting = true;
    const now = Date.now();
    store
      .reportVisits(visits, now, now + VISIT_REPORT_MS * 2.5)
      .catch((error: unknown) => log(`live: reporting shopper visits failed: ${String(error)}`))
      .finally(() => {
        reporting = false;
      });
  }, VISIT_REPORT_MS);
  visitTimer.unref();

  return {
    documentLog: (set) =>
      createPostgresLog(set, {
        store,
        follower,
        log,
        bounds,
        refreshState: events.refreshState,
        refreshStateIfChanged: events.refreshStateIfChanged,
      }),
    bus: sharedBus(follower, redis),
    firstWrites: (quoteId, principals) => store.firstWrites(quoteId, principals),
    viewing: () => store.visitsNow(Date.now()),
    firstJoin() {},
    close() {
      clearInterval(visitTimer);
      follower.close();
    },
  };
}
