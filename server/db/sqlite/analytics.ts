import { WEEK_MS } from "@shared/analytics/analytics";
import { type CountSqlRow, type DealSqlRow, type ExportSqlRow, toDeal, toExportRow } from "../analytics-rows";
import type { Db } from "../connection";
import {
  ACCEPTED_VERSION,
  DEAL_COLUMNS,
  EXPORT_ORDER,
  exportColumns,
  OPEN_TO_ACCEPT,
  SHARE_TO_OPEN,
  STEP,
  scoped,
} from "../queries/analytics";
import type { AnalyticsStore } from "../repositories/analytics";

// Issue #40 on SQLite: a statement per figure over the range's quotes, from quotes_dealer_created
// (or, for one salesperson, quotes_dealer_salesperson_created), reading the first share, open and
// acceptance their steps wrote on them; the newest accepted version (accepted_version) is one
// primary-key lookup. Counts are grouped in SQL, so 25,000 quotes never become 25,000 objects.
// The statements' text is queries/analytics.ts, shared with PostgreSQL.

/** SQLite's placeholders are positional: the parameters go in the order they stand. */
const param = () => "?";

export function createAnalyticsStore(db: Db): AnalyticsStore {
  const sql = db.$client;
  return {
    async facts(scope, from, to) {
      const { where, params } = scoped(scope, param);
      const range = `${where} AND q.created_at >= ? AND q.created_at < ?`;
      // A comparison is 0 or 1 here: summing one counts the quotes where it holds.
      const counts = sql
        .prepare<unknown[], CountSqlRow>(
          `SELECT q.salesperson_id AS salespersonId, CAST((q.created_at - ?) / ${WEEK_MS} AS INTEGER) AS week, count(*) AS created,
             sum(${STEP.shared}) AS shared,
             sum(${STEP.opened}) AS opened,
             sum(${STEP.openedWithoutShare}) AS openedWithoutShare,
             sum(${STEP.accepted}) AS accepted
           FROM quotes q WHERE ${range} GROUP BY 1, 2`,
        )
        .all(from, ...params, from, to);
      const shareToOpen = sql
        .prepare<unknown[], number>(
          `SELECT ${SHARE_TO_OPEN.ms} FROM quotes q WHERE ${range} AND ${SHARE_TO_OPEN.where}`,
        )
        .pluck()
        .all(...params, from, to);
      const openToAccept = sql
        .prepare<unknown[], number>(
          `SELECT ${OPEN_TO_ACCEPT.ms} FROM quotes q WHERE ${range} AND ${OPEN_TO_ACCEPT.where}`,
        )
        .pluck()
        .all(...params, from, to);
      const deals = sql
        .prepare<unknown[], DealSqlRow>(
          `SELECT ${DEAL_COLUMNS} FROM quotes q JOIN ${ACCEPTED_VERSION} WHERE ${range} AND ${STEP.accepted}`,
        )
        .all(...params, from, to);
      return { counts, shareToOpen, openToAccept, deals: deals.map(toDeal) };
    },
    async exportRows(scope, from, to) {
      const { where, params } = scoped(scope, param);
      const range = [
        from === null ? "" : " AND q.created_at >= ?",
        to === null ? "" : " AND q.created_at < ?",
      ].join("");
      // SQLite's integers are numbers already: the times need no cast.
      const rows = sql
        .prepare<unknown[], ExportSqlRow>(
          `SELECT ${exportColumns((column) => column)}
           FROM quotes q LEFT JOIN ${ACCEPTED_VERSION}
           WHERE ${where}${range}
           ${EXPORT_ORDER}`,
        )
        .all(...params, ...(from === null ? [] : [from]), ...(to === null ? [] : [to]));
      return rows.map(toExportRow);
    },
  };
}
