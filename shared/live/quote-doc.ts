// The quote as Yjs documents (DESIGN.md), shared by the server (initial content, shopper guard,
// listing columns, history) and the browser (field adapter).
//
// Layout: each document holds one Y.Array of {key, val} pairs read as a key-value store
// (y-utility's YKeyValue: the rightmost pair for a key wins). A plain Y.Map written in alternating
// key order keeps ~29 bytes per overwrite for ever; deleted array runs merge, so the document
// stays near its JSON size however often fields change (docs/decisions/004-quote-document-layout.md).
//
// Objects whose parts different people edit (vehicle, pricing, tradeIn, customInterestRates,
// customerInfo) are stored one leaf per key ("tradeIn.vehicle.mileage"), so concurrent edits of
// different sub-fields both survive a merge. Arrays and scalars are stored whole under their field.

import type * as Y from "yjs";
import { DOC_KINDS, type DocKind, isLeafKey } from "../rules/permissions";

const DEAL_DOC_ARRAY = "deal";
const PRIVATE_DOC_ARRAY = "private";
/** Issue #38: the economics document's array (docs/decisions/019-deal-economics.md). */
const ECONOMICS_DOC_ARRAY = "economics";

/** Each document's one root array, by kind. */
export const DOC_ARRAYS: Readonly<Record<DocKind, string>> = {
  deal: DEAL_DOC_ARRAY,
  private: PRIVATE_DOC_ARRAY,
  economics: ECONOMICS_DOC_ARRAY,
};

export type KvPair = { key: string; val: unknown };
export type FlatEntries = Map<string, unknown>;

/** Fields stored one leaf per key. */
export const NESTED_FIELDS: ReadonlySet<string> = new Set([
  "vehicle",
  "pricing",
  "tradeIn",
  "customInterestRates",
  "customerInfo",
  // Issue #38: the shopper's payment request, and the dealer's economics (economics document).
  "paymentRequest",
  "economics",
]);

export const dealDocName = (quoteId: string) => `quote/${quoteId}`;
export const privateDocName = (quoteId: string) => `quote/${quoteId}/private`;
/** Issue #38: the deal economics, admitted only to members who see gross. */
export const economicsDocName = (quoteId: string) => `quote/${quoteId}/economics`;

/** The name of the quote's document of `kind`. */
export function docNameOf(quoteId: string, kind: DocKind): string {
  if (kind === "deal") return dealDocName(quoteId);
  return kind === "private" ? privateDocName(quoteId) : economicsDocName(quoteId);
}

/** Every document of a quote (its rooms, its deletion). */
export const quoteDocNames = (quoteId: string): string[] => DOC_KINDS.map((kind) => docNameOf(quoteId, kind));

export function dealArray(doc: Y.Doc): Y.Array<KvPair> {
  return doc.getArray<KvPair>(DEAL_DOC_ARRAY);
}

export function privateArray(doc: Y.Doc): Y.Array<KvPair> {
  return doc.getArray<KvPair>(PRIVATE_DOC_ARRAY);
}

export function economicsArray(doc: Y.Doc): Y.Array<KvPair> {
  return doc.getArray<KvPair>(ECONOMICS_DOC_ARRAY);
}

/** The root array of a document of `kind`. */
export function docArray(doc: Y.Doc, kind: DocKind): Y.Array<KvPair> {
  return doc.getArray<KvPair>(DOC_ARRAYS[kind]);
}

/** The top-level field a key belongs to: "tradeIn.vehicle.vin" -> "tradeIn". */
export function fieldOfKey(key: string): string {
  const dot = key.indexOf(".");
  return dot === -1 ? key : key.slice(0, dot);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The flat key/value pairs that store `value` under `field`. Undefined leaves are absent. */
export function flattenField(field: string, value: unknown): FlatEntries {
  const out: FlatEntries = new Map();
  const walk = (prefix: string, v: unknown) => {
    if (v === undefined) return;
    if (isPlainObject(v)) {
      for (const [k, child] of Object.entries(v)) walk(`${prefix}.${k}`, child);
      return;
    }
    out.set(prefix, v);
  };
  if (NESTED_FIELDS.has(field) && isPlainObject(value)) {
    for (const [k, child] of Object.entries(value)) walk(`${field}.${k}`, child);
  } else if (value !== undefined) {
    out.set(field, value);
  }
  return out;
}

/** A pair as stored: a plain {key, val} object whose key is a leaf key of the permissions table. */
function isKnownPair(pair: unknown): pair is KvPair {
  return isPlainObject(pair) && isLeafKey(pair.key);
}

/**
 * The current entries of a document's array without touching it: the rightmost pair for a key
 * wins, exactly as YKeyValue reads it. Malformed pairs and unknown keys (stored before the guard
 * checked exact keys) are ignored; the server removes them when it loads the document.
 */
export function readEntries(array: Y.Array<KvPair>): FlatEntries {
  const out: FlatEntries = new Map();
  const items = array.toArray();
  for (let i = items.length - 1; i >= 0; i--) {
    const pair = items[i];
    if (!isKnownPair(pair)) continue;
    if (!out.has(pair.key)) out.set(pair.key, pair.val);
  }
  return out;
}

/**
 * The entries of `keys` only, read by the same rule (the rightmost known pair of each key wins),
 * in one walk over the array without copying it: the live guard reads the keys an update touched.
 */
export function readEntriesOf(array: Y.Array<unknown>, keys: ReadonlySet<string>): FlatEntries {
  const out: FlatEntries = new Map();
  array.forEach((pair) => {
    // The set first: most pairs are not asked for, and the shape check is the dearer one.
    const key = (pair as { key?: unknown } | null)?.key;
    if (typeof key === "string" && keys.has(key) && isKnownPair(pair)) out.set(key, pair.val);
  });
  return out;
}

/**
 * Rebuilds the nested quote object from flat entries (no validation: parse it with the schema).
 * Only leaf keys of the permissions table are followed, into null-prototype objects: no key can
 * reach Object.prototype ("tradeIn.__proto__.x") or replace a parent ("tradeIn.vehicle").
 */
export function assemble(entries: FlatEntries): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, val] of entries) {
    if (!isLeafKey(key)) continue;
    const parts = key.split(".");
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i] as string;
      if (!Object.hasOwn(node, part)) node[part] = Object.create(null);
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = val;
  }
  return out;
}

