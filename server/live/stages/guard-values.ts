import { economicsSchema } from "@shared/deal/economics";
import { isChoiceOffered } from "@shared/deal/offered-choice";
import { assemble, type FlatEntries, NESTED_FIELDS } from "@shared/live/quote-doc";
import { DEAL_KEYS, type DocKind, leafKeysOfField } from "@shared/rules/permissions";
import {
  customerInfoSchema,
  isQuoteField,
  leaseProgramSchema,
  liveFieldSchema,
  type QuoteData,
  type QuoteField,
  shopperChoiceSchema,
  structuresSchema,
} from "@shared/schemas/quote-schema";
import { conform, defaultStructures, quoteTemplate } from "@shared/schemas/quote-template";
import type { ZodType } from "zod";

// The judge stage's reading of values (update-guard.ts judges the pairs; this module judges what
// they say).
//
// Guarantees:
// - A pair's value is JSON only: no Y types, binaries or other objects smuggled into a document.
// - A field touched by an update still parses with the form's own rules (shared/schemas/quote-schema.ts,
//   the customer record's and the economics' schemas), read from its leaf keys as they are after
//   the update; clearing a dealer document's field is allowed.
// - A shopper's pick is a cell the dealer's grid offers (issue #33), and the whole deal after the
//   update is read exactly as the page reads it (the shared quote template) for the deal rules.

/** What validation reads: the room's entries as they are after the update. */
export type EntryLookup = Pick<FlatEntries, "get" | "has">;

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON values only: no Y types, binaries or other objects smuggled into a pair. */
export function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isJsonValue(v, depth + 1));
  if (isPlainRecord(value)) return Object.values(value).every((v) => isJsonValue(v, depth + 1));
  return false;
}

// One parser per field, built once: liveFieldSchema() unwraps the default on every call.
const fieldSchemas = new Map<string, ZodType>();
function fieldSchema(field: QuoteField): ZodType {
  let schema = fieldSchemas.get(field);
  if (!schema) {
    schema = liveFieldSchema(field);
    fieldSchemas.set(field, schema);
  }
  return schema;
}

/** A field's value assembled from its leaf keys, and how many leaves it has (0: no pair). */
function fieldValue(kind: DocKind, field: string, entries: EntryLookup): { value: unknown; leaves: number } {
  // The field's leaf keys, looked up (not a scan of every entry: this runs for each accepted edit).
  const own: FlatEntries = new Map();
  for (const key of leafKeysOfField(kind, field)) if (entries.has(key)) own.set(key, entries.get(key));
  // A nested field with no leaves left is an empty object (customInterestRates: {}).
  return { value: assemble(own)[field] ?? (NESTED_FIELDS.has(field) ? {} : undefined), leaves: own.size };
}

/**
 * Issue #33: a shopper's pick must be a cell the dealer's grid offers now (offered-choice.ts),
 * read from the entries as they are after the update. The dealer's own changes of the grid are
 * never refused for it: a pick taken off the grid falls back to the default on both pages.
 */
export function choiceProblem(entries: EntryLookup): string | null {
  const choice = shopperChoiceSchema.safeParse(fieldValue("deal", "shopperChoice", entries).value);
  if (!choice.success) return null;
  const structures = structuresSchema.optional().safeParse(fieldValue("deal", "structures", entries).value);
  const program = leaseProgramSchema.optional().safeParse(fieldValue("deal", "leaseProgram", entries).value);
  if (!structures.success || !program.success) return "the grid does not parse";
  const offered = isChoiceOffered(
    { structures: structures.data ?? defaultStructures(), leaseProgram: program.data },
    choice.data,
  );
  return offered ? null : "the choice is not on the dealer's grid";
}

/** The schema of each dealer-only document's field (the deal's fields parse with the quote's). */
const DEALER_DOC_SCHEMAS: Readonly<Record<Exclude<DocKind, "deal">, Readonly<Record<string, ZodType>>>> = {
  private: { customerInfo: customerInfoSchema },
  // Issue #38: the economics document holds the one field `economics`.
  economics: { economics: economicsSchema },
};

export function validateField(kind: DocKind, field: string, entries: EntryLookup): string | null {
  const { value, leaves } = fieldValue(kind, field, entries);
  if (kind !== "deal") {
    // Clearing the customer info (or the economics) is allowed; what is there must be valid.
    if (leaves === 0) return null;
    const schema = Object.hasOwn(DEALER_DOC_SCHEMAS[kind], field) ? DEALER_DOC_SCHEMAS[kind][field] : null;
    if (!schema) return `invalid ${field}`;
    const result = schema.safeParse(value);
    return result.success ? null : `invalid ${field}: ${result.error.issues[0]?.message}`;
  }
  if (!isQuoteField(field) || value === undefined) return `invalid ${field}`;
  const result = fieldSchema(field).safeParse(value);
  return result.success ? null : `invalid ${field}: ${result.error.issues[0]?.message}`;
}

/** The whole deal after the update, read as the page reads it (the shared quote template). */
export function dealAfter(entries: EntryLookup): QuoteData {
  const all: FlatEntries = new Map();
  for (const key of DEAL_KEYS) if (entries.has(key)) all.set(key, entries.get(key));
  return conform(assemble(all), quoteTemplate()) as QuoteData;
}

export const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
