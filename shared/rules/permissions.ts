// Who may write what in a quote's live documents: the one table (docs/decisions/010-trust-model.md).
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

import { CREDIT_TIER_IDS, LOAN_TERM_KEYS } from "../core/constants";
import type { TeamRole } from "../core/team-roles";

/**
 * A quote's live documents: the deal (both sides), the dealer's private document (the customer
 * record) and, issue #38, the deal economics (admitted only to members who see gross).
 */
export type DocKind = "deal" | "private" | "economics";
/** Every kind of a quote's documents, in the order the quote's rooms and deletion list them. */
export const DOC_KINDS: readonly DocKind[] = ["deal", "private", "economics"];
/** The roles of a live connection (server/policies/quote-access.ts QuoteRole). */
export const ROLES = ["DEALER", "SHOPPER"] as const;
export type Role = (typeof ROLES)[number];

const customRateKeys = CREDIT_TIER_IDS.flatMap((tier) =>
  LOAN_TERM_KEYS.map((term) => `customInterestRates.${tier}.${term}`),
);

/** Issue #38: the shopper's request for a different payment, exactly these leaves (quote-schema.ts paymentRequestSchema). */
export const PAYMENT_REQUEST_KEYS: readonly string[] = [
  "amount",
  "structure",
  "note",
  // Issue #46: what the shopper was shown when asking.
  "asked.months",
  "asked.down",
  "asked.payment",
].map((key) => `paymentRequest.${key}`);

/** Every leaf key of the deal document (quote-schema.ts quoteDataSchema, flattened). */
export const DEAL_KEYS: readonly string[] = [
  "vehicle.description",
  "vehicle.color",
  "vehicle.mileage",
  "vehicle.stockNumber",
  "vehicle.vin",
  "vehicle.advertisedUrl",
  "vehicle.isNew",
  "vehicle.msrp",
  "pricing.advertisedPrice",
  "pricing.discount",
  "addOns",
  "dealerFeeItems",
  "taxItems",
  "governmentFeeItems",
  "rebates",
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
  "taxRules",
  "structures",
  "leaseProgram",
  "shopperChoice",
  // Issue #38: the shopper's payment request (the shopper's) and the dealer's answer to it (the dealer's).
  ...PAYMENT_REQUEST_KEYS,
  "paymentAnswer",
];

const buyRateKeys = CREDIT_TIER_IDS.flatMap((tier) =>
  LOAN_TERM_KEYS.map((term) => `buyRates.${tier}.${term}`),
);
const buyFactorKeys = CREDIT_TIER_IDS.map((tier) => `buyMoneyFactors.${tier}`);
/** Issue #49: each tier's reserve rule (shared/deal/economics.ts reserveRuleSchema), leaf by leaf. */
const reserveRuleKeys = CREDIT_TIER_IDS.flatMap((tier) =>
  ["method", "flatAmount", "amountFinancedPercent", "maxMarkup", "maxReserve"].map(
    (part) => `reserveRules.${tier}.${part}`,
  ),
);

/** Every leaf key of the dealer's private document (customerInfoSchema, flattened). Nothing here ever reaches a shopper. */
export const PRIVATE_KEYS: readonly string[] = [
  "customerInfo.name",
  "customerInfo.email",
  "customerInfo.phone",
];

/**
 * Issue #38: every leaf key of the economics document (shared/deal/economics.ts economicsSchema,
 * flattened). It reaches only members who see gross (maySeeGross below): never a shopper, nor a
 * salesperson while "Salespeople see gross" is off.
 */
export const ECONOMICS_KEYS: readonly string[] = [
  "vehicleCost",
  "pack",
  "tradeInAcv",
  "participation",
  "addOnCosts",
  ...buyRateKeys,
  ...buyFactorKeys,
  ...reserveRuleKeys,
  "feesInGross",
].map((key) => `economics.${key}`);

/** docs/decisions/009-product-rulings.md: a shopper edits the trade-in (not its estimated value), amount owed, downpayment, tier. */
const SHOPPER_DEAL_KEYS: readonly string[] = [
  "tradeIn.hasTradeIn",
  "tradeIn.vehicle.description",
  "tradeIn.vehicle.vin",
  "tradeIn.vehicle.mileage",
  "tradeIn.vehicle.condition",
  "amountOwedOnTradeIn",
  "downPayment",
  "selectedCreditTier",
  // Issue #18: the structure and grid cell the shopper picks (dealer-only: the grids themselves).
  "shopperChoice",
  // Issue #38: "Ask for a different payment" (the time is the server's: the history row records it).
  ...PAYMENT_REQUEST_KEYS,
];

type KeyTable = Readonly<Record<DocKind, ReadonlySet<string>>>;

/** The table: for each role and document, the exact leaf keys it may write. */
export const WRITABLE_KEYS: Readonly<Record<Role, KeyTable>> = {
  // Issue #47: the payment request is the shopper's words; a dealer's socket writing it would be
  // shown (and mailed to the CRM) as the customer's, so it is the one deal key a dealer may not write.
  DEALER: {
    deal: new Set(DEAL_KEYS.filter((key) => !PAYMENT_REQUEST_KEYS.includes(key))),
    private: new Set(PRIVATE_KEYS),
    economics: new Set(ECONOMICS_KEYS),
  },
  SHOPPER: { deal: new Set(SHOPPER_DEAL_KEYS), private: new Set(), economics: new Set() },
};

