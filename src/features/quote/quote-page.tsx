import { useState } from "react";
import { Navigate, useLocation, useParams, useSearchParams } from "react-router";
import { getStoredToken } from "@/lib/api";
import { useSession } from "@/lib/session";
import { QuoteLoadFailed, QuoteLoading, QuoteNotFound } from "./components/quote-states";
import { QuoteView } from "./quote-view";
import { useQuoteLoad } from "./use-quote-load";

/**
 * /quote/{id}: the shopper's page; with ?view=dealer the owner's working view. Dealer mode needs
 * a session (else /login and back); the server answers 404 to a dealer who does not own the quote.
 */
export default function QuotePage() {
  const { id = "" } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const dealerMode = searchParams.get("view") === "dealer";
  const { user, status } = useSession();
  const [attempt, setAttempt] = useState(0);
  const sessionReady = status === "ready";
  const load = useQuoteLoad(id, dealerMode, !dealerMode || (sessionReady && user !== null), attempt);

  if ((dealerMode && sessionReady && !user) || load.state === "authRequired") {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (load.state === "notFound") return <QuoteNotFound dealerMode={dealerMode} />;
  if (load.state === "failed") return <QuoteLoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
  if (load.state === "loading") return <QuoteLoading />;
  return (
    <QuoteView
      key={`${load.quote.id}:${dealerMode}`}
      quote={load.quote}
      role={dealerMode ? "dealer" : "shopper"}
      token={dealerMode ? getStoredToken() : null}
    />
  );
}
