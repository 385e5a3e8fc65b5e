// The owner's first-run checklist (issue #14): GET and POST /api/dealership/checklist.

import type { ShareChannel } from "@shared/analytics/analytics-text";
import type { Checklist, ChecklistMark } from "@shared/schemas/checklist";
import { apiRequest } from "@/lib/api";

export const loadChecklist = (signal?: AbortSignal) =>
  apiRequest<Checklist>("/dealership/checklist", { auth: true, signal });

export const markChecklist = (mark: ChecklistMark) =>
  apiRequest<Checklist>("/dealership/checklist", { method: "POST", body: { mark }, auth: true });

/**
 * A quote's link went to a customer (Share, Copy link): the checklist's last step, and (issue #40)
 * the quote's "shared" step for analytics. Never in the way.
 */
export function markShared(quoteId: string, via: ShareChannel): void {
  markChecklist("shared").catch(() => {});
  apiRequest<void>(`/quotes/${encodeURIComponent(quoteId)}/shared`, {
    method: "POST",
    body: { via },
    auth: true,
  }).catch(() => {});
}
