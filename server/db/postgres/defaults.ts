import { randomUUID } from "node:crypto";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { interestRatesOver } from "../interest-rate-table";
import { addOnMapping, feeMapping, type ListMapping, taxMapping } from "../list-mappings";
import * as d from "../queries/defaults";
import { nextState } from "../queries/quotes";
import {
  type DefaultLists,
  type DefaultsStore,
  type ListStore,
  seesGrossSetting,
} from "../repositories/defaults";
import {
  dealerEconomics,
  dealerPaymentOptions,
  dealerTaxProfiles,
  defaultAddons,
  defaultDealerFees,
  defaultGovernmentFees,
  defaultTaxes,
  interestRateDefaults,
  quotes,
} from "../schema.pg";
import type { PgDb } from "./connection";

// The dealer's defaults on PostgreSQL: the rate sheet, payment options, tax rules, and the four
// soft-deletable lists (rows mapped to API items by list-mappings.ts, as on SQLite); the drizzle
// text is queries/defaults.ts, shared with SQLite.

type ListTable =
  | typeof defaultAddons
  | typeof defaultTaxes
  | typeof defaultDealerFees
  | typeof defaultGovernmentFees;

/** A list's table whose rows carry the mapping's own columns. */
function createListStore<Body, Item, Own, T extends ListTable & { $inferSelect: Own & { id: string } }>(
  db: PgDb,
  table: T,
  mapping: ListMapping<Body, Item, Own>,
): ListStore<Body, Item> {
  // drizzle's column types do not survive a union of tables: the shared columns are read through
  // one member's type, and the list's own columns (typed by the mapping) pass as `never`.
  const cols = table as unknown as typeof defaultTaxes;
  const own = (dealerId: string, id: string) => d.own(cols, dealerId, id);
  const toItem = (row: unknown) => mapping.toItem(row as T["$inferSelect"]);

  const select = async (where: SQL | undefined) =>
    (
      await db
        .select()
        .from(cols)
        .where(where)
        // PostgreSQL has no rowid: the identity column `ord` keeps insertion order for ties.
        .orderBy(asc(cols.createdAt), asc(cols.ord))
    ).map(toItem);

  return {
    active: (dealerId) => select(d.active(cols, dealerId)),
    async find(dealerId, id) {
      return (await select(own(dealerId, id)))[0];
    },
    async create(dealerId, body) {
      const now = Date.now();
      const [row] = await db
        .insert(cols)
        .values({
          ...mapping.toColumns(body),
          id: randomUUID(),
          dealerId,
          createdAt: now,
          updatedAt: now,
        } as never)
        .returning();
      // The answer is what was stored (cents rounded, defaults applied).
      return toItem(row);
    },
    async update(dealerId, id, body) {
      const [row] = await db
        .update(cols)
        .set({ ...mapping.toColumns(body), updatedAt: Date.now() } as never)
        .where(own(dealerId, id))
        .returning();
      return row === undefined ? undefined : toItem(row);
    },
    async softDelete(dealerId, id) {
      const rows = await db
        .update(cols)
        .set({ deletedAt: Date.now() })
        .where(own(dealerId, id))
        .returning({ id: cols.id });
      return rows.length > 0;
    },
  };
}

export function createDefaultLists(db: PgDb): DefaultLists {
  return {
    addOns: createListStore(db, defaultAddons, addOnMapping),
    taxes: createListStore(db, defaultTaxes, taxMapping),
    dealerFees: createListStore(db, defaultDealerFees, feeMapping),
    governmentFees: createListStore(db, defaultGovernmentFees, feeMapping),
  };
}

export function createDefaultsStore(db: PgDb): DefaultsStore {
  return {
    async interestRates(dealerId) {
      return interestRatesOver(
        await db.select().from(interestRateDefaults).where(eq(interestRateDefaults.dealerId, dealerId)),
      );
    },

    async saveTierRates(dealerId, tier, rates) {
      if (rates.length === 0) return;
      const now = Date.now();
      // One statement: every given term is upserted, or none.
      await db
        .insert(interestRateDefaults)
        .values(rates.map((entry) => d.rateValues(dealerId, tier, entry, now)))
        .onConflictDoUpdate({
          target: d.rateKey(interestRateDefaults),
          set: { rate: sql`excluded.rate`, updatedAt: now },
        });
    },

    async paymentOptions(dealerId) {
      const [row] = await db
        .select(d.paymentOptionColumns(dealerPaymentOptions))
        .from(dealerPaymentOptions)
        .where(eq(dealerPaymentOptions.dealerId, dealerId));
      return row;
    },

    async savePaymentOptions(dealerId, options) {
      const values = {
        structures: options.structures,
        leaseProgram: options.leaseProgram,
        updatedAt: Date.now(),
      };
      await db
        .insert(dealerPaymentOptions)
        .values({ dealerId, ...values })
        .onConflictDoUpdate({ target: dealerPaymentOptions.dealerId, set: values });
    },

    async economics(dealerId) {
      const [row] = await db
        .select(d.settingsColumns(dealerEconomics))
        .from(dealerEconomics)
        .where(eq(dealerEconomics.dealerId, dealerId));
      return row?.settings;
    },

    async saveEconomics(dealerId, settings) {
      const updatedAt = Date.now();
      await db.transaction(async (tx) => {
        // The row locked first: two owners' changes of the setting bump the seqs one after the other.
        const [before] = await tx
          .select(d.settingsColumns(dealerEconomics))
          .from(dealerEconomics)
          .where(eq(dealerEconomics.dealerId, dealerId))
          .for("update");
        await tx
          .insert(dealerEconomics)
          .values({ dealerId, settings, updatedAt })
          .onConflictDoUpdate({ target: dealerEconomics.dealerId, set: { settings, updatedAt } });
        if (seesGrossSetting(before?.settings) !== settings.salespeopleSeeGross)
          await tx.update(quotes).set(nextState(quotes)).where(eq(quotes.dealerId, dealerId));
      });
    },

    async taxRules(dealerId) {
      const [row] = await db
        .select(d.rulesColumns(dealerTaxProfiles))
        .from(dealerTaxProfiles)
        .where(eq(dealerTaxProfiles.dealerId, dealerId));
      return row?.rules;
    },

    async saveTaxRules(dealerId, rules) {
      const updatedAt = Date.now();
      await db
        .insert(dealerTaxProfiles)
        .values({ dealerId, rules, updatedAt })
        .onConflictDoUpdate({ target: dealerTaxProfiles.dealerId, set: { rules, updatedAt } });
    },
  };
}
