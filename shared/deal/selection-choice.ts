// Issue #34: the rule that judges a shopper's choice for acceptance, apart from
// selected-structure.ts, which the shopper page opens with: it travels with the accept dialog, the
// validation chunk and the server.

import type { QuoteData, ShopperChoice } from "../schemas/quote-schema";
import { withStructures } from "../schemas/read-structures";
import { appliedDownPayment } from "./quote-deal";
import { lease } from "./selected-structure";

/** Whether the shopper may pick (or accept) `choice` on this deal: a lease must be on offer at the deal's down. */
export function choiceOnOffer(stored: QuoteData, choice: ShopperChoice): boolean {
  const data = withStructures(stored);
  if (choice.structure !== "lease") return true;
  return lease(data, choice.months, appliedDownPayment(data).applied, true) !== null;
}
