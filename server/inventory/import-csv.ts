import { randomUUID } from "node:crypto";
import { defaultIsNew } from "@shared/core/constants";
import { centsToDollars } from "@shared/core/money";
import {
  IMPORT_FIELDS,
  type ImportField,
  mapHeaders,
  REQUIRED_IMPORT_FIELDS,
  rowToVehicleInput,
} from "@shared/inventory/import-columns";
import { INVENTORY_MSG, INVENTORY_TEXT } from "@shared/inventory/inventory-text";
import { type ImportResult, stockVehicleSchema } from "@shared/inventory/vehicle-schema";
import { normalizeVin } from "@shared/schemas/schema-fields";
import type { VehicleFields, VehicleRow } from "../db/repositories/vehicles";
import type { Stores } from "../db/stores";
import type { VinDecoder } from "../vehicles/vin-decoder";
import { checkRowVin } from "./import-vin-check";
import { type CsvSource, ImportFileError, readCsvRecords } from "./read-csv";
import { vehicleFields } from "./vehicles";

// Issue #37: a DMS's CSV export into the dealership's stock. Rows are matched to stock by VIN,
// else by stock number; a row with an error is skipped and listed by its line, the others are
// stored in one transaction. Columns the file does not have keep their stored values, and
// vehicles not in the file are left alone, so importing the same file again changes nothing.
// This module reads and plans; the command (./commands/import-inventory.ts) stores the plan.

const PREVIEW_ROWS = 5;

/** A stored vehicle's value of an import field, as a file's row would give it (dollars for money). */
function storedValue(vehicle: VehicleRow, field: ImportField): unknown {
  switch (field) {
    case "msrp":
      return vehicle.msrpCents === null ? null : centsToDollars(vehicle.msrpCents);
    case "price":
      return centsToDollars(vehicle.priceCents);
    case "cost":
      return vehicle.costCents === null ? null : centsToDollars(vehicle.costCents);
    default:
      return vehicle[field];
  }
}

const sameFields = (a: VehicleFields, b: VehicleFields) =>
  (Object.keys(a) as (keyof VehicleFields)[]).every((key) => a[key] === b[key]);

/** What an import would do: its report, and the vehicles to create and to update (all stamped `at`). */
type ImportPlan = {
  result: ImportResult;
  creates: VehicleRow[];
  updates: { id: string; fields: VehicleFields }[];
  at: number;
};

/** Reads the file against the dealership's stock; a dry run's report carries the first rows' preview. */
export async function planInventoryImport(
  stores: Stores,
  vinDecoder: VinDecoder,
  { dealershipId, file, dryRun }: { dealershipId: string; file: CsvSource; dryRun: boolean },
): Promise<ImportPlan> {
  const [header, ...rows] = await readCsvRecords(file);
  if (!header) throw new ImportFileError(INVENTORY_MSG.importEmpty);
  const { columns, byIndex } = mapHeaders(header.cells);
  const mapped = new Set(byIndex.filter((field): field is ImportField => field !== null));
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !mapped.has(field));
  if (missing.length > 0)
    throw new ImportFileError(
      missing.map((field) => INVENTORY_MSG.importMissingColumn(INVENTORY_TEXT.fields[field])).join(", "),
    );
  const lines = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  if (lines.length === 0) throw new ImportFileError(INVENTORY_MSG.importEmpty);

  const stock = await stores.vehicles.all(dealershipId);
  const byVin = new Map(stock.filter((v) => v.vin !== "").map((v) => [v.vin, v]));
  const byStockNumber = new Map(stock.map((v) => [v.stockNumber, v]));
  const seenStock = new Map<string, number>();
  const seenVin = new Map<string, number>();

  const result: ImportResult = { created: 0, updated: 0, unchanged: 0, errors: [], warnings: [], columns };
  const preview: NonNullable<ImportResult["preview"]> = [];
  const creates: VehicleRow[] = [];
  const updates: { id: string; fields: VehicleFields }[] = [];
  const now = Date.now();

  for (const { line, cells } of lines) {
    const { input, problems } = rowToVehicleInput(cells, byIndex);
    const vin = normalizeVin(typeof input.vin === "string" ? input.vin : "");
    const stockNumber = typeof input.stockNumber === "string" ? input.stockNumber.trim() : "";
    // The report names a skipped row by its stock number and VIN too, not only its line (#51).
    const refuse = (field: string, message: string) =>
      result.errors.push({ line, stockNumber, vin, field, message });
    const match = (vin !== "" ? byVin.get(vin) : undefined) ?? byStockNumber.get(stockNumber);
    // Columns the file does not have keep what is stored; a new vehicle takes the defaults.
    if (match) {
      for (const field of IMPORT_FIELDS) if (!mapped.has(field)) input[field] = storedValue(match, field);
      input.vinNotChecked = match.vinNotChecked && match.vin === vin;
    }
    if (input.condition === undefined && !problems.some((p) => p.field === "condition"))
      input.condition = defaultIsNew(typeof input.mileage === "number" ? input.mileage : 0) ? "new" : "used";
    // Issue #50: empty year, make and model from the VIN; a VIN saying another car is a warning.
    const vinWarning = await checkRowVin(vinDecoder, input);
    const parsed = stockVehicleSchema.safeParse(input);
    for (const problem of problems) refuse(problem.field, problem.message);
    if (!parsed.success) {
      const reported = new Set(problems.map((p) => p.field as string));
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join(".") || "row";
        if (!reported.has(field)) refuse(field, issue.message);
      }
      continue;
    }
    if (problems.length > 0) continue;
    const body = parsed.data;
    const firstStock = seenStock.get(body.stockNumber);
    if (firstStock !== undefined) {
      refuse("stockNumber", INVENTORY_MSG.duplicateStockNumberInFile(firstStock));
      continue;
    }
    const firstVin = body.vin === "" ? undefined : seenVin.get(body.vin);
    if (firstVin !== undefined) {
      refuse("vin", INVENTORY_MSG.duplicateVinInFile(firstVin));
      continue;
    }
    const stockOwner = byStockNumber.get(body.stockNumber);
    if (stockOwner && stockOwner !== match) {
      refuse("stockNumber", INVENTORY_MSG.duplicateStockNumber);
      continue;
    }
    const vinOwner = body.vin === "" ? undefined : byVin.get(body.vin);
    if (vinOwner && vinOwner !== match) {
      refuse("vin", INVENTORY_MSG.duplicateVin);
      continue;
    }
    if (vinWarning) result.warnings.push({ line, field: "vin", message: vinWarning });
    seenStock.set(body.stockNumber, line);
    if (body.vin !== "") seenVin.set(body.vin, line);
    if (preview.length < PREVIEW_ROWS) {
      const { vinNotChecked: _unchecked, status: _status, ...shown } = body;
      preview.push({ line, ...shown });
    }
    if (!match) {
      result.created += 1;
      creates.push({
        id: randomUUID(),
        dealerId: dealershipId,
        ...vehicleFields(body, "available"),
        createdAt: now,
        updatedAt: now,
      });
      continue;
    }
    const fields = vehicleFields(body, match.status);
    if (sameFields(fields, match)) {
      result.unchanged += 1;
      continue;
    }
    result.updated += 1;
    updates.push({ id: match.id, fields });
  }

  if (dryRun) result.preview = preview;
  return { result, creates, updates, at: now };
}
