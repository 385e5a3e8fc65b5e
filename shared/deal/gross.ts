// Issue #38, #49: the deal's gross profit, the one calculator (docs/api.md "Deal economics and
// gross", docs/decisions/019-deal-economics.md, 024-desk-numbers.md). Dealer-private: it reads the
// economics document (vehicle cost, pack, the trade's actual cash value, add-on costs, the
// lender's buy rates and how the lender pays reserve), which never reaches the shopper. Integer
// cents, rounded half away from zero.
//
//   front gross   = selling price - vehicle cost - pack - (trade allowance - trade ACV)
//                   + the dealer fees counted as front gross
//   add-on gross  = sum over the selected add-ons of (price charged - cost)
//   reserve       = as the tier's lender pays it (reserve rule): a share of the markup (the
//                   difference in finance charges, contract - buy, on a positive markup only,
//                   the markup capped in points), a flat amount, or a percent of the amount
//                   financed; capped at the rule's most
//   rate buy-down = a contract below the buy rate costs the whole difference in finance charges
//   back gross    = add-on gross + reserve + rate buy-down;  total gross = front + back

import type { CreditTier, LoanTerm } from "../core/constants";
import { centsToDollars, toCents } from "../core/money";
import type { QuoteData } from "../schemas/quote-schema";
import { calculateDeal } from "./calculate-deal";
import { percentOf } from "./exact";
import { financeOption } from "./finance";
import { leaseOptionOf } from "./lease-option";
import { chargedAddOns, quoteDealInput } from "./quote-deal";
import { type Selection, selectedStructure } from "./selected-structure";

export const RESERVE_METHODS = ["markup", "flat", "amountFinanced"] as const;
type ReserveMethod = (typeof RESERVE_METHODS)[number];

/** How a tier's lender pays the dealership (dollars, percent). Absent: a share of the markup, uncapped. */
export interface ReserveRule {
  method: ReserveMethod;
  /** `flat`: the amount the lender pays per contract. */
  flatAmount?: number;
  /** `amountFinanced`: the percent of the amount financed (a lease: of the adjusted cap cost). */
  amountFinancedPercent?: number;
  /** `markup`: the most markup the lender pays on, in APR points above the buy rate. */
  maxMarkup?: number;
  /** The most reserve the lender pays on one contract. */
  maxReserve?: number;
}

/** The dealer-private economics of one quote, as the economics document stores them (dollars, percent). */
export interface DealEconomics {
  /** Absent: not known yet (no front gross is shown). */
  vehicleCost?: number;
  pack: number;
  /** Issue #49: the trade's actual cash value (the appraisal); absent: the allowance (no over-allowance). */
  tradeInAcv?: number;
  /** The cost of each add-on of the quote, by the add-on's id (absent: $0.00). */
  addOnCosts: { id: string; cost: number }[];
  /** The dealer's share of the rate markup, percent ("Dealer keeps 75 % of the markup"). */
  participation: number;
  /** The lender's buy rate (APR, percent) by credit tier and term; absent: the contract rate (no reserve). */
  buyRates: Partial<Record<CreditTier, Partial<Record<`${LoanTerm}`, number>>>>;
  /** The lender's buy money factor for leases by credit tier; absent: the contract factor (no reserve). */
  buyMoneyFactors: Partial<Record<CreditTier, number>>;
  /** Issue #49: how each tier's lender pays reserve; absent: a share of the markup. */
  reserveRules: Partial<Record<CreditTier, ReserveRule>>;
  /** Issue #49: the ids of the quote's dealer fees that count as front gross (a doc fee, typically). */
  feesInGross: string[];
}

export interface GrossFigures {
  /** Null while the vehicle cost is unknown (then so is the total). */
  front: number | null;
  /** Trade allowance - ACV: what the allowance costs the deal (negative: an under-allowance adds). */
  tradeOverAllowance: number;
  /** The dealer fees counted as front gross. */
  feesInGross: number;
  addOns: number;
  reserve: number;
  /** A contract below the buy rate: the whole difference, <= 0. */
  rateBuyDown: number;
  back: number;
  total: number | null;
}

/** The lender's side of one contract: the reserve it pays and the buy-down it charges (cents). */
export interface ReserveFigures {
  reserve: number;
  rateBuyDown: number;
}

const NO_RESERVE: ReserveFigures = { reserve: 0, rateBuyDown: 0 };
const MARKUP: ReserveRule = { method: "markup" };

