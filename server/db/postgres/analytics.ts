import { WEEK_MS } from "@shared/analytics/analytics";
import { type CountSqlRow, type DealSqlRow, type ExportSqlRow, toDeal, toExportRow } from "../analytics-rows";
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
import type { PgDb } from "./connection";

// Issue #40 on PostgreSQL: the statements of sqlite/analytics.ts (their text is
// queries/analytics.ts), with the same indexes (drizzle-pg/0010), the four of one answer in
// parallel on the pool. Times are bigint columns, answered as float8 so that node-postgres gives
// numbers (every millisecond time is exact in a double); counts as int.

const param = (n: number) => `$${n}`;

export function createAnalyticsStore(db: PgDb): AnalyticsStore {
  const pool = db.$client;
  return {
    async facts(scope, from, to) {
      const { where, params } = scoped(scope, param);
      const n = params.length;
      const range = `${where} AND q.created_at >= $${n + 1} AND q.created_at < $${n + 2}`;
      const args: unknown[] = [...params, from, to];
      const [counts, shareToOpen, openToAccept, deals] = await Promise.all([
        pool.query<CountSqlRow>(
          `SELECT q.salesperson_id AS "salespersonId", ((q.created_at - $${n + 1}) / ${WEEK_MS})::int AS week,
             count(*)::int AS created,
             count(*) FILTER (WHERE ${STEP.shared})::int AS shared,
             count(*) FILTER (WHERE ${STEP.opened})::int AS opened,
             count(*) FILTER (WHERE ${STEP.openedWithoutShare})::int AS "openedWithoutShare",
             count(*) FILTER (WHERE ${STEP.accepted})::int AS accepted
           FROM quotes q WHERE ${range} GROUP BY 1, 2`,
          args,
        ),
        pool.query<{ ms: number }>(
          `SELECT (${SHARE_TO_OPEN.ms})::float8 AS ms FROM quotes q WHERE ${range} AND ${SHARE_TO_OPEN.where}`,
          args,
        ),
        pool.query<{ ms: number }>(
          `SELECT (${OPEN_TO_ACCEPT.ms})::float8 AS ms FROM quotes q WHERE ${range} AND ${OPEN_TO_ACCEPT.where}`,
          args,
        ),
        pool.query<DealSqlRow>(
          `SELECT ${DEAL_COLUMNS} FROM quotes q JOIN ${ACCEPTED_VERSION} WHERE ${range} AND ${STEP.accepted}`,
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
      const { where, params } = scoped(scope, param);
      const args: unknown[] = [...params];
      const range: string[] = [];
      if (from !== null) {
        args.push(from);
        range.push(` AND q.created_at >= $${args.length}`);
      }
      if (to !== null) {
        args.push(to);
        range.push(` AND q.created_at < $${args.length}`);
      }
      const { rows } = await pool.query<ExportSqlRow>(
        `SELECT ${exportColumns((column) => `${column}::float8`)}
         FROM quotes q LEFT JOIN ${ACCEPTED_VERSION}
         WHERE ${where}${range.join("")}
         ${EXPORT_ORDER}`,
        args,
      );
      return rows.map(toExportRow);
    },
  };
}
