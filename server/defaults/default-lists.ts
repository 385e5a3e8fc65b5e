import type { DefaultAddOn, DefaultFee, DefaultTax } from "@shared/core/api-types";
import type { DefaultListKind } from "@shared/text/dealer-messages";
import { type AddonBody, addonBodySchema } from "@shared/validation/default-add-ons";
import { type FeeBody, feeBodySchema } from "@shared/validation/default-fees";
import { type TaxBody, taxBodySchema } from "@shared/validation/default-taxes";
import type { z } from "zod";
import type { DefaultLists, ListStore } from "../db/repositories/defaults";

// The four lists of /api/dealer-defaults as data: path, answer keys, body rules, and the item ⇄ row
// mapping each store uses (server/db/list-mappings.ts).

export interface DefaultList<Body, Item> {
  kind: DefaultListKind;
  /** /api/dealer-defaults/{path} */
  path: string;
  /** GET answers {[listKey]: Item[]}. */
  listKey: string;
  /** POST and PUT answer {[itemKey]: Item}. */
  itemKey: string;
  schema: z.ZodType<Body>;
  store: ListStore<Body, Item>;
}

/** The four lists over the given stores, in the settings pages' order. */
export function defaultLists(lists: DefaultLists) {
  const addOns: DefaultList<AddonBody, DefaultAddOn> = {
    kind: "addOn",
    path: "addons",
    listKey: "addons",
    itemKey: "addon",
    schema: addonBodySchema,
    store: lists.addOns,
  };
  const taxes: DefaultList<TaxBody, DefaultTax> = {
    kind: "taxRate",
    path: "taxes",
    listKey: "taxes",
    itemKey: "tax",
    schema: taxBodySchema,
    store: lists.taxes,
  };
  const dealerFees: DefaultList<FeeBody, DefaultFee> = {
    kind: "dealerFee",
    path: "dealer-fees",
    listKey: "dealerFees",
    itemKey: "dealerFee",
    schema: feeBodySchema,
    store: lists.dealerFees,
  };
  const governmentFees: DefaultList<FeeBody, DefaultFee> = {
    kind: "governmentFee",
    path: "government-fees",
    listKey: "governmentFees",
    itemKey: "governmentFee",
    schema: feeBodySchema,
    store: lists.governmentFees,
  };
  return [addOns, taxes, dealerFees, governmentFees] as const;
}
