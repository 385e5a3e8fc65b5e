import { centsToDollars } from "@shared/core/money";
import type { HandoffEventRecord } from "../db/repositories/handoff";
import type { VehicleRow } from "../db/repositories/vehicles";
import type { Stores } from "../db/stores";
import { newEventId } from "../quotes/event-data";
import type { HandoffEmitter } from "../quotes/handoff-emitter";

// Issue #39: `inventory.status_changed`, the event of a stock vehicle becoming available, pending
// or sold (README "Webhooks"). Built before the change and stored in its transaction
// (stores.vehicles.setStatus), as the quote events are. The vehicle's cost is dealer-private: it
// rides under `vehicle.cost`, which only endpoints marked "include gross" receive (forEndpoint).

/** Why the status changed: the inventory page's edit, a deal accepted or reopened, marked sold. */
export type StatusChangeReason = "edited" | "accepted" | "reopened" | "sold" | "deletedWithQuotes";

export type VehicleEventDeps = { stores: Stores; handoff: HandoffEmitter };

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const orNull = (value: string | null) => (value?.trim() ? value.trim() : null);

export async function vehicleStatusEvent(
  deps: VehicleEventDeps,
  vehicle: VehicleRow,
  change: { from: VehicleRow["status"]; to: VehicleRow["status"] },
  reason: StatusChangeReason,
  quoteId: string | null,
  at: number,
): Promise<HandoffEventRecord> {
  const profile = await deps.stores.dealerships.profile(vehicle.dealerId);
  const base = deps.handoff.appUrl.replace(/\/+$/, "");
  const data = {
    vehicle: {
      id: vehicle.id,
      stockNumber: vehicle.stockNumber,
      vin: orNull(vehicle.vin),
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: orNull(vehicle.trim),
      color: orNull(vehicle.color),
      mileage: vehicle.mileage,
      condition: vehicle.condition,
      msrp: dollarsOrNull(vehicle.msrpCents),
      price: centsToDollars(vehicle.priceCents),
      cost: dollarsOrNull(vehicle.costCents),
      status: change.to,
    },
    previousStatus: change.from,
    status: change.to,
    reason,
    /** The deal whose acceptance (or reopening) moved the vehicle; null for an edit on the Inventory page. */
    quote: quoteId ? { id: quoteId, url: `${base}/quote/${quoteId}?view=dealer` } : null,
    dealership: { id: vehicle.dealerId, name: profile.dealershipName, phone: orNull(profile.phoneNumber) },
  };
  return {
    publicId: newEventId(),
    dealershipId: vehicle.dealerId,
    type: "inventory.status_changed",
    quoteId,
    createdAt: at,
    payload: JSON.stringify(data),
  };
}
