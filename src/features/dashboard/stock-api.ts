// The stock picker's calls (issue #37): the dealership's stock that is not sold yet, searched by
// stock number, VIN or model, and a quote made from one vehicle (the server copies its figures).
import type { InventoryVehicle } from "@shared/inventory/vehicle-schema";
import { apiRequest } from "@/lib/api";

export function searchStock(query: string, signal: AbortSignal): Promise<InventoryVehicle[]> {
  const params = new URLSearchParams();
  if (query.trim()) params.set("q", query.trim());
  return apiRequest<InventoryVehicle[]>(`/inventory?${params}`, { auth: true, signal });
}

export function createQuoteFromStock(inventoryId: string): Promise<{ id: string }> {
  return apiRequest<{ id: string }>("/quotes", { method: "POST", body: { inventoryId }, auth: true });
}
