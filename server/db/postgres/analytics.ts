import { WEEK_MS } from "@shared/analytics/analytics";
import { type CountSqlRow, type DealSqlRow, type ExportSqlRow, toDeal, toExportRow } from "../analytics-rows";
import type { AnalyticsStore } from "../repositories/analytics";
import type { QuoteScope } from "../repositories/quotes";
import type { PgDb } from "./connection";

// Issue #40 on PostgreSQL: the statements of sqlite/sqlite-analytics.ts, with the same indexes
// (drizzle-pg/0010), the four of one answer in parallel on the pool. Times are bigint columns,
// answered as float8 so that node-postgres gives numbers (every millisecond time is exact in a
// double); counts as int.

const ACCEPTED_JOIN = "LEFT JOIN quote_versions a ON a.quote_id = q.id AND a.number = q.accepted_version";

/** The scope's condition with its parameters from $1. */
function scoped(scope: QuoteScope): { where: string; params: unknown[] } {
  return scope.salespersonId === undefined
    ? { where: "q.dealer_id = $1", params: [scope.dealershipId] }
    : {
        where: "q.dealer_id = $1 AND q.salesperson_id = $2",
        params: [scope.dealershipId, scope.salespersonId],
      };
}

export function createAnalyticsStore(db: PgDb): AnalyticsStore {
  const pool = db.$client;
  return {
    async facts(scope, from, to) {
      const { where, params } = scoped(scope);
      const n = params.length;
      const range = `${where} AND q.created_at >= $${n + 1} AND q.created_at < $${n + 2}`;
      const args = [...params, from, to];
      const [counts, shareToOpen, openToAccept, deals] = await Promise.all([
        pool.query<CountSqlRow>(
          `SELECT q.salesperson_id AS "salespersonId", ((q.created_at - $${n + 1}) / ${WEEK_MS})::int AS week,
             count(*)::int AS created,
             count(*) FILTER (WHERE q.shared_at IS NOT NULL)::int AS shared,
             count(*) FILTER (WHERE q.opened_at IS NOT NULL OR q.accepted_at IS NOT NULL)::int AS opened,
             count(*) FILTER (WHERE q.shared_at IS NULL AND (q.opened_at IS NOT NULL OR q.accepted_at IS NOT NULL))::int AS "openedWithoutShare",
             count(*) FILTER (WHERE q.accepted_at IS NOT NULL)::int AS accepted
           FROM quotes q WHERE ${range} GROUP BY 1, 2`,
          args,
        ),
        pool.query<{ ms: number }>(
          `SELECT (q.opened_at - q.shared_at)::float8 AS ms FROM quotes q
           WHERE ${range} AND q.shared_at IS NOT NULL AND q.opened_at >= q.shared_at`,
          args,
        ),
        pool.query<{ ms: number }>(
          `SELECT (q.accepted_at - q.opened_at)::float8 AS ms FROM quotes q
           WHERE ${range} AND q.opened_at IS NOT NULL AND q.accepted_at >= q.opened_at`,
          args,
        ),
        pool.query<DealSqlRow>(
          `SELECT a.choice_structure AS "structure", a.choice_months AS "months", a.choice_down_cents AS "downCents",
             a.out_the_door_cents AS "outTheDoorCents"
           FROM quotes q JOIN quote_versions a ON a.quote_id = q.id AND a.number = q.accepted_version
           WHERE ${range} AND q.accepted_at IS NOT NULL`,
          args,
        ),
      ]);
      return {
        counts: counts.rows,
        shareToOpen: shareToOpen.rows.map((row) => row.ms),
        openToAccept: openToAccept.rows.map((row) => row.ms),
        deals: deals.rows.map(toDeal),
      };
    },
    async exportRows(scope, from, to) {
      const { where, params } = scoped(scope);
      const range: string[] = [];
      if (from !== null) {
        params.push(from);
        range.push(` AND q.created_at >= $${params.length}`);
      }
      if (to !== null) {
        params.push(to);
        range.push(` AND q.created_at < $${params.length}`);
      }
      const { rows } = await pool.query<ExportSqlRow>(
        `SELECT q.id, q.created_at::float8 AS "createdAt", q.expires_at::float8 AS "expiresAt",
           q.salesperson_id AS "salespersonId", q.customer_name AS "customerName",
           q.vehicle_description AS "vehicleDescription", q.stock_number AS "stockNumber",
           q.locked_at::float8 AS "lockedAt", q.out_the_door_cents AS "outTheDoorCents",
           q.selected_structure AS "selectedStructure", q.monthly_cents AS "monthlyCents",
           q.gross_cents AS "grossCents",
           a.created_at::float8 AS "acceptedAt", a.choice_structure AS "structure", a.choice_months AS "months",
           a.choice_down_cents AS "downCents", a.monthly_cents AS "acceptedMonthlyCents"
         FROM quotes q ${ACCEPTED_JOIN}
         WHERE ${where}${range.join("")}
         ORDER BY q.created_at DESC, q.id`,
        params,
      );
      return rows.map(toExportRow);
    },
  };
}
