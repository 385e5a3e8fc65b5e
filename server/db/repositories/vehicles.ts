import type { HandoffEventRecord } from "./handoff";

// The inventory. One repository of the storage seam (server/db/stores.ts).

/** A vehicle of the inventory as stored. */
export type VehicleRow = {
  id: string;
  trim: string;
  createdAt: number;
  updatedAt: number;
  dealerId: string;
  stockNumber: string;
  vin: string;
  vinNotChecked: boolean;
  year: number;
  make: string;
  model: string;
  color: string;
  mileage: number;
  condition: "new" | "used";
  msrpCents: number | null;
  priceCents: number;
  costCents: number | null;
  status: "available" | "pending" | "sold";
  photoUrl: string;
};

/** Issue #37: a unique index refused the vehicle (its stock number or VIN is another vehicle's). */
export class DuplicateVehicleError extends Error {
  constructor(readonly field: "stockNumber" | "vin") {
    super(`duplicate ${field}`);
    this.name = "DuplicateVehicleError";
  }
}

/** A vehicle's own fields, as a create or an update writes them. */
export type VehicleFields = Omit<VehicleRow, "id" | "dealerId" | "createdAt" | "updatedAt">;

/** The Inventory page's filter: a status, and text matched in stock number, VIN, make, model and trim. */
export type VehicleFilter = { status?: VehicleRow["status"]; q?: string };

/** Issue #37: the dealership's stock; every call is scoped to one dealership. */
export interface VehicleStore {
  /** Stock numbers in order, each with how many of the dealership's quotes were made from it. */
  list(dealershipId: string, filter: VehicleFilter): Promise<(VehicleRow & { quoteCount: number })[]>;
  /** The dealership's vehicle, or undefined (unknown id or another dealership's). */
  find(dealershipId: string, id: string): Promise<VehicleRow | undefined>;
  /** Every vehicle of the dealership (the import matches rows against them). */
  all(dealershipId: string): Promise<VehicleRow[]>;
  /** Throws DuplicateVehicleError when the stock number or VIN is taken. */
  create(row: VehicleRow): Promise<void>;
  /** Undefined when not the dealership's; throws DuplicateVehicleError. */
  update(
    dealershipId: string,
    id: string,
    fields: VehicleFields,
    at: number,
  ): Promise<VehicleRow | undefined>;
  /** Deletes the vehicle; false when not the dealership's. */
  delete(dealershipId: string, id: string): Promise<boolean>;
  /**
   * A new status (only stock-status.ts calls it), if the vehicle's status is still `from`, with
   * the change's outbox events (issue #39, `inventory.status_changed`) in the same transaction.
   * Undefined, with nothing stored, when it is not the dealership's or its status is no longer `from`.
   */
  setStatus(
    dealershipId: string,
    id: string,
    change: { from: VehicleRow["status"]; to: VehicleRow["status"] },
    at: number,
    handoff?: readonly HandoffEventRecord[],
  ): Promise<VehicleRow | undefined>;
  /** New vehicles and changed ones, in one transaction; throws DuplicateVehicleError (nothing stored). */
  importBatch(
    dealershipId: string,
    creates: readonly VehicleRow[],
    updates: readonly { id: string; fields: VehicleFields }[],
    at: number,
  ): Promise<void>;
  /** Issue #51: keeps the dealership's last import report (JSON), replacing the one before. */
  saveImportReport(dealershipId: string, importedAt: number, report: string): Promise<void>;
  /** The dealership's last import report as saved, or undefined before its first import. */
  importReport(dealershipId: string): Promise<{ importedAt: number; report: string } | undefined>;
  /** How many quotes were made from the vehicle. */
  quoteCount(id: string): Promise<number>;
  /** The quotes made from the vehicle whose deal is accepted and locked, earliest acceptance first. */
  acceptedQuotes(id: string): Promise<{ id: string; lockedAt: number }[]>;
  /**
   * The dealership's quotes made from the same vehicles as these quotes (these included), for the
   * dashboard's "working the same vehicle" signal.
   */
  sameVehicleQuotes(
    dealershipId: string,
    quoteIds: readonly string[],
  ): Promise<{ id: string; inventoryId: string }[]>;
}
