import { DEAL_RULE_FIELDS, dealRuleProblem } from "@shared/deal/deal-rules";
import { DOC_ARRAYS, docArray, type FlatEntries, fieldOfKey, readEntriesOf } from "@shared/live/quote-doc";
import { type DocKind, isLeafKey, mayWriteKey } from "@shared/rules/permissions";
import * as Y from "yjs";
import type { QuoteRole } from "../../policies/quote-access";
import {
  choiceProblem,
  dealAfter,
  type EntryLookup,
  isJsonValue,
  isPlainRecord,
  sameValue,
  validateField,
} from "./guard-values";
import { type StaleEdit, scanPairs, staleEdits, takeOut } from "./stale-edits";

// The guard of DESIGN.md "Who may write what" (docs/decisions/010-trust-model.md), the heart of the
// judge stage (judge.ts). Every incoming update (SyncStep2 or Update) is first applied in the
// workspace (workspace.ts): the room's document in one process, a copy at the head with several.
// The guard then judges the pairs the update inserts and deletes, read from the transaction, not the
// assembled quote: each pair's key must be a leaf key the sender's role may write (shared/
// permissions.ts), even when its value is unchanged, and each field it touches must still parse
// with the form's rules. An update failing any check is refused whole (dropping part of it would
// leave the sender's later updates pending for ever). Observers of the document run after the
// judgement (it reads the transaction in "beforeObserverCalls").
//
// Guarantees: an update is accepted only when every pair it inserts or deletes is a leaf key of
// its document that the sender's role may write, with a JSON value, and every field it changes
// still parses (guard-values.ts); stale edits are taken out again (stale-edits.ts); a shopper's
// write to an expired quote, a pick off the dealer's grid, or a deal breaking the rules between
// fields is refused. The verdict names exactly the keys whose value changed.

export type { DocKind } from "@shared/rules/permissions";

/** The refusal of a shopper's write to an expired quote (its state may have changed elsewhere). */
export const EXPIRED_REASON = "quote expired";

type GuardInput = {
  kind: DocKind;
  role: QuoteRole;
  expired: boolean;
  /** The room's entries before the update. */
  before: FlatEntries;
};

export type GuardVerdict =
  | {
      ok: true;
      /** The values the changed keys had before the update (a key absent here had no pair). */
      before: FlatEntries;
      /** The values the changed keys have after it (a key absent here was deleted). */
      after: FlatEntries;
      fields: Set<string>;
      /** The keys whose value changed (not those re-typed with the same value). */
      keys: string[];
      changedDoc: boolean;
      /**
       * The client ids the update wrote new structs under, each with its clock before the update
       * (0: nothing stored under it yet). Structs the document already held are no-ops, whoever
       * resends them. Who may write under which id is the caller's check (client-ids.ts).
       */
      written: Map<number, number>;
      /**
       * Issue #36: the update's stale edits, not applied (docs/decisions/016-stale-offline-edits.md).
       * Each names the key, the value the sender wrote and the one that stays, and the client id
       * whose pair stays (who set it).
       */
      conflicts: StaleEdit[];
      /**
       * The server's own change that took the stale pairs out again (a delete set, v1), made in
       * the judged document right after the update: stored and sent with it. Null when none.
       */
      amend: Uint8Array | null;
    }
  | {
      ok: false;
      reason: string;
      /**
       * Issue #36: the update builds on changes the server does not have (it lost them to a failed
       * write, or they are still on their way): not a refusal of its content, so the sender is
       * asked for what is missing (sync step 1) instead of being closed.
       */
      missing?: true;
    };

/** What one transaction inserted and deleted, read before the scratch document collects garbage. */
type Touched = {
  inserted: unknown[];
  deleted: unknown[];
  problem: string | null;
  changedDoc: boolean;
  written: Map<number, number>;
};

