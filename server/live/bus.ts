import type { HistoryPush } from "@shared/history-push";
import type { SharedRooms } from "./room-types";

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

export type LiveBus = {
  /** This process's committed update of `docName` at `seq`, with the message its sockets got. */
  committed(docName: string, seq: number, delta: Uint8Array, message: Uint8Array): void;
  /** The history rows a change of the deal `docName` stored (after `committed`, or a REST write's). */
  history(docName: string, push: HistoryPush): void;
  /** This process's sockets' presence change, with the principal who made it. */
  publishAwareness(docName: string, update: Uint8Array, owner: string): void;
  /** The document unloaded here: its channel and its follower are let go. */
  untrack(docName: string): void;
};

/** One process: nobody else to tell. */
export const localBus: LiveBus = {
  committed() {},
  history() {},
  publishAwareness() {},
  untrack() {},
};

/** Several processes: Redis (or, without it, the log's poll) through the document follower. */
export function sharedBus(shared: SharedRooms): LiveBus {
  return {
    committed: (docName, seq, delta, message) => shared.follower.committed(docName, seq, delta, message),
    history: (docName, push) => shared.publishHistory(docName, push),
    publishAwareness: (docName, update, owner) => shared.publishAwareness(docName, update, owner),
    untrack: (docName) => shared.follower.untrack(docName),
  };
}
