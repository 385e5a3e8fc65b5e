import type { DealState } from "@shared/live/deal-state";
import { maySeeGross, mayWorkQuote } from "@shared/rules/permissions";
import type { TokenService } from "../auth/tokens";
import type { QuoteRow } from "../db/repositories/quotes";
import type { Stores } from "../db/stores";
import { readEconomicsSettings } from "../defaults/economics-store";
import { isExpired } from "../policies/policy";
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

type DealerVerdict = "ok" | "lostQuote" | "ended";

export type DealLifecycle = {
  /** Each quote's state seq; a quote missing from the answer was deleted. */
  stateSeqs(quoteIds: readonly string[]): Promise<Map<string, number>>;
  /** Changes whenever any quote's state seq changes or a quote is deleted; null: no such clock. */
  stateClock(): Promise<string | null>;
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
  /**
   * Issue #38: per member (same order as `userIds`), whether they see the quote's gross now (their
   * role and the dealership's "Salespeople see gross", both read now): who the economics document
   * admits and keeps.
   */
  dealersSeeGross(quote: QuoteRow, userIds: readonly string[]): Promise<boolean[]>;
};

export function createDealLifecycle(stores: Stores, tokens: TokenService): DealLifecycle {
  return {
    stateSeqs: (ids) => stores.quotes.stateSeqs(ids),
    stateClock: () => stores.quotes.stateClock(),
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
          expired: isExpired(quote),
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
    async dealersSeeGross(quote, userIds) {
      if (userIds.length === 0) return [];
      const [settings, members] = await Promise.all([
        readEconomicsSettings(stores.defaults, quote.dealerId),
        Promise.all([...new Set(userIds)].map((id) => stores.users.byId(id))),
      ]);
      const byId = new Map(members.flatMap((m) => (m ? [[m.id, m] as const] : [])));
      return userIds.map((id) => {
        const member = byId.get(id);
        return (
          member !== undefined && member.dealershipId === quote.dealerId && maySeeGross(member, settings)
        );
      });
    },
  };
}
