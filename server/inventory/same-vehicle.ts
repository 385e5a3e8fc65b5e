import { type Member, seesEveryQuote } from "@shared/rules/permissions";
import type { Stores } from "../db/stores";

/**
 * Issue #37: which of the member's quotes share their stock vehicle with a quote someone else has
 * open right now (the dashboard says who). One indexed query, only while dealers are working.
 */
export async function sameVehicleSignals(
  stores: Stores,
  member: Member,
  working: readonly { quoteId: string; userId: string }[],
): Promise<{ id: string; name: string }[]> {
  const others = working.filter((w) => w.userId !== member.id);
  if (others.length === 0) return [];
  const quotes = await stores.vehicles.sameVehicleQuotes(member.dealershipId, [
    ...new Set(others.map((w) => w.quoteId)),
  ]);
  if (quotes.length === 0) return [];
  const vehicleOf = new Map(quotes.map((q) => [q.id, q.inventoryId]));
  const members = await stores.users.members(member.dealershipId);
  const nameOf = new Map(members.map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim()]));
  // Who works each vehicle right now, and on which quote.
  const workers = new Map<string, { quoteId: string; userId: string }[]>();
  for (const w of others) {
    const vehicle = vehicleOf.get(w.quoteId);
    if (vehicle) workers.set(vehicle, [...(workers.get(vehicle) ?? []), w]);
  }
  const mine = (
    await stores.quotes.labels(
      seesEveryQuote(member)
        ? { dealershipId: member.dealershipId }
        : { dealershipId: member.dealershipId, salespersonId: member.id },
      quotes.map((q) => q.id),
    )
  ).map((q) => q.id);
  const signals: { id: string; name: string }[] = [];
  for (const id of mine) {
    const worker = (workers.get(vehicleOf.get(id) ?? "") ?? []).find((w) => w.quoteId !== id);
    if (worker) signals.push({ id, name: nameOf.get(worker.userId) || "Someone" });
  }
  return signals;
}
