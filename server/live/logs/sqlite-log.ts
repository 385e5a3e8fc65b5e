import type { HistoryPush } from "@shared/history/history-push";
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import { docArray, removeUnknownPairs } from "@shared/live/quote-doc";
import type { LiveBounds } from "../../config";
import type { HistoryTail, RecordedChange } from "../../db/history/recorder";
import type { RecentRequests } from "../../db/repositories/payment-requests";
import type { SqliteLiveStore } from "../../db/sqlite/live-store";
import { DocumentMissingError, encodeState, loadStoredDoc } from "../../db/stored-doc";
import { liveMetrics } from "../../metrics/metrics";
import { listingFiguresOfDoc } from "../../quotes/listing-total";
import { grossSiblingName, roomGrossCents } from "../stages/listing-gross";
import { capWindowMs } from "../stages/payment-request";
import type { Room } from "../stages/room-types";
import { shopperWriters, WROTE_BEFORE_RECORDS } from "../stages/shopper-slots";
import type { Workspace } from "../stages/workspace";
import { createCommitBatch, type QueuedUpdate } from "./commit-batch";
import type { Appended, DocumentLog, RoomSet } from "./document-log";

// The document log of one process: SQLite (better-sqlite3, synchronous), and this process the
// only writer, so a room's `doc` is always the head and an update is judged in it (in place).
//
// Guarantees:
// - Group commit: every update appended since the last commit goes into one SQLite transaction
//   (commit-batch.ts: once per event-loop turn, after all the sockets read in it), and only then
//   is each answered committed, in order. Nothing is sent before its transaction committed.
// - A write runs at once, in the turn that read it: the updates of one turn are judged one after
//   another on `doc`, and a refusal is final (nobody else appends).
// - A read of a room's content for someone (SyncStep2, REST reads, unload) commits what waits
//   first (`flush`), so nobody ever sees an uncommitted update.
// - A failed commit stored none of its updates and nobody saw them: those rooms are dropped from
//   memory (sockets closed with 1011) and load again from disk; the clients still hold their
//   edits and resend them.
// - A room's log is folded into its state blob past `compactAfter` rows and when its last
//   connection leaves; the desk log's figures and Gross column follow at every fold.
// - Issue #47: the payment request caps count the requests stored and those appended but not yet
//   committed.

type SqliteLogDeps = {
  store: SqliteLiveStore;
  log: (line: string) => void;
  bounds: LiveBounds;
  /**
   * Records a deal document's accepted change inside the append's transaction (the deal's
   * history), with the room's own tail of it (recorder.ts).
   */
  recordChange: (change: RecordedChange, tail: HistoryTail) => HistoryPush;
};

const ENDED: Appended = { status: "ended" };

