// Tax profiles, DESKING.md §1.5, and the example state profiles of §1.6 offered to
// dealers as starting templates. Every example is labelled as one: rates, caps and
// flags change (VA went from 3% to 4.15%, MI's trade-in cap moves each January), so a
// dealer checks the sources and edits before use. Nothing here is tax advice.

import type { QuoteTaxRules } from "../schemas/quote-schema";
import type { FeeKind, LeaseTaxMethod, RebateRule, TaxRateLine, TaxRules, TradeInRule } from "./deal-types";

export interface TaxProfile {
  id: string;
  label: string;
  /** "TX", "FL – Orange County". */
  state: string;
  /** ISO date; MI's cap changes each 1 January. */
  effectiveFrom?: string;
  rates: TaxRateLine[];
  tradeIn: { rule: TradeInRule; capCents?: number };
  rebates: RebateRule;
  feeTaxableByKind: Record<FeeKind | "addOn", boolean>;
  minTaxCents?: number;
  lease: { method: LeaseTaxMethod; capReductionTaxable: boolean; tradeCredit: boolean };
  /** URLs the dealer can check. */
  sources: string[];
  notes?: string;
}

/** The calculator's view of a profile. */
export function taxRulesOf(
  profile: Pick<TaxProfile, "rates" | "tradeIn" | "rebates" | "feeTaxableByKind" | "minTaxCents" | "lease">,
): TaxRules {
  return {
    rates: profile.rates,
    tradeIn: profile.tradeIn,
    rebates: profile.rebates,
    fees: profile.feeTaxableByKind,
    minTaxCents: profile.minTaxCents,
    lease: profile.lease,
  };
}

import { STANDARD_RULES } from "./standard-rules";

export const STANDARD_PROFILE_LABEL = "Standard (full trade-in credit, dealer fees taxable)";

/** An existing taxes list as a profile whose rules reproduce today's figures exactly. */
export function profileFromTaxes(taxes: readonly { name: string; rate: number }[]): TaxProfile {
  return {
    id: "standard",
    label: STANDARD_PROFILE_LABEL,
    state: "",
    rates: taxes.map((tax) => ({ name: tax.name, ratePercent: tax.rate })),
    ...STANDARD_RULES,
    tradeIn: { ...STANDARD_RULES.tradeIn },
    feeTaxableByKind: { ...STANDARD_RULES.feeTaxableByKind },
    lease: { ...STANDARD_RULES.lease },
    sources: [],
  };
}

export const EXAMPLE_LABEL_SUFFIX = "(example: check rates and rules)";

const example = (profile: Omit<TaxProfile, "label"> & { name: string }): TaxProfile => {
  const { name, ...rest } = profile;
  return { ...rest, label: `${name} ${EXAMPLE_LABEL_SUFFIX}` };
};

