import type { DealerDefaultsSnapshot } from "@shared/new-quote";
import type { Db } from "../db/connection";
import { addOnsList, dealerFeesList, governmentFeesList, taxesList } from "../defaults/default-lists";
import { interestRateTable } from "../defaults/interest-rate-table";
import { readPaymentOptions } from "../defaults/payment-options-store";
import { readTaxRules } from "../defaults/tax-profile-store";

/**
 * The dealer's active defaults (soft-deleted items left out), in dollars and in the same order the
 * settings pages show them: read through the lists' own stores, so there is one query per list.
 */
export function dealerDefaultsSnapshot(db: Db, dealerId: string): DealerDefaultsSnapshot {
  return {
    addOns: addOnsList(db).store.active(dealerId),
    taxes: taxesList(db).store.active(dealerId),
    dealerFees: dealerFeesList(db).store.active(dealerId),
    governmentFees: governmentFeesList(db).store.active(dealerId),
    interestRates: interestRateTable(db, dealerId),
    taxRules: readTaxRules(db, dealerId),
    paymentOptions: readPaymentOptions(db, dealerId),
  };
}
