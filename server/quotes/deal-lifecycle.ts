import type { DealState } from "@shared/deal-state";
import { mayWorkQuote } from "@shared/permissions";
import type { TokenService } from "../auth/tokens";
import type { QuoteRow, Stores } from "../db/stores";
import type { LiveIdentity } from "../policies/quote-access";
import { counterOfferOf } from "./read-quote";

// Issue #33: the deal's state as the database has it, for the live server, which judges every
// write against it: the lock and its versions, the expiry, whose quote it is, and whether the
// holder of a dealer socket may still work it (token not revoked, still a member, still the
// salesperson or an owner or manager of the dealership).

export type DealLifecycleState = {
  quote: QuoteRow;
  deal: DealState;
  /** The salesperson's full name (a reassigned-away salesperson's page names them). */
  salesperson: string;
};

export type DealerVerdict = "ok" | "lostQuote" | "ended";

export type DealLifecycle = {
  /** Each quote's state seq; a quote missing from the answer was deleted. */
  stateSeqs(quoteIds: readonly string[]): Promise<Map<string, number>>;
  /** The quote's state now; undefined once it is deleted. */
  read(quoteId: string): Promise<DealLifecycleState | undefined>;
  /**
   * Per dealer (same order as `dealers`): "ok" while allowed to work this quote; "lostQuote" for
   * a member whose session is good but who may no longer work it (reassigned away, demoted);
   * "ended" when the session itself is over (token revoked or expired, member removed).
   */
  dealersMayWork(
    quote: QuoteRow,
    dealers: readonly NonNullable<LiveIdentity["dealer"]>[],
  ): Promise<DealerVerdict[]>;
};

export function createDealLifecycle(stores: Stores, tokens: TokenService): DealLifecycle {
  return {
    stateSeqs: (ids) => stores.quotes.stateSeqs(ids),
    async read(quoteId) {
      const quote = await stores.quotes.find(quoteId);
      if (!quote) return undefined;
      const [counterOffer, salesperson] = await Promise.all([
        counterOfferOf(stores, quoteId),
        stores.users.byId(quote.salespersonId),
      ]);
      const locked = quote.lockedAt !== null;
      return {
        quote,
        deal: {
          locked,
          acceptedVersion: quote.acceptedVersion,
          counterOffer,
          expired: quote.expiresAt < Date.now(),
        },
        salesperson: salesperson ? `${salesperson.firstName} ${salesperson.lastName}`.trim() : "",
      };
    },
    async dealersMayWork(quote, dealers) {
      if (dealers.length === 0) return [];
      const now = Date.now();
      const [valid, members] = await Promise.all([
        tokens.stillValid(dealers),
        Promise.all([...new Set(dealers.map((d) => d.userId))].map((id) => stores.users.byId(id))),
      ]);
      const byId = new Map(members.flatMap((m) => (m ? [[m.id, m] as const] : [])));
      return dealers.map((dealer, i): DealerVerdict => {
        const member = byId.get(dealer.userId);
        if (valid[i] !== true || dealer.expiresAtMs <= now || member === undefined) return "ended";
        return mayWorkQuote(member, quote) ? "ok" : "lostQuote";
      });
    },
  };
}
