// The Analytics page's calls: GET /api/analytics and the team (the salesperson filter).

import type { AnalyticsResponse } from "@shared/analytics/analytics";
import type { TeamMember } from "@shared/core/api-types";
import { apiRequest } from "@/lib/api";
import type { DateRange } from "./date-ranges";

type AnalyticsQuery = { range: DateRange; salesperson: string | null };

export function queryString({ range, salesperson }: AnalyticsQuery): string {
  const params = new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString() });
  if (salesperson) params.set("salesperson", salesperson);
  return params.toString();
}

export const loadAnalytics = (query: AnalyticsQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsResponse>(`/analytics?${queryString(query)}`, { auth: true, signal });

export const loadTeam = (signal?: AbortSignal) => apiRequest<TeamMember[]>("/team", { auth: true, signal });