const LEAF_KEYS: KeyTable = {
  deal: new Set(DEAL_KEYS),
  private: new Set(PRIVATE_KEYS),
  economics: new Set(ECONOMICS_KEYS),
};
const ALL_LEAF_KEYS: ReadonlySet<string> = new Set([...DEAL_KEYS, ...PRIVATE_KEYS, ...ECONOMICS_KEYS]);

/** The top-level field of a key: "tradeIn.vehicle.vin" -> "tradeIn". */
const fieldOf = (key: string) => {
  const dot = key.indexOf(".");
  return dot === -1 ? key : key.slice(0, dot);
};

function fieldsOf(keys: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...keys].map(fieldOf));
}

const WRITABLE_FIELDS: Readonly<Record<Role, Readonly<Record<DocKind, ReadonlySet<string>>>>> = {
  DEALER: {
    deal: fieldsOf(WRITABLE_KEYS.DEALER.deal),
    private: fieldsOf(WRITABLE_KEYS.DEALER.private),
    economics: fieldsOf(WRITABLE_KEYS.DEALER.economics),
  },
  SHOPPER: {
    deal: fieldsOf(WRITABLE_KEYS.SHOPPER.deal),
    private: fieldsOf(WRITABLE_KEYS.SHOPPER.private),
    economics: fieldsOf(WRITABLE_KEYS.SHOPPER.economics),
  },
};

/** Whether `key` is a leaf key of the document (of either document when `kind` is omitted). */
export function isLeafKey(key: unknown, kind?: DocKind): key is string {
  return typeof key === "string" && (kind ? LEAF_KEYS[kind] : ALL_LEAF_KEYS).has(key);
}

const FIELD_KEYS: Readonly<Record<DocKind, ReadonlyMap<string, readonly string[]>>> = {
  deal: keysByField(DEAL_KEYS),
  private: keysByField(PRIVATE_KEYS),
  economics: keysByField(ECONOMICS_KEYS),
};

function keysByField(keys: readonly string[]): ReadonlyMap<string, readonly string[]> {
  const byField = new Map<string, string[]>();
  for (const key of keys) {
    const field = fieldOf(key);
    const list = byField.get(field);
    if (list) list.push(key);
    else byField.set(field, [key]);
  }
  return byField;
}

/** The leaf keys of the document's top-level `field` ("pricing" -> pricing.advertisedPrice, pricing.discount). */
export function leafKeysOfField(kind: DocKind, field: string): readonly string[] {
  return FIELD_KEYS[kind].get(field) ?? [];
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
  return leafKeysOfField(kind, field).filter((key) => !mayWriteKey(role, kind, key));
}

// ---- Dealership teams (#20): what each member of a dealership may do. ----
// The REST routes and the live handshake ask these functions; the UI only mirrors them. A member
// these rules let into a quote works it as its DEALER, with the DEALER's keys above.

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: "owner",
  manager: "manager",
  salesperson: "salesperson",
};

export type Member = { id: string; dealershipId: string; role: TeamRole };
export type QuoteOwnership = { dealerId: string; salespersonId: string };

/** Members, invitations, roles and the audit: the owner only. */
export const mayManageTeam = (member: Pick<Member, "role">) => member.role === "owner";

/** Profile and defaults (add-ons, taxes, fees, rates): owner and manager; a salesperson reads them. */
export const mayWriteDefaults = (member: Pick<Member, "role">) =>
  member.role === "owner" || member.role === "manager";

/**
 * Issue #37: adding, editing, importing and deleting stock, and reading what a vehicle cost: owner
 * and manager. A salesperson reads the stock without its cost and makes quotes from it.
 */
export const mayWriteInventory = (member: Pick<Member, "role">) => mayWriteDefaults(member);

/** Every quote of the dealership (desk log, open, edit live, reassign): owner and manager. */
export const seesEveryQuote = (member: Pick<Member, "role">) => mayWriteDefaults(member);

/**
 * Opening, editing (REST or live, as DEALER) and deleting a quote: a member of its dealership who
 * is its salesperson, or an owner or manager. Anyone else is told it does not exist.
 */
export const mayWorkQuote = (member: Member, quote: QuoteOwnership) =>
  member.dealershipId === quote.dealerId && (seesEveryQuote(member) || member.id === quote.salespersonId);

/** Reassigning a quote to another salesperson: owner and manager. */
export const mayReassign = (member: Member, quote: QuoteOwnership) =>
  member.dealershipId === quote.dealerId && seesEveryQuote(member);

/** How presence and the history name a member: "Dana (manager)". */
export const memberLabel = (firstName: string, role: TeamRole) =>
  `${firstName.trim() || "Dealer"} (${ROLE_LABELS[role]})`;

// ---- Issue #38: who sees the deal's gross (docs/decisions/019-deal-economics.md). ----
/**
 * The gross (the Desk panel, the desk log's column, a version's dealer copy, and the REST answers
 * that carry it): owners and managers; salespeople only when the owner turned on "Salespeople see
 * gross" (off by default). A shopper never.
 */
export const maySeeGross = (member: Pick<Member, "role">, settings: { salespeopleSeeGross: boolean }) =>
  member.role === "owner" || member.role === "manager" || settings.salespeopleSeeGross;

/** "Salespeople see gross" is the owner's to change. */
export const mayChangeGrossVisibility = (member: Pick<Member, "role">) => member.role === "owner";
