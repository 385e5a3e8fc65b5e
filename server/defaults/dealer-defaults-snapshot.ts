import type { DealerDefaultsSnapshot } from "@shared/new-quote";
import type { Db } from "../db/connection";
import { addOnsList, dealerFeesList, governmentFeesList, taxesList } from "./default-lists";
import { interestRateTable } from "./interest-rate-table";

/**
 * What a new quote copies from its dealer (DECISIONS.md "Quotes"): the active items of the four
 * lists and the rate table. Deleted items are left out; quotes made earlier keep their own copies.
 */
export function dealerDefaultsSnapshot(db: Db, dealerId: string): DealerDefaultsSnapshot {
  return {
    addOns: addOnsList(db).store.active(dealerId),
    taxes: taxesList(db).store.active(dealerId),
    dealerFees: dealerFeesList(db).store.active(dealerId),
    governmentFees: governmentFeesList(db).store.active(dealerId),
    interestRates: interestRateTable(db, dealerId),
  };
}
