import * as Y from "yjs";
import { encodeState } from "../../db/stored-doc";
import type { Room } from "./room-types";

// The judge stage's workspace: where an update is tried before anyone may see it, and how a refusal
// leaves nothing behind (the scratch-copy economy, docs/decisions/005-live-server.md).
//
// Guarantees:
// - In place (one process, the SQLite log): an update is judged in `doc` itself; `base` is the
//   encoded state `doc` had before the accepted updates in `scratchBehind`, and a refusal rebuilds
//   `doc` from both. No second document is kept (issue #52: a room's load costs one apply, and an
//   accepted update is applied once): `base` moves up by one encode per SCRATCH_BEHIND_MAX updates.
// - At the head (several processes, the PostgreSQL log): an update is judged on `scratch`, which
//   first catches up with `doc` (the committed head); what the guard integrated there is captured
//   as the V2 delta the log stores (`room.scratchV2`). A refusal rebuilds `scratch` from `doc`.
// - Either way, after `undoJudgement` the room's documents are exactly as before the update.

/**
 * How many updates the copy (`scratch`, or in place `base`) may fall behind `doc` by before it is
 * rebuilt from `doc` instead (one rebuild costs about what a few applies do).
 */
const SCRATCH_BEHIND_MAX = 64;

/**
 * Issue #52: a room's document lets go of each transaction as soon as Yjs is done with it. Yjs
 * queues a transaction in the document's `_transactionCleanups` array and, once it is cleaned up,
 * replaces the array and drops the old one. But that array was made at the end of the room's
 * previous edit, most likely long enough ago to sit in V8's old space, and the young-generation
 * collector keeps alive whatever an old-space object points to, dead or not: every edit's
 * transaction (its maps and sets, its delete set, its events, about 4 KB) survived two scavenges
 * and was promoted, only to die at the next full collection (7-11 ms scavenges every 250 ms at
 * 2,000 edits a second, a 13-15 ms mark-compact every 2 s). Emptying the dropped array when Yjs
 * hands it to `afterAllTransactions`, the last thing it does with it, ends that.
 */
export function releasingTransactions(doc: Y.Doc): Y.Doc {
  doc.on("afterAllTransactions", (_doc: Y.Doc, cleanups: Y.Transaction[]) => {
    cleanups.length = 0;
  });
  return doc;
}

/** Where updates are judged: in `doc` (one process) or on `scratch` at the head (several). */
export type Workspace = { inPlace: boolean };

/** What the guard's apply integrates into scratch is the delta the log stores (at the head only). */
const scratchCaptures = new WeakMap<Y.Doc, (update: Uint8Array) => void>();

export function captureScratch(room: Room): void {
  const capture = (update: Uint8Array) => {
    room.scratchV2 = room.scratchV2 ? Y.mergeUpdatesV2([room.scratchV2, update]) : update;
  };
  const scratch = headCopy(room);
  scratch.on("updateV2", capture);
  scratchCaptures.set(scratch, capture);
}

/** The copy equal to `doc` again (nothing owed to it any more): in place `base`, else `scratch`. */
export function rebuildScratch(space: Workspace, room: Room): void {
  room.scratchBehind = [];
  if (space.inPlace) {
    room.base = encodeState(room.doc);
    return;
  }
  room.scratch?.destroy();
  room.scratch = releasingTransactions(new Y.Doc({ guid: room.name }));
  Y.applyUpdateV2(room.scratch, encodeState(room.doc));
  captureScratch(room);
}

/** At the head: the copy updates are judged on (it exists in shared mode only). */
function headCopy(room: Room): Y.Doc {
  if (!room.scratch) throw new Error(`room ${room.name} has no copy at the head`);
  return room.scratch;
}

/** The document an update is judged in. */
export const judgedDoc = (space: Workspace, room: Room): Y.Doc => (space.inPlace ? room.doc : headCopy(room));

/** In place: the update being judged in `doc` was refused; `doc` goes back to what it was. */
function restoreDoc(room: Room): void {
  if (!room.base) throw new Error(`room ${room.name} has no base state`);
  const restored = releasingTransactions(new Y.Doc({ guid: room.name }));
  Y.applyUpdateV2(restored, room.base);
  for (const update of room.scratchBehind) Y.applyUpdate(restored, update);
  // The refused doc is dropped, not destroyed: the room's awareness was made on the first doc
  // and ends with the room (destroying a doc destroys its awareness). `base` and the updates
  // behind it still make the restored doc.
  room.doc = restored;
}

/**
 * An update now in `doc` is owed to `scratch` (see scratchBehind): in place, an accepted one (V1,
 * as received); at the head, another process's (V2, from the log). `doc` is at a clean state here.
 */
export function owedToScratch(space: Workspace, room: Room, update: Uint8Array): void {
  room.scratchBehind.push(update);
  if (room.scratchBehind.length >= SCRATCH_BEHIND_MAX) rebuildScratch(space, room);
}

/**
 * What the log stores of an accepted judgement: in place the update as received (amended: its
 * stale edits taken out again), at the head the V2 delta the guard integrated into `scratch` (null
 * when nothing was).
 */
export function judgedDelta(space: Workspace, room: Room, amended: Uint8Array): Uint8Array | null {
  if (space.inPlace) return amended;
  const delta = room.scratchV2;
  room.scratchV2 = null;
  return delta;
}

/** A refused judgement leaves nothing behind: the copy it was tried on goes back to the head. */
export function undoJudgement(space: Workspace, room: Room): void {
  if (space.inPlace) restoreDoc(room);
  else rebuildScratch(space, room);
}

/**
 * At the head: `scratch` catches up with `doc` before a judgement (its capture is not wanted for
 * these), and the delta an earlier judgement captured is forgotten.
 */
export function catchUpScratch(room: Room): void {
  room.scratchV2 = null;
  const behind = room.scratchBehind;
  if (behind.length === 0) return;
  room.scratchBehind = [];
  const scratch = headCopy(room);
  const capture = scratchCaptures.get(scratch);
  if (capture) scratch.off("updateV2", capture);
  for (const update of behind) Y.applyUpdateV2(scratch, update);
  if (capture) scratch.on("updateV2", capture);
}

/**
 * A new room's copy, equal to its loaded `doc`: in place its `base` (the stored state when that is
 * all the document is, so a load encodes nothing), at the head a `scratch` document.
 */
export function newCopy(
  space: Workspace,
  room: Pick<Room, "name" | "doc">,
  storedState: Uint8Array | null,
): Pick<Room, "scratch" | "base"> {
  if (space.inPlace) return { scratch: null, base: storedState ?? encodeState(room.doc) };
  const scratch = releasingTransactions(new Y.Doc({ guid: room.name }));
  Y.applyUpdateV2(scratch, storedState ?? encodeState(room.doc));
  return { scratch, base: null };
}
