import {
  assemble,
  changedFields,
  changedKeys,
  DEAL_DOC_ARRAY,
  dealArray,
  type FlatEntries,
  fieldOfKey,
  NESTED_FIELDS,
  PRIVATE_DOC_ARRAY,
  privateArray,
  readEntries,
  shopperMayChangeKey,
} from "@shared/quote-doc";
import { customerInfoSchema, isQuoteField, type QuoteField, quoteFieldSchema } from "@shared/quote-schema";
import * as Y from "yjs";
import type { ZodType } from "zod";
import type { QuoteRole } from "../policies/quote-access";

// The guard of DESIGN.md "Who may write what". Every incoming update (SyncStep2 or Update) is
// first applied to a scratch copy of the room's document; the copy's entries before and after
// tell what the update would change. One that would change anything not allowed is refused
// whole (dropping part of it would leave the sender's later updates pending for ever). The
// scratch copy carries no observers, so reading it changes nothing.

export type DocKind = "deal" | "private";

export type GuardInput = {
  kind: DocKind;
  role: QuoteRole;
  expired: boolean;
  /** The room's entries before the update. */
  before: FlatEntries;
};

export type GuardVerdict =
  | { ok: true; after: FlatEntries; fields: Set<string>; keys: string[]; changedDoc: boolean }
  | { ok: false; reason: string };

const arrayName = (kind: DocKind) => (kind === "deal" ? DEAL_DOC_ARRAY : PRIVATE_DOC_ARRAY);

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON values only: no Y types, binaries or other objects smuggled into a pair. */
function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isJsonValue(v, depth + 1));
  if (isPlainRecord(value)) return Object.values(value).every((v) => isJsonValue(v, depth + 1));
  return false;
}

/** Every item of the array must be a well-formed {key, val} pair whose key fits the layout. */
function malformedPair(items: unknown[], kind: DocKind): string | null {
  for (const pair of items) {
    if (!isPlainRecord(pair)) return "not a key-value pair";
    const keys = Object.keys(pair);
    if (typeof pair.key !== "string" || keys.length !== 2 || !("val" in pair)) return "not a key-value pair";
    if (!isJsonValue(pair.val)) return `value of ${pair.key} is not JSON`;
    const field = fieldOfKey(pair.key);
    if (kind === "private" ? field !== "customerInfo" : !isQuoteField(field)) return `unknown field ${field}`;
    // Nested fields are stored one leaf per dotted key; the rest whole under the field name.
    if (NESTED_FIELDS.has(field) === (pair.key === field)) return `bad key ${pair.key}`;
  }
  return null;
}

// One parser per field, built once: quoteFieldSchema() unwraps the default on every call.
const fieldSchemas = new Map<string, ZodType>();
function fieldSchema(field: QuoteField): ZodType {
  let schema = fieldSchemas.get(field);
  if (!schema) {
    schema = quoteFieldSchema(field);
    fieldSchemas.set(field, schema);
  }
  return schema;
}

function validateField(kind: DocKind, field: string, entries: FlatEntries): string | null {
  const own = new Map([...entries].filter(([key]) => fieldOfKey(key) === field));
  // A nested field with no leaves left is an empty object (customInterestRates: {}).
  const value = assemble(own)[field] ?? (NESTED_FIELDS.has(field) ? {} : undefined);
  if (kind === "private") {
    // Clearing the customer info is allowed; what is there must be valid.
    if (own.size === 0) return null;
    return customerInfoSchema.safeParse(value).success ? null : `invalid ${field}`;
  }
  if (!isQuoteField(field) || value === undefined) return `invalid ${field}`;
  const result = fieldSchema(field).safeParse(value);
  return result.success ? null : `invalid ${field}: ${result.error.issues[0]?.message}`;
}

/**
 * Applies `update` (v1) to `scratch` and judges it. `scratch` is left changed either way: the
 * caller applies an accepted update to the room too, and rebuilds the scratch copy after a refusal.
 */
export function judgeUpdate(scratch: Y.Doc, update: Uint8Array, input: GuardInput): GuardVerdict {
  // Whether the update adds anything, judged as Yjs does before emitting an update event (without
  // paying for the encoding an "update" listener would cost).
  let changedDoc = false;
  const onTransaction = (transaction: Y.Transaction) => {
    if (transaction.deleteSet.clients.size > 0) changedDoc = true;
    for (const [client, clock] of transaction.afterState)
      if (transaction.beforeState.get(client) !== clock) changedDoc = true;
  };
  scratch.on("afterTransaction", onTransaction);
  try {
    Y.applyUpdate(scratch, update);
  } catch {
    return { ok: false, reason: "update does not decode" };
  } finally {
    scratch.off("afterTransaction", onTransaction);
  }
  if (scratch.store.pendingStructs !== null || scratch.store.pendingDs !== null)
    return { ok: false, reason: "update depends on unknown changes" };
  const name = arrayName(input.kind);
  for (const key of scratch.share.keys()) if (key !== name) return { ok: false, reason: "unknown root type" };
  const array = input.kind === "deal" ? dealArray(scratch) : privateArray(scratch);
  // Map-style entries on the array (parentSub) are invisible to readers but would be stored.
  if (array._map.size > 0) return { ok: false, reason: "unknown root type" };
  if (!changedDoc) return { ok: true, after: input.before, fields: new Set(), keys: [], changedDoc };
  if (input.role === "SHOPPER" && input.expired) return { ok: false, reason: "quote expired" };

  const malformed = malformedPair(array.toArray(), input.kind);
  if (malformed) return { ok: false, reason: malformed };
  const after = readEntries(array);
  const keys = changedKeys(input.before, after);
  if (input.role === "SHOPPER") {
    if (input.kind === "private") return { ok: false, reason: "private document" };
    const forbidden = keys.find((key) => !shopperMayChangeKey(key));
    if (forbidden) return { ok: false, reason: `shopper may not change ${forbidden}` };
  }
  const fields = changedFields(input.before, after);
  for (const field of fields) {
    const problem = validateField(input.kind, field, after);
    if (problem) return { ok: false, reason: problem };
  }
  return { ok: true, after, fields, keys, changedDoc };
}
