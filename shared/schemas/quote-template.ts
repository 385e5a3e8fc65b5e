// The quote's shape as data, with every field's default (issue #14: one reading of the quote).
//
// The zod schema (quote-schema.ts) takes its defaults from here and checks every write, on the
// server and before a browser sends it. The browser reads a live document for display through
// this template with `conform`, without zod: the shopper's page is held to about 150 KiB of
// JavaScript and zod alone is 26 KiB gzip (docs/decisions/008-shopper-quote-page-weight.md).
// A value of the wrong kind reads as its default and a malformed line item is dropped, so one
// bad field never blanks the page; that a valid quote reads exactly as the schema parses it is
// a property test (quote-template.test.ts).

import {
  CREDIT_TIER_IDS,
  DEFAULT_CREDIT_TIER,
  DEFAULT_INTEREST_RATES,
  DEFAULT_STRUCTURES,
  DEFAULT_TRADE_IN_CONDITION,
  LEASE_TERM_KEYS,
  type LeaseTerm,
  LOAN_TERM_KEYS,
  type LoanTerm,
  type StructureKind,
} from "../core/constants";

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A template node: a default value, whose kind is the kind required (an object: its keys, each
 * with its own node; an array: a tuple of that length), or one of the markers below.
 */
type Node = unknown;

type Marker =
  | { kind: "list"; item: Raw }
  | { kind: "optional"; node: Node }
  | { kind: "oneOf"; options: readonly unknown[]; fallback: unknown }
  | { kind: "record"; keys: readonly string[]; node: Node }
  | { kind: "atMost"; max: number; fallback: number }
  | { kind: "id" }
  | { kind: "asStored" };

const MARKER = Symbol("template marker");
const mark = (marker: Marker) => ({ [MARKER]: marker });
const markerOf = (node: Node): Marker | undefined =>
  isObject(node) ? (node as { [MARKER]?: Marker })[MARKER] : undefined;

/** A list of items like `item`; an item that is not an object, or has no id, is dropped. Default: empty. */
export const list = (item: Raw) => mark({ kind: "list", item });
/** Absent, or like `node`; a malformed value reads as absent. */
export const optional = (node: Node) => mark({ kind: "optional", node });
/** One of `options`, else `fallback`. */
export const oneOf = (options: readonly unknown[], fallback: unknown) =>
  mark({ kind: "oneOf", options, fallback });
/** An object whose keys, among `keys`, each hold a value like `node`; other entries are dropped. */
export const record = (keys: readonly string[], node: Node) => mark({ kind: "record", keys, node });
/** A number no greater than `max`, else `fallback`. */
const atMost = (max: number, fallback: number) => mark({ kind: "atMost", max, fallback });
/** A line item's id as the schema stores it: a non-empty string (a number becomes one). */
export const ID = mark({ kind: "id" });
/** Passed on as stored, and read where it is used. */
export const asStored = () => mark({ kind: "asStored" });

const readId = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== ""
    ? value
    : typeof value === "number" && Number.isInteger(value)
      ? String(value)
      : undefined;

const ABSENT = Symbol("absent");

/** `value` read through `template`: each part where it has the template's kind, else its default. */
export function conform(value: unknown, template: Node): unknown {
  const out = read(value, template);
  return out === ABSENT ? undefined : out;
}

function read(value: unknown, node: Node): unknown {
  const marker = markerOf(node);
  if (marker) return readMarked(value, marker);
  if (Array.isArray(node))
    return Array.isArray(value) &&
      value.length === node.length &&
      value.every((part, i) => fits(part, node[i]))
      ? value
      : node;
  if (isObject(node)) {
    const source = isObject(value) ? value : {};
    const out: Raw = {};
    for (const [key, child] of Object.entries(node)) {
      const entry = read(source[key], child);
      if (entry !== ABSENT) out[key] = entry;
    }
    return out;
  }
  return fits(value, node) ? value : node;
}

function readMarked(value: unknown, marker: Marker): unknown {
  switch (marker.kind) {
    case "list": {
      if (!Array.isArray(value)) return [];
      const hasId = "id" in marker.item;
      return value
        .filter((item) => isObject(item) && (!hasId || readId(item.id) !== undefined))
        .map((item) => read(item, marker.item));
    }
    case "optional":
      // All there or absent: half an optional object (tax rules) would read as other rules.
      return value !== undefined && fitsWhole(value, marker.node) ? read(value, marker.node) : ABSENT;
    case "record": {
      const out: Raw = {};
      if (!isObject(value)) return out;
      for (const key of marker.keys)
        if (key in value && fits(value[key], marker.node)) out[key] = read(value[key], marker.node);
      return out;
    }
    case "id":
      return readId(value) ?? ABSENT;
    case "asStored":
      return value === undefined ? ABSENT : value;
    default:
      return fitsMarker(value, marker) ? value : marker.fallback;
  }
}

/** Whether `value` has the kind `node` asks for. */
function fits(value: unknown, node: Node): boolean {
  const marker = markerOf(node);
  if (marker) return fitsMarker(value, marker);
  if (Array.isArray(node)) return Array.isArray(value);
  if (isObject(node)) return isObject(value);
  if (typeof node === "number") return typeof value === "number" && Number.isFinite(value);
  return typeof value === typeof node;
}

