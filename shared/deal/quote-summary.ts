// The figures the quote page's summary card leads with (issue #11; issue #34: the one selected
// structure): its monthly payment (or the cash price), what the out-the-door price is after, what
// is due at signing on a lease, and what is due to the customer when the trade-in is worth more
// than the whole deal. Pure, so the server can render the same card.

import type { StructureKind } from "../core/constants";
import type { Breakdown } from "./pricing";
import type { SelectedDeal } from "./selected-structure";

export interface QuoteSummary {
  kind: StructureKind;
  /** True when the shopper picked the structure, false for the dealer's default. */
  fromChoice: boolean;
  outTheDoorPrice: number;
  /** The down payment applied, cents (the out-the-door price is "after" it). */
  downPayment: number;
  dueToCustomer: number;
  /** The selected finance or lease payment, cents; null for cash. */
  monthly: number | null;
  /** A lease's amount due at signing and the cash part of it, cents; null otherwise. */
  dueAtSigning: number | null;
  cashDueAtSigning: number | null;
  /** The structure in words: "Finance, 72 months, $2,000.00 down, $412.37/mo (Good credit, 9% APR)". */
  text: string;
}

export function quoteSummary(selected: SelectedDeal, breakdown: Breakdown): QuoteSummary {
  const { selection } = selected;
  return {
    kind: selection.kind,
    fromChoice: selection.fromChoice,
    outTheDoorPrice: breakdown.outTheDoorPrice,
    downPayment: -breakdown.downPayment || 0,
    dueToCustomer: breakdown.dueToCustomer,
    monthly:
      selection.kind === "finance"
        ? selection.result.payment
        : selection.kind === "lease"
          ? selection.result.monthlyPayment
          : null,
    dueAtSigning: selection.kind === "lease" ? selection.result.amountDueAtSigning : null,
    cashDueAtSigning: selection.kind === "lease" ? selection.result.cashDueAtSigning : null,
    text: selected.text,
  };
}
