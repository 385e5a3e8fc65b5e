import type { HistoryPush } from "@shared/history-push";
import type { AppendEntry } from "../db/sqlite/document-store";
import type { AcceptedUpdate, Conn, Room } from "./room-types";

// The queue of the group commit (DESIGN.md, Persistence): accepted updates wait here, already
// applied to their room but neither stored nor sent, until `commit` runs once for all of them. On a
// quiet server that is the rest of the current event-loop turn (setImmediate runs after every
// socket read in it: microseconds, no timer). Under load, commits are kept MIN_COMMIT_GAP_MS apart
// (a timer of at most about 2 ms), so one transaction carries the updates of several turns: most of
// an SQLite commit's cost (BEGIN, COMMIT, the WAL frames of each page it dirtied) is per
// transaction, not per update (docs/decisions/005-live-server.md).

/** Least time between the starts of two commits while updates keep arriving. */
export const MIN_COMMIT_GAP_MS = 1;

export type QueuedUpdate = {
  room: Room;
  sender: Conn;
  /** The Update message the other connections get. */
  message: Uint8Array;
  /** Issue #36: what the sender gets after the commit (its stale pairs taken out, the notice); null: nothing. */
  toSender: Uint8Array[] | null;
  /** What the store appends (V2 delta, listing columns, history hook). */
  entry: AppendEntry;
  /** The accepted-update event, sent after the commit (committedAt filled in then). */
  accepted: AcceptedUpdate | null;
  /** History rows the commit writes, pushed to the room's dealers after it (deal documents). */
  history: HistoryPush | null;
};

export function createCommitBatch(commit: () => void) {
  let queued: QueuedUpdate[] = [];
  let cancel: (() => void) | null = null;
  let lastCommitAt = Number.NEGATIVE_INFINITY;

  const run = () => {
    cancel = null;
    lastCommitAt = performance.now();
    commit();
  };

  return {
    add(update: QueuedUpdate) {
      queued.push(update);
      if (cancel) return;
      const wait = lastCommitAt + MIN_COMMIT_GAP_MS - performance.now();
      if (wait <= 0) {
        const immediate = setImmediate(run);
        cancel = () => clearImmediate(immediate);
      } else {
        const timer = setTimeout(run, wait);
        cancel = () => clearTimeout(timer);
      }
    },
    /** Everything queued, in order; the queue starts empty again. */
    take(): QueuedUpdate[] {
      const taken = queued;
      queued = [];
      return taken;
    },
    /** What is queued, in order, without taking it (issue #47: payment requests not yet stored count). */
    queued: (): readonly QueuedUpdate[] => queued,
    /** Commits now what is queued (a read of a room's content must not see uncommitted updates). */
    flush() {
      if (queued.length === 0) return;
      cancel?.();
      run();
    },
    /** Forgets a dropped room's queued updates: nobody saw them and its quote may be gone. */
    drop(room: Room) {
      queued = queued.filter((update) => update.room !== room);
    },
  };
}
