// Issue #46: the deal as presented, the one answer to "what is the shopper agreeing to?". Every
// surface reads it (the header card, the breakdown, the grid's highlight, the acceptance dialog, the
// sheet and its PDF, versions, mails, history, the CRM lead and webhooks, the desk log and its CSV,
// the dashboard and analytics), or the copy a version stored of it when it was saved.
//
// Its figures come from the selected structure (selected-structure.ts): the shopper's pick (a
// structure and a term) while the grid offers it, else the dealer's default, always at the quote's
// one down payment. Money in dollars, as the API answers it.

import { centsToDollars } from "../core/money";
import type { QuoteData, ShopperChoice } from "../schemas/quote-schema";
import { type SelectedDeal, type Selection, selectedStructure } from "./selected-structure";

export type PresentedDeal = {
  structure: "cash" | "finance" | "lease";
  /** Finance and lease: the term. */
  months?: number;
  /** The cash down applied (the quote's down payment, as far as the balance allows). */
  down: number;
  monthlyPayment?: number;
  /** Lease: the Reg M amount due at signing. */
  amountDueAtSigning?: number;
  /** Cash: what a cash buyer pays, the out-the-door price before any down payment. */
  cashPrice?: number;
  /** Cash: trade equity beyond the whole deal, paid to the customer. */
  dueToCustomer?: number;
  /** Finance: the contract APR. */
  aprPercent?: number;
  /** The sentence the header card and the sheet's "You are agreeing to" show. */
  text: string;
};

/** The presented deal of a selection (selected-structure.ts), in the API's dollars. */
export function presentedOf(selected: SelectedDeal): PresentedDeal {
  const { selection, text } = selected;
  const down = centsToDollars(selection.downCents);
  if (selection.kind === "cash") {
    return {
      structure: "cash",
      down,
      cashPrice: centsToDollars(selection.cashPrice),
      ...(selection.dueToCustomer > 0 ? { dueToCustomer: centsToDollars(selection.dueToCustomer) } : {}),
      text,
    };
  }
  if (selection.kind === "finance") {
    return {
      structure: "finance",
      months: selection.months,
      down,
      monthlyPayment: centsToDollars(selection.result.payment),
      aprPercent: selection.result.aprPercent,
      text,
    };
  }
  return {
    structure: "lease",
    months: selection.months,
    down,
    monthlyPayment: centsToDollars(selection.result.monthlyPayment),
    amountDueAtSigning: centsToDollars(selection.result.amountDueAtSigning),
    text,
  };
}

/** The deal as presented. */
export const presentedDeal = (data: QuoteData): PresentedDeal => presentedOf(selectedStructure(data));

/** The presented deal as a choice (a structure and a term): what an acceptance of it names. */
export function choiceOf(selection: Selection | PresentedDeal): ShopperChoice {
  const structure = "kind" in selection ? selection.kind : selection.structure;
  const months = "months" in selection ? selection.months : undefined;
  if (structure === "cash" || months === undefined) return { structure: "cash" };
  return { structure, months } as ShopperChoice;
}

/** Whether two choices name the same structure and term (an older choice's `down` is not read). */
export function sameChoice(
  a: ShopperChoice | null | undefined,
  b: ShopperChoice | null | undefined,
): boolean {
  if (!a || !b || a.structure !== b.structure) return false;
  return a.structure === "cash" || (b.structure !== "cash" && a.months === b.months);
}
