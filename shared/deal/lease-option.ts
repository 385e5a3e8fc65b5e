// The calculator's lease option for one term of a quote's programme: the comparison grid and the
// selected structure build it alike. A module of its own so that the shopper page's opening chunk
// (the header card reads the selected structure) does not carry the grids.

import type { CreditTier } from "../core/constants";
import { toCents } from "../core/money";
import type { LeaseProgram } from "../schemas/quote-schema";
import type { LeaseOption } from "./deal-types";

export function leaseOptionOf(
  program: LeaseProgram,
  tier: CreditTier,
  months: number,
  residualPercent: number,
): LeaseOption {
  return {
    months,
    residualPercent,
    moneyFactor: program.moneyFactors[tier] ?? 0,
    acquisitionFeeCents: toCents(program.acquisitionFee),
    dispositionFeeCents: toCents(program.dispositionFee),
    securityDepositCents: toCents(program.securityDeposit),
  };
}
