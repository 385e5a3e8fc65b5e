import type { HistoryPush } from "@shared/history/history-push";
import type { DocFollower } from "./doc-follower";
import type { BusMessage, RedisBus } from "./redis-bus";

// The live pipeline's bus: how a process tells the others what its sockets did. One process has
// no one to tell (the local bus); several tell each other over Redis (fanout/redis-bus.ts), and the
// follower (fanout/doc-follower.ts) brings their commits in (remote.ts).
//
// Guarantees:
// - A commit is published only after it is stored (the PostgreSQL log calls `committed` after its
//   append), so what another process receives is stored.
// - The history rows a commit stored go out after the commit itself, so another process's dealers
//   see the change before its row (issue #48: every open History panel, on every process).
// - Presence goes out with the principal who announced it, so another process's rooms keep the
//   same Yjs client id owners as this one's (nobody there may write under them).
// - A control message (a quote deleted, its state or the team changed) reaches every other
//   process at once; each also polls the database, so a message lost with Redis costs a poll's delay.

/** What one process tells the others about a quote or the team (fanout/redis-bus.ts carries it). */
type ControlMessage = Extract<BusMessage, { type: "control" }>;

export type LiveBus = {
  /** This process's committed update of `docName` at `seq`, with the message its sockets got. */
  committed(docName: string, seq: number, delta: Uint8Array, message: Uint8Array): void;
  /** The history rows a change of the deal `docName` stored (after `committed`, or a REST write's). */
  history(docName: string, push: HistoryPush): void;
  /** This process's sockets' presence change, with the principal who made it. */
  publishAwareness(docName: string, update: Uint8Array, owner: string): void;
  /** The document unloaded here: its channel and its follower are let go. */
  untrack(docName: string): void;
  /** A quote deleted, its state or the team changed here: the other processes act on it at once. */
  control(message: ControlMessage): void;
};

/** One process: nobody else to tell. */
export const localBus: LiveBus = {
  committed() {},
  history() {},
  publishAwareness() {},
  untrack() {},
  control() {},
};

/** Several processes: Redis (or, without it, the log's poll) through the document follower. */
export function sharedBus(follower: DocFollower, redis: RedisBus | null): LiveBus {
  return {
    committed: (docName, seq, delta, message) => follower.committed(docName, seq, delta, message),
    history: (docName, push) => redis?.publish({ type: "history", docName, push }),
    publishAwareness: (docName, update, owner) =>
      redis?.publish({ type: "awareness", docName, owner, update }),
    untrack: (docName) => follower.untrack(docName),
    control: (message) => redis?.publish(message),
  };
}
