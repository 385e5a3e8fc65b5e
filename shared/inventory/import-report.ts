import { csvRecord } from "../core/csv";
import type { ImportResult } from "./vehicle-schema";

// Issue #51: an import's report is kept after the dialog closes. The rows it skipped, each with
// its line, stock number, VIN and reason, stay readable and downloadable as CSV from the inventory
// page until the next import replaces them. A past fact: stored as it came out, never re-derived.

/** GET /api/inventory/import-report: the dealership's last import. */
export type ImportReport = {
  importedAt: string;
  created: number;
  updated: number;
  unchanged: number;
  /** How many rows of the file were skipped (a row may have several errors). */
  skippedRows: number;
  errors: ImportResult["errors"];
};

export function importReportFrom(result: ImportResult, importedAt: number): ImportReport {
  return {
    importedAt: new Date(importedAt).toISOString(),
    created: result.created,
    updated: result.updated,
    unchanged: result.unchanged,
    skippedRows: new Set(result.errors.map((error) => error.line)).size,
    errors: result.errors,
  };
}

export const IMPORT_REPORT_TEXT = {
  title: "Last import",
  summary: (report: Pick<ImportReport, "created" | "updated" | "unchanged" | "skippedRows">) =>
    `${report.created} new, ${report.updated} updated, ${report.unchanged} unchanged, ${
      report.skippedRows === 1 ? "1 row skipped" : `${report.skippedRows} rows skipped`
    }`,
  importedAt: (when: string) => `Imported ${when}`,
  noneSkipped: "Every row of the file was imported.",
  show: "Show skipped rows",
  hide: "Hide skipped rows",
  download: "Download report (CSV)",
  downloadFailed: "The report could not be downloaded. Please try again.",
  columns: ["Line", "Stock number", "VIN", "Reason"] as const,
  notFound: "No import yet",
  fileName: "inventory-import-report.csv",
} as const;

/** The report as CSV: one record per error, with the file's line, stock number, VIN, column and reason. */
export function importReportCsv(report: ImportReport): string {
  return [
    csvRecord(["Line", "Stock number", "VIN", "Column", "Reason"]),
    ...report.errors.map((error) =>
      csvRecord([error.line, error.stockNumber, error.vin, error.field, error.message]),
    ),
  ].join("");
}
