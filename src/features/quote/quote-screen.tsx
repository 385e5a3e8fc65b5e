import { Suspense, useEffect, useState } from "react";
import { getStoredToken } from "@/lib/api";
import { Redirect } from "@/lib/app-link";
import { resilientLazy } from "@/lib/resilient-lazy";
import { useSession } from "@/lib/session";
import { QuoteLoadFailed, QuoteLoading, QuoteNotFound } from "./components/quote-states";
import { readQuote } from "./quote-api";
import { ShopperQuoteView } from "./shopper-quote-view";
import { useQuoteLoad } from "./use-quote-load";
import { useReportOpened } from "./use-report-opened";

// The dealer's view is a chunk of its own, so the shopper's page never carries it; the dealer's
// page starts loading it beside the quote's answer.
const loadDealerView = () => import("./dealer/dealer-quote-view");
const DealerQuoteView = resilientLazy(loadDealerView);

/**
 * A quote: the shopper's page, or with `dealerMode` the owner's working view. Dealer mode needs a
 * session (else /login and back); the server answers 404 to a dealer who does not own the quote.
 * Rendered by the full app's route (quote-page.tsx) and, without the router, by the shopper's
 * entry (src/shopper-main.tsx).
 */
export function QuoteScreen({ id, dealerMode }: { id: string; dealerMode: boolean }) {
  const { user, status } = useSession();
  const [attempt, setAttempt] = useState(0);
  const sessionReady = status === "ready";
  const load = useQuoteLoad(id, dealerMode, !dealerMode || (sessionReady && user !== null), attempt);
  const preview = useDealerPreview(id, !dealerMode && sessionReady && user !== null);
  useReportOpened(id, !dealerMode && sessionReady && preview === "none" && load.state === "ready");
  useEffect(() => {
    if (dealerMode) void loadDealerView().catch(() => {});
  }, [dealerMode]);

  if ((dealerMode && sessionReady && !user) || load.state === "authRequired") {
    return <Redirect to="/login" state={{ from: `${window.location.pathname}${window.location.search}` }} />;
  }
  if (load.state === "notFound") return <QuoteNotFound dealerMode={dealerMode} />;
  if (load.state === "failed") return <QuoteLoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
  if (load.state === "loading") return <QuoteLoading />;
  if (dealerMode) {
    return (
      <Suspense fallback={<QuoteLoading />}>
        <DealerQuoteView key={`${load.quote.id}:dealer`} quote={load.quote} token={getStoredToken()} />
      </Suspense>
    );
  }
  return (
    <ShopperQuoteView
      key={`${load.quote.id}:shopper`}
      quote={load.quote}
      token={preview === "preview" ? getStoredToken() : null}
      preview={preview === "preview"}
      liveReady={sessionReady && preview !== "checking"}
    />
  );
}

/**
 * Issue #14: a signed-in dealer opening the plain (shopper) link of one of their quotes is a dealer
 * preview: a banner says so, and the live connection is theirs, so it never counts (or notifies)
 * as the customer looking. GET /api/quotes/{id} with the token answers 200 only for its dealer.
 */
function useDealerPreview(quoteId: string, signedIn: boolean): "checking" | "preview" | "none" {
  // The answer is kept with the quote it was for, so a render never reads a stale one.
  const [answer, setAnswer] = useState<{ quoteId: string; preview: boolean } | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    readQuote(quoteId, true, controller.signal)
      .then(() => setAnswer({ quoteId, preview: true }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ quoteId, preview: false });
      });
    return () => controller.abort();
  }, [quoteId, signedIn]);
  if (!signedIn) return "none";
  if (answer?.quoteId !== quoteId) return "checking";
  return answer.preview ? "preview" : "none";
}
