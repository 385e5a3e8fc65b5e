import { memberLabel } from "@shared/rules/permissions";
import type { QuoteRow } from "../../db/repositories/quotes";
import { expiryFrom } from "../create-quote";
import type { CommandDeps, CommandMember } from "./command-deps";
import { pushHistory } from "./version-steps";

/**
 * POST /api/quotes/:id/renew (issue #14): a new expiry, QUOTE_VALIDITY_DAYS from now as for a new
 * quote, stored with its history row; a room open right now takes the shopper's writes again at
 * once, and the dealers' History panels show it. Answers the new expiry (ISO).
 */
export async function renewQuote(
  deps: CommandDeps,
  { quote, member }: { quote: QuoteRow; member: CommandMember },
): Promise<{ expiresAt: string | null }> {
  const now = Date.now();
  const expiresAt = expiryFrom(now, deps.config.quoteValidityDays);
  const event = await deps.stores.quotes.renew(quote.id, expiresAt, {
    at: now,
    role: "DEALER",
    actor: memberLabel(member.firstName, member.role),
    field: "expiresAt",
    oldValue: new Date(quote.expiresAt).toISOString(),
    newValue: new Date(expiresAt).toISOString(),
  });
  deps.live.setExpiry(quote.id, expiresAt);
  await deps.live.stateChanged(quote.id);
  pushHistory(deps, quote.id, event);
  return { expiresAt: event.newValue };
}
