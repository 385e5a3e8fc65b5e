import type { VehicleRow } from "../db/repositories/vehicles";
import {
  type StatusChangeReason,
  type VehicleEventDeps,
  vehicleStatusEvent,
} from "../handoff/inventory-events";

// Issue #37: a vehicle's status follows the deals made from it. Every change of a vehicle's
// status goes through setStockStatus, which stores it with its `inventory.status_changed` event
// (issue #39) in one transaction and wakes the delivery worker.

export type StockStatus = VehicleRow["status"];
export type { StatusChangeReason };

/** A change that another writer's change overtook is read and tried again, this many times. */
const ATTEMPTS = 5;

type StatusChange = {
  reason: StatusChangeReason;
  /** The deal that moved it (accepted, reopened), named in the event. */
  quoteId?: string | null;
  /** Only a vehicle with this status changes (a sold one stays sold when a deal is accepted). */
  onlyFrom?: StockStatus;
};

/**
 * Sets the vehicle's status; answers the vehicle as stored (undefined when it is not the
 * dealership's). Setting the status it already has writes nothing and sends no event.
 */
export async function setStockStatus(
  deps: VehicleEventDeps,
  dealershipId: string,
  vehicleId: string,
  status: StockStatus,
  { reason, quoteId = null, onlyFrom }: StatusChange,
): Promise<VehicleRow | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const vehicle = await deps.stores.vehicles.find(dealershipId, vehicleId);
    if (!vehicle || vehicle.status === status) return vehicle;
    if (onlyFrom !== undefined && vehicle.status !== onlyFrom) return vehicle;
    const at = Date.now();
    const change = { from: vehicle.status, to: status };
    const event = await vehicleStatusEvent(deps, vehicle, change, reason, quoteId, at);
    const stored = await deps.stores.vehicles.setStatus(dealershipId, vehicleId, change, at, [event]);
    if (stored) {
      deps.handoff.wake();
      return stored;
    }
  }
  throw new Error(`vehicle ${vehicleId}: its status kept changing under this change`);
}

type QuoteOnStock = { id: string; dealerId: string; inventoryId: string | null };

/** A deal made from the vehicle was accepted: the vehicle is pending (a sold one stays sold). */
export async function stockAfterAcceptance(deps: VehicleEventDeps, quote: QuoteOnStock): Promise<void> {
  if (!quote.inventoryId) return;
  await setStockStatus(deps, quote.dealerId, quote.inventoryId, "pending", {
    reason: "accepted",
    quoteId: quote.id,
    onlyFrom: "available",
  });
}

/**
 * A deal made from the vehicle went back to negotiation (unlocked, or a counter-offer): the
 * vehicle is available again unless another accepted deal still holds it, or it is sold.
 */
export async function stockAfterReopen(deps: VehicleEventDeps, quote: QuoteOnStock): Promise<void> {
  if (!quote.inventoryId) return;
  if ((await deps.stores.vehicles.acceptedQuotes(quote.inventoryId)).length > 0) return;
  // setStockStatus reads the vehicle and changes only a pending one.
  await setStockStatus(deps, quote.dealerId, quote.inventoryId, "available", {
    reason: "reopened",
    quoteId: quote.id,
    onlyFrom: "pending",
  });
}
