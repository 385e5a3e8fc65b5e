// The Inventory page's sort (issue #37): by a column, ascending or descending; the first click on
// another column sorts it ascending, a click on the active one flips it (as the dashboard does).

import type { InventoryVehicle } from "@shared/inventory/vehicle-schema";

export type InventoryColumn = "stockNumber" | "vehicle" | "mileage" | "price" | "status" | "quotes";
export type InventorySort = { column: InventoryColumn; direction: "asc" | "desc" };
export const DEFAULT_INVENTORY_SORT: InventorySort = { column: "stockNumber", direction: "asc" };

export const nextInventorySort = (sort: InventorySort, column: InventoryColumn): InventorySort =>
  sort.column === column
    ? { column, direction: sort.direction === "asc" ? "desc" : "asc" }
    : { column, direction: "asc" };

const vehicleText = (v: InventoryVehicle) => `${v.year} ${v.make} ${v.model} ${v.trim}`;
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

export function sortVehicles(vehicles: readonly InventoryVehicle[], sort: InventorySort): InventoryVehicle[] {
  const compare = (a: InventoryVehicle, b: InventoryVehicle): number => {
    switch (sort.column) {
      case "stockNumber":
        return collator.compare(a.stockNumber, b.stockNumber);
      case "vehicle":
        return collator.compare(vehicleText(a), vehicleText(b));
      case "mileage":
        return a.mileage - b.mileage;
      case "price":
        return a.price - b.price;
      case "status":
        return collator.compare(a.status, b.status);
      case "quotes":
        return a.quoteCount - b.quoteCount;
    }
  };
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...vehicles].sort((a, b) => sign * compare(a, b) || collator.compare(a.stockNumber, b.stockNumber));
}
