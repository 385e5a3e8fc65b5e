import type { QuoteStock } from "@shared/inventory/quote-stock";
import { useEffect, useRef, useState } from "react";
import { type QuoteSnapshot, usePageData } from "@/app/page-data";
import { ApiError, apiRequest } from "@/lib/api";

/** GET /api/quotes/{id} (server/quotes/read-quote.ts). */
export interface QuoteAnswer extends QuoteSnapshot {
  /** Issue #19 (absent from an older server's answer: not locked). */
  locked?: boolean;
  acceptedVersion?: number | null;
  counterOffer?: number | null;
  /** Issue #37, the dealer's answer only: the stock vehicle the quote was made from. */
  stock?: QuoteStock | null;
}

export type QuoteLoad =
  | { state: "loading" }
  | { state: "ready"; quote: QuoteAnswer }
  | { state: "authRequired" }
  | { state: "notFound" }
  | { state: "failed" };

/**
 * Loads the quote once per id and mode. Dealer mode sends the token (and needs one: no token or a
 * rejected one is 'Authentication required'); the shopper link never does, so a signed-in dealer
 * opening another dealer's shopper link is a shopper like anyone else.
 */
export function useQuoteLoad(
  quoteId: string,
  dealerMode: boolean,
  enabled: boolean,
  attempt: number,
): QuoteLoad {
  // The shopper page the server rendered starts from the quote it was rendered with (the same
  // answer as GET /api/quotes/{id}), so hydration shows the same numbers and asks for nothing.
  const rendered = usePageData().quote;
  const fromServer = !dealerMode && rendered?.id === quoteId ? rendered : undefined;
  const [load, setLoad] = useState<QuoteLoad>(() =>
    fromServer
      ? fromServer.answer
        ? { state: "ready", quote: fromServer.answer }
        : { state: "notFound" }
      : { state: "loading" },
  );
  const skipFirstLoad = useRef(fromServer !== undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try Again) loads again.
  useEffect(() => {
    if (!enabled) return;
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    const controller = new AbortController();
    setLoad({ state: "loading" });
    apiRequest<QuoteAnswer>(`/quotes/${encodeURIComponent(quoteId)}`, {
      auth: dealerMode,
      signal: controller.signal,
    })
      .then((quote) => setLoad({ state: "ready", quote }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) setLoad({ state: "authRequired" });
        else if (error instanceof ApiError && error.status === 404) setLoad({ state: "notFound" });
        else {
          // Spec §8: any other load failure is only logged; the page still offers a way on.
          console.error("Loading the quote failed", error);
          setLoad({ state: "failed" });
        }
      });
    return () => controller.abort();
  }, [quoteId, dealerMode, enabled, attempt]);

  return load;
}
