// The live signals' one call (issue #9): which quotes shoppers have open, polled while the
// dashboard is open; the server answers from memory.
import type { LiveStatusResponse } from "@shared/text/presence-text";
import { apiRequest } from "@/lib/api";

export const liveStatus = (signal: AbortSignal) =>
  apiRequest<LiveStatusResponse>("/quotes/live-status", { auth: true, signal });
