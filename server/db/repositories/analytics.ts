import type { AnalyticsFacts } from "@shared/analytics/analytics";
import type { QuoteRow, QuoteScope } from "./quotes";

// The analytics facts and the CSV export. One repository of the storage seam (server/db/stores.ts).

/** One row of the desk log export (GET /api/quotes/export.csv): listing columns and the accepted deal. */
export type ExportRow = Pick<
  QuoteRow,
  | "id"
  | "createdAt"
  | "expiresAt"
  | "salespersonId"
  | "customerName"
  | "vehicleDescription"
  | "stockNumber"
  | "lockedAt"
  | "outTheDoorCents"
  | "selectedStructure"
  | "monthlyCents"
  | "grossCents"
> & {
  /** The newest accepted version: when, the structure chosen and its monthly payment. */
  accepted: {
    at: number;
    structure: string | null;
    months: number | null;
    downCents: number | null;
    monthlyCents: number | null;
  } | null;
};

/** Issue #40: the figures of the Analytics page and the desk log export, read in one query each. */
export interface AnalyticsStore {
  /**
   * The figures' facts for the quotes created in [from, to) within the scope, one query each:
   * step counts per salesperson and week (weeks from `from`), the share-to-open and
   * open-to-acceptance times, and the accepted deals.
   */
  facts(scope: QuoteScope, from: number, to: number): Promise<AnalyticsFacts>;
  /** The scope's quotes (created in [from, to) when given), newest first. */
  exportRows(scope: QuoteScope, from: number | null, to: number | null): Promise<ExportRow[]>;
}
