import type { ImportResult } from "@shared/inventory/vehicle-schema";
import type { Stores } from "../../db/stores";
import type { VinDecoder } from "../../vehicles/vin-decoder";
import { planInventoryImport } from "../import-csv";
import { keepImportReport } from "../import-report";
import type { CsvSource } from "../read-csv";

/**
 * POST /api/inventory/import (issue #37): a DMS's CSV export into the dealership's stock. The
 * file is read (as a stream: past the row cap, the rest is not read) and planned; the new and
 * changed vehicles are stored in one transaction, then (issue #51) the report is kept until the
 * next import. A dry run stores nothing and keeps no report.
 * Throws ImportFileError for a file that cannot be imported, DuplicateVehicleError when another
 * import or edit took a stock number or VIN meanwhile (nothing stored).
 */
export async function importInventory(
  deps: { stores: Stores; vinDecoder: VinDecoder },
  input: { dealershipId: string; file: CsvSource; dryRun: boolean },
): Promise<ImportResult> {
  const { result, creates, updates, at } = await planInventoryImport(deps.stores, deps.vinDecoder, input);
  if (input.dryRun) return result;
  if (creates.length > 0 || updates.length > 0)
    await deps.stores.vehicles.importBatch(input.dealershipId, creates, updates, at);
  await keepImportReport(deps.stores, input.dealershipId, result);
  return result;
}
