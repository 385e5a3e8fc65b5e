import type { DealerDefaultsSnapshot } from "@shared/deal/new-quote";
import type { Stores } from "../db/stores";
import { readPaymentOptions } from "../defaults/payment-options-store";
import { readTaxRules } from "../defaults/tax-profile-store";

/**
 * The dealer's active defaults (soft-deleted items left out), in dollars and in the same order the
 * settings pages show them: read through the lists' own stores, so there is one query per list.
 */
export async function dealerDefaultsSnapshot(
  stores: Pick<Stores, "lists" | "defaults">,
  dealerId: string,
): Promise<DealerDefaultsSnapshot> {
  const { lists, defaults } = stores;
  const [addOns, taxes, dealerFees, governmentFees, interestRates, taxRules, paymentOptions] =
    await Promise.all([
      lists.addOns.active(dealerId),
      lists.taxes.active(dealerId),
      lists.dealerFees.active(dealerId),
      lists.governmentFees.active(dealerId),
      defaults.interestRates(dealerId),
      readTaxRules(defaults, dealerId),
      readPaymentOptions(defaults, dealerId),
    ]);
  return { addOns, taxes, dealerFees, governmentFees, interestRates, taxRules, paymentOptions };
}
