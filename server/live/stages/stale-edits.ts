import type { FlatEntries } from "@shared/live/quote-doc";
import * as Y from "yjs";
import { isPlainRecord, sameValue } from "./guard-values";

// The conflict rule (issue #36, docs/decisions/016-stale-offline-edits.md), as the judge stage
// applies it to an update already in the workspace.
//
// Guarantees:
// - A new pair of a key beside a pair of it that the update did not delete is an edit made without
//   seeing that key's current value (an offline phone, two edits crossing on the wire): every such
//   fresh pair is found, and taken out again in one transaction of the server's own (STALE_ORIGIN),
//   whose update is stored and sent with the sender's, so every replica converges on the value that
//   stayed.
// - A conflict is reported only where the value written differs from the one that stays; equal
//   values are taken out silently.

/** An edit of a key whose editor had not seen the key's current value (a stale offline edit). */
export type StaleEdit = { key: string; mine: unknown; theirs: unknown; theirsBy: number };

/** A live pair of a touched key: its value, its index in the array, and whether this update wrote it. */
type LivePair = { val: unknown; index: number; fresh: boolean; client: number };

/**
 * One walk of the array's items: the touched keys' values (the rightmost pair of a key wins, as
 * readers read it) and, per touched key, its live pairs. A pair is fresh when the update wrote it:
 * its struct's clock is at or past its client's clock before the update (`written`).
 */
export function scanPairs(
  array: Y.Array<unknown>,
  keys: ReadonlySet<string>,
  written: ReadonlyMap<number, number>,
): { now: FlatEntries; pairs: Map<string, LivePair[]> } {
  const now: FlatEntries = new Map();
  const pairs = new Map<string, LivePair[]>();
  let index = 0;
  for (let item = array._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    if (item.content instanceof Y.ContentAny) {
      const { arr } = item.content;
      const { client, clock } = item.id;
      const from = written.get(client);
      for (let j = 0; j < arr.length; j++) {
        const pair = arr[j] as { key?: unknown; val?: unknown } | null;
        const key = pair?.key;
        if (typeof key !== "string" || !keys.has(key) || !isPlainRecord(pair)) continue;
        now.set(key, pair.val);
        const live: LivePair = {
          val: pair.val,
          index: index + j,
          fresh: from !== undefined && clock + j >= from,
          client,
        };
        const list = pairs.get(key);
        if (list) list.push(live);
        else pairs.set(key, [live]);
      }
    }
    index += item.length;
  }
  return { now, pairs };
}

/**
 * The stale edits among the touched keys: a key with both fresh pairs and pairs the update left
 * alone. Every fresh pair of such a key goes (positions, for takeOut); a conflict is reported
 * when the value written differs from the one that stays (equal values are no conflict).
 */
export function staleEdits(
  pairs: ReadonlyMap<string, LivePair[]>,
  before: FlatEntries,
): { positions: number[]; conflicts: StaleEdit[] } {
  const positions: number[] = [];
  const conflicts: StaleEdit[] = [];
  for (const [key, list] of pairs) {
    if (list.length < 2) continue;
    let mine: LivePair | null = null;
    let theirs: LivePair | null = null;
    for (const pair of list)
      if (pair.fresh) mine = pair;
      else theirs = pair;
    if (!mine || !theirs) continue;
    for (const pair of list) if (pair.fresh) positions.push(pair.index);
    const current = before.has(key) ? before.get(key) : theirs.val;
    if (!sameValue(mine.val, current))
      conflicts.push({ key, mine: mine.val, theirs: current, theirsBy: theirs.client });
  }
  return { positions, conflicts };
}

/** Deletes the pairs at `positions` from the judged document, in one transaction; its update (v1). */
export function takeOut(doc: Y.Doc, array: Y.Array<unknown>, positions: number[]): Uint8Array {
  let amend: Uint8Array | null = null;
  const capture = (update: Uint8Array) => {
    amend = amend ? Y.mergeUpdates([amend, update]) : update;
  };
  doc.on("update", capture);
  try {
    doc.transact(() => {
      // From the right, so the earlier indexes stay valid.
      for (const index of [...positions].sort((a, b) => b - a)) array.delete(index, 1);
    }, STALE_ORIGIN);
  } finally {
    doc.off("update", capture);
  }
  if (!amend) throw new Error("taking out stale pairs changed nothing");
  return amend;
}

/** The origin of the server's own transaction that takes stale pairs out. */
const STALE_ORIGIN = Symbol("stale edits");
