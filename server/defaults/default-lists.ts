import type { DefaultAddOn, DefaultFee, DefaultTax } from "@shared/api-types";
import type { DefaultListKind } from "@shared/dealer-messages";
import { centsToDollars, toCents } from "@shared/money";
import { type AddonBody, addonBodySchema } from "@shared/validation/default-add-ons";
import { type FeeBody, feeBodySchema } from "@shared/validation/default-fees";
import { type TaxBody, taxBodySchema } from "@shared/validation/default-taxes";
import type { z } from "zod";
import type { Db } from "../db/connection";
import { defaultAddons, defaultDealerFees, defaultGovernmentFees, defaultTaxes } from "../db/schema";
import { createListStore, type ListStore } from "./list-store";

// The API speaks dollars (spec §7); the database keeps integer cents.

/** One of the four lists of /api/dealer-defaults: its path, its answer keys, its body rules, its rows. */
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

type FeeTable = typeof defaultDealerFees | typeof defaultGovernmentFees;

const feeItem = (row: FeeTable["$inferSelect"]): DefaultFee => ({
  id: row.id,
  name: row.name,
  description: row.description,
  amount: centsToDollars(row.amountCents),
});
const feeColumns = (body: FeeBody) => ({
  name: body.name,
  description: body.description,
  amountCents: toCents(body.amount),
});

export function addOnsList(db: Db): DefaultList<AddonBody, DefaultAddOn> {
  return {
    kind: "addOn",
    path: "addons",
    listKey: "addons",
    itemKey: "addon",
    schema: addonBodySchema,
    store: createListStore(
      db,
      defaultAddons,
      (row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        price: centsToDollars(row.priceCents),
      }),
      (body: AddonBody) => ({
        name: body.name,
        description: body.description,
        priceCents: toCents(body.price),
      }),
    ),
  };
}

export function taxesList(db: Db): DefaultList<TaxBody, DefaultTax> {
  return {
    kind: "taxRate",
    path: "taxes",
    listKey: "taxes",
    itemKey: "tax",
    schema: taxBodySchema,
    store: createListStore(
      db,
      defaultTaxes,
      (row) => ({
        id: row.id,
        description: row.description,
        rate: row.rate,
        ...(row.baseCapCents === null ? {} : { baseCap: centsToDollars(row.baseCapCents) }),
      }),
      (body: TaxBody) => ({
        description: body.description,
        rate: body.rate,
        baseCapCents: body.baseCap === undefined || body.baseCap === null ? null : toCents(body.baseCap),
      }),
    ),
  };
}

export function dealerFeesList(db: Db): DefaultList<FeeBody, DefaultFee> {
  return {
    kind: "dealerFee",
    path: "dealer-fees",
    listKey: "dealerFees",
    itemKey: "dealerFee",
    schema: feeBodySchema,
    store: createListStore(db, defaultDealerFees, feeItem, feeColumns),
  };
}

export function governmentFeesList(db: Db): DefaultList<FeeBody, DefaultFee> {
  return {
    kind: "governmentFee",
    path: "government-fees",
    listKey: "governmentFees",
    itemKey: "governmentFee",
    schema: feeBodySchema,
    store: createListStore(db, defaultGovernmentFees, feeItem, feeColumns),
  };
}
