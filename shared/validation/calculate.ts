// POST /api/calculate: the request body in dollars (at most 2 decimals), rates in
// percent, money factors as decimals; parsed into the calculator's cents input,
// and the calculator's cents result back to dollars. The names are a contract
// with dealer websites' payment widgets: keep them.

import { QUOTE_RATE_MAX } from "../core/constants";
import { centsToDollars, toCents } from "../core/money";
import { z } from "../core/zod";
import type { DealInput, DealResult, LeaseOption, LeaseResult } from "../deal/deal-types";
import { boolean, dollarAmount, number, requiredText, taxRate } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { calculateEconomicsSchema } from "./calculate-economics";

/** Issue #49: what a solve answer may be rounded to, in dollars: the cent, $1, $10, $50, $100. */
const SOLVE_ROUNDINGS = [0.01, 1, 10, 50, 100] as const;

const MAX_TERM_MONTHS = 120;
export const MAX_MONEY_FACTOR = 0.1;
/** List bounds: far above any real deal, low enough that one request stays cheap. */
const CALCULATE_LIST_MAX = { items: 50, rates: 10, options: 36 } as const;

// Every object of the body is strict: an unknown key is refused ("Unknown field", named in the
// 400), never stripped, as on every other endpoint.
const objectError = (issue: { code?: string }) =>
  issue.code === "unrecognized_keys" ? MSG.unknownKey : MSG.expectedObject;
const strict = { error: objectError };

const cents = (dollars: number) => toCents(dollars);
const optionalCents = (dollars: number | undefined) => (dollars === undefined ? undefined : toCents(dollars));
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MSG.optionInvalid });
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: MSG.expectedList }).max(max, MSG.tooManyItems).default([]);

const months = () =>
  number(MSG.termMonthsInvalid)
    .int(MSG.termMonthsInvalid)
    .min(1, MSG.termMonthsInvalid)
    .max(MAX_TERM_MONTHS, MSG.termMonthsInvalid);

const name = () => requiredText(MSG.nameRequired);

const taxProfileSchema = z.strictObject(
  {
    rates: list(
      z.strictObject(
        { name: name(), ratePercent: taxRate(), baseCapDollars: dollarAmount().optional() },
        strict,
      ),
      CALCULATE_LIST_MAX.rates,
    ),
    tradeIn: z
      .strictObject(
        { rule: choice(["full", "none", "capped", "newOnly"]), capDollars: dollarAmount().optional() },
        strict,
      )
      .refine((value) => value.rule !== "capped" || value.capDollars !== undefined, {
        message: MSG.tradeInCapRequired,
        path: ["capDollars"],
      })
      .default({ rule: "full" }),
    rebates: choice(["taxed", "deducted"]).default("taxed"),
    fees: z
      .strictObject({ doc: boolean(), dealer: boolean(), addOn: boolean(), gov: boolean() }, strict)
      .default({ doc: true, dealer: true, addOn: true, gov: false }),
    minTaxDollars: dollarAmount().optional(),
    lease: z
      .strictObject(
        {
          method: choice(["monthly", "upfrontTotal", "upfrontPrice"]),
          capReductionTaxable: boolean(),
          tradeCredit: boolean(),
        },
        strict,
      )
      .default({ method: "monthly", capReductionTaxable: true, tradeCredit: true }),
  },
  { error: objectError },
);

const leaseSchema = z
  .strictObject(
    {
      months: months(),
      residualPercent: number()
        .min(0, MSG.residualPercentInvalid)
        .max(100, MSG.residualPercentInvalid)
        .optional(),
      residualValue: dollarAmount().optional(),
      moneyFactor: number(MSG.moneyFactorInvalid)
        .min(0, MSG.moneyFactorInvalid)
        .max(MAX_MONEY_FACTOR, MSG.moneyFactorInvalid),
      acquisitionFee: dollarAmount().optional(),
      acquisitionFeeCapitalized: boolean().optional(),
      dispositionFee: dollarAmount().optional(),
      securityDeposit: dollarAmount().optional(),
      capitalizeTax: boolean().optional(),
    },
    strict,
  )
  .superRefine((value, ctx) => {
    const given = (value.residualPercent !== undefined ? 1 : 0) + (value.residualValue !== undefined ? 1 : 0);
    if (given !== 1)
      ctx.addIssue({
        code: "custom",
        message: given === 0 ? MSG.residualRequired : MSG.residualBoth,
        path: ["residualPercent"],
      });
  });

