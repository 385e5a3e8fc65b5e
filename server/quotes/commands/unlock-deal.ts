import { memberLabel } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import type { QuoteRow } from "../../db/repositories/quotes";
import { badRequest } from "../../errors";
import { unlockQuote } from "../quote-lifecycle";
import type { CommandDeps, CommandMember } from "./command-deps";
import { pushHistory } from "./version-steps";

/**
 * POST /api/quotes/:id/unlock: the dealer reopens an accepted deal. The unlock, its history row and
 * `quote.unlocked` are one transaction; then the rooms reopen, and (issue #37) the stock vehicle is
 * free again unless another deal holds it.
 */
export async function unlockDeal(
  deps: CommandDeps,
  { quote, member }: { quote: QuoteRow; member: CommandMember },
): Promise<void> {
  if (quote.lockedAt === null) throw badRequest(MSG.dealNotLocked);
  const event = await unlockQuote(deps, quote, {
    at: Date.now(),
    role: "DEALER",
    actor: memberLabel(member.firstName, member.role),
    field: "unlocked",
    newValue: `version ${quote.acceptedVersion ?? ""}`.trim(),
  });
  deps.live.setDealState(quote.id, {
    locked: false,
    acceptedVersion: quote.acceptedVersion,
    counterOffer: null,
  });
  await deps.stock.afterReopen(quote);
  await deps.live.stateChanged(quote.id);
  pushHistory(deps, quote.id, event);
}
