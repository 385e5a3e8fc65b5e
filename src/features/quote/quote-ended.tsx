import { QUOTE_TEXT } from "@shared/text/page-text";
import { useEffect } from "react";
import { Notice } from "@/components/notice";
import { PageContainer } from "@/components/page-container";
import { Redirect, useAppNavigate } from "@/lib/app-link";
import { QuoteNotFound } from "./components/quote-states";
import type { QuotePage, ShownDeal } from "./use-quote-page";

/** Whether the page shows the deal: a copy of it arrived and the live channel did not end it. */
export const showsDeal = (page: QuotePage): page is QuotePage & { deal: ShownDeal } =>
  page.deal !== null && (page.live.ended === null || page.live.ended === "replaced");

/**
 * What a quote page shows instead of the deal (when showsDeal is false): not found (or deleted
 * while open), given to a colleague, or the session ended (back to /login, then here).
 */
export function QuoteEnded({ page, dealerMode }: { page: QuotePage; dealerMode: boolean }) {
  const { live } = page;
  if (live.ended === "quoteDeleted" || page.deal === null) return <QuoteNotFound dealerMode={dealerMode} />;
  if (live.ended === "reassigned") return <DealReassigned to={live.reassignedTo ?? ""} />;
  return <Redirect to="/login" state={{ from: `${window.location.pathname}${window.location.search}` }} />;
}

/** How long a reassigned-away salesperson reads why before the page leaves for the dashboard. */
const REASSIGNED_NOTICE_MS = 4_000;

/** Issue #33: the deal went to a colleague while this page was open: say to whom, then leave. */
function DealReassigned({ to }: { to: string }) {
  const navigate = useAppNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), REASSIGNED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <PageContainer>
      <Notice tone="info" data-testid="deal-reassigned">
        {QUOTE_TEXT.dealReassigned(to)}
      </Notice>
    </PageContainer>
  );
}