function collectTouched(transaction: Y.Transaction, array: unknown, into: Touched): void {
  const { doc } = transaction;
  if (transaction.deleteSet.clients.size > 0) into.changedDoc = true;
  for (const [client, clock] of transaction.afterState) {
    const start = transaction.beforeState.get(client) ?? 0;
    if (start === clock) continue;
    into.changedDoc = true;
    into.written.set(client, start);
    const structs = doc.store.clients.get(client) ?? [];
    for (let i = Y.findIndexSS(structs, start); i < structs.length; i++) {
      const struct = structs[i] as Y.Item | Y.GC;
      if (struct.id.clock >= clock) break;
      if (!(struct instanceof Y.Item)) continue;
      if (struct.content instanceof Y.ContentDeleted) continue;
      if (struct.parent !== array || struct.parentSub !== null || !(struct.content instanceof Y.ContentAny)) {
        into.problem = "not a key-value pair";
        return;
      }
      // Items of this transaction that it deletes again are judged as inserted (and deleted).
      for (const pair of struct.content.getContent()) into.inserted.push(pair);
    }
  }
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    if (struct instanceof Y.Item && struct.content instanceof Y.ContentAny)
      for (const pair of struct.content.getContent()) into.deleted.push(pair);
  });
}

const NO_ENTRIES: FlatEntries = new Map();

/** The verdict of an update that changes no entry (nothing new integrated, or nothing yet judged). */
function unchangedVerdict(written: Map<number, number> = new Map()): GuardVerdict & { ok: true } {
  return {
    ok: true,
    before: NO_ENTRIES,
    after: NO_ENTRIES,
    fields: new Set(),
    keys: [],
    changedDoc: false,
    written,
    conflicts: [],
    amend: null,
  };
}

/**
 * Brings `entries` (the room's, which the update was judged against) to what they are after the
 * accepted update: its changed keys set or deleted, nothing else touched.
 */
export function applyVerdict(entries: FlatEntries, verdict: { keys: readonly string[]; after: FlatEntries }) {
  for (const key of verdict.keys) {
    if (verdict.after.has(key)) entries.set(key, verdict.after.get(key));
    else entries.delete(key);
  }
}

/**
 * What the update being judged touches is read by one listener per document, installed once:
 * adding and removing a listener for every update cost more than the rest of reading it.
 */
let judging: { array: unknown; touched: Touched } | null = null;
const listened = new WeakSet<Y.Doc>();
function onBeforeObserverCalls(transaction: Y.Transaction) {
  if (judging) collectTouched(transaction, judging.array, judging.touched);
}

/**
 * Applies `update` (v1) to `scratch` and judges it. `scratch` is left changed either way: the
 * caller keeps an accepted update and puts the document back after a refusal.
 */
