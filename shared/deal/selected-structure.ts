// Issue #34 and the turn-3 ruling: a quote has exactly one selected structure at any time: cash,
// finance (tier, term, down) or lease (term, down, programme), from the shopper's choice when they
// picked one (and it is still on offer), else the dealer's default. Everything that presents "the
// deal" reads it: the header card, the breakdown, the deal sheet and its PDF, versions, the
// acceptance mail and the history sentence.
//
// The dealer's default: finance at the quote's credit tier, over the longest finance term shown,
// with the quote's own down payment (what the header card's "from $X/mo" always showed); cash when
// finance is kept from the shopper; the first offered lease when only the lease is shown.
//
// The down payment is the quote's one `downPayment` whatever the structure: a chosen grid cell sets
// it (the page writes the cell's down with the choice), the dialog changes it, and the breakdown,
// the sheet and the selection all read it, so two figures for the down can never disagree. The
// choice says which structure and term only (issue #46; an older stored choice's `down` is not
// read); a structure or term the dealer's grid no longer offers (issue #33, offered-choice.ts) or a
// lease that is not offered is no choice: the default shows. Cash presents what a cash buyer pays.

import { type CreditTier, creditTierLabel, type LeaseTerm, type LoanTerm } from "../core/constants";
import { formatPercent } from "../core/format";
import { formatMoney } from "../core/money";
import type { QuoteData, ShopperChoice } from "../schemas/quote-schema";
import { defaultStructures } from "../schemas/quote-template";
import { DEAL_RULE_TEXT } from "../text/deal-rule-text";
import { calculateDeal } from "./calculate-deal";
import type { AvailableLease, FinanceResult } from "./deal-types";
import { leaseOptionOf } from "./lease-option";
import { isChoiceOffered } from "./offered-choice";
import { effectiveRate } from "./pricing";
import { appliedDownPayment, quoteDealInput } from "./quote-deal";

type Common = {
  /** True when the shopper's choice, false when the dealer's default. */
  fromChoice: boolean;
  /** The cash down applied, in cents. */
  downCents: number;
};

export type Selection =
  | (Common & {
      kind: "cash";
      /** Issue #46: what a cash buyer pays, the out-the-door price before any down payment. */
      cashPrice: number;
      /** Trade equity beyond the whole deal, paid to the customer (cashPrice is then $0.00). */
      dueToCustomer: number;
    })
  | (Common & { kind: "finance"; tier: CreditTier; months: LoanTerm; result: FinanceResult })
  | (Common & {
      kind: "lease";
      tier: CreditTier;
      months: LeaseTerm;
      result: AvailableLease;
      moneyFactor: number;
      residualPercent: number;
    });

export interface SelectedDeal {
  selection: Selection;
  /** The deal as presented: the structures read tolerantly and the selection's down payment. */
  data: QuoteData;
  /** "Lease, 36 months, $2,000.00 down, $88.12/mo, $2,417.00 due at signing". */
  text: string;
}

/** The deal with the down payment `downCents` (stored negative, as the quote keeps it). */
const withDown = (data: QuoteData, downCents: number): QuoteData => ({
  ...data,
  downPayment: downCents === 0 ? 0 : -downCents / 100,
});

/** What a cash buyer pays (the out-the-door price before any down payment), and any trade equity beyond it. */
function cashBeforeDown(data: QuoteData) {
  return calculateDeal(quoteDealInput(data, { downPaymentCents: 0 })).cash;
}

function cash(data: QuoteData, fromChoice: boolean): SelectedDeal {
  const { applied } = appliedDownPayment(data);
  const { outTheDoor, dueToCustomer } = cashBeforeDown(data);
  return {
    selection: { kind: "cash", fromChoice, downCents: applied, cashPrice: outTheDoor, dueToCustomer },
    data,
    text:
      dueToCustomer > 0
        ? DEAL_RULE_TEXT.cashDueToCustomer(formatMoney(outTheDoor), formatMoney(dueToCustomer))
        : DEAL_RULE_TEXT.cashStructure(formatMoney(outTheDoor)),
  };
}

function finance(data: QuoteData, months: LoanTerm, fromChoice: boolean): SelectedDeal {
  const tier = data.selectedCreditTier;
  const { applied } = appliedDownPayment(data);
  const input = quoteDealInput(data, {
    downPaymentCents: applied,
    finance: [{ aprPercent: effectiveRate(data, tier, months).rate, months }],
  });
  const [result] = calculateDeal(input).finance;
  if (!result) throw new Error("finance option without a result");
  return {
    selection: { kind: "finance", fromChoice, downCents: applied, tier, months, result },
    data,
    text: DEAL_RULE_TEXT.financeStructure(
      months,
      formatMoney(applied),
      formatMoney(result.payment),
      creditTierLabel(tier),
      formatPercent(result.aprPercent),
    ),
  };
}

/** The lease of `months` with the cash down `downCents`, or null when the quote cannot offer it. */
export function lease(
  data: QuoteData,
  months: LeaseTerm,
  downCents: number,
  fromChoice: boolean,
): SelectedDeal | null {
  const program = data.leaseProgram;
  if (!program || data.vehicle.msrp === undefined || data.structures.hidden.includes("lease")) return null;
  const residualPercent = program.residuals[String(months) as `${LeaseTerm}`];
  if (residualPercent === undefined) return null;
  const tier = data.selectedCreditTier;
  const option = leaseOptionOf(program, tier, months, residualPercent);
  const [result] = calculateDeal(
    quoteDealInput(data, { downPaymentCents: downCents, lease: [option] }),
  ).lease;
  if (!result?.available) return null;
  return {
    selection: {
      kind: "lease",
      fromChoice,
      downCents,
      tier,
      months,
      result,
      moneyFactor: option.moneyFactor,
      residualPercent,
    },
    data: withDown(data, downCents),
    text: DEAL_RULE_TEXT.leaseStructure(
      months,
      formatMoney(downCents),
      formatMoney(result.monthlyPayment),
      formatMoney(result.amountDueAtSigning),
    ),
  };
}

function fromChoice(data: QuoteData, choice: ShopperChoice): SelectedDeal | null {
  if (!isChoiceOffered(data, choice)) return null;
  if (choice.structure === "cash") return cash(data, true);
  if (choice.structure === "finance") return finance(data, choice.months, true);
  return lease(data, choice.months, appliedDownPayment(data).applied, true);
}

function dealerDefault(data: QuoteData): SelectedDeal {
  const { hidden, financeTerms, leaseTerms } = data.structures;
  if (!hidden.includes("finance")) return finance(data, Math.max(...financeTerms) as LoanTerm, false);
  if (!hidden.includes("cash")) return cash(data, false);
  const { applied } = appliedDownPayment(data);
  for (const months of leaseTerms) {
    const offered = lease(data, months, applied, false);
    if (offered) return offered;
  }
  return cash(data, false);
}

/** The quote's one selected structure and the deal as it presents it. */
export function selectedStructure(stored: QuoteData): SelectedDeal {
  // Every stored value passed the schema (the live guard); a quote from before structures has none.
  // (The comparison card reads them tolerantly, read-structures.ts; the header needs no more.)
  const data: QuoteData = { ...stored, structures: stored.structures ?? defaultStructures() };
  // Issue #46: a trade worth the whole deal or more leaves nothing to finance or lease: the deal
  // presents cash with what is due to the customer, never a $0.00/mo headline.
  if (cashBeforeDown(data).outTheDoor === 0) return cash(data, data.shopperChoice?.structure === "cash");
  const choice = data.shopperChoice;
  return (choice ? fromChoice(data, choice) : null) ?? dealerDefault(data);
}
