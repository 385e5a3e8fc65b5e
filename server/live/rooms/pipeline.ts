import * as Y from "yjs";
import type { LiveBounds } from "../../config";
import type { ClientIdClaim } from "../../db/repositories/documents";
import type { LiveBus } from "../fanout/bus";
import type { DocumentLog, LogEntry, RoomSet, Tries } from "../logs/document-log";
import { admitUpdate } from "../stages/admit";
import { broadcastCommitted } from "../stages/broadcast";
import { judge } from "../stages/judge";
import { capRefusal, paymentRequestOf, paymentRequestRecord, requesterOf } from "../stages/payment-request";
import { historyChange, listingChange, outgoingMessage, staleEditsOf, withAmend } from "../stages/record";
import type { Conn, Room } from "../stages/room-types";
import { firstWriteOf } from "../stages/shopper-slots";
import { applyVerdict, type GuardVerdict } from "../stages/update-guard";
import { judgedDelta, owedToScratch, undoJudgement } from "../stages/workspace";

// The live pipeline: every update a socket sends takes these stages, in this order, whichever
// deployment runs it (docs/ARCHITECTURE.md, "A live edit"). What differs between one process and
// several is the document log's (logs/document-log.ts): where the judgement runs, the append, the
// document's order and when to judge again.
//
//   admit      stages/admit.ts              size, rate, a closing socket (before anything is applied)
//   judge      stages/judge.ts              the guard, identity and bounds, the lock, in the workspace
//   cap        stages/payment-request.ts    a shopper's payment requests per quote and device (#47)
//   commit     logs/document-log.ts         stored, with what the update records, before anyone sees it
//   apply      stages/workspace.ts          the room's document, entries and client id owners move
//   broadcast  stages/broadcast.ts          the room's sockets; the other processes through fanout/bus.ts
//   record     stages/record.ts             history rows to the dealers, the outbox worker, the log's fold
//
// Guarantees:
// - Nothing is sent before it is stored: broadcast runs only for what the log answered committed.
// - A refusal changes nothing for anyone: the workspace is undone and the sender told (refuse).
// - One process runs admit → judge → cap → commit's queueing in the turn that read the update, so
//   the updates of one turn are judged one after another on `doc` and commit together; the stages
//   after the commit run once the group commit has stored them, in commit order.

type Accepted = GuardVerdict & { ok: true };

export type PipelineOptions = {
  bounds: LiveBounds;
  /** Fold a document's log into its stored state once it holds more rows than this. */
  compactAfter: number;
  /** Issue #39: an append stored outbox events (a payment request): the delivery worker may start. */
  onHandoffStored?: () => void;
};

export function createPipeline(set: RoomSet, log: DocumentLog, bus: LiveBus, options: PipelineOptions) {
  const { rooms } = set;
  const { space } = log;
  const { bounds } = options;

  /** Whether `conn` may still write to `room`: both still here, its socket open. */
  const writing = (room: Room, conn: Conn) =>
    rooms.get(room.name) === room && room.conns.has(conn) && conn.ws.readyState === conn.ws.OPEN;

  /** The apply stage: the room takes the judged update (its document, entries and client ids). */
  function apply(room: Room, conn: Conn, verdict: Accepted, claims: number[], delta: Uint8Array) {
    // In place the judgement applied it to `doc` already: it is owed to the copy a refusal rebuilds from.
    if (space.inPlace) owedToScratch(space, room, delta);
    else Y.applyUpdateV2(room.doc, delta, conn);
    applyVerdict(room.entries, verdict);
    room.approxBytes += delta.length;
    for (const clientId of claims) {
      room.writers.set(clientId, conn);
      room.owners.set(clientId, conn.principal);
    }
  }

  /** One update's stages after admit, in the document's order, judged again while the log says so. */
  async function run(room: Room, conn: Conn, update: Uint8Array, wire: Uint8Array | null) {
    const tries: Tries = { count: 0, stateChecked: false };
    for (; ; tries.count += 1) {
      if (!writing(room, conn)) return;
      // Judge.
      const judged = judge(space, bounds, room, conn, update);
      if (!judged.ok) {
        const again = log.judgeAgain(room, judged, tries);
        if (again !== false && (await again)) continue;
        if (rooms.get(room.name) === room) set.refuse(room, conn, judged);
        return;
      }
      const { verdict, claims } = judged;
      const amended = withAmend(update, verdict);
      const delta = judgedDelta(space, room, amended);
      // Nothing integrated: nothing to store or send.
      if (!verdict.changedDoc || !delta) return;
      // Cap (issue #47): a shopper's payment request over its caps changes nothing.
      const request = paymentRequestOf(room, conn.role, verdict, room.entries);
      if (request) {
        let recent = log.recentRequests(room.quoteId, requesterOf(conn));
        if (recent instanceof Promise) recent = await recent;
        const refusal = capRefusal(bounds.paymentRequestCaps, recent);
        if (refusal || !writing(room, conn)) {
          undoJudgement(space, room);
          if (refusal && writing(room, conn)) set.refuse(room, conn, refusal);
          return;
        }
      }
      // Commit.
      const stale = staleEditsOf(room, verdict);
      const claimed: ClientIdClaim[] = claims
        .filter((clientId) => room.owners.get(clientId) !== conn.principal)
        .map((clientId) => ({ clientId, principal: conn.principal }));
      const entry: LogEntry = {
        update: delta,
        listing: listingChange(room, verdict),
        claims: claimed,
        paymentRequest: request ? paymentRequestRecord(room, conn, request) : null,
        firstWrite: firstWriteOf(conn),
        change:
          room.kind === "deal" && (verdict.keys.length > 0 || stale !== null)
            ? historyChange(room, conn, verdict, stale)
            : null,
      };
      // In place the next update of this turn is judged on this one: the room takes it now.
      if (space.inPlace) apply(room, conn, verdict, claims, delta);
      const appended = await log.append(room, conn, entry);
      if (appended.status === "again") continue;
      if (appended.status === "ended") return;
      // Apply: at the head, `doc` moves only to what is committed.
      if (!space.inPlace) apply(room, conn, verdict, claims, delta);
      // Broadcast: the other processes, then this process's sockets.
      const message = outgoingMessage(update, amended, wire);
      bus.committed(room.name, appended.seq, delta, message);
      broadcastCommitted(room, conn, message, stale?.toSender ?? null, appended.history);
      // Record: the dealers' History panels on every process, the outbox worker, the log's fold.
      if (appended.history) bus.history(room.name, appended.history);
      if (appended.handoffStored) options.onHandoffStored?.();
      if (room.logLength > options.compactAfter && rooms.get(room.name) === room) await log.compact(room);
      return;
    }
  }

  return {
    /** An update from `conn`'s socket (a SyncStep2 or an Update): admitted, then the stages above. */
    write(room: Room, conn: Conn, update: Uint8Array, wire: Uint8Array | null): void {
      const refusal = admitUpdate(bounds, conn, update);
      if (refusal) set.refuse(room, conn, refusal);
      else log.inOrder(room, () => run(room, conn, update, wire));
    },
  };
}
