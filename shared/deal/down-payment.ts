// Issue #34 and the turn-3 ruling: a down payment can never exceed the balance due after the trade
// (the total balance less net trade equity, never below 0); only trade equity above the whole
// deal produces "Due to customer". The one rule, read by the amount dialog (both sides), the REST
// routes and the live guard; the calculator's quote input applies it to a value a concurrent edit
// left above the bound (the page then says so).

import { cashResult } from "./calculate-deal";
import type { DealInput } from "./deal-types";
import { purchaseTax } from "./purchase-tax";

/** What is owed after the trade, rebates included, before any cash down; never below 0 (cents). */
export function balanceDueCents(input: DealInput): number {
  const withoutDown = { ...input, downPaymentCents: 0 };
  return cashResult(withoutDown, purchaseTax(withoutDown)).outTheDoor;
}
