import type { HistoryPush } from "@shared/history-push";
import type { AppendEntry } from "../db/sqlite/document-store";
import type { AcceptedUpdate, Conn, Room } from "./room-types";

// The queue of the group commit (DESIGN.md, Persistence): accepted updates wait here, already
// applied to their room but neither stored nor sent, until `commit` runs once for all of them: at
// the end of the event-loop turn that read them (setImmediate runs after every socket read of the
// turn: microseconds, no timer). An edit that arrives on a quiet server is committed and sent at
// once; under load a turn reads many messages, and one transaction carries them all: most of an
// SQLite commit's cost (BEGIN, COMMIT, the WAL frames of each page it dirtied) is per transaction,
// not per update (docs/decisions/005-live-server.md). Issue #52: commits used to be kept 1 ms apart
// as well, which made every edit at 1,000/s wait for the gap (p50 twice the best peer's) for no
// saving the benchmark could show (docs/benchmarks.md).

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
  let scheduled: NodeJS.Immediate | null = null;

  const run = () => {
    scheduled = null;
    commit();
  };

  return {
    add(update: QueuedUpdate) {
      queued.push(update);
      scheduled ??= setImmediate(run);
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
      if (scheduled) clearImmediate(scheduled);
      run();
    },
    /** Forgets a dropped room's queued updates: nobody saw them and its quote may be gone. */
    drop(room: Room) {
      queued = queued.filter((update) => update.room !== room);
    },
  };
}
