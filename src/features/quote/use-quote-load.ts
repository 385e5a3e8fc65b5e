import type { QuoteDealership } from "@shared/api-types";
import { useEffect, useState } from "react";
import { ApiError, apiRequest } from "@/lib/api";

/** GET /api/quotes/{id} (server/quotes/read-quote.ts). */
export interface QuoteAnswer {
  id: string;
  created_at: string;
  expires_at: string;
  expired: boolean;
  data: Record<string, unknown>;
  dealership: QuoteDealership;
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
  const [load, setLoad] = useState<QuoteLoad>({ state: "loading" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try Again) loads again.
  useEffect(() => {
    if (!enabled) return;
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
