import type { HistoryPush } from "@shared/history-push";
import type { AppendEntry } from "./persistence";
import type { AcceptedUpdate, Conn, Room } from "./rooms";

// The queue of the group commit (DESIGN.md, Persistence): updates accepted during one event-loop
// turn wait here, already applied to their room but neither stored nor sent, until `commit` runs
// once for all of them. setImmediate runs after every socket read in this turn of the loop, so
// under load one transaction carries the updates of many sockets; on a quiet server the wait is
// the rest of the current turn (microseconds), not a timer.

export type QueuedUpdate = {
  room: Room;
  sender: Conn;
  /** The Update message the other connections get. */
  message: Uint8Array;
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
    /** Commits now what is queued (a read of a room's content must not see uncommitted updates). */
    flush() {
      if (queued.length === 0) return;
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      commit();
    },
    /** Forgets a dropped room's queued updates: nobody saw them and its quote may be gone. */
    drop(room: Room) {
      queued = queued.filter((update) => update.room !== room);
    },
  };
}
