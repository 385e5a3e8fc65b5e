import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import { applyAwarenessUpdate } from "y-protocols/awareness";
import * as Y from "yjs";
import type { LoadedDocument, LoggedUpdate } from "../../db/postgres/document-log";
import { encodeState } from "../../db/stored-doc";
import type { RoomSet } from "../logs/document-log";
import { broadcastRemote } from "../stages/broadcast";
import { decodeAwarenessUpdate, encodeUpdateMessage } from "../stages/protocol";
import { owedToScratch, rebuildScratch, type Workspace } from "../stages/workspace";

// The bus coming in (several processes): what other processes committed and announced, as the
// follower (fanout/doc-follower.ts) delivers it, in each document's serial queue.
//
// Guarantees:
// - Other processes' commits reach `doc` in seq order, each exactly once, already stored; they are
//   owed to `scratch` (judged on at the next write) and sent to this process's sockets.
// - A gap that was compacted away is filled from the stored document: the sockets get exactly the
//   difference.
// - Presence relayed from another process keeps its announcer: its client ids are theirs here too.
// - A document deleted by another process closes its sockets here with quoteDeleted.

/** Origin of updates other processes committed, and of presence they relayed (not any local connection). */
const REMOTE = Symbol("remote");

export function createRemoteStage(set: RoomSet, log: (line: string) => void, space: Workspace) {
  const { rooms } = set;
  return {
    /** Updates other processes committed, in order (the follower calls this in the queue). */
    onUpdates(docName: string, updates: readonly LoggedUpdate[]) {
      const room = rooms.get(docName);
      if (!room) return;
      for (const { seq, update, wire } of updates) {
        Y.applyUpdateV2(room.doc, update, REMOTE);
        owedToScratch(space, room, update);
        room.lastSeq = seq;
        room.logLength += 1;
        room.approxBytes += update.length;
        // The sender's clients' message when the bus brought it; from the log, encoded here.
        broadcastRemote(room, wire ?? encodeUpdateMessage(Y.convertUpdateFormatV2ToV1(update)));
      }
      room.entriesStale = true;
    },

    /** The missing updates were compacted away: merge the stored document and send the difference. */
    onReload(docName: string, loaded: Pick<LoadedDocument, "state" | "updates" | "headSeq">) {
      const room = rooms.get(docName);
      if (!room) return;
      const before = Y.encodeStateVector(room.doc);
      Y.applyUpdateV2(room.doc, loaded.state, REMOTE);
      for (const { update } of loaded.updates) Y.applyUpdateV2(room.doc, update, REMOTE);
      room.lastSeq = loaded.headSeq;
      room.logLength = loaded.updates.length;
      room.entriesStale = true;
      room.approxBytes = encodeState(room.doc).length;
      rebuildScratch(space, room);
      broadcastRemote(room, encodeUpdateMessage(Y.encodeStateAsUpdate(room.doc, before)));
    },

    /**
     * Presence another process relayed: applied as remote and sent to this process's sockets;
     * its client ids are `owner`'s (nobody here may announce or write under them).
     */
    onAwareness(docName: string, update: Uint8Array, owner: string) {
      const room = rooms.get(docName);
      if (!room) return;
      try {
        for (const entry of decodeAwarenessUpdate(update))
          if (entry.state === null) room.remoteOwners.delete(entry.clientId);
          else room.remoteOwners.set(entry.clientId, owner);
        applyAwarenessUpdate(room.awareness, update, REMOTE);
      } catch (error) {
        log(`live: presence from another process for ${docName} does not decode: ${String(error)}`);
      }
    },

    /** The document no longer exists (its quote was deleted in some process). */
    onGone(docName: string) {
      const room = rooms.get(docName);
      if (room) set.discard(room, LIVE_CLOSE_CODES.quoteDeleted, LIVE_CLOSE_REASONS.quoteDeleted);
    },
  };
}
