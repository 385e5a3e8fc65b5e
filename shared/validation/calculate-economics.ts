// Issue #49: POST /api/calculate's dealer-private economics input and the gross it answers
// (docs/api.md "Deal economics and gross"). The same calculator as the quote's Desk panel
// (shared/deal/gross.ts): front gross with the trade at its actual cash value and the fees counted
// as gross, add-on gross, and each finance and lease option's reserve as its lender pays it.

import { QUOTE_RATE_MAX } from "../core/constants";
import { toCents } from "../core/money";
import { z } from "../core/zod";
import { calculateDeal } from "../deal/calculate-deal";
import type { DealInput, DealResult } from "../deal/deal-types";
import { reserveRuleSchema } from "../deal/economics";
import {
  financeReserve,
  type GrossFigures,
  grossInDollars,
  grossOf,
  leaseReserve,
  type ReserveFigures,
} from "../deal/gross";
import { dollarAmount, number } from "../schemas/schema-fields";
import { MSG } from "../text/messages";

const LIST_MAX = 50;
const objectError = (issue: { code?: string }) =>
  issue.code === "unrecognized_keys" ? MSG.unknownKey : MSG.expectedObject;

const rate = () =>
  number(MSG.quoteRateInvalid).min(0, MSG.quoteRateInvalid).max(QUOTE_RATE_MAX, MSG.quoteRateInvalid);

/** `economics` of a calculate (or solve) body: dollars, percents; every part optional. */
export const calculateEconomicsSchema = z.strictObject(
  {
    vehicleCost: dollarAmount().optional(),
    pack: dollarAmount().default(0),
    /** The trade's actual cash value; absent: the allowance (`tradeIn.value`). */
    tradeInAcv: dollarAmount().optional(),
    /** The cost of each add-on, in the order of `addOns` (missing: $0.00). */
    addOnCosts: z
      .array(dollarAmount(), { error: MSG.expectedList })
      .max(LIST_MAX, MSG.tooManyItems)
      .default([]),
    /** The dealer's share of the markup, percent ("Dealer keeps 75 % of the markup"). */
    participation: number(MSG.participationInvalid)
      .min(0, MSG.participationInvalid)
      .max(100, MSG.participationInvalid)
      .default(0),
    /** The lender's buy rate by term; a finance option whose term has none has no markup. */
    buyRates: z
      .array(
        z.strictObject(
          {
            months: number(MSG.termMonthsInvalid)
              .int(MSG.termMonthsInvalid)
              .min(1, MSG.termMonthsInvalid)
              .max(120, MSG.termMonthsInvalid),
            aprPercent: rate(),
          },
          { error: objectError },
        ),
        { error: MSG.expectedList },
      )
      .max(LIST_MAX, MSG.tooManyItems)
      .default([]),
    buyMoneyFactor: number(MSG.moneyFactorInvalid)
      .min(0, MSG.moneyFactorInvalid)
      .max(0.1, MSG.moneyFactorInvalid)
      .optional(),
    /** How the lender pays reserve; absent: a share of the markup. */
    reserveRule: reserveRuleSchema.optional(),
  },
  { error: objectError },
);
type CalculateEconomics = z.infer<typeof calculateEconomicsSchema>;

/** What the body's deal and economics give whatever the structure (cents). */
interface DealSide {
  sellingPriceCents: number;
  vehicleCostCents: number | null;
  packCents: number;
  tradeOverAllowanceCents: number;
  feesInGrossCents: number;
  addOns: { priceCents: number; costCents: number }[];
}

function dealSide(
  input: DealInput,
  economics: CalculateEconomics,
  feesInGross: readonly boolean[],
): DealSide {
  const allowance = input.tradeIn.valueCents;
  let feesInGrossCents = 0;
  input.fees.forEach((fee, index) => {
    if (feesInGross[index] && fee.kind !== "gov") feesInGrossCents += fee.amountCents;
  });
  return {
    sellingPriceCents: input.sellingPriceCents,
    vehicleCostCents: economics.vehicleCost === undefined ? null : toCents(economics.vehicleCost),
    packCents: toCents(economics.pack),
    tradeOverAllowanceCents:
      economics.tradeInAcv === undefined ? 0 : allowance - toCents(economics.tradeInAcv),
    feesInGrossCents,
    addOns: input.addOns.map((addOn, index) => ({
      priceCents: addOn.priceCents,
      costCents: toCents(economics.addOnCosts[index] ?? 0),
    })),
  };
}

