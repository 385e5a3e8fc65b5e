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
];

/** Every leaf key of the dealer's private document (customerInfoSchema, flattened). */
export const PRIVATE_KEYS: readonly string[] = [
  "customerInfo.name",
  "customerInfo.email",
  "customerInfo.phone",
];

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

const FIELD_KEYS: Readonly<Record<DocKind, ReadonlyMap<string, readonly string[]>>> = {
  deal: keysByField(DEAL_KEYS),
  private: keysByField(PRIVATE_KEYS),
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
export const TEAM_ROLES = ["owner", "manager", "salesperson"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Roles an invitation or a role change may give: there is one owner, the dealership's creator. */
export const INVITABLE_ROLES = ["manager", "salesperson"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

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
