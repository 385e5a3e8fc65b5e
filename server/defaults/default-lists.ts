import type { DefaultAddOn, DefaultFee, DefaultTax } from "@shared/api-types";
import type { DefaultListKind } from "@shared/dealer-messages";
import { centsToDollars, toCents } from "@shared/money";
import { type AddonBody, addonBodySchema } from "@shared/validation/default-add-ons";
import { type FeeBody, feeBodySchema } from "@shared/validation/default-fees";
import { type TaxBody, taxBodySchema } from "@shared/validation/default-taxes";
import type { z } from "zod";
import type { DefaultLists, ListStore } from "../db/stores";

// The four lists of /api/dealer-defaults as data: path, answer keys, body rules, and how an API
// item maps to its row and back. The API speaks dollars (spec §7); the database keeps integer
// cents. Both storage backends (server/db/sqlite/, server/db/postgres/) build their list stores
// from these mappings, so a column never means two things.

/** The row columns every list has, besides its own (server/db/schema.ts). */
type Row<Own> = Own & { id: string };

/** One list's item ⇄ row mapping. */
export type ListMapping<Body, Item, Own> = {
  toItem: (row: Row<Own>) => Item;
  toColumns: (body: Body) => Own;
};

type AddonColumns = { name: string; description: string; priceCents: number; costCents: number | null };
type TaxColumns = { description: string; rate: number; baseCapCents: number | null };
type FeeColumns = { name: string; description: string; amountCents: number };

export const addOnMapping: ListMapping<AddonBody, DefaultAddOn, AddonColumns> = {
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    // Issue #38: dealer-private; absent when not entered.
    ...(row.costCents === null ? {} : { cost: centsToDollars(row.costCents) }),
  }),
  toColumns: (body) => ({
    name: body.name,
    description: body.description,
    priceCents: toCents(body.price),
    costCents: body.cost === undefined || body.cost === null ? null : toCents(body.cost),
  }),
};

export const taxMapping: ListMapping<TaxBody, DefaultTax, TaxColumns> = {
  toItem: (row) => ({
    id: row.id,
    description: row.description,
    rate: row.rate,
    ...(row.baseCapCents === null ? {} : { baseCap: centsToDollars(row.baseCapCents) }),
  }),
  toColumns: (body) => ({
    description: body.description,
    rate: body.rate,
    baseCapCents: body.baseCap === undefined || body.baseCap === null ? null : toCents(body.baseCap),
  }),
};

export const feeMapping: ListMapping<FeeBody, DefaultFee, FeeColumns> = {
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    amount: centsToDollars(row.amountCents),
  }),
  toColumns: (body) => ({
    name: body.name,
    description: body.description,
    amountCents: toCents(body.amount),
  }),
};

/** One of the four lists of /api/dealer-defaults: its path, its answer keys, its body rules, its store. */
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
