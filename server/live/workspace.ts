import * as Y from "yjs";
import { encodeState } from "../db/stored-doc";
import type { Room } from "./room-types";

// The judge stage's workspace: where an update is tried before anyone may see it, and how a refusal
// leaves nothing behind (the scratch-copy economy, docs/decisions/005-live-server.md).
//
// Guarantees:
// - In place (one process, the SQLite log): an update is judged in `doc` itself; `scratch` is what
//   `doc` was before the accepted updates in `scratchBehind`, and a refusal rebuilds `doc` from it.
//   An accepted update is applied once, not twice: `scratch` catches up in one rebuild per
//   SCRATCH_BEHIND_MAX updates, or at the refusal that needs them.
// - At the head (several processes, the PostgreSQL log): an update is judged on `scratch`, which
//   first catches up with `doc` (the committed head); what the guard integrated there is captured
//   as the V2 delta the log stores (`room.scratchV2`). A refusal rebuilds `scratch` from `doc`.
// - Either way, after `undoJudgement` the room's documents are exactly as before the update.

/**
 * How many updates `scratch` may fall behind `doc` by before it is rebuilt from `doc` instead
 * (one rebuild costs about what a few applies do, so most of each update's apply is saved).
 */
const SCRATCH_BEHIND_MAX = 64;

/** Where updates are judged: in `doc` (one process) or on `scratch` at the head (several). */
export type Workspace = { inPlace: boolean };

/** What the guard's apply integrates into scratch is the delta the log stores (at the head only). */
const scratchCaptures = new WeakMap<Y.Doc, (update: Uint8Array) => void>();

export function captureScratch(room: Room): void {
  const capture = (update: Uint8Array) => {
    room.scratchV2 = room.scratchV2 ? Y.mergeUpdatesV2([room.scratchV2, update]) : update;
  };
  room.scratch.on("updateV2", capture);
  scratchCaptures.set(room.scratch, capture);
}

/** A fresh `scratch` equal to `doc` (nothing owed to it any more). */
export function rebuildScratch(space: Workspace, room: Room): void {
  room.scratch.destroy();
  room.scratch = new Y.Doc({ guid: room.name });
  Y.applyUpdateV2(room.scratch, encodeState(room.doc));
  room.scratchBehind = [];
  if (!space.inPlace) captureScratch(room);
}

/** The document an update is judged in. */
export const judgedDoc = (space: Workspace, room: Room): Y.Doc => (space.inPlace ? room.doc : room.scratch);

/** In place: the update being judged in `doc` was refused; `doc` goes back to what it was. */
function restoreDoc(room: Room): void {
  const restored = room.scratch;
  for (const update of room.scratchBehind) Y.applyUpdate(restored, update);
  // The refused doc is dropped, not destroyed: the room's awareness was made on the first doc
  // and ends with the room (destroying a doc destroys its awareness).
  room.doc = restored;
  room.scratch = new Y.Doc({ guid: room.name });
  Y.applyUpdateV2(room.scratch, encodeState(restored));
  room.scratchBehind = [];
}

/**
 * An update now in `doc` is owed to `scratch` (see scratchBehind): in place, an accepted one (V1,
 * as received); at the head, another process's (V2, from the log). `doc` is at a clean state here.
 */
export function owedToScratch(space: Workspace, room: Room, update: Uint8Array): void {
  room.scratchBehind.push(update);
  if (room.scratchBehind.length >= SCRATCH_BEHIND_MAX) rebuildScratch(space, room);
}

/** A refused judgement leaves nothing behind: the copy it was tried on goes back to the head. */
export function undoJudgement(space: Workspace, room: Room): void {
  if (space.inPlace) restoreDoc(room);
  else rebuildScratch(space, room);
}

/** At the head: `scratch` catches up with `doc` before a judgement (its capture is not wanted for these). */
export function catchUpScratch(room: Room): void {
  const behind = room.scratchBehind;
  if (behind.length === 0) return;
  room.scratchBehind = [];
  const capture = scratchCaptures.get(room.scratch);
  if (capture) room.scratch.off("updateV2", capture);
  for (const update of behind) Y.applyUpdateV2(room.scratch, update);
  if (capture) room.scratch.on("updateV2", capture);
}

/** A new room's `scratch`, equal to its loaded `doc`. */
export function newScratch(room: Pick<Room, "name" | "doc">): Y.Doc {
  const scratch = new Y.Doc({ guid: room.name });
  Y.applyUpdateV2(scratch, encodeState(room.doc));
  return scratch;
}