const capped = (reserve: number, rule: ReserveRule) =>
  rule.maxReserve === undefined ? reserve : Math.min(reserve, Math.max(0, toCents(rule.maxReserve)));

/** A flat or amount-financed reserve (cents); null for a share of the markup. */
function paidReserve(rule: ReserveRule, baseCents: number): number | null {
  if (rule.method === "flat") return capped(Math.max(0, toCents(rule.flatAmount ?? 0)), rule);
  if (rule.method === "amountFinanced")
    return capped(Math.max(0, percentOf(baseCents, rule.amountFinancedPercent ?? 0)), rule);
  return null;
}

/**
 * Finance reserve in cents: the difference in the disclosed finance charges (contract - buy, same
 * amount financed and term), the dealer's share of a positive markup only; a contract below the
 * buy rate is a rate buy-down of the whole difference. No buy rate: no markup.
 */
export function financeReserve(
  amountFinancedCents: number,
  months: number,
  contractAprPercent: number,
  buyAprPercent: number | undefined,
  participationPercent: number,
  rule: ReserveRule = MARKUP,
): ReserveFigures {
  const charge = (apr: number) =>
    financeOption(amountFinancedCents, { aprPercent: apr, months }).financeCharge;
  const rateBuyDown =
    buyAprPercent !== undefined && contractAprPercent < buyAprPercent
      ? charge(contractAprPercent) - charge(buyAprPercent)
      : 0;
  const paid = paidReserve(rule, amountFinancedCents);
  if (paid !== null) return { reserve: amountFinancedCents > 0 ? paid : 0, rateBuyDown };
  if (buyAprPercent === undefined || contractAprPercent <= buyAprPercent) return { reserve: 0, rateBuyDown };
  const paidRate =
    rule.maxMarkup === undefined
      ? contractAprPercent
      : Math.min(contractAprPercent, Number((buyAprPercent + rule.maxMarkup).toFixed(4)));
  const share = percentOf(charge(paidRate) - charge(buyAprPercent), participationPercent);
  return { reserve: capped(share, rule), rateBuyDown };
}

/**
 * Lease reserve in cents: the rent charges' difference (contract - buy), the dealer's share of a
 * positive markup only; a factor below the buy factor is a buy-down of the whole difference. A
 * flat or percent rule pays on the adjusted capitalized cost.
 */
export function leaseReserve(
  contractRentChargeCents: number,
  buyRentChargeCents: number,
  participationPercent: number,
  rule: ReserveRule = MARKUP,
  adjustedCapCostCents = 0,
): ReserveFigures {
  const difference = contractRentChargeCents - buyRentChargeCents;
  const rateBuyDown = Math.min(0, difference);
  const paid = paidReserve(rule, adjustedCapCostCents);
  if (paid !== null) return { reserve: paid, rateBuyDown };
  return { reserve: capped(percentOf(Math.max(0, difference), participationPercent), rule), rateBuyDown };
}

interface GrossParts {
  sellingPriceCents: number;
  vehicleCostCents: number | null;
  packCents: number;
  /** Trade allowance - ACV (0 without a trade or an ACV). */
  tradeOverAllowanceCents?: number;
  feesInGrossCents?: number;
  addOns: { priceCents: number; costCents: number }[];
  reserveCents: number;
  rateBuyDownCents?: number;
}

/** The gross from its parts (all cents). */
export function grossOf(parts: GrossParts): GrossFigures {
  const tradeOverAllowance = parts.tradeOverAllowanceCents ?? 0;
  const feesInGross = parts.feesInGrossCents ?? 0;
  const rateBuyDown = parts.rateBuyDownCents ?? 0;
  const front =
    parts.vehicleCostCents === null
      ? null
      : parts.sellingPriceCents - parts.vehicleCostCents - parts.packCents - tradeOverAllowance + feesInGross;
  let addOns = 0;
  for (const addOn of parts.addOns) addOns += addOn.priceCents - addOn.costCents;
  const back = addOns + parts.reserveCents + rateBuyDown;
  return {
    front,
    tradeOverAllowance,
    feesInGross,
    addOns,
    reserve: parts.reserveCents,
    rateBuyDown,
    back,
    total: front === null ? null : front + back,
  };
}

const cents = (dollars: number | undefined) => (dollars === undefined ? 0 : Math.max(0, toCents(dollars)));