export function judgeUpdate(scratch: Y.Doc, update: Uint8Array, input: GuardInput): GuardVerdict {
  const array = docArray(scratch, input.kind);
  const touched: Touched = {
    inserted: [],
    deleted: [],
    problem: null,
    changedDoc: false,
    written: new Map(),
  };
  if (!listened.has(scratch)) {
    scratch.on("beforeObserverCalls", onBeforeObserverCalls);
    listened.add(scratch);
  }
  judging = { array, touched };
  try {
    Y.applyUpdate(scratch, update);
  } catch {
    return { ok: false, reason: "update does not decode" };
  } finally {
    judging = null;
  }
  if (scratch.store.pendingStructs !== null || scratch.store.pendingDs !== null)
    return { ok: false, reason: "update depends on unknown changes", missing: true };
  const name = DOC_ARRAYS[input.kind];
  for (const key of scratch.share.keys()) if (key !== name) return { ok: false, reason: "unknown root type" };
  // Map-style entries on the array (parentSub) are invisible to readers but would be stored.
  if (array._map.size > 0) return { ok: false, reason: "unknown root type" };
  if (touched.problem) return { ok: false, reason: touched.problem };
  const { changedDoc, written } = touched;
  if (!changedDoc) return unchangedVerdict(written);
  if (input.role === "SHOPPER" && input.expired) return { ok: false, reason: EXPIRED_REASON };

  const keys = new Set<string>();
  for (const pair of touched.inserted) {
    if (!isPlainRecord(pair) || Object.keys(pair).length !== 2 || !("val" in pair))
      return { ok: false, reason: "not a key-value pair" };
    if (!isLeafKey(pair.key, input.kind)) return { ok: false, reason: `unknown key ${String(pair.key)}` };
    if (!mayWriteKey(input.role, input.kind, pair.key))
      return { ok: false, reason: `${input.role.toLowerCase()} may not write ${pair.key}` };
    if (!isJsonValue(pair.val)) return { ok: false, reason: `value of ${pair.key} is not JSON` };
    keys.add(pair.key);
  }
  for (const pair of touched.deleted) {
    const key = isPlainRecord(pair) ? pair.key : undefined;
    // Junk stored before exact keys (unknown keys, malformed pairs) may be cleared by the dealer.
    if (!isLeafKey(key, input.kind)) {
      if (input.role === "DEALER") continue;
      return { ok: false, reason: "may not delete an unknown pair" };
    }
    if (!mayWriteKey(input.role, input.kind, key))
      return { ok: false, reason: `${input.role.toLowerCase()} may not write ${key}` };
    keys.add(key);
  }

  // The touched keys that still have a pair, each with its value: the room's entries are updated
  // in place, by the changed keys only, once the update is accepted (applyVerdict).
  const { before } = input;
  const scan = scanPairs(array as Y.Array<unknown>, keys, written);
  let touchedNow = scan.now;
  // Issue #36, the conflict rule: a new pair of a key beside a pair of it that the update did not
  // delete is an edit made without seeing that key's current value. It is taken out again; the
  // current value stays, and the sender is told (when the values differ).
  const stale = staleEdits(scan.pairs, before);
  let amend: Uint8Array | null = null;
  if (stale.positions.length > 0) {
    // A value not applied is still the sender's: one that breaks the field's rules refuses the
    // update, as it would have fresh (a refusal for a value, never a quiet drop).
    const written = new Map(stale.conflicts.map((c) => [c.key, c.mine] as const));
    const mine: EntryLookup = {
      has: (key) => written.has(key) || (keys.has(key) ? scan.now.has(key) : before.has(key)),
      get: (key) =>
        written.has(key) ? written.get(key) : keys.has(key) ? scan.now.get(key) : before.get(key),
    };
    for (const field of new Set(stale.conflicts.map((c) => fieldOfKey(c.key)))) {
      const problem = validateField(input.kind, field, mine);
      if (problem) return { ok: false, reason: problem };
    }
    amend = takeOut(scratch, array as Y.Array<unknown>, stale.positions);
    touchedNow = readEntriesOf(array as Y.Array<unknown>, keys);
  }
  const changedBefore: FlatEntries = new Map();
  const changedAfter: FlatEntries = new Map();
  const changed: string[] = [];
  for (const key of keys) {
    const had = before.has(key);
    const has = touchedNow.has(key);
    if (had === has && (!has || sameValue(before.get(key), touchedNow.get(key)))) continue;
    changed.push(key);
    if (had) changedBefore.set(key, before.get(key));
    if (has) changedAfter.set(key, touchedNow.get(key));
  }
  // The entries after the update, without copying them: the touched keys' new values over `before`.
  const after: EntryLookup = {
    has: (key) => (keys.has(key) ? touchedNow.has(key) : before.has(key)),
    get: (key) => (keys.has(key) ? touchedNow.get(key) : before.get(key)),
  };
  const fields = new Set(changed.map(fieldOfKey));
  for (const field of fields) {
    const problem = validateField(input.kind, field, after);
    if (problem) return { ok: false, reason: problem };
  }
  if (input.role === "SHOPPER" && input.kind === "deal" && fields.has("shopperChoice")) {
    const problem = choiceProblem(after);
    if (problem) return { ok: false, reason: problem };
  }
  // Issue #34: the rules between fields (the down payment bound, a lease on offer), from shared/.
  if (input.kind === "deal" && [...fields].some((field) => DEAL_RULE_FIELDS.has(field))) {
    const problem = dealRuleProblem(fields, dealAfter(after));
    if (problem) return { ok: false, reason: problem };
  }
  return {
    ok: true,
    before: changedBefore,
    after: changedAfter,
    fields,
    keys: changed,
    changedDoc,
    written,
    conflicts: stale.conflicts,
    amend,
  };
}
