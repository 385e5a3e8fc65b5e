import { useEffect } from "react";
import { getStoredToken } from "@/lib/api";

// Issue #40: the shopper's page tells the server it opened the quote (the funnel's "opened" step).
// Sent once the page runs, so a link preview fetching the HTML never counts; a signed-in dealer's
// token goes along and the server leaves their own look out. Nothing the shopper ever waits for.

export function useReportOpened(quoteId: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const token = getStoredToken();
    void fetch(`/api/quotes/${encodeURIComponent(quoteId)}/opened`, {
      method: "POST",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      keepalive: true,
    }).catch(() => {});
  }, [quoteId, active]);
}