/** DESKING.md §1.6, as templates. */
export const EXAMPLE_TAX_PROFILES: readonly TaxProfile[] = [
  example({
    id: "example-ca",
    name: "California (statewide base)",
    state: "CA",
    rates: [{ name: "California sales tax (statewide)", ratePercent: 7.25 }],
    tradeIn: { rule: "none" },
    rebates: "taxed",
    feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
    sources: [
      "https://cdtfa.ca.gov/lawguides/vol2/suta/125-0032.html",
      "https://cdtfa.ca.gov/lawguides/vol2/suta/125-0040.html",
    ],
    notes: "District taxes by address come on top of 7.25%: add them as rate lines.",
  }),
  example({
    id: "example-tx",
    name: "Texas",
    state: "TX",
    rates: [{ name: "Texas motor vehicle sales tax", ratePercent: 6.25 }],
    tradeIn: { rule: "full" },
    rebates: "deducted",
    feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "upfrontPrice", capReductionTaxable: false, tradeCredit: true },
    sources: [
      "https://comptroller.texas.gov/taxes/publications/96-254/total-consideration.php",
      "https://comptroller.texas.gov/taxes/publications/96-254/leases.php",
    ],
    notes: "Whether the doc fee is taxable was not verified: set the flag yourself.",
  }),
  example({
    id: "example-va",
    name: "Virginia",
    state: "VA",
    rates: [{ name: "Virginia motor vehicle sales and use tax", ratePercent: 4.15 }],
    tradeIn: { rule: "none" },
    rebates: "taxed",
    feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
    minTaxCents: 7_500,
    lease: { method: "upfrontPrice", capReductionTaxable: false, tradeCredit: true },
    sources: ["https://select.dmv.virginia.gov/select/help/vlic/vlica4.shtml"],
    notes: "The $75 minimum tax was not confirmed from an official page.",
  }),
  example({
    id: "example-mi-2026",
    name: "Michigan 2026",
    state: "MI",
    effectiveFrom: "2026-01-01",
    rates: [{ name: "Michigan sales tax", ratePercent: 6 }],
    tradeIn: { rule: "capped", capCents: 1_200_000 },
    rebates: "taxed",
    feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: false },
    sources: [
      "https://www.michiganada.org/new-year-reminders-and-updates",
      "https://library.partnertax.ai/us-mi/regs/205.54",
    ],
    notes:
      "The trade-in cap is by delivery date and rises $1,000 each 1 January. Rebate exclusion bills: status unverified.",
  }),
  example({
    id: "example-oh",
    name: "Ohio (7.25% county example)",
    state: "OH",
    rates: [
      { name: "Ohio state sales tax", ratePercent: 5.75 },
      { name: "County sales tax", ratePercent: 1.5 },
    ],
    tradeIn: { rule: "newOnly" },
    rebates: "taxed",
    feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "upfrontTotal", capReductionTaxable: true, tradeCredit: true },
    sources: [
      "https://tax.ohio.gov/wps/portal/gov/tax/help-center/faqs/vehicle-taxability-compliance-dealers/motor-vehicle-taxability-dealers",
    ],
    notes: "County rates differ: set the county line to yours.",
  }),
  example({
    id: "example-fl",
    name: "Florida (0.5% county surtax example)",
    state: "FL",
    rates: [
      { name: "Florida sales tax", ratePercent: 6 },
      { name: "County surtax (first $5,000)", ratePercent: 0.5, baseCapCents: 500_000 },
    ],
    tradeIn: { rule: "full" },
    rebates: "taxed",
    feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
    sources: [
      "https://dmvdealerschool.com/lessons/198",
      "https://floridarevenue.com/taxes/taxesfees/Pages/discretionary.aspx",
    ],
    notes: "County surtax rates differ; the $5,000 cap applies per vehicle.",
  }),
  example({
    id: "example-nj",
    name: "New Jersey",
    state: "NJ",
    rates: [{ name: "New Jersey sales tax", ratePercent: 6.625 }],
    tradeIn: { rule: "full" },
    rebates: "taxed",
    feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "upfrontTotal", capReductionTaxable: true, tradeCredit: true },
    sources: ["https://nj.gov/treasury/taxation/mvleasetrans.shtml"],
    notes: "Rebate and doc-fee rules were not verified: set them yourself.",
  }),
];

/** The standard rules in the quote's `taxRules` shape (dollars), written into every new quote by default. */
export function standardTaxRules(): QuoteTaxRules {
  return {
    profileLabel: STANDARD_PROFILE_LABEL,
    state: "",
    tradeIn: { rule: STANDARD_RULES.tradeIn.rule },
    rebates: STANDARD_RULES.rebates,
    fees: { ...STANDARD_RULES.feeTaxableByKind },
    lease: { ...STANDARD_RULES.lease },
  };
}

/** A profile's rules in the quote's `taxRules` shape (dollars); its rates become the taxes list. */
export function quoteTaxRulesOf(profile: TaxProfile): QuoteTaxRules {
  return {
    profileLabel: profile.label,
    state: profile.state,
    tradeIn: {
      rule: profile.tradeIn.rule,
      ...(profile.tradeIn.capCents === undefined ? {} : { cap: profile.tradeIn.capCents / 100 }),
    },
    rebates: profile.rebates,
    fees: { ...profile.feeTaxableByKind },
    ...(profile.minTaxCents === undefined ? {} : { minTax: profile.minTaxCents / 100 }),
    lease: { ...profile.lease },
  };
}