/** The fields of a calculate body (POST /api/calculate/solve adds its own to them). */
const calculateBodyShape = {
  sellingPrice: dollarAmount(MSG.priceRequired),
  msrp: dollarAmount().optional(),
  isNew: boolean().default(true),
  addOns: list(
    z.strictObject({ name: name(), price: dollarAmount(MSG.priceRequired) }, strict),
    CALCULATE_LIST_MAX.items,
  ),
  fees: list(
    z.strictObject(
      {
        name: name(),
        kind: choice(["doc", "dealer", "gov"]),
        amount: dollarAmount({ required: MSG.amountPositive, negative: MSG.amountPositive }),
        taxable: boolean().optional(),
        capitalized: boolean().optional(),
        /** Issue #49: a dealer fee (a doc fee) the dealership books as front gross (read with `economics`). */
        countsAsGross: boolean().optional(),
      },
      strict,
    ),
    CALCULATE_LIST_MAX.items,
  ),
  tradeIn: z
    .strictObject(
      { value: dollarAmount().default(0), owed: dollarAmount().default(0) },
      { error: objectError },
    )
    .default({ value: 0, owed: 0 }),
  rebates: list(
    z.strictObject(
      {
        name: name(),
        amount: dollarAmount({ required: MSG.amountPositive, negative: MSG.amountPositive }),
      },
      strict,
    ),
    CALCULATE_LIST_MAX.items,
  ),
  downPayment: dollarAmount().default(0),
  taxProfile: taxProfileSchema.default({
    rates: [],
    tradeIn: { rule: "full" },
    rebates: "taxed",
    fees: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
  }),
  finance: list(
    z.strictObject(
      {
        aprPercent: number(MSG.quoteRateInvalid)
          .min(0, MSG.quoteRateInvalid)
          .max(QUOTE_RATE_MAX, MSG.quoteRateInvalid),
        months: months(),
      },
      strict,
    ),
    CALCULATE_LIST_MAX.options,
  ),
  lease: list(leaseSchema, CALCULATE_LIST_MAX.options),
  /** Issue #49: the dealer-private economics; with them the answer carries `gross`. */
  economics: calculateEconomicsSchema.optional(),
};

const msrpForResiduals = (
  value: { msrp?: number; lease: { residualPercent?: number }[] },
  ctx: z.RefinementCtx,
) => {
  if (value.msrp === undefined && value.lease.some((option) => option.residualPercent !== undefined))
    ctx.addIssue({ code: "custom", message: MSG.msrpRequiredForResidual, path: ["msrp"] });
};

export const calculateBodySchema = z
  .strictObject(calculateBodyShape, { error: objectError })
  .superRefine(msrpForResiduals);

/**
 * POST /api/calculate/solve (issue #38): a calculate body and what to solve. `index` names one
 * option of the body's `finance` or `lease` list (for `months`, every option of the list is a
 * candidate: the quote's grid).
 */
export const solveBodySchema = z
  .strictObject(
    {
      ...calculateBodyShape,
      target: z.strictObject(
        {
          structure: choice(["finance", "lease"]),
          index: number(MSG.solveIndexInvalid).int(MSG.solveIndexInvalid).min(0, MSG.solveIndexInvalid),
          monthlyPayment: dollarAmount({
            required: MSG.monthlyPaymentRequired,
            negative: MSG.monthlyPaymentRequired,
          }).refine((value) => value > 0, MSG.monthlyPaymentRequired),
        },
        strict,
      ),
      solveFor: choice(["sellingPrice", "downPayment", "months"]),
      /** Issue #49: the answer rounded for quoting (dollars): a price down, a down payment up. */
      roundTo: z
        .union(
          SOLVE_ROUNDINGS.map((step) => z.literal(step)) as unknown as [
            z.ZodLiteral<number>,
            z.ZodLiteral<number>,
          ],
          {
            error: MSG.solveRoundingInvalid,
          },
        )
        .default(0.01),
    },
    { error: objectError },
  )
  .superRefine((value, ctx) => {
    msrpForResiduals(value, ctx);
    const options = value.target.structure === "finance" ? value.finance : value.lease;
    if (value.target.index >= options.length)
      ctx.addIssue({ code: "custom", message: MSG.solveIndexInvalid, path: ["target", "index"] });
  });
export type SolveBody = z.infer<typeof solveBodySchema>;

export type CalculateBody = z.infer<typeof calculateBodySchema>;

