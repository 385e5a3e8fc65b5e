import { randomUUID } from "node:crypto";
import { centsToDollars, toCents } from "@shared/core/money";
import type { InventoryVehicle, StockVehicleBody } from "@shared/inventory/vehicle-schema";
import type { VehicleFields, VehicleFilter, VehicleRow } from "../db/repositories/vehicles";
import type { Stores } from "../db/stores";

// Issue #37: the dealership's stock as the API reads and writes it. Money is dollars in the API
// and cents in the store; `cost` is dealer-private (owners and managers, never a shopper).

const iso = (ms: number) => new Date(ms).toISOString();
const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const centsOrNull = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : toCents(dollars);

/** The vehicle's stored fields from a checked body (the status is the caller's to choose). */
export function vehicleFields(body: StockVehicleBody, status: VehicleRow["status"]): VehicleFields {
  return {
    stockNumber: body.stockNumber,
    vin: body.vin,
    vinNotChecked: body.vinNotChecked,
    year: body.year,
    make: body.make,
    model: body.model,
    trim: body.trim,
    color: body.color,
    mileage: body.mileage,
    condition: body.condition,
    msrpCents: centsOrNull(body.msrp),
    priceCents: toCents(body.price),
    costCents: centsOrNull(body.cost),
    status,
    photoUrl: body.photoUrl,
  };
}

/** The API's view of a vehicle; `cost` only when the reader may see it. */
export function vehicleView(row: VehicleRow, quoteCount: number, withCost: boolean): InventoryVehicle {
  return {
    id: row.id,
    stockNumber: row.stockNumber,
    vin: row.vin,
    vinNotChecked: row.vinNotChecked,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    color: row.color,
    mileage: row.mileage,
    condition: row.condition,
    msrp: dollarsOrNull(row.msrpCents),
    price: centsToDollars(row.priceCents),
    ...(withCost ? { cost: dollarsOrNull(row.costCents) } : {}),
    status: row.status,
    photoUrl: row.photoUrl,
    quoteCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * One vehicle of the dealership, or undefined (unknown id, or another dealership's): the one read
 * every feature uses (quotes from stock; the quote's cost, issue #38).
 */
export const readVehicle = (
  stores: Stores,
  dealershipId: string,
  id: string,
): Promise<VehicleRow | undefined> => stores.vehicles.find(dealershipId, id);

export async function listVehicles(
  stores: Stores,
  dealershipId: string,
  filter: VehicleFilter,
  withCost: boolean,
): Promise<InventoryVehicle[]> {
  const rows = await stores.vehicles.list(dealershipId, filter);
  return rows.map((row) => vehicleView(row, Number(row.quoteCount), withCost));
}

/** Stores a new vehicle; throws DuplicateVehicleError. */
export async function createVehicle(
  stores: Stores,
  dealershipId: string,
  body: StockVehicleBody,
): Promise<VehicleRow> {
  const now = Date.now();
  const row: VehicleRow = {
    id: randomUUID(),
    dealerId: dealershipId,
    ...vehicleFields(body, "available"),
    createdAt: now,
    updatedAt: now,
  };
  await stores.vehicles.create(row);
  return row;
}
