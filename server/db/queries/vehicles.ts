import {
  and,
  asc,
  type Column,
  eq,
  inArray,
  isNotNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { VehicleFilter, VehicleRow } from "../repositories/vehicles";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";
import type { Quotes } from "./quotes";

// Issue #37: the vehicles store's drizzle text, built once for both backends (sqlite/vehicles.ts and
// postgres/vehicles.ts run it; see quotes.ts here on the selections' types). Each backend brings
// its own case-blind match of a LIKE pattern and its own count (PostgreSQL's count is a bigint).

export type Vehicles = typeof lite.vehicles | typeof pg.vehicles;
export type ImportReports = typeof lite.importReports | typeof pg.importReports;

/** LIKE's wildcards taken literally (backslash escapes them on both backends). */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The dialect's case-blind "column contains" for a `likePattern`. */
export type Contains = (column: Column, pattern: string) => SQL;

/** Each word of `q` (eight at most) in one of the searched columns, and the status if one is asked for. */
export function matching(t: Vehicles, filter: VehicleFilter, contains: Contains): SQL | undefined {
  const words = (filter.q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    filter.status ? eq(t.status, filter.status) : undefined,
    ...words.map((word) => {
      const pattern = likePattern(word);
      return or(
        contains(t.stockNumber, pattern),
        contains(t.vin, pattern),
        contains(t.make, pattern),
        contains(t.model, pattern),
        contains(t.trim, pattern),
      );
    }),
  );
}

/** The dealership's stock that the filter finds. */
export const listed = (t: Vehicles, dealershipId: string, filter: VehicleFilter, contains: Contains) =>
  and(eq(t.dealerId, dealershipId), matching(t, filter, contains));

/** One vehicle of the dealership's. */
export const own = (t: Vehicles, dealershipId: string, id: string) =>
  and(eq(t.dealerId, dealershipId), eq(t.id, id));

/** One vehicle of the dealership's, still at the status the change moves it from. */
export const atStatus = (t: Vehicles, dealershipId: string, id: string, from: VehicleRow["status"]) =>
  and(own(t, dealershipId, id), eq(t.status, from));

/** Issue #48: the deals made from the vehicle move to a new state (their pages show its status). */
export const madeFrom = (t: Quotes, vehicleId: string) => eq(t.inventoryId, vehicleId);

export const reportColumns = <T extends ImportReports>(t: T): Pick<T, "importedAt" | "report"> => ({
  importedAt: t.importedAt,
  report: t.report,
});

/** The vehicle's accepted deals, oldest acceptance first (`byLock`). */
export const acceptedColumns = <T extends Quotes>(t: T): Pick<T, "id"> & { lockedAt: SQL<number> } => ({
  id: t.id,
  lockedAt: sql<number>`${t.lockedAt}`,
});

export const acceptedFrom = (t: Quotes, vehicleId: string) =>
  and(eq(t.inventoryId, vehicleId), isNotNull(t.lockedAt), isNotNull(t.acceptedVersion));

export const byLock = (t: Quotes) => asc(t.lockedAt);

/** The vehicles the given quotes were made from (a subquery's selection and condition). */
export const vehicleColumns = <T extends Quotes>(t: T): { id: T["inventoryId"] } => ({ id: t.inventoryId });
export const withVehicle = (t: Quotes, quoteIds: readonly string[]) =>
  and(inArray(t.id, [...quoteIds]), isNotNull(t.inventoryId));

/** The dealership's quotes made from one of `vehicles` (the subquery above). */
export const sameVehicleColumns = <T extends Quotes>(t: T): Pick<T, "id"> & { inventoryId: SQL<string> } => ({
  id: t.id,
  inventoryId: sql<string>`${t.inventoryId}`,
});

export const sameVehicle = (t: Quotes, dealershipId: string, vehicles: SQLWrapper) =>
  and(eq(t.dealerId, dealershipId), inArray(t.inventoryId, vehicles));
