// The body of POST/PUT /api/inventory and of one imported row (issue #37): the same rules for the
// form, the API and the DMS import. Money in dollars (as everywhere in the API), stored in cents.

import { MAX_MILEAGE } from "../core/constants";
import { z } from "../core/zod";
import {
  boolean,
  dollarAmount,
  normalizeVin,
  number,
  optionalText,
  optionalUrl,
  requiredText,
  strictObject,
  text,
} from "../schemas/schema-fields";
import { INVENTORY_MSG, STOCK_STATUSES, VEHICLE_CONDITIONS } from "./inventory-text";
import { checkVin } from "./vin";

const STOCK_NUMBER_MAX = 40;
const MIN_MODEL_YEAR = 1900;
/** The newest model year a vehicle may carry: next year's models go on sale this year. */
const maxModelYear = (now: Date = new Date()) => now.getFullYear() + 1;

const year = () =>
  number(INVENTORY_MSG.yearRequired)
    .int(INVENTORY_MSG.yearInvalid)
    .min(MIN_MODEL_YEAR, INVENTORY_MSG.yearInvalid)
    .refine((value) => value <= maxModelYear(), INVENTORY_MSG.yearInvalid);

const optionalMoney = () => dollarAmount().nullable().optional();

const stockVehicleFields = {
  stockNumber: requiredText(INVENTORY_MSG.stockNumberRequired, STOCK_NUMBER_MAX),
  /** Spaces and dashes dropped, upper-case; "" when not known. */
  vin: text()
    .transform((value) => normalizeVin(value))
    .default(""),
  vinNotChecked: boolean().default(false),
  year: year(),
  make: requiredText(INVENTORY_MSG.makeRequired),
  model: requiredText(INVENTORY_MSG.modelRequired),
  trim: optionalText(),
  color: optionalText(),
  mileage: number(INVENTORY_MSG.mileageInvalid)
    .int(INVENTORY_MSG.mileageInvalid)
    .min(0, INVENTORY_MSG.mileageInvalid)
    .max(MAX_MILEAGE, INVENTORY_MSG.mileageInvalid)
    .default(0),
  condition: z.enum(VEHICLE_CONDITIONS, { error: INVENTORY_MSG.conditionInvalid }),
  msrp: optionalMoney(),
  price: dollarAmount(INVENTORY_MSG.priceRequired),
  /** What the dealership paid: owners and managers only, never to a shopper. */
  cost: optionalMoney(),
  status: z.enum(STOCK_STATUSES, { error: INVENTORY_MSG.statusInvalid }).default("available"),
  photoUrl: optionalUrl(),
};

/** The VIN's errors join the field errors; its warnings never refuse. */
export const stockVehicleSchema = strictObject(stockVehicleFields).superRefine((vehicle, ctx) => {
  for (const issue of checkVin({ vin: vehicle.vin, notChecked: vehicle.vinNotChecked }).errors)
    ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
});

export type StockVehicleInput = z.input<typeof stockVehicleSchema>;
export type StockVehicleBody = z.infer<typeof stockVehicleSchema>;

/** One vehicle as GET /api/inventory answers it (money in dollars; `cost` for owners and managers only). */
export type InventoryVehicle = {
  id: string;
  stockNumber: string;
  vin: string;
  vinNotChecked: boolean;
  year: number;
  make: string;
  model: string;
  trim: string;
  color: string;
  mileage: number;
  condition: (typeof VEHICLE_CONDITIONS)[number];
  msrp: number | null;
  price: number;
  cost?: number | null;
  status: (typeof STOCK_STATUSES)[number];
  photoUrl: string;
  quoteCount: number;
  createdAt: string;
  updatedAt: string;
};

/** The answer of POST /api/inventory/import. */
export type ImportResult = {
  created: number;
  updated: number;
  unchanged: number;
  /** Each skipped row's errors with its line, and its stock number and VIN as the file has them ("" when blank). */
  errors: { line: number; stockNumber: string; vin: string; field: string; message: string }[];
  /** Issue #50: rows imported with a caution (a VIN that decodes to another make or model year). */
  warnings: { line: number; field: string; message: string }[];
  /** Each header of the file and the field it fills (null: not a column we know; ignored). */
  columns: Record<string, string | null>;
  /** Dry run only: the first rows as they would be stored, for the dialog's preview. */
  preview?: (Omit<StockVehicleBody, "vinNotChecked" | "status"> & { line: number })[];
};
