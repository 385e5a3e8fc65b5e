import { centsToDollars } from "@shared/core/money";
import { INVENTORY_MSG, stockVehicleDescription } from "@shared/inventory/inventory-text";
import { VIN_SHAPE } from "@shared/inventory/vin";
import { type CreateQuoteBody, createQuoteSchema } from "@shared/schemas/quote-schema";
import { strictObject, text } from "@shared/schemas/schema-fields";
import type { VehicleRow } from "../db/repositories/vehicles";
import type { Stores } from "../db/stores";
import { ApiError, notFound } from "../errors";
import { readVehicle } from "./vehicles";

// Issue #37: POST /api/quotes with { inventoryId }: the quote's vehicle, condition, MSRP and price
// are copied from stock (never the cost: the deal document is the shopper's).

export const fromStockSchema = strictObject({
  inventoryId: text(INVENTORY_MSG.inventoryIdRequired).trim().min(1, INVENTORY_MSG.inventoryIdRequired),
});

/** A body naming a stock vehicle rather than typing one. */
export const isFromStock = (body: unknown): boolean =>
  typeof body === "object" && body !== null && "inventoryId" in body;

/** The vehicle and the new quote's body; 404 for another dealership's or an unknown vehicle, 409 when sold. */
export async function quoteFromStock(
  stores: Stores,
  dealershipId: string,
  inventoryId: string,
): Promise<{ vehicle: VehicleRow; quote: CreateQuoteBody }> {
  const vehicle = await readVehicle(stores, dealershipId, inventoryId);
  if (!vehicle) throw notFound(INVENTORY_MSG.vehicleNotFound);
  if (vehicle.status === "sold")
    throw new ApiError(409, INVENTORY_MSG.vehicleSold, [
      { field: "inventoryId", message: INVENTORY_MSG.vehicleSold },
    ]);
  const quote = createQuoteSchema.parse({
    vehicle: {
      description: stockVehicleDescription(vehicle),
      color: vehicle.color,
      mileage: vehicle.mileage,
      stockNumber: vehicle.stockNumber,
      // A VIN saved unchecked (pre-1981, foreign) is not one the quote's sheet can print as checked.
      vin: VIN_SHAPE.test(vehicle.vin) ? vehicle.vin : "",
      advertisedUrl: "",
      isNew: vehicle.condition === "new",
      ...(vehicle.msrpCents === null ? {} : { msrp: centsToDollars(vehicle.msrpCents) }),
    },
    pricing: { advertisedPrice: centsToDollars(vehicle.priceCents), discount: 0 },
  });
  return { vehicle, quote };
}
