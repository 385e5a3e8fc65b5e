import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live-protocol";
import { docArray, removeUnknownPairs } from "@shared/quote-doc";
import type { ClientIdClaim, DocStore } from "../db/sqlite/document-store";
import { encodeState, loadStoredDoc } from "../db/stored-doc";
import type { RecentRequests } from "../db/stores";
import { liveMetrics } from "../metrics/metrics";
import { listingFiguresOfDoc } from "../quotes/listing-total";
import { broadcastCommitted } from "./broadcast";
import { createCommitBatch, type QueuedUpdate } from "./commit-batch";
import type { DocumentLog, Pipeline } from "./document-log";
import { judge } from "./judge";
import { grossSiblingName, roomGrossCents } from "./listing-gross";
import {
  capRefusal,
  capWindowMs,
  paymentRequestOf,
  paymentRequestRecord,
  requesterOf,
} from "./payment-request";
import { acceptInto, historyChange, listingChange, outgoingMessage, staleEditsOf, withAmend } from "./record";
import type { Room } from "./room-types";
import { firstWriteOf, shopperWriters, WROTE_BEFORE_RECORDS } from "./shopper-slots";
import { owedToScratch, undoJudgement, type Workspace } from "./workspace";

// The document log of one process: SQLite (better-sqlite3, synchronous), and this process the
// only writer, so a room's `doc` is always the head and an update is judged in it (in place).
//
// Guarantees:
// - Group commit: every update accepted since the last commit goes into one SQLite transaction
//   (commit-batch.ts: once per event-loop turn, after all the sockets read in it), then each is
//   broadcast in order. Nothing is sent before its transaction committed.
// - A read of a room's content for someone (SyncStep2, REST reads, unload) commits what waits
//   first (`flush`), so nobody ever sees an uncommitted update.
// - A failed commit stored none of its updates and nobody saw them: those rooms are dropped from
//   memory (sockets closed with 1011) and load again from disk; the clients still hold their
//   edits and resend them.
// - A room's log is folded into its state blob past `compactAfter` rows and when its last
//   connection leaves; the desk log's figures and Gross column follow at every fold.
// - Issue #47: a shopper's payment request over its caps is refused after the judgement and
//   changes nothing; the caps count the requests stored and those accepted but not yet committed.

export function createSqliteLog(pipeline: Pipeline, store: DocStore): DocumentLog {
  const { options, rooms } = pipeline;
  const { log } = options;
  const space: Workspace = { inPlace: true };

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
        pipeline.discard(room, LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
      }
      return;
    }
    const committedAt = performance.timeOrigin + performance.now();
    const compactLater = new Set<Room>();
    pending.forEach((item, index) => {
      const { room } = item;
      room.lastSeq = seqs[index] as number;
      room.logLength += 1;
      broadcastCommitted(room, item.sender, item.message, item.toSender, item.history);
      if (room.logLength > options.compactAfter) compactLater.add(room);
    });
    for (const room of compactLater) if (rooms.get(room.name) === room) compact(room);
    if (pending.some((item) => item.entry.paymentRequest)) options.onHandoffStored?.();
    if (options.onAcceptedUpdate)
      for (const item of pending)
        if (item.accepted) options.onAcceptedUpdate({ ...item.accepted, committedAt });
  }
  const batch = createCommitBatch(commit);

  /** Issue #47: the requests of the quote and of the requester, stored or waiting for the commit (age 0). */
  function recentRequests(quoteId: string, requester: string): RecentRequests {
    const stored = store.recentPaymentRequests(
      quoteId,
      requester,
      capWindowMs(options.bounds.paymentRequestCaps),
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

  return {
    space,

    open(name, quoteId, kind, state) {
      const existing = rooms.get(name);
      if (existing) return existing;
      const { doc, lastSeq, logLength, storedState } = loadStoredDoc(store, name);
      // Pairs stored before the guard checked exact keys are removed once, stored by the compaction below.
      const junk = removeUnknownPairs(docArray(doc, kind));
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
      const room = pipeline.makeRoom(name, quoteId, kind, state, {
        doc,
        lastSeq,
        logLength,
        owners,
        storedState: junk === 0 ? storedState : null,
      });
      if (junk > 0) {
        log(`live: removed ${junk} unknown pairs from ${name}`);
        room.logLength = Math.max(room.logLength, 1);
        compact(room);
      }
      return room;
    },

    /** Judged in `doc` itself: accepted, it is applied already, and queued for the group commit. */
    write(room, conn, update, wire) {
      const judged = judge(space, options.bounds, room, conn, update);
      if (!judged.ok) return judged;
      const { verdict, claims } = judged;
      // Nothing integrated: nothing to store or send.
      if (!verdict.changedDoc) return verdict;
      const request = paymentRequestOf(room, conn.role, verdict, room.entries);
      if (request) {
        const refusal = capRefusal(
          options.bounds.paymentRequestCaps,
          recentRequests(room.quoteId, requesterOf(conn)),
        );
        if (refusal) {
          undoJudgement(space, room);
          return refusal;
        }
      }
      // Stale edits were taken out again (the guard's amend): stored and sent with the update.
      const stale = staleEditsOf(room, verdict);
      const stored = withAmend(update, verdict);
      owedToScratch(space, room, stored);
      const accepted = acceptInto(room, conn, verdict, options.onAcceptedUpdate !== undefined);
      room.approxBytes += stored.length;
      const claimed: ClientIdClaim[] = [];
      for (const clientId of claims) {
        room.writers.set(clientId, conn);
        if (room.owners.get(clientId) === conn.principal) continue;
        room.owners.set(clientId, conn.principal);
        claimed.push({ clientId, principal: conn.principal });
      }
      const recordChange = options.recordChange;
      const queued: QueuedUpdate = {
        room,
        sender: conn,
        message: outgoingMessage(update, stored, wire),
        toSender: stale?.toSender ?? null,
        entry: {
          docName: room.name,
          quoteId: room.quoteId,
          // All of it was integrated (no pending structs), so the update as received is what is
          // stored: a duplicate part costs bytes in the log until the next compaction, never state.
          update: stored,
          listing: listingChange(room, verdict),
          claims: claimed,
          paymentRequest: request ? paymentRequestRecord(room, conn, request) : null,
          firstWrite: firstWriteOf(conn),
          alsoRecord:
            room.kind === "deal" && recordChange
              ? (at) => {
                  queued.history = recordChange({ ...historyChange(room, conn, verdict, stale), at });
                }
              : undefined,
        },
        accepted,
        history: null,
      };
      batch.add(queued);
      return verdict;
    },

    flush: () => batch.flush(),
    drop: (room) => batch.drop(room),

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

    async unload(room) {
      batch.flush();
      compact(room);
      pipeline.destroy(room);
    },

    async closeAll(all) {
      batch.flush();
      for (const room of all) {
        compact(room);
        pipeline.destroy(room);
      }
    },
  };
}
