import { WEEK_MS } from "@shared/analytics/analytics";
import { type CountSqlRow, type DealSqlRow, type ExportSqlRow, toDeal, toExportRow } from "../analytics-rows";
import type { Db } from "../connection";
import type { AnalyticsStore } from "../repositories/analytics";
import type { QuoteScope } from "../repositories/quotes";

// Issue #40 on SQLite: a statement per figure over the range's quotes, from quotes_dealer_created
// (or, for one salesperson, quotes_dealer_salesperson_created), reading the first share, open and
// acceptance their steps wrote on them; the newest accepted version (accepted_version) is one
// primary-key lookup. Counts are grouped in SQL, so 25,000 quotes never become 25,000 objects.

/** The newest accepted version of `q`, joined as `a`. */
const ACCEPTED_JOIN = "LEFT JOIN quote_versions a ON a.quote_id = q.id AND a.number = q.accepted_version";

/** The scope's condition and its parameters, after `first` (the placeholders are positional). */
function scoped(scope: QuoteScope): { where: string; params: string[] } {
  return scope.salespersonId === undefined
    ? { where: "q.dealer_id = ?", params: [scope.dealershipId] }
    : {
        where: "q.dealer_id = ? AND q.salesperson_id = ?",
        params: [scope.dealershipId, scope.salespersonId],
      };
}

export function createAnalyticsStore(db: Db): AnalyticsStore {
  const sql = db.$client;
  return {
    async facts(scope, from, to) {
      const { where, params } = scoped(scope);
      const range = `${where} AND q.created_at >= ? AND q.created_at < ?`;
      const counts = sql
        .prepare<unknown[], CountSqlRow>(
          `SELECT q.salesperson_id AS salespersonId, CAST((q.created_at - ?) / ${WEEK_MS} AS INTEGER) AS week, count(*) AS created,
             sum(q.shared_at IS NOT NULL) AS shared,
             sum(q.opened_at IS NOT NULL OR q.accepted_at IS NOT NULL) AS opened,
             sum(q.shared_at IS NULL AND (q.opened_at IS NOT NULL OR q.accepted_at IS NOT NULL)) AS openedWithoutShare,
             sum(q.accepted_at IS NOT NULL) AS accepted
           FROM quotes q WHERE ${range} GROUP BY 1, 2`,
        )
        .all(from, ...params, from, to);
      const shareToOpen = sql
        .prepare<unknown[], number>(
          `SELECT q.opened_at - q.shared_at FROM quotes q
           WHERE ${range} AND q.shared_at IS NOT NULL AND q.opened_at >= q.shared_at`,
        )
        .pluck()
        .all(...params, from, to);
      const openToAccept = sql
        .prepare<unknown[], number>(
          `SELECT q.accepted_at - q.opened_at FROM quotes q
           WHERE ${range} AND q.opened_at IS NOT NULL AND q.accepted_at >= q.opened_at`,
        )
        .pluck()
        .all(...params, from, to);
      const deals = sql
        .prepare<unknown[], DealSqlRow>(
          `SELECT a.choice_structure AS structure, a.choice_months AS months, a.choice_down_cents AS downCents,
             a.out_the_door_cents AS outTheDoorCents
           FROM quotes q JOIN quote_versions a ON a.quote_id = q.id AND a.number = q.accepted_version
           WHERE ${range} AND q.accepted_at IS NOT NULL`,
        )
        .all(...params, from, to);
      return { counts, shareToOpen, openToAccept, deals: deals.map(toDeal) };
    },
    async exportRows(scope, from, to) {
      const { where, params } = scoped(scope);
      const range = [
        from === null ? "" : " AND q.created_at >= ?",
        to === null ? "" : " AND q.created_at < ?",
      ].join("");
      const rows = sql
        .prepare<unknown[], ExportSqlRow>(
          `SELECT q.id, q.created_at AS createdAt, q.expires_at AS expiresAt, q.salesperson_id AS salespersonId,
             q.customer_name AS customerName, q.vehicle_description AS vehicleDescription,
             q.stock_number AS stockNumber, q.locked_at AS lockedAt, q.out_the_door_cents AS outTheDoorCents,
             q.selected_structure AS selectedStructure, q.monthly_cents AS monthlyCents,
             q.gross_cents AS grossCents,
             a.created_at AS acceptedAt, a.choice_structure AS structure, a.choice_months AS months,
             a.choice_down_cents AS downCents, a.monthly_cents AS acceptedMonthlyCents
           FROM quotes q ${ACCEPTED_JOIN}
           WHERE ${where}${range}
           ORDER BY q.created_at DESC, q.id`,
        )
        .all(...params, ...(from === null ? [] : [from]), ...(to === null ? [] : [to]));
      return rows.map(toExportRow);
    },
  };
}