const withLender = (side: DealSide, lender: ReserveFigures): GrossFigures =>
  grossOf({ ...side, reserveCents: lender.reserve, rateBuyDownCents: lender.rateBuyDown });

/** The reserve of one finance row of the result. */
function financeRowReserve(
  row: DealResult["finance"][number],
  economics: CalculateEconomics,
): ReserveFigures {
  const buy = economics.buyRates.find((line) => line.months === row.months)?.aprPercent;
  return financeReserve(
    row.amountFinanced,
    row.months,
    row.aprPercent,
    buy,
    economics.participation,
    economics.reserveRule,
  );
}

/** The reserve of one lease option (null while the lease is not offered). */
function leaseRowReserve(input: DealInput, index: number, economics: CalculateEconomics, result: DealResult) {
  const row = result.lease[index];
  const option = input.lease[index];
  if (!row?.available || !option) return null;
  const rule = economics.reserveRule ?? { method: "markup" as const };
  if (economics.buyMoneyFactor === undefined)
    return leaseReserve(
      row.rentCharge,
      row.rentCharge,
      0,
      rule.method === "markup" ? { method: "markup" } : rule,
      row.adjustedCapCost,
    );
  const [atBuy] = calculateDeal({
    ...input,
    finance: [],
    lease: [{ ...option, moneyFactor: economics.buyMoneyFactor }],
  }).lease;
  if (!atBuy?.available) return null;
  return leaseReserve(row.rentCharge, atBuy.rentCharge, economics.participation, rule, row.adjustedCapCost);
}

const option = (gross: GrossFigures) => {
  const dollars = grossInDollars(gross);
  return {
    reserve: dollars.reserve,
    rateBuyDown: dollars.rateBuyDown,
    back: dollars.back,
    total: dollars.total,
  };
};

/** The `gross` of a calculate answer: the deal's front and add-on gross, and each option's back and total. */
export function calculateGross(
  input: DealInput,
  result: DealResult,
  economics: CalculateEconomics,
  feesInGross: readonly boolean[],
) {
  const side = dealSide(input, economics, feesInGross);
  const cash = grossInDollars(withLender(side, { reserve: 0, rateBuyDown: 0 }));
  return {
    front: cash.front,
    tradeOverAllowance: cash.tradeOverAllowance,
    feesInGross: cash.feesInGross,
    addOns: cash.addOns,
    cash: { back: cash.back, total: cash.total },
    finance: result.finance.map((row) => ({
      months: row.months,
      aprPercent: row.aprPercent,
      ...option(withLender(side, financeRowReserve(row, economics))),
    })),
    lease: result.lease.map((row, index) => {
      const lender = leaseRowReserve(input, index, economics, result);
      return lender === null
        ? { months: row.months, reserve: null, rateBuyDown: null, back: null, total: null }
        : { months: row.months, ...option(withLender(side, lender)) };
    }),
  };
}
export type CalculateGross = ReturnType<typeof calculateGross>;

/** The gross of one option (a solve's answer), in dollars; null for a lease not offered. */
export function optionGross(
  input: DealInput,
  economics: CalculateEconomics,
  feesInGross: readonly boolean[],
  structure: "finance" | "lease",
  index: number,
) {
  const side = dealSide(input, economics, feesInGross);
  if (structure === "finance") {
    const choice = input.finance[index];
    if (!choice) return null;
    const [row] = calculateDeal({ ...input, finance: [choice], lease: [] }).finance;
    if (!row) return null;
    return grossInDollars(withLender(side, financeRowReserve(row, economics)));
  }
  const choice = input.lease[index];
  if (!choice) return null;
  const single = { ...input, finance: [], lease: [choice] };
  const lender = leaseRowReserve(single, 0, economics, calculateDeal(single));
  return lender === null ? null : grossInDollars(withLender(side, lender));
}
