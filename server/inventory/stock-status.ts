import type { Stores, VehicleRow } from "../db/stores";

// Issue #37: a vehicle's status follows the deals made from it. Every change of a vehicle's
// status goes through setStockStatus, so that whatever must hear of it (an
// `inventory.status_changed` event, say) hooks in one place.

export type StockStatus = VehicleRow["status"];

/** Why the status changed, for whoever listens. */
export type StatusChangeReason = "edited" | "accepted" | "reopened" | "sold" | "deletedWithQuotes";

/**
 * Sets the vehicle's status; answers the vehicle as stored (undefined when it is not the
 * dealership's). Setting the status it already has writes nothing.
 */
export async function setStockStatus(
  stores: Stores,
  dealershipId: string,
  vehicleId: string,
  status: StockStatus,
  _reason: StatusChangeReason,
): Promise<VehicleRow | undefined> {
  const vehicle = await stores.vehicles.find(dealershipId, vehicleId);
  if (!vehicle || vehicle.status === status) return vehicle;
  return stores.vehicles.setStatus(dealershipId, vehicleId, status, Date.now());
}

type QuoteOnStock = { dealerId: string; inventoryId: string | null };

/** A deal made from the vehicle was accepted: the vehicle is pending (a sold one stays sold). */
export async function stockAfterAcceptance(stores: Stores, quote: QuoteOnStock): Promise<void> {
  if (!quote.inventoryId) return;
  const vehicle = await stores.vehicles.find(quote.dealerId, quote.inventoryId);
  if (vehicle?.status === "available")
    await setStockStatus(stores, quote.dealerId, vehicle.id, "pending", "accepted");
}

/**
 * A deal made from the vehicle went back to negotiation (unlocked, or a counter-offer): the
 * vehicle is available again unless another accepted deal still holds it, or it is sold.
 */
export async function stockAfterReopen(stores: Stores, quote: QuoteOnStock): Promise<void> {
  if (!quote.inventoryId) return;
  const vehicle = await stores.vehicles.find(quote.dealerId, quote.inventoryId);
  if (vehicle?.status !== "pending") return;
  if ((await stores.vehicles.acceptedQuotes(vehicle.id)).length > 0) return;
  await setStockStatus(stores, quote.dealerId, vehicle.id, "available", "reopened");
}
