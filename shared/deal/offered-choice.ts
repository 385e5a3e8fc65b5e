// Issue #33: the shopper's pick must be a cell the dealer's grid shows: a structure that is not
// hidden, a cash-down row and a term of the quote's `structures`, and a lease only with a
// programme that has a residual for that term. The live guard refuses any other pick (4403),
// POST /accept answers 400, and a pick the dealer's later change took off the grid falls back to
// the default on both pages. One rule, read by all three.

import type { LeaseTerm, LoanTerm } from "../constants";
import { toCents } from "../money";
import type { LeaseProgram, ShopperChoice, Structures } from "../quote-schema";

export type OfferedOptions = { structures: Structures; leaseProgram?: LeaseProgram | null | undefined };

export function isChoiceOffered(options: OfferedOptions, choice: ShopperChoice): boolean {
  const { structures, leaseProgram } = options;
  if (structures.hidden.includes(choice.structure)) return false;
  if (choice.structure === "cash") return true;
  const downCents = toCents(choice.down);
  if (!structures.downs.some((down) => toCents(down) === downCents)) return false;
  if (choice.structure === "finance") return structures.financeTerms.includes(choice.months as LoanTerm);
  if (!leaseProgram || !structures.leaseTerms.includes(choice.months as LeaseTerm)) return false;
  return leaseProgram.residuals[String(choice.months) as `${LeaseTerm}`] !== undefined;
}

/** The shopper's pick while the grid still offers it, else none (the page shows the default). */
export function offeredChoice(
  options: OfferedOptions & { shopperChoice?: ShopperChoice | null | undefined },
): ShopperChoice | null {
  const choice = options.shopperChoice ?? null;
  return choice && isChoiceOffered(options, choice) ? choice : null;
}
