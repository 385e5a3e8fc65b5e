import { docArray, readEntries } from "@shared/live/quote-doc";
import type * as Y from "yjs";
import type { LiveBounds } from "../../config";
import { admitBounds, admitIdentity } from "./admit";
import type { Conn, Refusal, Room } from "./room-types";
import { type GuardVerdict, judgeUpdate } from "./update-guard";
import { catchUpScratch, judgedDoc, undoJudgement, type Workspace } from "./workspace";

// The judge stage: the guard (update-guard.ts: the permissions table's exact keys, values, deal
// rules, stale edits), then the admit stage's identity and bounds, then the deal's lifecycle, all
// with the update applied in the workspace (workspace.ts).
//
// Guarantees:
// - An accepted update is judged against the room's entries as of the head it is applied to, and
//   the deal's state (lock, expiry) as the room last read it (lifecycle-watch.ts keeps that at the
//   database's; the PostgreSQL log checks it again at the append).
// - A refused update leaves the workspace exactly as before (undoJudgement) and changes nothing.
// - An accepted one stays applied in the workspace, with the Yjs client ids it claims.

type Judged = { ok: true; verdict: GuardVerdict & { ok: true }; claims: number[] };

/** The room's entries of its document (read again after other processes' updates arrived). */
export const entriesOf = (doc: Y.Doc, kind: Room["kind"]) => readEntries(docArray(doc, kind));

export function judge(
  space: Workspace,
  bounds: LiveBounds,
  room: Room,
  conn: Conn,
  update: Uint8Array,
): Judged | Refusal {
  if (!space.inPlace) catchUpScratch(room);
  if (room.entriesStale) {
    room.entries = entriesOf(room.doc, room.kind);
    room.entriesStale = false;
  }
  const doc = judgedDoc(space, room);
  const verdict = judgeUpdate(doc, update, {
    kind: room.kind,
    role: conn.role,
    expired: room.expiresAt < Date.now(),
    before: room.entries,
  });
  if (!verdict.ok) {
    undoJudgement(space, room);
    return verdict;
  }
  const claims = admitIdentity(room, conn, verdict.written);
  if (!Array.isArray(claims)) {
    undoJudgement(space, room);
    return claims;
  }
  if (room.dealState.locked && verdict.changedDoc) {
    undoJudgement(space, room);
    return { ok: false, reason: "the deal is locked (accepted)", close: "dealLocked" };
  }
  const refusal = admitBounds(bounds, room, conn, doc, update, verdict);
  if (refusal) {
    undoJudgement(space, room);
    return refusal;
  }
  return { ok: true, verdict, claims };
}
