import type { QuoteScope } from "../repositories/quotes";

// Issue #40: the analytics statements' text, built once for both backends (sqlite/analytics.ts and
// postgres/analytics.ts run it). They are SQL written by hand over `quotes q` and the accepted
// version `a`; each backend brings its placeholders (`?` or `$n`), its aggregates (SQLite sums
// booleans, PostgreSQL counts with FILTER) and its casts (PostgreSQL answers bigint times as float8).

/** The dialect's placeholder for the `n`th parameter (from 1). */
export type Placeholder = (n: number) => string;

/** The scope's condition and its parameters, numbered from 1. */
export function scoped(scope: QuoteScope, param: Placeholder): { where: string; params: string[] } {
  return scope.salespersonId === undefined
    ? { where: `q.dealer_id = ${param(1)}`, params: [scope.dealershipId] }
    : {
        where: `q.dealer_id = ${param(1)} AND q.salesperson_id = ${param(2)}`,
        params: [scope.dealershipId, scope.salespersonId],
      };
}

/** The newest accepted version of `q`, as `a` (after JOIN or LEFT JOIN). */
export const ACCEPTED_VERSION = "quote_versions a ON a.quote_id = q.id AND a.number = q.accepted_version";

/** The funnel's steps a quote has reached; opened counts an acceptance without a recorded open. */
export const STEP = {
  shared: "q.shared_at IS NOT NULL",
  opened: "(q.opened_at IS NOT NULL OR q.accepted_at IS NOT NULL)",
  openedWithoutShare: "q.shared_at IS NULL AND (q.opened_at IS NOT NULL OR q.accepted_at IS NOT NULL)",
  accepted: "q.accepted_at IS NOT NULL",
} as const;

/** The time from share to open, and from open to acceptance, where both happened in that order. */
export const SHARE_TO_OPEN = {
  ms: "q.opened_at - q.shared_at",
  where: "q.shared_at IS NOT NULL AND q.opened_at >= q.shared_at",
} as const;
export const OPEN_TO_ACCEPT = {
  ms: "q.accepted_at - q.opened_at",
  where: "q.opened_at IS NOT NULL AND q.accepted_at >= q.opened_at",
} as const;

/** An accepted deal's choice (DealSqlRow). */
export const DEAL_COLUMNS = `a.choice_structure AS "structure", a.choice_months AS "months",
  a.choice_down_cents AS "downCents", a.out_the_door_cents AS "outTheDoorCents"`;

/** The export's row (ExportSqlRow); `time` answers a bigint time column as a number. */
export const exportColumns = (time: (column: string) => string) =>
  `q.id, ${time("q.created_at")} AS "createdAt", ${time("q.expires_at")} AS "expiresAt",
   q.salesperson_id AS "salespersonId", q.customer_name AS "customerName",
   q.vehicle_description AS "vehicleDescription", q.stock_number AS "stockNumber",
   ${time("q.locked_at")} AS "lockedAt", q.out_the_door_cents AS "outTheDoorCents",
   q.selected_structure AS "selectedStructure", q.monthly_cents AS "monthlyCents",
   q.gross_cents AS "grossCents",
   ${time("a.created_at")} AS "acceptedAt", a.choice_structure AS "structure", a.choice_months AS "months",
   a.choice_down_cents AS "downCents", a.monthly_cents AS "acceptedMonthlyCents"`;

export const EXPORT_ORDER = "ORDER BY q.created_at DESC, q.id";
