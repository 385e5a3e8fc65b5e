import { countsAsPresent } from "@shared/rules/presence-rule";
import type { Awareness } from "y-protocols/awareness";

/**
 * Whether a shopper is looking at the deal right now, by the same rule as the dealer's quote page
 * (shared/rules/presence-rule.ts), so the dashboard's dot and the page never disagree: connected,
 * announced with the server-stamped SHOPPER role, visible, and still renewing.
 */
export function shopperLooking(awareness: Awareness | undefined, now = Date.now()): boolean {
  if (!awareness) return false;
  for (const [clientId, state] of awareness.getStates()) {
    if (state?.role !== "SHOPPER") continue;
    if (countsAsPresent(state, awareness.meta.get(clientId)?.lastUpdated ?? 0, now)) return true;
  }
  return false;
}
