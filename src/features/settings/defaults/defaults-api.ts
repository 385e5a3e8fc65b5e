import type { CreditTier } from "@shared/core/constants";
import type { InterestRateEntry } from "@shared/validation/interest-rates";
import { apiRequest } from "@/lib/api";

// Calls of spec §7 under /dealer-defaults; every one is the signed-in dealer's own.

export interface ListEndpoint {
  /** /dealer-defaults/{path} */
  path: string;
  /** Key of GET's answer ({taxes: [...]}). */
  listKey: string;
  /** Key of POST's and PUT's answer ({tax: {...}}). */
  itemKey: string;
}

export async function fetchItems<Item>(endpoint: ListEndpoint): Promise<Item[]> {
  const answer = await apiRequest<Record<string, Item[]>>(`/dealer-defaults/${endpoint.path}`, {
    auth: true,
  });
  return answer[endpoint.listKey] ?? [];
}

export async function createItem<Item>(endpoint: ListEndpoint, body: unknown): Promise<Item> {
  const answer = await apiRequest<Record<string, Item>>(`/dealer-defaults/${endpoint.path}`, {
    method: "POST",
    body,
    auth: true,
  });
  return answer[endpoint.itemKey] as Item;
}

export async function updateItem<Item>(endpoint: ListEndpoint, id: string, body: unknown): Promise<Item> {
  const answer = await apiRequest<Record<string, Item>>(
    `/dealer-defaults/${endpoint.path}/${encodeURIComponent(id)}`,
    { method: "PUT", body, auth: true },
  );
  return answer[endpoint.itemKey] as Item;
}

export async function deleteItem(endpoint: ListEndpoint, id: string): Promise<void> {
  await apiRequest(`/dealer-defaults/${endpoint.path}/${encodeURIComponent(id)}`, {
    method: "DELETE",
    auth: true,
  });
}

export async function fetchTierRates(tier: CreditTier): Promise<InterestRateEntry[]> {
  const answer = await apiRequest<{ interestRates: InterestRateEntry[] }>(
    `/dealer-defaults/interest-rates/${tier}`,
    { auth: true },
  );
  return answer.interestRates;
}

export async function saveTierRates(
  tier: CreditTier,
  rates: InterestRateEntry[],
): Promise<InterestRateEntry[]> {
  const answer = await apiRequest<{ interestRates: InterestRateEntry[] }>(
    `/dealer-defaults/interest-rates/${tier}`,
    { method: "PUT", body: { rates }, auth: true },
  );
  return answer.interestRates;
}
