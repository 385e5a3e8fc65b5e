// How a DMS's CSV export maps onto a vehicle (issue #37): the usual header synonyms, matched
// case-insensitively, and the cell formats dealers' systems write ($32,995.00; N/U). Pure, so the
// server's import and its tests read files alike.

import { INVENTORY_MSG, type VehicleCondition } from "./inventory-text";

export const IMPORT_FIELDS = [
  "stockNumber",
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "color",
  "mileage",
  "condition",
  "msrp",
  "price",
  "cost",
  "photoUrl",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Header synonyms per field, in the compared form (see headerKey). */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  stockNumber: [
    "stock",
    "stock #",
    "stock#",
    "stock no",
    "stock number",
    "stockno",
    "stocknumber",
    "stock num",
  ],
  vin: ["vin", "vin #", "vin number"],
  year: ["year", "model year", "yr"],
  make: ["make", "manufacturer"],
  model: ["model"],
  trim: ["trim", "series", "trim level"],
  color: ["color", "colour", "ext color", "exterior color", "exterior colour", "ext colour", "exterior"],
  mileage: ["miles", "mileage", "odometer", "odometer reading"],
  condition: ["type", "condition", "new/used", "new used", "n/u", "stock type"],
  msrp: ["msrp", "sticker", "sticker price", "list price"],
  price: ["price", "internet price", "selling price", "sale price", "asking price", "retail price"],
  cost: ["cost", "invoice", "unit cost", "invoice price", "vehicle cost"],
  photoUrl: ["photo", "image url", "photo url", "image", "photourl", "imageurl", "image urls", "photo urls"],
};

/** A header as compared: trimmed, lower-case, inner whitespace and underscores as one space. */
const headerKey = (header: string) =>
  header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, " ");

const BY_KEY = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) for (const key of SYNONYMS[field]) BY_KEY.set(key, field);

/** The field each header fills (null: unknown, ignored); a field's second column is ignored too. */
export function mapHeaders(headers: readonly string[]): {
  columns: Record<string, ImportField | null>;
  byIndex: (ImportField | null)[];
} {
  const columns: Record<string, ImportField | null> = {};
  const taken = new Set<ImportField>();
  const byIndex = headers.map((header) => {
    const field = BY_KEY.get(headerKey(header)) ?? null;
    const used = field !== null && !taken.has(field) ? field : null;
    if (used) taken.add(used);
    if (!(header in columns) || used) columns[header] = used;
    return used;
  });
  return { columns, byIndex };
}

/** The fields a file must have a column for (the others may be absent). */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = [
  "stockNumber",
  "year",
  "make",
  "model",
  "price",
];

/**
 * Dollars from a DMS cell: "$32,995.00", "32995", "32,995.5", " $ 1,200 ". Null for an empty cell;
 * NaN for anything else (the row is refused with the money message).
 */
export function parseMoneyCell(cell: string): number | null {
  const value = cell.replace(/[\s$]/g, "");
  if (value === "") return null;
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Number(value.replace(/,/g, ""));
}

/** A whole number from a cell ("12,345" miles); null when empty, NaN otherwise. */
function parseWholeCell(cell: string): number | null {
  const value = cell.replace(/[\s,]/g, "");
  if (value === "") return null;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** New or used from "N", "U", "New", "Used", "Pre-owned", "CPO"; null when not one of those. */
export function parseConditionCell(cell: string): VehicleCondition | null {
  const value = cell.trim().toLowerCase();
  if (value === "n" || value === "new") return "new";
  if (["u", "used", "pre-owned", "preowned", "cpo", "certified"].includes(value)) return "used";
  return null;
}

type RowProblem = { field: ImportField; message: string };

/**
 * One data row as the vehicle body's input (the schema then checks it), plus the cell-format
 * problems found here. Absent columns are left out, so the schema's defaults apply.
 */
export function rowToVehicleInput(
  cells: readonly string[],
  byIndex: readonly (ImportField | null)[],
): { input: Record<string, unknown>; problems: RowProblem[] } {
  const input: Record<string, unknown> = {};
  const problems: RowProblem[] = [];
  byIndex.forEach((field, index) => {
    if (field === null) return;
    const cell = (cells[index] ?? "").trim();
    switch (field) {
      case "msrp":
      case "price":
      case "cost": {
        const money = parseMoneyCell(cell);
        if (Number.isNaN(money)) problems.push({ field, message: INVENTORY_MSG.moneyInvalid });
        else if (money !== null) input[field] = money;
        else if (field !== "price") input[field] = null;
        return;
      }
      case "year": {
        const value = parseWholeCell(cell);
        if (Number.isNaN(value)) problems.push({ field, message: INVENTORY_MSG.yearInvalid });
        else if (value !== null) input.year = value;
        return;
      }
      case "mileage": {
        const value = parseWholeCell(cell);
        if (Number.isNaN(value)) problems.push({ field, message: INVENTORY_MSG.mileageInvalid });
        else input.mileage = value ?? 0;
        return;
      }
      case "condition": {
        const value = parseConditionCell(cell);
        if (value === null) problems.push({ field, message: INVENTORY_MSG.conditionInvalid });
        else input.condition = value;
        return;
      }
      case "photoUrl":
        // Some exports list every photo in one cell: the first is the vehicle's picture.
        input.photoUrl = cell.split(/[\s,|;]+/)[0] ?? "";
        return;
      default:
        input[field] = cell;
    }
  });
  return { input, problems };
}
