// The state both sides' quote pages hold (ShopperQuoteView, dealer/DealerQuoteView): the quote's
// answer as it is now, its expiry and lock, the live deal and the figures read from it, and the
// dialog open on the page.

import type { CreditTier } from "@shared/core/constants";
import { computeBreakdown, paymentGrid } from "@shared/deal/pricing";
import { appliedDownPayment } from "@shared/deal/quote-deal";
import { selectedStructure } from "@shared/deal/selected-structure";
import type { DealState } from "@shared/live/deal-state";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSameData, useStableCallback } from "@/lib/stable";
import type { LiveRole } from "./live/field-adapter";
import { logRefusal } from "./live/log-refusal";
import { readQuoteData } from "./live/quote-reader";
import { type LiveQuoteState, useLiveQuote } from "./live/use-live-quote";
import type { QuoteAnswer } from "./quote-api";
import type { QuoteDialog } from "./quote-dialogs";

export interface QuoteViewProps {
  quote: QuoteAnswer;
  token: string | null;
  /** False while the page finds out whether this is a dealer preview (the live channel waits). */
  liveReady?: boolean;
}

/** The deal the page shows and its figures, as its one selected structure presents them (issue #34). */
export interface ShownDeal {
  data: QuoteData;
  selected: ReturnType<typeof selectedStructure>;
  breakdown: ReturnType<typeof computeBreakdown>;
  grid: ReturnType<typeof paymentGrid>;
  down: ReturnType<typeof appliedDownPayment>;
}

function showDeal(data: QuoteData): ShownDeal {
  // The header card, the breakdown and the payments present the deal as its selected structure
  // does (a chosen grid cell's down payment, a lease's own lines).
  const selected = selectedStructure(data);
  const breakdown = computeBreakdown(selected.data);
  return {
    data,
    selected,
    breakdown,
    grid: paymentGrid(selected.data, breakdown.outTheDoorPrice),
    down: appliedDownPayment(selected.data),
  };
}

export interface QuotePage {
  quote: QuoteAnswer;
  /** Issue #48: the dealer's page reads the answer again when the deal's state seq moves. */
  setQuote(quote: QuoteAnswer): void;
  expired: boolean;
  setExpired(expired: boolean): void;
  /** The shopper's expired quote: nothing changes it. */
  readOnly: boolean;
  live: LiveQuoteState;
  /** Null until a copy of the deal arrived (the REST snapshot, then the live document). */
  deal: ShownDeal | null;
  dealState: DealState;
  setDealState(update: DealState | ((current: DealState) => DealState)): void;
  dialog: QuoteDialog | null;
  /** Opens a dialog; while the deal is locked, only those that do not change it. */
  openDialog(dialog: QuoteDialog): void;
  closeDialog(): void;
  /** The shopper's (or dealer's) pick of a credit tier, one identity for the page's life. */
  selectTier(tier: CreditTier): Promise<void>;
}

export function useQuotePage(
  role: LiveRole,
  { quote: answered, token, liveReady = true }: QuoteViewProps,
): QuotePage {
  // Issue #48: the answer as it is now (read again when the deal's state seq moves: QuoteAnswerFollower).
  const [quote, setQuote] = useState(answered);
  useEffect(() => setQuote(answered), [answered]);
  // A dealer may renew an expired quote from its page (issue #14); the shopper's turns read-only.
  const [expired, setExpired] = useState(quote.expired);
  const readOnly = expired && role === "shopper";
  // Issue #38: the economics document opens only for a dealer the REST answer showed the gross to.
  const economics = role === "dealer" && quote.gross !== undefined;
  const live = useLiveQuote(liveReady ? { quoteId: quote.id, role, token, readOnly, economics } : null);
  const [dialog, setDialog] = useState<QuoteDialog | null>(null);

  // The REST snapshot shows the deal until the live document arrives; it is never written back.
  const fallback = useMemo(() => readQuoteData(quote.data), [quote.data]);
  // The live deal usually arrives equal to the stored one: the page keeps one identity for it, so
  // the memoized lines and payments do not render again for nothing (issue #52).
  const data = useSameData(live.data ?? fallback);
  const deal = useMemo(() => (data ? showDeal(data) : null), [data]);

  // Issue #19: the shopper's acceptance locks the deal for both sides until the dealer reopens it.
  const [dealState, setDealState] = useState<DealState>(() => ({
    locked: quote.locked ?? false,
    acceptedVersion: quote.acceptedVersion ?? null,
    counterOffer: quote.counterOffer ?? null,
  }));
  const { onDealState } = live;
  useEffect(
    () =>
      onDealState((state) => {
        setDealState(state);
        // Issue #33: the expiry passed (or a renewal undid it) while the page is open: every
        // state pushed carries it, so the shopper's page turns read-only at that moment.
        setExpired(state.expired === true);
      }),
    [onDealState],
  );

  // While locked, nothing that changes the deal opens (the server refuses such edits anyway).
  const openDialog = useStableCallback((next: QuoteDialog) => {
    if (dealState.locked && !["share", "versions", "delete"].includes(next.kind)) return;
    setDialog(next);
  });
  const closeDialog = useCallback(() => setDialog(null), []);
  const selectTier = useStableCallback(async (tier: CreditTier) =>
    logRefusal(await live.update("selectedCreditTier", tier)),
  );

  return {
    quote,
    setQuote,
    expired,
    setExpired,
    readOnly,
    live,
    deal,
    dealState,
    setDealState,
    dialog,
    openDialog,
    closeDialog,
    selectTier,
  };
}
