import type { DefaultAddOn, DefaultFee, DefaultTax } from "@shared/core/api-types";
import { centsToDollars, toCents } from "@shared/core/money";
import type { AddonBody } from "@shared/validation/default-add-ons";
import type { FeeBody } from "@shared/validation/default-fees";
import type { TaxBody } from "@shared/validation/default-taxes";

// How an item of /api/dealer-defaults maps to its row and back. The API speaks dollars (spec §7);
// the database keeps integer cents. Both storage backends (server/db/sqlite/, server/db/postgres/)
// build their list stores from these mappings, so a column never means two things.

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