/** Whether `value` fits `node` down to every part an object template names. */
function fitsWhole(value: unknown, node: Node): boolean {
  if (!isObject(node) || markerOf(node)) return fits(value, node);
  if (!isObject(value)) return false;
  return Object.entries(node).every(([key, child]) =>
    markerOf(child)?.kind === "optional"
      ? value[key] === undefined || fitsWhole(value[key], child)
      : fitsWhole(value[key], child),
  );
}

function fitsMarker(value: unknown, marker: Marker): boolean {
  switch (marker.kind) {
    case "optional":
      return fits(value, marker.node);
    case "oneOf":
      return marker.options.includes(value);
    case "atMost":
      return typeof value === "number" && Number.isFinite(value) && value <= marker.max;
    case "list":
      return Array.isArray(value);
    case "record":
      return isObject(value);
    case "id":
      return readId(value) !== undefined;
    case "asStored":
      return true;
  }
}

// ---- The quote's defaults (the schema's .default() values) and template ----

export const emptyTradeIn = () => ({
  hasTradeIn: false,
  vehicle: { description: "", vin: "", mileage: 0, condition: DEFAULT_TRADE_IN_CONDITION },
});

/** DEFAULT_INTEREST_RATES keyed by term strings, as stored in a quote. */
export function defaultInterestRateTable() {
  const table = {} as Record<
    (typeof CREDIT_TIER_IDS)[number],
    Record<(typeof LOAN_TERM_KEYS)[number], number>
  >;
  for (const tier of CREDIT_TIER_IDS) {
    table[tier] = Object.fromEntries(
      LOAN_TERM_KEYS.map((key) => [key, DEFAULT_INTEREST_RATES[tier][Number(key) as LoanTerm]]),
    ) as Record<(typeof LOAN_TERM_KEYS)[number], number>;
  }
  return table;
}

export const defaultStructures = () => ({
  downs: [...DEFAULT_STRUCTURES.downs] as [number, number, number],
  financeTerms: [...DEFAULT_STRUCTURES.financeTerms] as [LoanTerm, LoanTerm, LoanTerm],
  leaseTerms: [...DEFAULT_STRUCTURES.leaseTerms] as [LeaseTerm, LeaseTerm, LeaseTerm],
  hidden: [] as StructureKind[],
});

const feeItem = { id: ID, name: "", description: "", amount: 0 };

/** The tax rules' options (taxRulesSchema uses the same lists). */
export const TRADE_IN_TAX_RULES = ["full", "none", "capped", "newOnly"] as const;
export const REBATE_TAX_RULES = ["taxed", "deducted"] as const;
export const LEASE_TAX_METHODS = ["monthly", "upfrontTotal", "upfrontPrice"] as const;

/** The quote's snapshotted tax rules (taxRulesSchema) as a template. */
const taxRulesTemplate = {
  profileLabel: "",
  state: "",
  tradeIn: { rule: oneOf(TRADE_IN_TAX_RULES, "full"), cap: optional(0) },
  rebates: oneOf(REBATE_TAX_RULES, "taxed"),
  fees: { doc: false, dealer: false, addOn: false, gov: false },
  minTax: optional(0),
  lease: { method: oneOf(LEASE_TAX_METHODS, "monthly"), capReductionTaxable: false, tradeCredit: false },
};

/** The lease programme (leaseProgramSchema) as a template. */
export const leaseProgramTemplate = () => ({
  residuals: record(LEASE_TERM_KEYS, 0),
  moneyFactors: Object.fromEntries(CREDIT_TIER_IDS.map((tier) => [tier, 0])),
  acquisitionFee: 0,
  dispositionFee: 0,
  securityDeposit: 0,
});

/** The deal document (quoteDataSchema) as a template. */
export const quoteTemplate = () => ({
  vehicle: {
    description: "",
    color: "",
    mileage: 0,
    stockNumber: "",
    vin: optional(""),
    advertisedUrl: "",
    isNew: optional(true),
    msrp: optional(0),
  },
  pricing: { advertisedPrice: 0, discount: 0 },
  addOns: list({
    id: ID,
    name: "",
    description: "",
    price: 0,
    isSelected: false,
    sellingPrice: optional(0),
  }),
  dealerFeeItems: list(feeItem),
  taxItems: list({ id: ID, name: "", description: "", rate: 0, baseCap: optional(0) }),
  governmentFeeItems: list(feeItem),
  tradeIn: {
    hasTradeIn: false,
    vehicle: {
      ...emptyTradeIn().vehicle,
      value: optional(0),
    },
  },
  amountOwedOnTradeIn: 0,
  downPayment: atMost(0, 0),
  selectedCreditTier: oneOf(CREDIT_TIER_IDS, DEFAULT_CREDIT_TIER),
  customInterestRates: record(CREDIT_TIER_IDS, record(LOAN_TERM_KEYS, 0)),
  interestRates: defaultInterestRateTable(),
  rebates: list({ id: ID, name: "", amount: 0 }),
  taxRules: optional(taxRulesTemplate),
  // Read where they are used (shared/schemas/read-structures.ts).
  structures: asStored(),
  leaseProgram: asStored(),
  shopperChoice: asStored(),
  // Issue #38: read where they are used (shared/schemas/payment-request.ts).
  paymentRequest: asStored(),
  paymentAnswer: asStored(),
});

/** The private document's customer info (customerInfoSchema) as a template. */
export const customerInfoTemplate = () => ({ name: "", email: optional(""), phone: optional("") });