/**
 * Deletes every pair that readers ignore (malformed, or a key outside the permissions table), in
 * one transaction. Returns how many were removed.
 */
export function removeUnknownPairs(array: Y.Array<KvPair>, origin?: unknown): number {
  const items = array.toArray();
  const junk: number[] = [];
  for (let i = items.length - 1; i >= 0; i--) if (!isKnownPair(items[i])) junk.push(i);
  if (junk.length === 0) return 0;
  const run = () => {
    for (const i of junk) array.delete(i, 1);
  };
  if (array.doc) array.doc.transact(run, origin);
  else run();
  return junk.length;
}

/** The whole document as a plain object. */
export function readDoc(array: Y.Array<KvPair>): Record<string, unknown> {
  return assemble(readEntries(array));
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Writes `value` into `field` changing only the keys whose values differ, in one transaction.
 * Appends the new pair and deletes every older pair of the key, as YKeyValue.set does.
 * Returns whether anything changed.
 */
export function writeField(array: Y.Array<KvPair>, field: string, value: unknown, origin?: unknown): boolean {
  const next = flattenField(field, value);
  const items = array.toArray();
  const current = readEntries(array);
  const changedKeys: string[] = [];
  for (const [key, val] of next)
    if (!current.has(key) || !sameValue(current.get(key), val)) changedKeys.push(key);
  const removedKeys = [...current.keys()].filter((key) => fieldOfKey(key) === field && !next.has(key));
  if (changedKeys.length === 0 && removedKeys.length === 0) return false;

  const doomed = new Set([...changedKeys, ...removedKeys]);
  const run = () => {
    // Delete from the right so earlier indexes stay valid.
    for (let i = items.length - 1; i >= 0; i--) {
      const pair = items[i];
      if (isPlainObject(pair) && typeof pair.key === "string" && doomed.has(pair.key)) array.delete(i, 1);
    }
    if (changedKeys.length > 0) array.push(changedKeys.map((key) => ({ key, val: next.get(key) })));
  };
  if (array.doc) array.doc.transact(run, origin);
  else run();
  return true;
}

/** Writes every field of an object (initial content, written once by the server). */
export function writeFields(array: Y.Array<KvPair>, data: Record<string, unknown>, origin?: unknown): void {
  const apply = () => {
    for (const [field, value] of Object.entries(data)) writeField(array, field, value, origin);
  };
  if (array.doc) array.doc.transact(apply, origin);
  else apply();
}

/**
 * Removes pairs that lost to a newer pair of the same key (left behind by concurrent writes of
 * one key). Optional housekeeping: readers already ignore them.
 */
export function compactDuplicates(array: Y.Array<KvPair>, origin?: unknown): number {
  const items = array.toArray();
  const seen = new Set<string>();
  const stale: number[] = [];
  for (let i = items.length - 1; i >= 0; i--) {
    const pair = items[i];
    if (!isPlainObject(pair) || typeof pair.key !== "string") continue;
    if (seen.has(pair.key)) stale.push(i);
    else seen.add(pair.key);
  }
  if (stale.length === 0) return 0;
  const run = () => {
    for (const i of stale) array.delete(i, 1);
  };
  if (array.doc) array.doc.transact(run, origin);
  else run();
  return stale.length;
}

/** Top-level fields whose entries differ between two snapshots. */
export function changedFields(before: FlatEntries, after: FlatEntries): Set<string> {
  const fields = new Set<string>();
  for (const [key, val] of after)
    if (!before.has(key) || !sameValue(before.get(key), val)) fields.add(fieldOfKey(key));
  for (const key of before.keys()) if (!after.has(key)) fields.add(fieldOfKey(key));
  return fields;
}
