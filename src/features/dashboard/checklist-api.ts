// The owner's first-run checklist (issue #14): GET and POST /api/dealership/checklist.

import type { Checklist, ChecklistMark } from "@shared/checklist";
import { apiRequest } from "@/lib/api";

export const loadChecklist = (signal?: AbortSignal) =>
  apiRequest<Checklist>("/dealership/checklist", { auth: true, signal });

export const markChecklist = (mark: ChecklistMark) =>
  apiRequest<Checklist>("/dealership/checklist", { method: "POST", body: { mark }, auth: true });

/** A quote's link went to a customer (Share, Copy link): the checklist's last step. Never in the way. */
export function markShared(): void {
  markChecklist("shared").catch(() => {});
}