/** The lender's side of the quote's selected structure (issue #34), in cents. */
function selectionReserve(data: QuoteData, economics: DealEconomics, selection: Selection): ReserveFigures {
  if (selection.kind === "finance") {
    const { result, tier, months } = selection;
    const buy = economics.buyRates[tier]?.[String(months) as `${LoanTerm}`];
    return financeReserve(
      result.amountFinanced,
      months,
      result.aprPercent,
      buy,
      economics.participation,
      economics.reserveRules[tier] ?? MARKUP,
    );
  }
  if (selection.kind === "lease") {
    const rule = economics.reserveRules[selection.tier] ?? MARKUP;
    const buyFactor = economics.buyMoneyFactors[selection.tier];
    const contractRent = selection.result.rentCharge;
    if (buyFactor === undefined || !data.leaseProgram)
      return rule.method === "markup"
        ? NO_RESERVE
        : leaseReserve(contractRent, contractRent, 0, rule, selection.result.adjustedCapCost);
    const option = leaseOptionOf(
      data.leaseProgram,
      selection.tier,
      selection.months,
      selection.residualPercent,
    );
    const [atBuy] = calculateDeal(
      quoteDealInput(data, {
        downPaymentCents: selection.downCents,
        lease: [{ ...option, moneyFactor: buyFactor }],
      }),
    ).lease;
    if (!atBuy?.available) return NO_RESERVE;
    return leaseReserve(
      contractRent,
      atBuy.rentCharge,
      economics.participation,
      rule,
      selection.result.adjustedCapCost,
    );
  }
  return NO_RESERVE;
}

/** Trade allowance - ACV in cents (0 without a trade, or while no ACV is entered). */
function tradeOverAllowanceOf(data: QuoteData, economics: DealEconomics): number {
  if (!data.tradeIn.hasTradeIn || economics.tradeInAcv === undefined) return 0;
  return cents(data.tradeIn.vehicle.value) - cents(economics.tradeInAcv);
}

/** The quote's dealer fees counted as front gross, in cents. */
function feesInGrossOf(data: QuoteData, economics: DealEconomics): number {
  const ids = new Set(economics.feesInGross);
  let total = 0;
  for (const fee of data.dealerFeeItems) if (ids.has(fee.id)) total += cents(fee.amount);
  return total;
}

/** The quote's gross for its selected structure. `data` is the deal as the selection presents it. */
export function quoteGross(data: QuoteData, economics: DealEconomics, selection: Selection): GrossFigures {
  const advertised = cents(data.pricing.advertisedPrice);
  const sellingPriceCents = advertised - Math.min(cents(data.pricing.discount), advertised);
  const costs = new Map(economics.addOnCosts.map((line) => [line.id, cents(line.cost)]));
  const lender = selectionReserve(data, economics, selection);
  return grossOf({
    sellingPriceCents,
    vehicleCostCents: economics.vehicleCost === undefined ? null : cents(economics.vehicleCost),
    packCents: cents(economics.pack),
    tradeOverAllowanceCents: tradeOverAllowanceOf(data, economics),
    feesInGrossCents: feesInGrossOf(data, economics),
    addOns: chargedAddOns(data).map(({ addOn, price }) => ({
      priceCents: price,
      costCents: costs.get(addOn.id) ?? 0,
    })),
    reserveCents: lender.reserve,
    rateBuyDownCents: lender.rateBuyDown,
  });
}

/** The quote's gross, for its one selected structure (issue #34), as the Desk panel shows it. */
export function dealGross(data: QuoteData, economics: DealEconomics): GrossFigures {
  const selected = selectedStructure(data);
  return quoteGross(selected.data, economics, selected.selection);
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/** The gross in dollars, as the REST answers carry it (null: the vehicle cost is not known). */
export function grossInDollars(gross: GrossFigures) {
  return {
    front: dollarsOrNull(gross.front),
    tradeOverAllowance: centsToDollars(gross.tradeOverAllowance),
    feesInGross: centsToDollars(gross.feesInGross),
    addOns: centsToDollars(gross.addOns),
    reserve: centsToDollars(gross.reserve),
    rateBuyDown: centsToDollars(gross.rateBuyDown),
    back: centsToDollars(gross.back),
    total: dollarsOrNull(gross.total),
  };
}
export type GrossInDollars = ReturnType<typeof grossInDollars>;
