// Issue #38: the deal's gross profit, the one calculator (README "Deal economics and gross").
// Dealer-private: it reads the economics of the quote's private document (vehicle cost, pack,
// add-on costs, the lender's buy rates and participation), which never reach the shopper
// (docs/decisions/019-deal-economics.md). Integer cents, rounded half away from zero.
//
//   front gross   = selling price - vehicle cost - pack
//   add-on gross  = sum over the selected add-ons of (price charged - cost)
//   finance reserve = (total of payments at the contract APR - total of payments at the buy rate,
//                      same amount financed and term) x participation %
//   lease reserve = (rent charge at the contract money factor - rent charge at the buy money
//                    factor) x participation %
//   cash: no reserve
//   back gross    = add-on gross + reserve;  total gross = front + back

import type { CreditTier, LoanTerm } from "../constants";
import { centsToDollars, toCents } from "../money";
import type { QuoteData } from "../quote-schema";
import { calculateDeal } from "./calculate-deal";
import { percentOf } from "./exact";
import { financePayment } from "./finance";
import { leaseOptionOf } from "./lease-option";
import { chargedAddOns, quoteDealInput } from "./quote-deal";
import { type Selection, selectedStructure } from "./selected-structure";

/** The dealer-private economics of one quote, as the private document stores them (dollars, percent). */
export interface DealEconomics {
  /** Absent: not known yet (no front gross is shown). */
  vehicleCost?: number;
  pack: number;
  /** The cost of each add-on of the quote, by the add-on's id (absent: $0.00). */
  addOnCosts: { id: string; cost: number }[];
  /** The share of the rate markup the lender pays the dealership, percent. */
  participation: number;
  /** The lender's buy rate (APR, percent) by credit tier and term; absent: the contract rate (no reserve). */
  buyRates: Partial<Record<CreditTier, Partial<Record<`${LoanTerm}`, number>>>>;
  /** The lender's buy money factor for leases by credit tier; absent: the contract factor (no reserve). */
  buyMoneyFactors: Partial<Record<CreditTier, number>>;
}

export interface GrossFigures {
  /** Null while the vehicle cost is unknown (then so is the total). */
  front: number | null;
  addOns: number;
  reserve: number;
  back: number;
  total: number | null;
}

/** Finance reserve in cents: the payments' difference over the term, times the participation. */
export function financeReserve(
  amountFinancedCents: number,
  months: number,
  contractAprPercent: number,
  buyAprPercent: number,
  participationPercent: number,
): number {
  const atContract = financePayment(amountFinancedCents, contractAprPercent, months) * months;
  const atBuy = financePayment(amountFinancedCents, buyAprPercent, months) * months;
  return percentOf(atContract - atBuy, participationPercent);
}

/** Lease reserve in cents: the rent charges' difference, times the participation. */
export function leaseReserve(
  contractRentChargeCents: number,
  buyRentChargeCents: number,
  participationPercent: number,
): number {
  return percentOf(contractRentChargeCents - buyRentChargeCents, participationPercent);
}

export interface GrossParts {
  sellingPriceCents: number;
  vehicleCostCents: number | null;
  packCents: number;
  addOns: { priceCents: number; costCents: number }[];
  reserveCents: number;
}

/** The gross from its parts (all cents). */
export function grossOf(parts: GrossParts): GrossFigures {
  const front =
    parts.vehicleCostCents === null
      ? null
      : parts.sellingPriceCents - parts.vehicleCostCents - parts.packCents;
  let addOns = 0;
  for (const addOn of parts.addOns) addOns += addOn.priceCents - addOn.costCents;
  const back = addOns + parts.reserveCents;
  return { front, addOns, reserve: parts.reserveCents, back, total: front === null ? null : front + back };
}

const cents = (dollars: number | undefined) => (dollars === undefined ? 0 : Math.max(0, toCents(dollars)));

/** The reserve of the quote's selected structure (issue #34), in cents. */
export function selectionReserve(data: QuoteData, economics: DealEconomics, selection: Selection): number {
  if (selection.kind === "finance") {
    const { result, tier, months } = selection;
    const buy = economics.buyRates[tier]?.[String(months) as `${LoanTerm}`];
    if (buy === undefined) return 0;
    return financeReserve(result.amountFinanced, months, result.aprPercent, buy, economics.participation);
  }
  if (selection.kind === "lease") {
    const buyFactor = economics.buyMoneyFactors[selection.tier];
    if (buyFactor === undefined || !data.leaseProgram) return 0;
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
    if (!atBuy?.available) return 0;
    return leaseReserve(selection.result.rentCharge, atBuy.rentCharge, economics.participation);
  }
  return 0;
}

/** The quote's gross for its selected structure. `data` is the deal as the selection presents it. */
export function quoteGross(data: QuoteData, economics: DealEconomics, selection: Selection): GrossFigures {
  const advertised = cents(data.pricing.advertisedPrice);
  const sellingPriceCents = advertised - Math.min(cents(data.pricing.discount), advertised);
  const costs = new Map(economics.addOnCosts.map((line) => [line.id, cents(line.cost)]));
  return grossOf({
    sellingPriceCents,
    vehicleCostCents: economics.vehicleCost === undefined ? null : cents(economics.vehicleCost),
    packCents: cents(economics.pack),
    addOns: chargedAddOns(data).map(({ addOn, price }) => ({
      priceCents: price,
      costCents: costs.get(addOn.id) ?? 0,
    })),
    reserveCents: selectionReserve(data, economics, selection),
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
    addOns: centsToDollars(gross.addOns),
    reserve: centsToDollars(gross.reserve),
    back: centsToDollars(gross.back),
    total: dollarsOrNull(gross.total),
  };
}
export type GrossInDollars = ReturnType<typeof grossInDollars>;
