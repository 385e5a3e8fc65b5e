// The Inventory page's calls (issue #37): /api/inventory, its DMS import, and a quote from stock.

import type { ImportReport } from "@shared/inventory/import-report";
import type { StockStatus } from "@shared/inventory/inventory-text";
import type { ImportResult, InventoryVehicle, StockVehicleInput } from "@shared/inventory/vehicle-schema";
import { ApiError, apiRequest, errorMessageFrom, getStoredToken } from "@/lib/api";

type InventoryFilter = { status: StockStatus | ""; q: string };

export function listInventory(filter: InventoryFilter, signal?: AbortSignal): Promise<InventoryVehicle[]> {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.q.trim()) params.set("q", filter.q.trim());
  const query = params.toString();
  return apiRequest<InventoryVehicle[]>(`/inventory${query ? `?${query}` : ""}`, { auth: true, signal });
}

export const saveVehicle = (id: string | null, body: StockVehicleInput) =>
  apiRequest<InventoryVehicle>(id ? `/inventory/${encodeURIComponent(id)}` : "/inventory", {
    method: id ? "PUT" : "POST",
    body,
    auth: true,
  });

export const markVehicleSold = (id: string) =>
  apiRequest<InventoryVehicle>(`/inventory/${encodeURIComponent(id)}/sold`, { method: "POST", auth: true });

/** 204 (deleted) answers nothing; 200 answers the vehicle, marked sold because quotes were made from it. */
export const deleteVehicle = (id: string) =>
  apiRequest<InventoryVehicle | undefined>(`/inventory/${encodeURIComponent(id)}`, {
    method: "DELETE",
    auth: true,
  });

export const quoteFromStock = (inventoryId: string) =>
  apiRequest<{ id: string }>("/quotes", { method: "POST", body: { inventoryId }, auth: true });

/**
 * Sends a DMS file to POST /api/inventory/import (a dry run first, for the preview). An
 * XMLHttpRequest, not fetch: its upload reports progress, which a large file shows.
 */
export function importCsv(
  file: Blob,
  dryRun: boolean,
  onProgress?: (fraction: number) => void,
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const token = getStoredToken();
    if (!token) {
      reject(new ApiError("Authentication required", 401));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/inventory/import${dryRun ? "?dryRun=1" : ""}`);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportResult);
      else reject(new ApiError(errorMessageFrom(xhr.status, body), xhr.status, body as never));
    };
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(file);
  });
}

/** The last import's report (#51); null before the first import. */
export async function lastImportReport(signal?: AbortSignal): Promise<ImportReport | null> {
  try {
    return await apiRequest<ImportReport>("/inventory/import-report", { auth: true, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
