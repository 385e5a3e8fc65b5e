// Reads the deal document into QuoteData for display, without zod.
//
// Why not the shared zod schema here: the shopper's page is held to ~150 KiB of JavaScript and
// zod alone is ~26 KiB gzip, more than the page has left after React, Mantine and Yjs. Every
// write is still validated with the shared schema (field-adapter.ts loads it on first use, as
// the dialogs do); this reader only has to be tolerant: a value of the wrong type falls back to
// its default and a malformed line item is skipped, so one bad field never blanks the page.
// The server validates everything it stores; pricing clamps what it computes with.

import {
  CREDIT_TIER_IDS,
  type CreditTier,
  DEFAULT_CREDIT_TIER,
  DEFAULT_INTEREST_RATES,
  DEFAULT_TRADE_IN_CONDITION,
  isCreditTier,
  LOAN_TERM_KEYS,
  type LoanTerm,
} from "@shared/constants";
import type {
  AddOn,
  CustomerInfo,
  CustomInterestRates,
  FeeItem,
  InterestRates,
  LeaseProgram,
  QuoteData,
  QuoteTaxRules,
  Rebate,
  ShopperChoice,
  Structures,
  TaxItem,
} from "@shared/quote-schema";

export type Raw = Record<string, unknown>;

/** The tolerant readers, shared with structures/read-structures.ts. */
export const isObject = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const num = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const id = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;
export const obj = (value: unknown): Raw => (isObject(value) ? value : {});

/** True once the document holds a quote at all (the server writes the vehicle at creation). */
export function hasQuoteContent(raw: Raw): boolean {
  return isObject(raw.vehicle);
}

function items<T>(value: unknown, read: (item: Raw) => T | undefined): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const item of value) {
    const parsed = isObject(item) ? read(item) : undefined;
    if (parsed !== undefined) out.push(parsed);
  }
  return out;
}

function addOn(item: Raw): AddOn | undefined {
  const itemId = id(item.id);
  if (itemId === undefined || typeof item.price !== "number") return undefined;
  const out: AddOn = {
    id: itemId,
    name: str(item.name),
    description: str(item.description),
    price: num(item.price),
    isSelected: item.isSelected === true,
  };
  if (typeof item.sellingPrice === "number" && Number.isFinite(item.sellingPrice))
    out.sellingPrice = item.sellingPrice;
  return out;
}

function fee(item: Raw): FeeItem | undefined {
  const itemId = id(item.id);
  if (itemId === undefined) return undefined;
  return { id: itemId, name: str(item.name), description: str(item.description), amount: num(item.amount) };
}

function tax(item: Raw): TaxItem | undefined {
  const itemId = id(item.id);
  if (itemId === undefined) return undefined;
  const out: TaxItem = {
    id: itemId,
    name: str(item.name),
    description: str(item.description),
    rate: num(item.rate),
  };
  if (typeof item.baseCap === "number" && Number.isFinite(item.baseCap)) out.baseCap = item.baseCap;
  return out;
}

function rebate(item: Raw): Rebate | undefined {
  const itemId = id(item.id);
  if (itemId === undefined) return undefined;
  return { id: itemId, name: str(item.name), amount: num(item.amount) };
}

export const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | undefined =>
  options.find((option) => option === value);
const optionalNum = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** The snapshotted tax rules; a quote from before tax profiles (or a malformed value) has none. */
function taxRules(value: unknown): QuoteTaxRules | undefined {
  if (!isObject(value)) return undefined;
  const tradeIn = obj(value.tradeIn);
  const fees = obj(value.fees);
  const lease = obj(value.lease);
  const rule = oneOf(tradeIn.rule, ["full", "none", "capped", "newOnly"] as const);
  const rebates = oneOf(value.rebates, ["taxed", "deducted"] as const);
  const method = oneOf(lease.method, ["monthly", "upfrontTotal", "upfrontPrice"] as const);
  if (!rule || !rebates || !method) return undefined;
  return {
    profileLabel: str(value.profileLabel),
    state: str(value.state),
    tradeIn: { rule, cap: optionalNum(tradeIn.cap) },
    rebates,
    fees: {
      doc: fees.doc === true,
      dealer: fees.dealer === true,
      addOn: fees.addOn === true,
      gov: fees.gov === true,
    },
    minTax: optionalNum(value.minTax),
    lease: {
      method,
      capReductionTaxable: lease.capReductionTaxable === true,
      tradeCredit: lease.tradeCredit === true,
    },
  };
}

