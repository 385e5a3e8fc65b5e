// Issue #33: the shopper's pick must be on the dealer's grid: a structure that is not hidden, a
// term of the quote's `structures`, and a lease only with a programme that has a residual for that
// term. Issue #46: a pick names a structure and a term only; it stays chosen whatever the down
// payment (the deal has one down, the quote's; an older stored pick's `down` is not read). The live guard refuses any other pick (4403),
// POST /accept answers 400, and a pick the dealer's later change took off the grid falls back to
// the default on both pages. One rule, read by all three.

import type { LeaseTerm, LoanTerm } from "../core/constants";
import type { LeaseProgram, ShopperChoice, Structures } from "../schemas/quote-schema";

type OfferedOptions = { structures: Structures; leaseProgram?: LeaseProgram | null | undefined };

export function isChoiceOffered(options: OfferedOptions, choice: ShopperChoice): boolean {
  const { structures, leaseProgram } = options;
  if (structures.hidden.includes(choice.structure)) return false;
  if (choice.structure === "cash") return true;
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
