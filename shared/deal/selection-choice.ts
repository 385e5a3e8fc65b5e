// Issue #34: the selected structure as a shopper's choice, for acceptance and the rules that judge
// a choice. Apart from selected-structure.ts, which the shopper page opens with: these travel with
// the accept dialog, the validation chunk and the server.

import { toCents } from "../money";
import type { QuoteData, ShopperChoice } from "../quote-schema";
import { withStructures } from "../read-structures";
import { lease, type Selection, selectedStructure } from "./selected-structure";

/** The selection as a choice: what an acceptance of the deal as presented sends and stores. */
export function selectionChoice(selection: Selection): ShopperChoice {
  if (selection.kind === "cash") return { structure: "cash" };
  const down = selection.downCents / 100;
  return selection.kind === "finance"
    ? { structure: "finance", down, months: selection.months }
    : { structure: "lease", down, months: selection.months };
}

/**
 * Whether `choice` is the deal as the page presents it (its selection as a choice): what *I want
 * this deal* sends when the shopper took the dealer's default, or changed a chosen cell's down.
 */
export function isPresentedChoice(stored: QuoteData, choice: ShopperChoice): boolean {
  const presented = selectionChoice(selectedStructure(stored).selection);
  return JSON.stringify(presented) === JSON.stringify(choice);
}

/** Whether the shopper may pick (or accept) `choice` on this deal: a lease must be on offer. */
export function choiceOnOffer(stored: QuoteData, choice: ShopperChoice): boolean {
  const data = withStructures(stored);
  if (choice.structure !== "lease") return true;
  return lease(data, choice.months, toCents(choice.down), true) !== null;
}