export function createSqliteLog(set: RoomSet, deps: SqliteLogDeps): DocumentLog {
  const { rooms } = set;
  const { store, log, recordChange } = deps;
  const space: Workspace = { inPlace: true };
  // Each deal room's newest history event per field (recorder.ts), gone with the room: a room
  // discarded after a failed commit takes what that transaction's rollback undid with it.
  const historyTails = new WeakMap<Room, HistoryTail>();
  const tailOf = (room: Room): HistoryTail => {
    let tail = historyTails.get(room);
    if (!tail) {
      tail = new Map();
      historyTails.set(room, tail);
    }
    return tail;
  };

  function compact(room: Room) {
    if (room.logLength === 0) return;
    try {
      store.compact(room.name, encodeState(room.doc), room.lastSeq);
      room.logLength = 0;
      // The desk log's figure follows the deal at every compaction, the last one when the room empties.
      if (room.kind === "deal") store.setListingFigures(room.quoteId, listingFiguresOfDoc(room.doc));
      // Issue #38: its Gross column follows the deal and the economics documents (listing-gross.ts).
      const sibling = grossSiblingName(room);
      if (sibling)
        store.setListingGross(
          room.quoteId,
          roomGrossCents(room, rooms.get(sibling)?.doc ?? store.load(sibling)),
        );
    } catch (error) {
      // The log still holds every update; compaction is retried at the next opportunity.
      log(`live: compaction of ${room.name} failed: ${String(error)}`);
    }
  }

  /** The group commit (see the guarantees above); runs from the batch's timer or a flush. */
  function commit() {
    const pending = batch.take();
    if (pending.length === 0) return;
    let seqs: number[];
    const committed = liveMetrics.commitTimer();
    try {
      seqs = store.appendMany(pending.map((item) => item.entry));
      committed();
      liveMetrics.accepted(pending.length);
    } catch (error) {
      const failed = new Map<Room, number>();
      for (const { room } of pending) failed.set(room, (failed.get(room) ?? 0) + 1);
      for (const [room, count] of failed) {
        const what = count === 1 ? "an update" : `${count} updates`;
        log(`live: storing ${what} of ${room.name} failed: ${String(error)}`);
        set.discard(room, LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
      }
      for (const item of pending) item.settle(ENDED);
      return;
    }
    pending.forEach((item, index) => {
      const seq = seqs[index] as number;
      item.room.lastSeq = seq;
      item.room.logLength += 1;
      item.settle({
        status: "committed",
        seq,
        history: item.history,
        handoffStored: Boolean(item.entry.paymentRequest),
      });
    });
  }
  const batch = createCommitBatch(commit);

  /** Issue #47: the requests of the quote and of the requester, stored or waiting for the commit (age 0). */
  function recentRequests(quoteId: string, requester: string): RecentRequests {
    const stored = store.recentPaymentRequests(
      quoteId,
      requester,
      capWindowMs(deps.bounds.paymentRequestCaps),
    );
    const waiting = batch.queued().flatMap((item) => (item.entry.paymentRequest ? [item.entry] : []));
    return {
      quote: [...stored.quote, ...waiting.filter((entry) => entry.quoteId === quoteId).map(() => 0)],
      requester: [
        ...stored.requester,
        ...waiting.filter((entry) => entry.paymentRequest?.requester === requester).map(() => 0),
      ],
    };
  }

  const wanted = (room: Room) => room.conns.size > 0 || room.pins > 0 || rooms.get(room.name) !== room;

  return {
    space,

    async load(name, quoteId, kind) {
      // A deleted quote's documents may outlive it for a moment (they go in the same transaction).
      if (!store.quoteExists(quoteId)) throw new DocumentMissingError(name);
      const { doc, lastSeq, logLength, storedState } = loadStoredDoc(store, name);
      liveMetrics.documentsRead(1);
      // Pairs stored before the guard checked exact keys are removed once, folded in at `opened`.
      const junk = removeUnknownPairs(docArray(doc, kind));
      if (junk > 0) log(`live: removed ${junk} unknown pairs from ${name}`);
      const owners = store.clientIdOwners(name);
      // Issue #47: devices whose writes predate the kept first writes rank before everyone since.
      const writers = kind === "deal" ? shopperWriters(doc, owners) : [];
      if (writers.length > 0)
        try {
          store.recordFirstWrites(quoteId, writers, WROTE_BEFORE_RECORDS);
        } catch (error) {
          // Read-only storage still serves the document; the next load records them.
          log(`live: keeping the first writes of ${name} failed: ${String(error)}`);
        }
      return {
        doc,
        lastSeq,
        logLength,
        owners,
        storedState: junk === 0 ? storedState : null,
        foldNow: junk > 0,
      };
    },

    async opened(room, loaded) {
      if (!loaded.foldNow) return;
      room.logLength = Math.max(room.logLength, 1);
      compact(room);
    },

    inOrder(room, write) {
      // At once: the judgement, the cap and the queueing happen in the turn that read the update.
      write().catch((error: unknown) => {
        log(`live: storing an update of ${room.name} failed: ${String(error)}`);
        set.discard(room, LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
      });
    },

    // This process is the only writer: a refusal judged on `doc` is final.
    judgeAgain: () => false,

    recentRequests,

    append(room, _conn, entry) {
      const { change } = entry;
      return new Promise<Appended>((settle) => {
        const queued: QueuedUpdate = {
          room,
          entry: {
            docName: room.name,
            quoteId: room.quoteId,
            // All of it was integrated (no pending structs), so the update as received is what is
            // stored: a duplicate part costs bytes in the log until the next compaction, never state.
            update: entry.update,
            listing: entry.listing,
            claims: entry.claims,
            paymentRequest: entry.paymentRequest,
            firstWrite: entry.firstWrite,
            alsoRecord: change
              ? (at) => {
                  queued.history = recordChange({ ...change, at }, tailOf(room));
                }
              : undefined,
          },
          history: null,
          settle,
        };
        batch.add(queued);
      });
    },

    async current() {
      batch.flush();
    },

    flush: () => batch.flush(),
    drop(room) {
      for (const item of batch.drop(room)) item.settle(ENDED);
    },

    claim(room, claims) {
      try {
        store.claimClientIds(room.name, room.quoteId, claims);
      } catch (error) {
        // Not stored: the ids stay this open connection's (mayAnnounce made it their writer, as
        // before issue #36), and are claimed for good with the first update written under them.
        log(`live: storing presence claims of ${room.name} failed: ${String(error)}`);
        for (const claim of claims) room.owners.delete(claim.clientId);
      }
    },

    async compact(room) {
      compact(room);
    },

    async unload(room) {
      batch.flush();
      if (wanted(room)) return;
      compact(room);
      set.destroy(room);
    },

    async closeAll(all) {
      batch.flush();
      for (const room of all) {
        compact(room);
        set.destroy(room);
      }
    },
  };
}
