import type { HistoryPush } from "@shared/history/history-push";
import type { AppendEntry } from "../../db/sqlite/live-store";
import type { Room } from "../stages/room-types";
import type { Appended } from "./document-log";

// The queue of the group commit (DESIGN.md, Persistence): accepted updates wait here, already
// applied to their room but neither stored nor sent, until `commit` runs once for all of them.
// Issue #52: an update that arrives while the server is not under load is committed at the end of
// the event-loop turn that read it (setImmediate runs after every socket read of the turn:
// microseconds, no timer), with whatever else that turn read. Under load (updates arriving on
// average less than LOAD_ARRIVAL_MS apart, about 1,400 a second) commits are also kept
// MIN_COMMIT_GAP_MS apart, so one transaction carries the updates of several turns: most of an
// SQLite commit's cost (BEGIN, COMMIT, the WAL frames of each page it dirtied) is per
// transaction, not per update (docs/decisions/005-live-server.md). Always waiting for the gap
// made every edit at 1,000/s wait too (p50 twice the best peer's, docs/benchmarks.md). The gap is
// 3 ms (docs/decisions/037-commit-gap-under-load.md): at 2,000 edits a second a transaction carries
// about six updates instead of four, a sixth less CPU per edit, and an update waits at most the gap.

/** Least time between the starts of two commits under load. */
const MIN_COMMIT_GAP_MS = 3;
/** Under load: the running average of the time between two updates is below this. */
const LOAD_ARRIVAL_MS = 0.7;
/** An idle stretch counts as this long in the average, so that load is seen again within ~40 updates. */
const LONGEST_ARRIVAL_MS = 10;

export type QueuedUpdate = {
  room: Room;
  /** What the store appends (the update, listing columns, claims, the history hook). */
  entry: AppendEntry;
  /** History rows the commit writes (deal documents), filled in inside its transaction. */
  history: HistoryPush | null;
  /** Answers the pipeline once the commit stored it (or did not). */
  settle(appended: Appended): void;
};

export function createCommitBatch(commit: () => void) {
  let queued: QueuedUpdate[] = [];
  let cancel: (() => void) | null = null;
  let lastCommitAt = Number.NEGATIVE_INFINITY;
  let lastArrivalAt = Number.NEGATIVE_INFINITY;
  // The running average of the time between two updates (ms): 10% the newest.
  let arrivalMs = LONGEST_ARRIVAL_MS;

  const run = () => {
    cancel = null;
    lastCommitAt = performance.now();
    commit();
  };

  return {
    add(update: QueuedUpdate) {
      queued.push(update);
      const now = performance.now();
      arrivalMs = 0.9 * arrivalMs + 0.1 * Math.min(now - lastArrivalAt, LONGEST_ARRIVAL_MS);
      lastArrivalAt = now;
      if (cancel) return;
      const wait = arrivalMs < LOAD_ARRIVAL_MS ? lastCommitAt + MIN_COMMIT_GAP_MS - now : 0;
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
    /** Forgets a dropped room's queued updates (nobody saw them and its quote may be gone); answers them. */
    drop(room: Room): QueuedUpdate[] {
      const dropped = queued.filter((update) => update.room === room);
      if (dropped.length > 0) queued = queued.filter((update) => update.room !== room);
      return dropped;
    },
  };
}
