// The field protocol of the spec over the Yjs documents (DESIGN.md): `update(field, value)` in,
// `quote_updated {field, value}` out, for local and remote changes alike. Components talk to this
// and to the derived pricing, never to Yjs.

import type { Economics } from "@shared/deal/economics";
import {
  assemble,
  changedFields,
  type FlatEntries,
  type KvPair,
  readEntries,
  writeField,
} from "@shared/live/quote-doc";
import { type DocKind, mayWriteField, readOnlyKeysOf } from "@shared/rules/permissions";
import type { CustomerInfo, QuoteData, QuoteField } from "@shared/schemas/quote-schema";
import type { FieldError } from "@shared/schemas/schema-fields";
import { CORE_MSG } from "@shared/text/page-text";
import type * as Y from "yjs";
import type { ValidatedUpdate } from "./validate-update";

export type LiveRole = "dealer" | "shopper";
/**
 * The fields of the dealer's own documents: the customer record (private document) and, issue
 * #38, the deal economics (economics document, only for members who see gross).
 */
type PrivateField = "customerInfo" | "economics";
export type UpdateField = QuoteField | PrivateField;
export type UpdateValue<F extends UpdateField> = F extends QuoteField
  ? QuoteData[F]
  : F extends "economics"
    ? Economics
    : CustomerInfo;
/** The document a field lives in. */
export const docKindOf = (field: UpdateField): DocKind =>
  field === "customerInfo" ? "private" : field === "economics" ? "economics" : "deal";

/** Spec §4: tradeIn, downPayment and creditTier go out as the viewer's role, the rest as DEALER. */
type UserType = "DEALER" | "SHOPPER";

export interface QuoteUpdatedEvent {
  field: UpdateField;
  value: unknown;
  /** True when this browser made the change. */
  local: boolean;
}

export type UpdateResult = { ok: true; changed: boolean } | { ok: false; errors: FieldError[] };

interface FieldAdapterOptions {
  deal: Y.Array<KvPair>;
  /** The dealer's private document; null for a shopper, who never receives it. */
  private: Y.Array<KvPair> | null;
  /** Issue #38: the economics document; null unless the viewer sees gross. */
  economics?: Y.Array<KvPair> | null;
  role: LiveRole;
  /** An expired quote is read-only for the shopper. */
  readOnly?: boolean;
}

type Validator = (field: string, value: unknown, deal?: Record<string, unknown>) => ValidatedUpdate;
/** Which check a field needs: the quote's fields (and the customer), or the economics document's. */
export type ValidatorKind = "fields" | "economics";
const validatorChunks: Record<ValidatorKind, () => Promise<Validator>> = {
  fields: () => import("./validate-update").then((module) => module.validateUpdate),
  economics: () => import("./validate-economics").then((module) => module.validateEconomics),
};
const validators = new Map<ValidatorKind, Promise<Validator>>();
/** The shared schema's check, loaded once on first use (see validate-update.ts). */
export function loadValidator(kind: ValidatorKind = "fields"): Promise<Validator> {
  let loading = validators.get(kind);
  if (!loading) {
    loading = validatorChunks[kind]().catch((error: unknown) => {
      // Offline before it ever loaded: try again on the next change instead of failing for ever.
      validators.delete(kind);
      throw error;
    });
    validators.set(kind, loading);
  }
  return loading;
}
function userTypeFor(role: LiveRole): UserType {
  return role === "dealer" ? "DEALER" : "SHOPPER";
}

export class FieldAdapter {
  private readonly listeners = new Set<(event: QuoteUpdatedEvent) => void>();
  private readonly changeListeners = new Set<() => void>();
  // Each document is read once per change (entries, then the assembled object, kept until the
  // next change): the page and the events share that one read.
  private readonly entries: Record<DocKind, FlatEntries>;
  private readonly docs: Record<DocKind, Record<string, unknown>>;
  private readonly unobserve: (() => void)[] = [];
  private destroyed = false;

  constructor(private readonly options: FieldAdapterOptions) {
    const read = (array: Y.Array<KvPair> | null | undefined): FlatEntries =>
      array ? readEntries(array) : new Map();
    this.entries = {
      deal: read(options.deal),
      private: read(options.private),
      economics: read(options.economics),
    };
    this.docs = {
      deal: assemble(this.entries.deal),
      private: assemble(this.entries.private),
      economics: assemble(this.entries.economics),
    };
    this.watch(options.deal, "deal");
    if (options.private) this.watch(options.private, "private");
    if (options.economics) this.watch(options.economics, "economics");
  }