/** The parsed body as the calculator's cents input. */
export function toDealInput(body: CalculateBody): DealInput {
  const profile = body.taxProfile;
  return {
    sellingPriceCents: cents(body.sellingPrice),
    msrpCents: optionalCents(body.msrp),
    isNew: body.isNew,
    addOns: body.addOns.map((addOn) => ({ name: addOn.name, priceCents: cents(addOn.price) })),
    fees: body.fees.map((fee) => ({
      name: fee.name,
      kind: fee.kind,
      amountCents: cents(fee.amount),
      taxable: fee.taxable,
      capitalized: fee.capitalized,
    })),
    tradeIn: { valueCents: cents(body.tradeIn.value), owedCents: cents(body.tradeIn.owed) },
    rebates: body.rebates.map((rebate) => ({ name: rebate.name, amountCents: cents(rebate.amount) })),
    downPaymentCents: cents(body.downPayment),
    taxRules: {
      rates: profile.rates.map((line) => ({
        name: line.name,
        ratePercent: line.ratePercent,
        baseCapCents: optionalCents(line.baseCapDollars),
      })),
      tradeIn: { rule: profile.tradeIn.rule, capCents: optionalCents(profile.tradeIn.capDollars) },
      rebates: profile.rebates,
      fees: profile.fees,
      minTaxCents: optionalCents(profile.minTaxDollars),
      lease: profile.lease,
    },
    finance: body.finance,
    lease: body.lease.map(
      (option): LeaseOption => ({
        months: option.months,
        residualPercent: option.residualPercent,
        residualValueCents: optionalCents(option.residualValue),
        moneyFactor: option.moneyFactor,
        acquisitionFeeCents: optionalCents(option.acquisitionFee),
        acquisitionFeeCapitalized: option.acquisitionFeeCapitalized,
        dispositionFeeCents: optionalCents(option.dispositionFee),
        securityDepositCents: optionalCents(option.securityDeposit),
        capitalizeTax: option.capitalizeTax,
      }),
    ),
  };
}

const dollars = centsToDollars;

/** The calculator's result with every amount in dollars (rates and months as given). */
export function resultInDollars(result: DealResult) {
  return {
    tax: {
      taxableBase: dollars(result.tax.taxableBase),
      lines: result.tax.lines.map((line) => ({
        name: line.name,
        base: dollars(line.base),
        tax: dollars(line.tax),
      })),
      total: dollars(result.tax.total),
    },
    cash: { outTheDoor: dollars(result.cash.outTheDoor), dueToCustomer: dollars(result.cash.dueToCustomer) },
    finance: result.finance.map((row) => ({
      aprPercent: row.aprPercent,
      months: row.months,
      amountFinanced: dollars(row.amountFinanced),
      payment: dollars(row.payment),
      // Issue #49: the final payment, only where it differs from the others.
      ...(row.finalPayment === row.payment ? {} : { finalPayment: dollars(row.finalPayment) }),
      financeCharge: dollars(row.financeCharge),
      totalOfPayments: dollars(row.totalOfPayments),
    })),
    lease: result.lease.map(leaseRowInDollars),
  };
}
/**
 * One lease row. Issue #34: `available` and, on an available row, `cashDueAtSigning` (the amount
 * due at signing less the net trade-in allowance and rebates) and `tradeInApplied` join the
 * existing fields, which keep their meaning. A lease that is not offered (the adjusted cap cost at
 * or below the residual) has `available: false`, a `reason`, its cap cost figures, and null for
 * every payment figure: never a payment of zero or below.
 */
function leaseRowInDollars(row: LeaseResult) {
  if (!row.available) {
    return {
      months: row.months,
      available: false as const,
      reason: row.reason,
      grossCapCost: dollars(row.grossCapCost),
      capCostReduction: dollars(row.capCostReduction),
      adjustedCapCost: dollars(row.adjustedCapCost),
      residualValue: dollars(row.residualValue),
      depreciation: null,
      rentCharge: null,
      basePayment: null,
      monthlyTax: null,
      monthlyPayment: null,
      upfrontTax: null,
      amountDueAtSigning: null,
      totalOfPayments: null,
      cashDueAtSigning: null,
      tradeInApplied: dollars(row.tradeInApplied),
    };
  }
  return {
    months: row.months,
    grossCapCost: dollars(row.grossCapCost),
    capCostReduction: dollars(row.capCostReduction),
    adjustedCapCost: dollars(row.adjustedCapCost),
    residualValue: dollars(row.residualValue),
    depreciation: dollars(row.depreciation),
    rentCharge: dollars(row.rentCharge),
    basePayment: dollars(row.basePayment),
    monthlyTax: dollars(row.monthlyTax),
    monthlyPayment: dollars(row.monthlyPayment),
    upfrontTax: dollars(row.upfrontTax),
    amountDueAtSigning: dollars(row.amountDueAtSigning),
    totalOfPayments: dollars(row.totalOfPayments),
    available: true as const,
    cashDueAtSigning: dollars(row.cashDueAtSigning),
    tradeInApplied: dollars(row.tradeInApplied),
  };
}

export type CalculateResponse = ReturnType<typeof resultInDollars>;