function rateTable(value: unknown): InterestRates {
  const raw = obj(value);
  const table = {} as InterestRates;
  for (const tier of CREDIT_TIER_IDS) {
    const row = obj(raw[tier]);
    table[tier] = Object.fromEntries(
      LOAN_TERM_KEYS.map((key) => [
        key,
        num(row[key], DEFAULT_INTEREST_RATES[tier][Number(key) as LoanTerm]),
      ]),
    ) as InterestRates[CreditTier];
  }
  return table;
}

function customRates(value: unknown): CustomInterestRates {
  const raw = obj(value);
  const out: CustomInterestRates = {};
  for (const tier of CREDIT_TIER_IDS) {
    if (!isObject(raw[tier])) continue;
    const row: Partial<Record<(typeof LOAN_TERM_KEYS)[number], number>> = {};
    for (const key of LOAN_TERM_KEYS) {
      const rate = raw[tier][key];
      if (typeof rate === "number" && Number.isFinite(rate)) row[key] = rate;
    }
    out[tier] = row;
  }
  return out;
}

/** The deal as QuoteData, or null while the document is still empty. */
export function readQuoteData(raw: Raw): QuoteData | null {
  if (!hasQuoteContent(raw)) return null;
  const vehicle = obj(raw.vehicle);
  const pricing = obj(raw.pricing);
  const tradeIn = obj(raw.tradeIn);
  const tradeInVehicle = obj(tradeIn.vehicle);
  const value = tradeInVehicle.value;
  const tier = raw.selectedCreditTier;
  return {
    vehicle: {
      description: str(vehicle.description),
      color: str(vehicle.color),
      mileage: num(vehicle.mileage),
      stockNumber: str(vehicle.stockNumber),
      vin: str(vehicle.vin),
      advertisedUrl: str(vehicle.advertisedUrl),
      ...(typeof vehicle.isNew === "boolean" ? { isNew: vehicle.isNew } : {}),
    },
    pricing: { advertisedPrice: num(pricing.advertisedPrice), discount: num(pricing.discount) },
    addOns: items(raw.addOns, addOn),
    dealerFeeItems: items(raw.dealerFeeItems, fee),
    taxItems: items(raw.taxItems, tax),
    governmentFeeItems: items(raw.governmentFeeItems, fee),
    tradeIn: {
      hasTradeIn: tradeIn.hasTradeIn === true,
      vehicle: {
        description: str(tradeInVehicle.description),
        vin: str(tradeInVehicle.vin),
        mileage: num(tradeInVehicle.mileage),
        condition:
          typeof tradeInVehicle.condition === "string"
            ? tradeInVehicle.condition
            : DEFAULT_TRADE_IN_CONDITION,
        ...(typeof value === "number" && Number.isFinite(value) ? { value } : {}),
      },
    },
    amountOwedOnTradeIn: num(raw.amountOwedOnTradeIn),
    downPayment: Math.min(0, num(raw.downPayment)),
    selectedCreditTier: isCreditTier(tier) ? tier : DEFAULT_CREDIT_TIER,
    customInterestRates: customRates(raw.customInterestRates),
    interestRates: rateTable(raw.interestRates),
    rebates: items(raw.rebates, rebate),
    taxRules: taxRules(raw.taxRules),
    // Read leniently where they are used (structures/read-structures.ts, in the comparison's own
    // chunk): the shopper's opening page only passes them on.
    structures: raw.structures as Structures,
    leaseProgram: raw.leaseProgram as LeaseProgram | undefined,
    shopperChoice: raw.shopperChoice as ShopperChoice | undefined,
  };
}

/** The private document's customer info, or null when none was saved. */
export function readCustomerInfo(raw: Raw): CustomerInfo | null {
  const info = obj(raw.customerInfo);
  const name = str(info.name);
  if (name.trim() === "") return null;
  const out: CustomerInfo = { name };
  if (typeof info.email === "string" && info.email !== "") out.email = info.email;
  if (typeof info.phone === "string" && info.phone !== "") out.phone = info.phone;
  return out;
}
