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

export const DEAL_DOC_ARRAY = "deal";
export const PRIVATE_DOC_ARRAY = "private";

export type KvPair = { key: string; val: unknown };
export type FlatEntries = Map<string, unknown>;

/** Fields stored one leaf per key. */
export const NESTED_FIELDS: ReadonlySet<string> = new Set([
  "vehicle",
  "pricing",
  "tradeIn",
  "customInterestRates",
  "customerInfo",
]);

export const dealDocName = (quoteId: string) => `quote/${quoteId}`;
export const privateDocName = (quoteId: string) => `quote/${quoteId}/private`;

export function dealArray(doc: Y.Doc): Y.Array<KvPair> {
  return doc.getArray<KvPair>(DEAL_DOC_ARRAY);
}

export function privateArray(doc: Y.Doc): Y.Array<KvPair> {
  return doc.getArray<KvPair>(PRIVATE_DOC_ARRAY);
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

/**
 * The current entries of a document's array without touching it: the rightmost pair for a key
 * wins, exactly as YKeyValue reads it. Malformed pairs are skipped (the guard refuses them earlier).
 */
export function readEntries(array: Y.Array<KvPair>): FlatEntries {
  const out: FlatEntries = new Map();
  const items = array.toArray();
  for (let i = items.length - 1; i >= 0; i--) {
    const pair = items[i];
    if (!isPlainObject(pair) || typeof pair.key !== "string") continue;
    if (!out.has(pair.key)) out.set(pair.key, pair.val);
  }
  return out;
}

/** Rebuilds the nested quote object from flat entries (no validation: parse it with the schema). */
export function assemble(entries: FlatEntries): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, val] of entries) {
    const parts = key.split(".");
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i] as string;
      if (!isPlainObject(node[part])) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = val;
  }
  return out;
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

/** Keys whose entries differ between two snapshots. */
export function changedKeys(before: FlatEntries, after: FlatEntries): string[] {
  const keys: string[] = [];
  for (const [key, val] of after) if (!before.has(key) || !sameValue(before.get(key), val)) keys.push(key);
  for (const key of before.keys()) if (!after.has(key)) keys.push(key);
  return keys;
}

const SHOPPER_WRITABLE = new Set(["tradeIn", "amountOwedOnTradeIn", "downPayment", "selectedCreditTier"]);

/** docs/decisions/009: a shopper edits the trade-in (not its estimated value), amount owed, downpayment, tier. */
export function shopperMayChangeKey(key: string): boolean {
  if (key === "tradeIn.vehicle.value") return false;
  return SHOPPER_WRITABLE.has(fieldOfKey(key));
}
