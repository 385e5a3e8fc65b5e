// Who may write what in a quote's live documents: the one table (docs/decisions/009-trust-model.md).
//
// Each document stores flat {key, val} pairs (quote-doc.ts). This module lists every leaf key a
// document may hold, exactly, and which of them each role may write. The server's live guard, the
// client's field adapter (which controls are editable) and the schema (which fields a shopper
// edits) all read it; nothing else decides. A key outside these lists is never written, never
// read and never assembled: no prefix match, no parent keys.
//
// Adding a role (e.g. a dealership's owner / manager / salesperson) is one row in WRITABLE_KEYS;
// a new shopper-writable key is one line in SHOPPER_DEAL_KEYS. No zod here: the shopper's page
// loads this module without the validation chunk.

import { CREDIT_TIER_IDS, LOAN_TERM_KEYS } from "./constants";

export type DocKind = "deal" | "private";
/** The roles of a live connection (server/policies/quote-access.ts QuoteRole). */
export const ROLES = ["DEALER", "SHOPPER"] as const;
export type Role = (typeof ROLES)[number];

const customRateKeys = CREDIT_TIER_IDS.flatMap((tier) =>
  LOAN_TERM_KEYS.map((term) => `customInterestRates.${tier}.${term}`),
);

/** Every leaf key of the deal document (quote-schema.ts quoteDataSchema, flattened). */
export const DEAL_KEYS: readonly string[] = [
  "vehicle.description",
  "vehicle.color",
  "vehicle.mileage",
  "vehicle.stockNumber",
  "vehicle.advertisedUrl",
  "pricing.advertisedPrice",
  "pricing.discount",
  "addOns",
  "dealerFeeItems",
  "taxItems",
  "governmentFeeItems",
  "tradeIn.hasTradeIn",
  "tradeIn.vehicle.description",
  "tradeIn.vehicle.vin",
  "tradeIn.vehicle.mileage",
  "tradeIn.vehicle.condition",
  "tradeIn.vehicle.value",
  "amountOwedOnTradeIn",
  "downPayment",
  "selectedCreditTier",
  ...customRateKeys,
  "interestRates",
];

/** Every leaf key of the dealer's private document (customerInfoSchema, flattened). */
export const PRIVATE_KEYS: readonly string[] = [
  "customerInfo.name",
  "customerInfo.email",
  "customerInfo.phone",
];

/** DECISIONS.md: a shopper edits the trade-in (not its estimated value), amount owed, downpayment, tier. */
const SHOPPER_DEAL_KEYS: readonly string[] = [
  "tradeIn.hasTradeIn",
  "tradeIn.vehicle.description",
  "tradeIn.vehicle.vin",
  "tradeIn.vehicle.mileage",
  "tradeIn.vehicle.condition",
  "amountOwedOnTradeIn",
  "downPayment",
  "selectedCreditTier",
];

type KeyTable = Readonly<Record<DocKind, ReadonlySet<string>>>;

/** The table: for each role and document, the exact leaf keys it may write. */
export const WRITABLE_KEYS: Readonly<Record<Role, KeyTable>> = {
  DEALER: { deal: new Set(DEAL_KEYS), private: new Set(PRIVATE_KEYS) },
  SHOPPER: { deal: new Set(SHOPPER_DEAL_KEYS), private: new Set() },
};

const LEAF_KEYS: KeyTable = { deal: new Set(DEAL_KEYS), private: new Set(PRIVATE_KEYS) };
const ALL_LEAF_KEYS: ReadonlySet<string> = new Set([...DEAL_KEYS, ...PRIVATE_KEYS]);

/** The top-level field of a key: "tradeIn.vehicle.vin" -> "tradeIn". */
const fieldOf = (key: string) => {
  const dot = key.indexOf(".");
  return dot === -1 ? key : key.slice(0, dot);
};

function fieldsOf(keys: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...keys].map(fieldOf));
}

const WRITABLE_FIELDS: Readonly<Record<Role, Readonly<Record<DocKind, ReadonlySet<string>>>>> = {
  DEALER: { deal: fieldsOf(WRITABLE_KEYS.DEALER.deal), private: fieldsOf(WRITABLE_KEYS.DEALER.private) },
  SHOPPER: { deal: fieldsOf(WRITABLE_KEYS.SHOPPER.deal), private: fieldsOf(WRITABLE_KEYS.SHOPPER.private) },
};

/** Whether `key` is a leaf key of the document (of either document when `kind` is omitted). */
export function isLeafKey(key: unknown, kind?: DocKind): key is string {
  return typeof key === "string" && (kind ? LEAF_KEYS[kind] : ALL_LEAF_KEYS).has(key);
}

/** Whether `role` may write the leaf `key` of the document. */
export function mayWriteKey(role: Role, kind: DocKind, key: string): boolean {
  return WRITABLE_KEYS[role][kind].has(key);
}

/** Whether `role` may write some key of the top-level `field` (the form's editability). */
export function mayWriteField(role: Role, kind: DocKind, field: string): boolean {
  return WRITABLE_FIELDS[role][kind].has(field);
}

/** The leaf keys of `field` that `role` may not write: a writer of the field carries them over unchanged. */
export function readOnlyKeysOf(role: Role, kind: DocKind, field: string): string[] {
  return [...LEAF_KEYS[kind]].filter((key) => fieldOf(key) === field && !mayWriteKey(role, kind, key));
}
