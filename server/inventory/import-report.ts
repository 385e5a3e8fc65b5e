import { type ImportReport, importReportFrom } from "@shared/inventory/import-report";
import type { ImportResult } from "@shared/inventory/vehicle-schema";
import type { Stores } from "../db/stores";

// Issue #51: an import's report outlives its dialog. Saved after the import's own transaction
// (a process dying between the two loses the report, never the import), read back as it was saved.

export async function keepImportReport(stores: Stores, dealershipId: string, result: ImportResult) {
  const at = Date.now();
  await stores.vehicles.saveImportReport(dealershipId, at, JSON.stringify(importReportFrom(result, at)));
}

export async function lastImportReport(
  stores: Stores,
  dealershipId: string,
): Promise<ImportReport | undefined> {
  const saved = await stores.vehicles.importReport(dealershipId);
  return saved ? (JSON.parse(saved.report) as ImportReport) : undefined;
}
