import { useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/api";
import { type QuoteAnswer, readQuote } from "./quote-api";
import { useRenderedQuote } from "./rendered-quote";

type QuoteLoad =
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
  const rendered = useRenderedQuote(quoteId);
  const fromServer = dealerMode ? undefined : rendered;
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
    readQuote(quoteId, dealerMode, controller.signal)
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