  private arrayOf(kind: DocKind): Y.Array<KvPair> | null {
    if (kind === "deal") return this.options.deal;
    return (kind === "private" ? this.options.private : this.options.economics) ?? null;
  }

  /**
   * The deal document as a plain object (parse it leniently before use). The same object until the
   * document changes: read it, never modify it.
   */
  readDeal(): Record<string, unknown> {
    return this.docs.deal;
  }

  /** The private document, as `readDeal` (empty for a shopper). */
  readPrivate(): Record<string, unknown> {
    return this.docs.private;
  }

  /** Issue #38: the economics document, as `readDeal` (empty unless the viewer sees gross). */
  readEconomics(): Record<string, unknown> {
    return this.docs.economics;
  }

  /**
   * Validates `value` with the shared schema and writes only the keys that changed. A value the
   * viewer may not write, or that fails validation, changes nothing.
   */
  async update<F extends UpdateField>(
    field: F,
    value: UpdateValue<F>,
    origin: UserType = userTypeFor(this.options.role),
  ): Promise<UpdateResult> {
    const refusal = this.refusal(field);
    if (refusal) return { ok: false, errors: [{ field, message: refusal }] };
    let validate: Validator;
    try {
      validate = await loadValidator(field === "economics" ? "economics" : "fields");
    } catch (error) {
      console.error("The validation rules could not be loaded", error);
      return { ok: false, errors: [{ field, message: CORE_MSG.internalError }] };
    }
    if (this.destroyed) return { ok: false, errors: [] };
    // The deal as it stands, for the rules between fields the live guard also applies (issue #34).
    const checked = validate(field, value, this.docs.deal);
    if (!checked.ok) return checked;
    const kind = docKindOf(field);
    if (kind !== "deal") {
      const target = this.arrayOf(kind) as Y.Array<KvPair>;
      return { ok: true, changed: writeField(target, field, checked.value, origin) };
    }
    let next = checked.value;
    if (field === "tradeIn") next = this.keepReadOnlyKeys(field, next);
    return { ok: true, changed: writeField(this.options.deal, field, next, origin) };
  }

  /** Why the viewer may not write `field`, or undefined when it may. */
  refusal(field: UpdateField): string | undefined {
    const kind = docKindOf(field);
    if (kind !== "deal" && !this.arrayOf(kind)) return CORE_MSG.forbidden;
    if (this.options.role === "shopper" && this.options.readOnly) return CORE_MSG.quoteExpired;
    return mayWriteField(userTypeFor(this.options.role), kind, field) ? undefined : CORE_MSG.forbidden;
  }

  /** Called once per change of either document, after its `quote_updated` events. */
  onChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Listens to `quote_updated` events; returns the unsubscribe function. */
  onQuoteUpdated(listener: (event: QuoteUpdatedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  destroy(): void {
    this.destroyed = true;
    for (const stop of this.unobserve.splice(0)) stop();
    this.listeners.clear();
    this.changeListeners.clear();
  }

  /**
   * Keys of the field the viewer may not write (a shopper's trade-in value, permissions.ts) are
   * carried through unchanged, whatever the form held: the server refuses any pair of them.
   */
  private keepReadOnlyKeys(field: UpdateField, value: unknown): unknown {
    const readOnly = readOnlyKeysOf(userTypeFor(this.options.role), "deal", field);
    if (readOnly.length === 0) return value;
    const next = structuredClone(value) as Record<string, unknown>;
    for (const key of readOnly) {
      const parts = key.split(".").slice(1);
      let node = next;
      for (const part of parts.slice(0, -1)) {
        if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
      const leaf = parts[parts.length - 1] as string;
      const stored = this.entries.deal.get(key);
      if (stored === undefined) delete node[leaf];
      else node[leaf] = stored;
    }
    return next;
  }

  private watch(array: Y.Array<KvPair>, which: DocKind): void {
    const observer = (_event: Y.YArrayEvent<KvPair>, transaction: Y.Transaction) => {
      const before = this.entries[which];
      const after = readEntries(array);
      const doc = assemble(after);
      this.entries[which] = after;
      this.docs[which] = doc;
      const fields = changedFields(before, after);
      for (const field of fields) {
        this.emit({ field: field as UpdateField, value: doc[field], local: transaction.local });
      }
      if (fields.size > 0) for (const listener of this.changeListeners) listener();
    };
    array.observe(observer);
    this.unobserve.push(() => array.unobserve(observer));
  }

  private emit(event: QuoteUpdatedEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
